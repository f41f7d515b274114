import { idParams } from '@edoc/contract/fields';
import {
  companyEntryBody,
  companyEntryData,
  managedCompanyList,
  projectEntryBody,
  projectEntryData,
  projectEntryList,
  projectEntryListQuery,
  projectMarkData,
} from '@edoc/contract/project';
import type { Deps } from '../../lib/deps.ts';
import type { Api } from '../../lib/http.ts';
import { routes } from '../../plugins/route.ts';
import {
  enterCompany,
  enterProject,
  listEnterableProjects,
  manageableCompanies,
  toggleMark,
} from './project-entry.service.ts';

/** The project picker's calls (SPEC §7 project and company, common): any signed-in user. */
export function projectEntryRoutes(api: Api, deps: Deps): void {
  const { get, post } = routes(api);
  const access = 'signedIn';

  get('/common/study', { access, query: projectEntryListQuery, response: projectEntryList }, ({ ctx, query }) =>
    listEnterableProjects(deps, ctx.auth, query),
  );

  post('/common/study/entry', { access, body: projectEntryBody, response: projectEntryData }, ({ ctx, body }) =>
    enterProject(deps, ctx.auth, body.studyId),
  );

  post('/common/study/mark/:id/a', { access, params: idParams, response: projectMarkData }, ({ ctx, params }) =>
    toggleMark(deps, ctx.auth, params.id),
  );

  get('/common/company', { access, response: managedCompanyList }, ({ ctx }) => manageableCompanies(deps, ctx.auth));

  post('/common/company/entry', { access, body: companyEntryBody, response: companyEntryData }, ({ ctx, body }) =>
    enterCompany(deps, ctx.auth, body.companyId),
  );
}
