import { companyScopeQuery as companyQuery } from '@edoc/contract/company';
import { idParam } from '@edoc/contract/fields';
import { templateBody, templateImportQuery, templateListQuery, templateSampleQuery } from '@edoc/contract/template';
import { z } from 'zod';
import type { Deps } from '../../lib/deps.ts';
import { readUpload, xlsxHeaders } from '../../lib/excel.ts';
import type { Api } from '../../lib/http.ts';
import { requestLang } from '../../lib/lang.ts';
import { ok } from '../../lib/reply.ts';
import { requireCompanyAdmin } from '../../plugins/auth.ts';
import { actorOf } from '../trail/trail.service.ts';
import {
  createTemplate,
  deleteTemplate,
  getTemplate,
  listTemplates,
  updateTemplate,
} from './company-template.service.ts';
import { readTemplateWorkbook, templateSample, templateWorkbook } from './template-excel.ts';

const idParams = z.object({ id: idParam });
const access = 'companyAdmin' as const;

/**
 * Company templates (SPEC §2 /company/template/usergroup and /directory): the company administrator keeps the
 * company's own; the shipped ones are listed beside them, read-only. The system administrator names the company.
 */
export function companyTemplateRoutes(api: Api, deps: Deps): void {
  api.get('/template/list', { config: { access }, schema: { querystring: templateListQuery } }, async (request) => {
    const { companyId } = requireCompanyAdmin(request, request.query.companyId);
    const types = request.query.type?.split(',').map(Number);
    return ok(await listTemplates(deps, companyId, types));
  });

  api.get(
    '/template/import/sample',
    { config: { access }, schema: { querystring: templateSampleQuery } },
    async (request, reply) => {
      requireCompanyAdmin(request, request.query.companyId);
      const lang = requestLang(request);
      const name = `${lang === 'en-US' ? 'template' : '模板'}-${request.query.type}.xlsx`;
      return reply.headers(xlsxHeaders(name)).send(await templateSample(request.query.type, lang));
    },
  );

  api.post(
    '/template/import',
    { config: { access }, schema: { querystring: templateImportQuery } },
    async (request) => {
      const { companyId } = requireCompanyAdmin(request, request.query.companyId);
      const { type, name } = request.query;
      const parts = await readTemplateWorkbook(await readUpload(request), type, requestLang(request));
      return ok({ id: await createTemplate(deps, companyId, { name, type, ...parts }, actorOf(request)) });
    },
  );

  api.get(
    '/template/:id',
    { config: { access }, schema: { params: idParams, querystring: companyQuery } },
    async (request) => {
      const { companyId } = requireCompanyAdmin(request, request.query.companyId);
      return ok(await getTemplate(deps, companyId, request.params.id));
    },
  );

  api.get(
    '/template/:id/export',
    { config: { access }, schema: { params: idParams, querystring: companyQuery } },
    async (request, reply) => {
      const { companyId } = requireCompanyAdmin(request, request.query.companyId);
      const template = await getTemplate(deps, companyId, request.params.id);
      const buffer = await templateWorkbook(template, requestLang(request));
      return reply.headers(xlsxHeaders(`${template.name}.xlsx`)).send(buffer);
    },
  );

  api.post(
    '/template/create',
    { config: { access }, schema: { querystring: companyQuery, body: templateBody } },
    async (request) => {
      const { companyId } = requireCompanyAdmin(request, request.query.companyId);
      return ok({ id: await createTemplate(deps, companyId, request.body, actorOf(request)) });
    },
  );

  api.post(
    '/template/update/:id',
    { config: { access }, schema: { params: idParams, querystring: companyQuery, body: templateBody } },
    async (request) => {
      const { companyId } = requireCompanyAdmin(request, request.query.companyId);
      await updateTemplate(deps, companyId, request.params.id, request.body, actorOf(request));
      return ok(null);
    },
  );

  api.post(
    '/template/delete/:id',
    { config: { access }, schema: { params: idParams, querystring: companyQuery } },
    async (request) => {
      const { companyId } = requireCompanyAdmin(request, request.query.companyId);
      await deleteTemplate(deps, companyId, request.params.id, actorOf(request));
      return ok(null);
    },
  );
}
