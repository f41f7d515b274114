import { noData } from '@edoc/contract/envelope';
import { idParams } from '@edoc/contract/fields';
import { inspectorInviteBody, inspectorInvited, inspectorList } from '@edoc/contract/inspector';
import type { Deps } from '../../lib/deps.ts';
import type { Api } from '../../lib/http.ts';
import { routes } from '../../plugins/route.ts';
import { inviteInspector, listInspectors, revokeInspector } from './inspector.service.ts';

/**
 * Inspector access (issue 11), the project administrator's: who is invited for which days, inviting (or changing
 * the days of) one, revoking one. What an inspector may then read is listed in access/inspector.policy.ts and
 * enforced in plugins/context.ts.
 */
export function inspectorRoutes(api: Api, deps: Deps): void {
  const { get, post } = routes(api);
  const access = 'projectAdmin';

  get('/manage/inspector/list', { access, response: inspectorList }, ({ ctx }) => listInspectors(deps, ctx));

  // Access, not records: a closed project keeps inviting and revoking inspectors (reading a closed trial is what
  // they come for), so these do not count as changes there (plugins/route.ts `writes`).
  post(
    '/manage/inspector/invite',
    { access, writes: false, body: inspectorInviteBody, response: inspectorInvited },
    ({ ctx, body }) => inviteInspector(deps, ctx, body),
  );

  post(
    '/manage/inspector/revoke/:id',
    { access, writes: false, params: idParams, response: noData },
    async ({ ctx, params }) => {
      await revokeInspector(deps, ctx, params.id);
      return null;
    },
  );
}
