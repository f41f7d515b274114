import { TrailType } from '@edoc/contract/enums';
import type { FastifyInstance, onSendAsyncHookHandler } from 'fastify';
import { inspectorUseOf } from '../../access/inspector.policy.ts';
import type { Db } from '../../db/client.ts';
import type { ProjectContext } from '../../plugins/context.ts';
import { recordTrail } from '../../trail/trail.service.ts';

/**
 * Marks each route access/inspector.policy.ts lets an inspector call (`config.inspector`, which the gate in
 * plugins/context.ts reads), as it is registered. And every page an inspector opens is in the trail (issue 11): a
 * 'page' route (the library list, a document's detail, its trail) writes a view row for each answered call,
 * before the answer leaves, so a page whose row could not be written is not shown. The viewer's opening of a
 * version writes its own view row.
 */
export function registerInspectionTrail(app: FastifyInstance, db: Db): void {
  const writeView: onSendAsyncHookHandler = async (request, reply, payload) => {
    const ctx = request.ctx as ProjectContext | null;
    if (!ctx?.inspector || reply.statusCode !== 200) return payload;
    await recordTrail(db, ctx.actor, {
      type: TrailType.View,
      objectType: 'inspection',
      objectId: (request.params as { id?: string }).id ?? null,
      newValue: {
        page: request.routeOptions.url ?? request.url,
        params: { ...(request.params as object), ...(request.query as object) },
      },
    });
    return payload;
  };
  // Routes are declared after this hook. The writer is attached to the page routes only: no other answer pays for it.
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    const use = methods.map((m) => inspectorUseOf(m, route.url)).find(Boolean);
    if (!use) return;
    route.config = { ...route.config, inspector: use };
    if (use !== 'page') return;
    route.onSend = [...(route.onSend ? [route.onSend].flat() : []), writeView];
  });
}
