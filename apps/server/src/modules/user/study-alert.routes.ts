import { studyAlertBody, studyAlertList, studyAlertSaved } from '@edoc/contract/alert';
import type { Deps } from '../../lib/deps.ts';
import type { Api } from '../../lib/http.ts';
import { routes } from '../../plugins/route.ts';
import { listStudyAlerts, saveStudyAlert } from './study-alert.service.ts';

/** Personal centre, study alerts (SPEC §7): every user type, for their own memberships only. */
export function studyAlertRoutes(api: Api, deps: Deps): void {
  const { get, post } = routes(api);

  get('/user/study_alert', { access: 'signedIn', response: studyAlertList }, ({ ctx }) =>
    listStudyAlerts(deps, ctx.auth.user.id),
  );

  post(
    '/user/study_alert/a',
    { access: 'signedIn', body: studyAlertBody, response: studyAlertSaved },
    async ({ ctx, body }) => {
      const kinds = await saveStudyAlert(deps, ctx, body);
      return { studyId: body.studyId, kinds };
    },
  );
}
