import { companyScopeQuery as companyQuery } from '@edoc/contract/company';
import { noData } from '@edoc/contract/envelope';
import { idParams } from '@edoc/contract/fields';
import {
  directoryTemplateList,
  projectBody,
  projectCreated,
  projectItem,
  projectList,
  projectListQuery as listQuery,
} from '@edoc/contract/project';
import type { Deps } from '../../lib/deps.ts';
import type { Api } from '../../lib/http.ts';
import { routes } from '../../plugins/route.ts';
import { companyOf } from '../../plugins/context.ts';
import { listDirectoryTemplates } from '../template/template.service.ts';
import { createProject, getProject, listProjects, setProjectClosed, updateProject } from './project.service.ts';

/** Company administrator's projects (SPEC §2 /company/project). The system administrator passes companyId. */
export function projectRoutes(api: Api, deps: Deps): void {
  const { get, post } = routes(api);
  const access = 'companyAdmin';

  get('/project/list', { access, query: listQuery, response: projectList }, ({ ctx, query }) =>
    listProjects(deps, companyOf(ctx, query.companyId), query),
  );

  get(
    '/project/:id',
    { access, params: idParams, query: companyQuery, response: projectItem },
    ({ ctx, params, query }) => getProject(deps, companyOf(ctx, query.companyId), params.id),
  );

  post(
    '/project/create',
    { access, body: projectBody, query: companyQuery, response: projectCreated },
    async ({ ctx, query, body }) => ({
      studyId: await createProject(deps, ctx, { companyId: companyOf(ctx, query.companyId), input: body }),
    }),
  );

  post(
    '/project/update/:id',
    { access, params: idParams, body: projectBody, query: companyQuery, response: noData },
    async ({ ctx, params, query, body }) => {
      await updateProject(deps, ctx, { companyId: companyOf(ctx, query.companyId), projectId: params.id, input: body });
      return null;
    },
  );

  for (const [path, closed] of [
    ['close', true],
    ['reopen', false],
  ] as const) {
    post(
      `/project/${path}/:id`,
      { access, params: idParams, query: companyQuery, response: noData },
      async ({ ctx, params, query }) => {
        await setProjectClosed(deps, ctx, { companyId: companyOf(ctx, query.companyId), projectId: params.id, closed });
        return null;
      },
    );
  }

  get('/template/directory/list', { access, query: companyQuery, response: directoryTemplateList }, ({ ctx, query }) =>
    listDirectoryTemplates(deps, companyOf(ctx, query.companyId)),
  );
}
