import { tmfModelBody, tmfModelLabel } from '@edoc/contract/tmf-model';
import { tmfModelRoutes as r } from '@edoc/contract/tmf-model-routes';
import type { Deps } from '../../lib/deps.ts';
import { readUpload, xlsxHeaders } from '../../lib/excel.ts';
import type { Api } from '../../lib/http.ts';
import { workbook } from '../../lib/raw-answer.ts';
import { companyOf } from '../../plugins/context.ts';
import { routes } from '../../plugins/route.ts';
import { tmfModelSample, tmfModelWorkbook } from './tmf-model-excel.ts';
import { readTmfModelWorkbook } from './tmf-model-import.ts';
import { projectCompanyOf } from './tmf-model.policy.ts';
import {
  createTmfModel,
  deleteTmfModel,
  getTmfModel,
  listTmfModels,
  newTmfModelVersion,
  publishTmfModel,
  updateTmfModel,
} from './tmf-model.service.ts';

const company = 'companyAdmin' as const;
const project = 'projectAdmin' as const;
const modelWorkbook = workbook('The model in the TMF Reference Model layout (with the Chinese names).');

/**
 * TMF models (issue 27), every route as tmfModelRoutes declares it: the company administrator (the system
 * administrator naming the company) keeps the company's models and reads the shipped ones; the entered project's
 * administrators read them under /manage (tmf-model.policy.ts).
 */
export function tmfModelRoutes(api: Api, deps: Deps): void {
  const { get, post } = routes(api);
  const fileName = (m: { name: string; version: number }) => `${tmfModelLabel(m)}.xlsx`;

  get(r.list.path, { access: company, query: r.list.query, response: r.list.response }, ({ ctx, query }) =>
    listTmfModels(deps, companyOf(ctx, query.companyId)),
  );

  get(
    r.importSample.path,
    { access: company, query: r.importSample.query, response: workbook("The layout's header row, to fill in.") },
    async ({ ctx, query, reply }) => {
      companyOf(ctx, query.companyId);
      const name = ctx.lang === 'en-US' ? 'tmf-model.xlsx' : 'TMF模型.xlsx';
      return reply.headers(xlsxHeaders(name)).send(await tmfModelSample());
    },
  );

  post(
    r.import.path,
    { access: company, query: r.import.query, multipart: r.import.multipart, response: r.import.response },
    async ({ ctx, query, request }) => {
      const companyId = companyOf(ctx, query.companyId);
      const zones = await readTmfModelWorkbook(await readUpload(request), ctx.lang);
      // The cells were checked one by one; the model as a whole meets the same schema as a typed one (its counts).
      const body = tmfModelBody.parse({ name: query.name, source: query.source, zones });
      return { id: await createTmfModel(deps, ctx, { companyId, body, origin: 'imported' }) };
    },
  );

  get(
    r.detail.path,
    { access: company, params: r.detail.params, query: r.detail.query, response: r.detail.response },
    ({ ctx, params, query }) => getTmfModel(deps, companyOf(ctx, query.companyId), params.id),
  );

  get(
    r.export.path,
    { access: company, params: r.export.params, query: r.export.query, response: modelWorkbook },
    async ({ ctx, params, query, reply }) => {
      const model = await getTmfModel(deps, companyOf(ctx, query.companyId), params.id);
      return reply.headers(xlsxHeaders(fileName(model))).send(await tmfModelWorkbook(model.zones));
    },
  );

  post(
    r.create.path,
    { access: company, query: r.create.query, body: r.create.body, response: r.create.response },
    async ({ ctx, query, body }) => ({
      id: await createTmfModel(deps, ctx, { companyId: companyOf(ctx, query.companyId), body, origin: 'created' }),
    }),
  );

  post(
    r.update.path,
    {
      access: company,
      params: r.update.params,
      query: r.update.query,
      body: r.update.body,
      response: r.update.response,
    },
    async ({ ctx, params, query, body }) => {
      await updateTmfModel(deps, ctx, { companyId: companyOf(ctx, query.companyId), id: params.id, body });
      return null;
    },
  );

  post(
    r.publish.path,
    { access: company, params: r.publish.params, query: r.publish.query, response: r.publish.response },
    async ({ ctx, params, query }) => {
      await publishTmfModel(deps, ctx, { companyId: companyOf(ctx, query.companyId), id: params.id });
      return null;
    },
  );

  post(
    r.newVersion.path,
    { access: company, params: r.newVersion.params, query: r.newVersion.query, response: r.newVersion.response },
    async ({ ctx, params, query }) => ({
      id: await newTmfModelVersion(deps, ctx, { companyId: companyOf(ctx, query.companyId), id: params.id }),
    }),
  );

  post(
    r.delete.path,
    { access: company, params: r.delete.params, query: r.delete.query, response: r.delete.response },
    async ({ ctx, params, query }) => {
      await deleteTmfModel(deps, ctx, { companyId: companyOf(ctx, query.companyId), id: params.id });
      return null;
    },
  );

  // The entered project's administrators: the models of the project's company, read-only.
  get(r.projectList.path, { access: project, response: r.projectList.response }, async ({ ctx }) =>
    listTmfModels(deps, await projectCompanyOf(deps, ctx)),
  );

  get(
    r.projectDetail.path,
    { access: project, params: r.projectDetail.params, response: r.projectDetail.response },
    async ({ ctx, params }) => getTmfModel(deps, await projectCompanyOf(deps, ctx), params.id),
  );

  get(
    r.projectExport.path,
    { access: project, params: r.projectExport.params, response: modelWorkbook },
    async ({ ctx, params, reply }) => {
      const model = await getTmfModel(deps, await projectCompanyOf(deps, ctx), params.id);
      return reply.headers(xlsxHeaders(fileName(model))).send(await tmfModelWorkbook(model.zones));
    },
  );
}
