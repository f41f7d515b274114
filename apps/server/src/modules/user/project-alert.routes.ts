import { projectAlertBody, projectAlertList, projectAlertSaved } from '@edoc/contract/alert';
import type { Deps } from '../../lib/deps.ts';
import type { Api } from '../../lib/http.ts';
import { routes } from '../../plugins/route.ts';
import { listProjectAlerts, saveProjectAlert } from './project-alert.service.ts';

/** Personal centre, project alerts (SPEC §7): every user type, for their own memberships only. */
export function projectAlertRoutes(api: Api, deps: Deps): void {
  const { get, post } = routes(api);

  get('/user/study_alert', { access: 'signedIn', response: projectAlertList }, ({ ctx }) =>
    listProjectAlerts(deps, ctx.auth.user.id),
  );

  post(
    '/user/study_alert/a',
    { access: 'signedIn', body: projectAlertBody, response: projectAlertSaved },
    async ({ ctx, body }) => {
      const kinds = await saveProjectAlert(deps, ctx, body);
      return { studyId: body.studyId, kinds };
    },
  );
}
