import { noData } from '@edoc/contract/envelope';
import { idParams } from '@edoc/contract/fields';
import { noticeList, noticeRelease, noticeSaved, noticeUpdateBody } from '@edoc/contract/notice';
import { pageQuery } from '@edoc/contract/paging';
import type { Deps } from '../../lib/deps.ts';
import type { Api } from '../../lib/http.ts';
import { routes } from '../../plugins/route.ts';
import { currentNotice, listNotices, saveNotice, undoNotice } from './notice.service.ts';

export function noticeRoutes(api: Api, deps: Deps): void {
  const { get, post } = routes(api);

  get('/notice/system/release', { access: 'public', response: noticeRelease }, () => currentNotice(deps));

  get('/notice/system/list', { access: 'systemAdmin', query: pageQuery, response: noticeList }, ({ query }) =>
    listNotices(deps, query.pageNum, query.pageSize),
  );

  post(
    '/notice/system/update/a',
    { access: 'systemAdmin', body: noticeUpdateBody, response: noticeSaved },
    async ({ ctx, body }) => ({ id: await saveNotice(deps, ctx, body) }),
  );

  post(
    '/notice/system/release/undo/:id/a',
    { access: 'systemAdmin', params: idParams, response: noData },
    async ({ ctx, params }) => {
      await undoNotice(deps, ctx, params.id);
      return null;
    },
  );
}
