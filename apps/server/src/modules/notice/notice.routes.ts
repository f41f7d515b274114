import { idParam } from '@edoc/contract/fields';
import { noticeUpdateBody } from '@edoc/contract/notice';
import { pageQuery } from '@edoc/contract/paging';
import { z } from 'zod';
import type { Deps } from '../../lib/deps.ts';
import type { Api } from '../../lib/http.ts';
import { ok } from '../../lib/reply.ts';
import { requireSystemAdmin } from '../../plugins/auth.ts';
import { actorOf } from '../trail/trail.service.ts';
import { currentNotice, listNotices, saveNotice, undoNotice } from './notice.service.ts';

export function noticeRoutes(api: Api, deps: Deps): void {
  api.get('/notice/system/release', { config: { access: 'public' as const } }, async () => ok(await currentNotice(deps)));

  api.get(
    '/notice/system/list',
    { config: { access: 'systemAdmin' }, schema: { querystring: pageQuery } },
    async (request) => {
      requireSystemAdmin(request);
      return ok(await listNotices(deps, request.query.pageNum, request.query.pageSize));
    },
  );

  api.post(
    '/notice/system/update/a',
    { config: { access: 'systemAdmin' }, schema: { body: noticeUpdateBody } },
    async (request) => {
      requireSystemAdmin(request);
      return ok({ id: await saveNotice(deps, request.body, actorOf(request)) });
    },
  );

  api.post(
    '/notice/system/release/undo/:id/a',
    { config: { access: 'systemAdmin' }, schema: { params: z.object({ id: idParam }) } },
    async (request) => {
      requireSystemAdmin(request);
      await undoNotice(deps, request.params.id, actorOf(request));
      return ok(null);
    },
  );
}
