import {
  CODE_API_PREFIX,
  type CodeBody,
  type CodeItem,
  type CodeScope,
  type CodeTypeBody,
  type CodeTypeItem,
} from '@edoc/contract/code';
import type { Page } from '@edoc/contract/envelope';
import { api } from '../../lib/api-client';

export interface ListQuery {
  pageNum: number;
  pageSize: number;
  searchValue?: string;
  typeId?: number;
}

/** Keys carry the scope and its owner (company or project), so switching either never shows stale rows. */
export const codeKeys = {
  all: ['codes'] as const,
  types: (scope: CodeScope, owner: number | null, q: ListQuery) => ['codes', scope, owner, 'types', q] as const,
  typeOptions: (scope: CodeScope, owner: number | null) => ['codes', scope, owner, 'typeOptions'] as const,
  codes: (scope: CodeScope, owner: number | null, q: ListQuery) => ['codes', scope, owner, 'codes', q] as const,
};

const at = (scope: CodeScope, path: string) => `${CODE_API_PREFIX[scope]}${path}`;
const clean = (q: ListQuery) => ({ ...q, searchValue: q.searchValue || undefined });

export const listCodeTypes = (scope: CodeScope, q: ListQuery) =>
  api.get<Page<CodeTypeItem>>(at(scope, '/type/list'), clean(q));
export const allCodeTypes = (scope: CodeScope) => listCodeTypes(scope, { pageNum: 1, pageSize: 1000 });
export const createCodeType = (scope: CodeScope, body: CodeTypeBody) =>
  api.postJson<{ id: number }>(at(scope, '/type/create'), body);
export const updateCodeType = (scope: CodeScope, id: number, body: CodeTypeBody) =>
  api.postJson<null>(at(scope, `/type/update/${id}`), body);
export const deleteCodeType = (scope: CodeScope, id: number) => api.postJson<null>(at(scope, `/type/delete/${id}`));

export const listCodes = (scope: CodeScope, q: ListQuery) => api.get<Page<CodeItem>>(at(scope, '/list'), clean(q));
export const createCode = (scope: CodeScope, body: CodeBody) =>
  api.postJson<{ id: number }>(at(scope, '/create'), body);
export const updateCode = (scope: CodeScope, id: number, body: CodeBody) =>
  api.postJson<null>(at(scope, `/update/${id}`), body);
export const deleteCode = (scope: CodeScope, id: number) => api.postJson<null>(at(scope, `/delete/${id}`));

/** Export, sample and import paths of the type list ('/type') or the code list (''). */
export const excelPaths = (scope: CodeScope, of: '/type' | '') => ({
  exportPath: at(scope, `${of}/export`),
  samplePath: at(scope, `${of}/import/sample`),
  importPath: at(scope, `${of}/import`),
});
