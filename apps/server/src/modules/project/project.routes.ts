import { idParam } from '@edoc/contract/fields';
import { companyScopeQuery as companyQuery } from '@edoc/contract/company';
import { projectBody, projectListQuery as listQuery } from '@edoc/contract/project';
import { z } from 'zod';
import type { Deps } from '../../lib/deps.ts';
import type { Api } from '../../lib/http.ts';
import { ok } from '../../lib/reply.ts';
import { requireCompanyAdmin } from '../../plugins/auth.ts';
import { listDirectoryTemplates } from '../template/template.service.ts';
import { actorOf } from '../trail/trail.service.ts';
import { createProject, getProject, listProjects, setProjectClosed, updateProject } from './project.service.ts';

const idParams = z.object({ id: idParam });

/** Company administrator's projects (SPEC §2 /company/project). The system administrator passes companyId. */
export function projectRoutes(api: Api, deps: Deps): void {
  api.get(
    '/project/list',
    { config: { access: 'companyAdmin' }, schema: { querystring: listQuery } },
    async (request) => {
      const { companyId } = requireCompanyAdmin(request, request.query.companyId);
      return ok(await listProjects(deps, companyId, request.query));
    },
  );

  api.get(
    '/project/:id',
    { config: { access: 'companyAdmin' }, schema: { params: idParams, querystring: companyQuery } },
    async (request) => {
      const { companyId } = requireCompanyAdmin(request, request.query.companyId);
      return ok(await getProject(deps, companyId, request.params.id));
    },
  );

  api.post(
    '/project/create',
    { config: { access: 'companyAdmin' }, schema: { body: projectBody, querystring: companyQuery } },
    async (request) => {
      const { companyId } = requireCompanyAdmin(request, request.query.companyId);
      return ok({ studyId: await createProject(deps, companyId, request.body, actorOf(request)) });
    },
  );

  api.post(
    '/project/update/:id',
    { config: { access: 'companyAdmin' }, schema: { params: idParams, body: projectBody, querystring: companyQuery } },
    async (request) => {
      const { companyId } = requireCompanyAdmin(request, request.query.companyId);
      await updateProject(deps, companyId, request.params.id, request.body, actorOf(request));
      return ok(null);
    },
  );

  for (const [path, closed] of [
    ['close', true],
    ['reopen', false],
  ] as const) {
    api.post(
      `/project/${path}/:id`,
      { config: { access: 'companyAdmin' }, schema: { params: idParams, querystring: companyQuery } },
      async (request) => {
        const { companyId } = requireCompanyAdmin(request, request.query.companyId);
        await setProjectClosed(deps, companyId, request.params.id, closed, actorOf(request));
        return ok(null);
      },
    );
  }

  api.get(
    '/template/directory/list',
    { config: { access: 'companyAdmin' }, schema: { querystring: companyQuery } },
    async (request) => {
      const { companyId } = requireCompanyAdmin(request, request.query.companyId);
      return ok(await listDirectoryTemplates(deps, companyId));
    },
  );
}
