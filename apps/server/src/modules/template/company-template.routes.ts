import { companyScopeQuery as companyQuery } from '@edoc/contract/company';
import { noData } from '@edoc/contract/envelope';
import { fileOnly, idParams } from '@edoc/contract/fields';
import {
  templateBody,
  templateDetail,
  templateIdData,
  templateImportQuery,
  templateList,
  templateListQuery,
  templateSampleQuery,
} from '@edoc/contract/template';
import type { Deps } from '../../lib/deps.ts';
import { readUpload, xlsxHeaders } from '../../lib/excel.ts';
import type { Api } from '../../lib/http.ts';
import { workbook } from '../../lib/raw-answer.ts';
import { routes } from '../../plugins/route.ts';
import { companyOf } from '../../plugins/context.ts';
import {
  createTemplate,
  deleteTemplate,
  getTemplate,
  listTemplates,
  updateTemplate,
} from './company-template.service.ts';
import { readTemplateWorkbook, templateSample, templateWorkbook } from './template-excel.ts';

const access = 'companyAdmin' as const;

/**
 * Company templates (SPEC §2 /company/template/usergroup and /directory): the company administrator keeps the
 * company's own; the shipped ones are listed beside them, read-only. The system administrator names the company.
 */
export function companyTemplateRoutes(api: Api, deps: Deps): void {
  const { get, post } = routes(api);

  get('/template/list', { access, query: templateListQuery, response: templateList }, ({ ctx, query }) =>
    listTemplates(deps, companyOf(ctx, query.companyId), query.type?.split(',').map(Number)),
  );

  get(
    '/template/import/sample',
    { access, query: templateSampleQuery, response: workbook('The import sample of this type, to fill in.') },
    async ({ ctx, query, reply }) => {
      companyOf(ctx, query.companyId);
      const name = `${ctx.lang === 'en-US' ? 'template' : '模板'}-${query.type}.xlsx`;
      return reply.headers(xlsxHeaders(name)).send(await templateSample(query.type, ctx.lang));
    },
  );

  post(
    '/template/import',
    { access, query: templateImportQuery, multipart: fileOnly, response: templateIdData },
    async ({ ctx, query, request }) => {
      const companyId = companyOf(ctx, query.companyId);
      const { type, name } = query;
      const parts = await readTemplateWorkbook(await readUpload(request), type, ctx.lang);
      return { id: await createTemplate(deps, ctx, { companyId, body: { name, type, ...parts } }) };
    },
  );

  get(
    '/template/:id',
    { access, params: idParams, query: companyQuery, response: templateDetail },
    ({ ctx, params, query }) => getTemplate(deps, companyOf(ctx, query.companyId), params.id),
  );

  get(
    '/template/:id/export',
    { access, params: idParams, query: companyQuery, response: workbook('The template as a workbook.') },
    async ({ ctx, params, query, reply }) => {
      const template = await getTemplate(deps, companyOf(ctx, query.companyId), params.id);
      const buffer = await templateWorkbook(template, ctx.lang);
      return reply.headers(xlsxHeaders(`${template.name}.xlsx`)).send(buffer);
    },
  );

  post(
    '/template/create',
    { access, query: companyQuery, body: templateBody, response: templateIdData },
    async ({ ctx, query, body }) => ({
      id: await createTemplate(deps, ctx, { companyId: companyOf(ctx, query.companyId), body }),
    }),
  );

  post(
    '/template/update/:id',
    { access, params: idParams, query: companyQuery, body: templateBody, response: noData },
    async ({ ctx, params, query, body }) => {
      await updateTemplate(deps, ctx, { companyId: companyOf(ctx, query.companyId), id: params.id, body });
      return null;
    },
  );

  post(
    '/template/delete/:id',
    { access, params: idParams, query: companyQuery, response: noData },
    async ({ ctx, params, query }) => {
      await deleteTemplate(deps, ctx, { companyId: companyOf(ctx, query.companyId), id: params.id });
      return null;
    },
  );
}
