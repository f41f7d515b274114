import { TrailType } from '@edoc/contract/enums';
import type { FastifyInstance, onSendAsyncHookHandler } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { ProjectContext } from '../../plugins/context.ts';
import { recordTrail } from '../../trail/trail.service.ts';

/**
 * Every page an inspector opens is in the trail (issue 11): a route marked `inspector: 'page'` (the library list, a
 * document's detail, its trail) writes a view row for each answered call. Written before the answer leaves, so a
 * page whose row could not be written is not shown. The viewer's opening of a version writes its own view row.
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
  // Attached to the page routes only (routes are declared after this): no other answer pays for the check.
  app.addHook('onRoute', (route) => {
    if (route.config?.inspector !== 'page') return;
    route.onSend = [...(route.onSend ? [route.onSend].flat() : []), writeView];
  });
}
