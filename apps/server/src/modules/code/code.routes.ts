import {
  codeBody,
  codeIdData,
  codeList,
  codeListQuery,
  codeScopeQuery,
  codeTypeBody,
  codeTypeList,
  codeTypeListQuery,
} from '@edoc/contract/code';
import { noData } from '@edoc/contract/envelope';
import { importResult } from '@edoc/contract/excel';
import { fileOnly, idParams } from '@edoc/contract/fields';
import type { Deps } from '../../lib/deps.ts';
import { readUpload, xlsxHeaders } from '../../lib/excel.ts';
import type { Api } from '../../lib/http.ts';
import { workbook } from '../../lib/raw-answer.ts';
import { routes } from '../../plugins/route.ts';
import type { Gate } from '../../plugins/context.ts';
import {
  codesSample,
  codesWorkbook,
  codeTypesSample,
  codeTypesWorkbook,
  importCodes,
  importCodeTypes,
} from './code-excel.ts';
import { codeScopeOf } from './code.policy.ts';
import { createCode, deleteCode, listCodes, updateCode } from './code.service.ts';
import { createCodeType, deleteCodeType, listCodeTypes, updateCodeType } from './code-type.service.ts';

/** The two homes of the code dictionary and its types: the company's (/code/…) and the project's (/manage/code/…). */
const SCOPES = [
  { prefix: '/code', read: 'companyAdmin', write: 'companyAdmin' },
  { prefix: '/manage/code', read: 'projectMember', write: 'projectAdmin' },
] as const satisfies ReadonlyArray<{ prefix: string; read: Gate; write: Gate }>;

/**
 * Code dictionary and code types (SPEC §2 /company/template/encode|codeType and /manage/encode|codeType).
 * Company level: the company administrator. Project level: any member reads (documents will use the codes), the
 * project administrator changes the project's own entries. Every query schema extends codeScopeQuery, so the
 * company a system administrator names is validated already.
 */
export function codeRoutes(api: Api, deps: Deps): void {
  const { get, post } = routes(api);
  for (const { prefix, read, write } of SCOPES) {
    const xlsx = (name: string) => xlsxHeaders(`${name}-${new Date().toISOString().slice(0, 10)}.xlsx`);

    // Code types
    get(
      `${prefix}/type/list`,
      { access: read, query: codeTypeListQuery, response: codeTypeList },
      async ({ ctx, query }) => listCodeTypes(deps, await codeScopeOf(deps, ctx, query.companyId), query),
    );
    post(
      `${prefix}/type/create`,
      { access: write, query: codeScopeQuery, body: codeTypeBody, response: codeIdData },
      async ({ ctx, query, body }) => ({
        id: await createCodeType(deps, await codeScopeOf(deps, ctx, query.companyId), body),
      }),
    );
    post(
      `${prefix}/type/update/:id`,
      { access: write, params: idParams, query: codeScopeQuery, body: codeTypeBody, response: noData },
      async ({ ctx, params, query, body }) => {
        await updateCodeType(deps, await codeScopeOf(deps, ctx, query.companyId), { id: params.id, body });
        return null;
      },
    );
    post(
      `${prefix}/type/delete/:id`,
      { access: write, params: idParams, query: codeScopeQuery, response: noData },
      async ({ ctx, params, query }) => {
        await deleteCodeType(deps, await codeScopeOf(deps, ctx, query.companyId), params.id);
        return null;
      },
    );
    get(
      `${prefix}/type/export`,
      { access: read, query: codeScopeQuery, response: workbook("The scope's code types.") },
      async ({ ctx, query, reply }) => {
        const buffer = await codeTypesWorkbook(deps, await codeScopeOf(deps, ctx, query.companyId), ctx.lang);
        return reply.headers(xlsx('code-types')).send(buffer);
      },
    );
    get(
      `${prefix}/type/import/sample`,
      {
        access: write,
        query: codeScopeQuery,
        response: workbook('The code-type import sample, to fill in.'),
      },
      async ({ ctx, query, reply }) => {
        await codeScopeOf(deps, ctx, query.companyId);
        return reply.headers(xlsxHeaders('code-types-sample.xlsx')).send(await codeTypesSample(ctx.lang));
      },
    );
    post(
      `${prefix}/type/import`,
      { access: write, query: codeScopeQuery, multipart: fileOnly, response: importResult },
      async ({ ctx, query, request }) => {
        const scope = await codeScopeOf(deps, ctx, query.companyId);
        return { imported: await importCodeTypes(deps, scope, { buffer: await readUpload(request), lang: ctx.lang }) };
      },
    );

    // Codes
    get(`${prefix}/list`, { access: read, query: codeListQuery, response: codeList }, async ({ ctx, query }) =>
      listCodes(deps, await codeScopeOf(deps, ctx, query.companyId), query),
    );
    post(
      `${prefix}/create`,
      { access: write, query: codeScopeQuery, body: codeBody, response: codeIdData },
      async ({ ctx, query, body }) => ({
        id: await createCode(deps, await codeScopeOf(deps, ctx, query.companyId), body),
      }),
    );
    post(
      `${prefix}/update/:id`,
      { access: write, params: idParams, query: codeScopeQuery, body: codeBody, response: noData },
      async ({ ctx, params, query, body }) => {
        await updateCode(deps, await codeScopeOf(deps, ctx, query.companyId), { id: params.id, body });
        return null;
      },
    );
    post(
      `${prefix}/delete/:id`,
      { access: write, params: idParams, query: codeScopeQuery, response: noData },
      async ({ ctx, params, query }) => {
        await deleteCode(deps, await codeScopeOf(deps, ctx, query.companyId), params.id);
        return null;
      },
    );
    get(
      `${prefix}/export`,
      { access: read, query: codeScopeQuery, response: workbook("The scope's codes.") },
      async ({ ctx, query, reply }) => {
        const buffer = await codesWorkbook(deps, await codeScopeOf(deps, ctx, query.companyId), ctx.lang);
        return reply.headers(xlsx('codes')).send(buffer);
      },
    );
    get(
      `${prefix}/import/sample`,
      { access: write, query: codeScopeQuery, response: workbook('The code import sample, to fill in.') },
      async ({ ctx, query, reply }) => {
        await codeScopeOf(deps, ctx, query.companyId);
        return reply.headers(xlsxHeaders('codes-sample.xlsx')).send(await codesSample(ctx.lang));
      },
    );
    post(
      `${prefix}/import`,
      { access: write, query: codeScopeQuery, multipart: fileOnly, response: importResult },
      async ({ ctx, query, request }) => {
        const scope = await codeScopeOf(deps, ctx, query.companyId);
        return { imported: await importCodes(deps, scope, { buffer: await readUpload(request), lang: ctx.lang }) };
      },
    );
  }
}
