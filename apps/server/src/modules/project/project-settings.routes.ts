import { noData } from '@edoc/contract/envelope';
import { projectItem, projectSettingsBody } from '@edoc/contract/project';
import type { Deps } from '../../lib/deps.ts';
import type { Api } from '../../lib/http.ts';
import { routes } from '../../plugins/route.ts';
import { getProjectSettings, updateProjectSettings } from './project-settings.service.ts';

/** SPEC §2 /manage/study: the project administrator's settings of the entered project. */
export function projectSettingsRoutes(api: Api, deps: Deps): void {
  const { get, post } = routes(api);

  get('/manage/study', { access: 'projectAdmin', response: projectItem }, ({ ctx }) => getProjectSettings(deps, ctx));

  post(
    '/manage/study/update',
    { access: 'projectAdmin', body: projectSettingsBody, response: noData },
    async ({ ctx, body }) => {
      await updateProjectSettings(deps, ctx, body);
      return null;
    },
  );
}
