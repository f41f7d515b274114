import { studySettingsBody } from '@edoc/contract/project';
import type { Deps } from '../../lib/deps.ts';
import type { Api } from '../../lib/http.ts';
import { ok } from '../../lib/reply.ts';
import { requireProjectAdmin } from '../study/study.policy.ts';
import { actorOf } from '../trail/trail.service.ts';
import { getStudySettings, updateStudySettings } from './project-settings.service.ts';

/** SPEC §2 /manage/study: the project administrator's settings of the entered project. */
export function projectSettingsRoutes(api: Api, deps: Deps): void {
  api.get('/manage/study', { config: { access: 'projectAdmin' } }, async (request) =>
    ok(await getStudySettings(deps, requireProjectAdmin(request))),
  );

  api.post(
    '/manage/study/update',
    { config: { access: 'projectAdmin' }, schema: { body: studySettingsBody } },
    async (request) => {
      await updateStudySettings(deps, requireProjectAdmin(request), request.body, actorOf(request));
      return ok(null);
    },
  );
}
