import { idParams } from '@edoc/contract/fields';
import {
  companyEntryBody,
  companyEntryData,
  managedCompanyList,
  studyEntryBody,
  studyEntryData,
  studyList,
  studyListQuery,
  studyMarkData,
} from '@edoc/contract/project';
import type { Deps } from '../../lib/deps.ts';
import type { Api } from '../../lib/http.ts';
import { routes } from '../../plugins/route.ts';
import { enterCompany, enterStudy, listStudies, manageableCompanies, toggleMark } from './project-entry.service.ts';

/** The project picker's calls (SPEC §7 project and company, common): any signed-in user. */
export function projectEntryRoutes(api: Api, deps: Deps): void {
  const { get, post } = routes(api);
  const access = 'signedIn';

  get('/common/study', { access, query: studyListQuery, response: studyList }, ({ ctx, query }) =>
    listStudies(deps, ctx.auth, query),
  );

  post('/common/study/entry', { access, body: studyEntryBody, response: studyEntryData }, ({ ctx, body }) =>
    enterStudy(deps, ctx.auth, body.studyId),
  );

  post('/common/study/mark/:id/a', { access, params: idParams, response: studyMarkData }, ({ ctx, params }) =>
    toggleMark(deps, ctx.auth, params.id),
  );

  get('/common/company', { access, response: managedCompanyList }, ({ ctx }) => manageableCompanies(deps, ctx.auth));

  post('/common/company/entry', { access, body: companyEntryBody, response: companyEntryData }, ({ ctx, body }) =>
    enterCompany(deps, ctx.auth, body.companyId),
  );
}
