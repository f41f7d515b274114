import { idParam } from '@edoc/contract/fields';
import { studyListQuery } from '@edoc/contract/project';
import { z } from 'zod';
import type { Deps } from '../../lib/deps.ts';
import type { Api } from '../../lib/http.ts';
import { ok } from '../../lib/reply.ts';
import { caller } from '../../plugins/auth.ts';
import { enterCompany, enterStudy, listStudies, manageableCompanies, toggleMark } from './study.service.ts';

/** The project picker's calls (SPEC §7 project and company, common). */
export function studyRoutes(api: Api, deps: Deps): void {
  api.get('/common/study', { schema: { querystring: studyListQuery } }, async (request) =>
    ok(await listStudies(deps, caller(request), request.query)),
  );

  api.post('/common/study/entry', { schema: { body: z.object({ studyId: idParam }) } }, async (request) =>
    ok(await enterStudy(deps, caller(request), request.body.studyId)),
  );

  api.post('/common/study/mark/:id/a', { schema: { params: z.object({ id: idParam }) } }, async (request) =>
    ok(await toggleMark(deps, caller(request), request.params.id)),
  );

  api.get('/common/company', async (request) => ok(await manageableCompanies(deps, caller(request))));

  api.post('/common/company/entry', { schema: { body: z.object({ companyId: idParam }) } }, async (request) =>
    ok(await enterCompany(deps, caller(request), request.body.companyId)),
  );
}
