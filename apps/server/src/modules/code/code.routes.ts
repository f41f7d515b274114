import { codeBody, codeListQuery, codeScopeQuery, codeTypeBody, codeTypeListQuery } from '@edoc/contract/code';
import { idParam } from '@edoc/contract/fields';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../../lib/deps.ts';
import { readUpload, xlsxHeaders } from '../../lib/excel.ts';
import type { Api } from '../../lib/http.ts';
import { requestLang } from '../../lib/lang.ts';
import { ok } from '../../lib/reply.ts';
import type { Access } from '../../plugins/auth.ts';
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

const idParams = z.object({ id: idParam });

/** The two homes of the code dictionary and its types: the company's (/code/…) and the project's (/manage/code/…). */
const SCOPES = [
  { kind: 'company', prefix: '/code', read: 'companyAdmin', write: 'companyAdmin' },
  { kind: 'project', prefix: '/manage/code', read: 'projectMember', write: 'projectAdmin' },
] as const satisfies ReadonlyArray<{ kind: 'company' | 'project'; prefix: string; read: Access; write: Access }>;

/**
 * Code dictionary and code types (SPEC §2 /company/template/encode|codeType and /manage/encode|codeType).
 * Company level: the company administrator. Project level: any member reads (documents will use the codes), the
 * project administrator changes the project's own entries.
 */
export function codeRoutes(api: Api, deps: Deps): void {
  for (const s of SCOPES) {
    // Every route's querystring schema extends codeScopeQuery, so companyId is validated already.
    const scopeOf = (request: FastifyRequest, write: boolean) =>
      codeScopeOf(deps, request, s.kind, write, (request.query as { companyId?: number }).companyId);
    const read = { access: s.read };
    const write = { access: s.write };
    const xlsx = (name: string) => xlsxHeaders(`${name}-${new Date().toISOString().slice(0, 10)}.xlsx`);

    // Code types
    api.get(`${s.prefix}/type/list`, { config: read, schema: { querystring: codeTypeListQuery } }, async (request) =>
      ok(await listCodeTypes(deps, await scopeOf(request, false), request.query)),
    );
    api.post(
      `${s.prefix}/type/create`,
      { config: write, schema: { querystring: codeScopeQuery, body: codeTypeBody } },
      async (request) => ok({ id: await createCodeType(deps, await scopeOf(request, true), request.body) }),
    );
    api.post(
      `${s.prefix}/type/update/:id`,
      { config: write, schema: { params: idParams, querystring: codeScopeQuery, body: codeTypeBody } },
      async (request) => {
        await updateCodeType(deps, await scopeOf(request, true), request.params.id, request.body);
        return ok(null);
      },
    );
    api.post(
      `${s.prefix}/type/delete/:id`,
      { config: write, schema: { params: idParams, querystring: codeScopeQuery } },
      async (request) => {
        await deleteCodeType(deps, await scopeOf(request, true), request.params.id);
        return ok(null);
      },
    );
    api.get(
      `${s.prefix}/type/export`,
      { config: read, schema: { querystring: codeScopeQuery } },
      async (request, reply) => {
        const buffer = await codeTypesWorkbook(deps, await scopeOf(request, false), requestLang(request));
        return reply.headers(xlsx('code-types')).send(buffer);
      },
    );
    api.get(
      `${s.prefix}/type/import/sample`,
      { config: write, schema: { querystring: codeScopeQuery } },
      async (request, reply) => {
        await scopeOf(request, true);
        return reply.headers(xlsxHeaders('code-types-sample.xlsx')).send(await codeTypesSample(requestLang(request)));
      },
    );
    api.post(`${s.prefix}/type/import`, { config: write, schema: { querystring: codeScopeQuery } }, async (request) => {
      const scope = await scopeOf(request, true);
      const imported = await importCodeTypes(deps, scope, await readUpload(request), requestLang(request));
      return ok({ imported });
    });

    // Codes
    api.get(`${s.prefix}/list`, { config: read, schema: { querystring: codeListQuery } }, async (request) =>
      ok(await listCodes(deps, await scopeOf(request, false), request.query)),
    );
    api.post(
      `${s.prefix}/create`,
      { config: write, schema: { querystring: codeScopeQuery, body: codeBody } },
      async (request) => ok({ id: await createCode(deps, await scopeOf(request, true), request.body) }),
    );
    api.post(
      `${s.prefix}/update/:id`,
      { config: write, schema: { params: idParams, querystring: codeScopeQuery, body: codeBody } },
      async (request) => {
        await updateCode(deps, await scopeOf(request, true), request.params.id, request.body);
        return ok(null);
      },
    );
    api.post(
      `${s.prefix}/delete/:id`,
      { config: write, schema: { params: idParams, querystring: codeScopeQuery } },
      async (request) => {
        await deleteCode(deps, await scopeOf(request, true), request.params.id);
        return ok(null);
      },
    );
    api.get(`${s.prefix}/export`, { config: read, schema: { querystring: codeScopeQuery } }, async (request, reply) => {
      const buffer = await codesWorkbook(deps, await scopeOf(request, false), requestLang(request));
      return reply.headers(xlsx('codes')).send(buffer);
    });
    api.get(
      `${s.prefix}/import/sample`,
      { config: write, schema: { querystring: codeScopeQuery } },
      async (request, reply) => {
        await scopeOf(request, true);
        return reply.headers(xlsxHeaders('codes-sample.xlsx')).send(await codesSample(requestLang(request)));
      },
    );
    api.post(`${s.prefix}/import`, { config: write, schema: { querystring: codeScopeQuery } }, async (request) => {
      const scope = await scopeOf(request, true);
      const imported = await importCodes(deps, scope, await readUpload(request), requestLang(request));
      return ok({ imported });
    });
  }
}
