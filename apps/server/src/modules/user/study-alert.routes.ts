import { studyAlertBody } from '@edoc/contract/alert';
import type { Deps } from '../../lib/deps.ts';
import type { Api } from '../../lib/http.ts';
import { ok } from '../../lib/reply.ts';
import { caller } from '../../plugins/auth.ts';
import { actorOf } from '../trail/trail.service.ts';
import { listStudyAlerts, saveStudyAlert } from './study-alert.service.ts';

/** Personal centre, study alerts (SPEC §7): every user type, for their own memberships only. */
export function studyAlertRoutes(api: Api, deps: Deps): void {
  api.get('/user/study_alert', async (request) => ok(await listStudyAlerts(deps, caller(request).user.id)));

  api.post('/user/study_alert/a', { schema: { body: studyAlertBody } }, async (request) => {
    const kinds = await saveStudyAlert(deps, caller(request).user.id, request.body, actorOf(request));
    return ok({ studyId: request.body.studyId, kinds });
  });
}
