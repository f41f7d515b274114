import {
  CODE_API_PREFIX,
  type CodeBody,
  type CodeIdData,
  type CodeItem,
  type CodeList,
  type CodeScope,
  type CodeTypeBody,
  type CodeTypeItem,
  type CodeTypeList,
} from '@edoc/contract/code';
import { keepPreviousData, useMutation, useQuery, useQueryClient, type MutationMeta } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { useProjectKey } from '../../lib/project-query';
import { useSession } from '../../lib/session';

export interface ListQuery {
  pageNum: number;
  pageSize: number;
  searchValue?: string;
  typeId?: number;
}

const COMPANY_CODES = ['codes', 'company'] as const;

/**
 * The first part of a scope's keys: the project's dictionary under the entered project's key, the company's
 * under the managed company, so switching either never shows stale rows.
 */
function useCodeKey(scope: CodeScope) {
  const projectKey = useProjectKey();
  const { companyId } = useSession();
  return scope === 'project' ? ([...projectKey, 'codes'] as const) : ([...COMPANY_CODES, companyId] as const);
}

const at = (scope: CodeScope, path: string) => `${CODE_API_PREFIX[scope]}${path}`;
const clean = (q: ListQuery) => ({ ...q, searchValue: q.searchValue || undefined });

export function useCodeTypes(scope: CodeScope, q: ListQuery) {
  return useQuery({
    queryKey: [...useCodeKey(scope), 'types', q],
    queryFn: () => api.get<CodeTypeList>(at(scope, '/type/list'), clean(q)),
    placeholderData: keepPreviousData,
  });
}

/** Every code type of the scope, for the type pickers. */
export function useCodeTypeOptions(scope: CodeScope) {
  return useQuery({
    queryKey: [...useCodeKey(scope), 'typeOptions'],
    queryFn: () => api.get<CodeTypeList>(at(scope, '/type/list'), { pageNum: 1, pageSize: 1000 }),
  });
}

export function useCodes(scope: CodeScope, q: ListQuery) {
  return useQuery({
    queryKey: [...useCodeKey(scope), 'codes', q],
    queryFn: () => api.get<CodeList>(at(scope, '/list'), clean(q)),
    placeholderData: keepPreviousData,
  });
}

/**
 * After a change or an import both dictionaries refresh: a project shows the company's entries beside its own,
 * so a company change shows there too.
 */
export function useInvalidateCodes() {
  const queryClient = useQueryClient();
  const projectKey = useProjectKey();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: COMPANY_CODES }),
      queryClient.invalidateQueries({ queryKey: [...projectKey, 'codes'] }),
    ]);
}

/** Create (no id) or update a code type. */
export function useSaveCodeType(scope: CodeScope, meta?: MutationMeta) {
  const invalidate = useInvalidateCodes();
  return useMutation({
    meta,
    mutationFn: ({ id, body }: { id?: number; body: CodeTypeBody }) =>
      id
        ? api.postJson<null>(at(scope, `/type/update/${id}`), body)
        : api.postJson<CodeIdData>(at(scope, '/type/create'), body),
    onSuccess: invalidate,
  });
}

export function useDeleteCodeType(scope: CodeScope) {
  const invalidate = useInvalidateCodes();
  return useMutation({
    mutationFn: (item: CodeTypeItem) => api.postJson<null>(at(scope, `/type/delete/${item.id}`)),
    onSuccess: invalidate,
  });
}

/** Create (no id) or update a code. */
export function useSaveCode(scope: CodeScope, meta?: MutationMeta) {
  const invalidate = useInvalidateCodes();
  return useMutation({
    meta,
    mutationFn: ({ id, body }: { id?: number; body: CodeBody }) =>
      id ? api.postJson<null>(at(scope, `/update/${id}`), body) : api.postJson<CodeIdData>(at(scope, '/create'), body),
    onSuccess: invalidate,
  });
}

export function useDeleteCode(scope: CodeScope) {
  const invalidate = useInvalidateCodes();
  return useMutation({
    mutationFn: (item: CodeItem) => api.postJson<null>(at(scope, `/delete/${item.id}`)),
    onSuccess: invalidate,
  });
}

/** Export, sample and import paths of the type list ('/type') or the code list (''). */
export const excelPaths = (scope: CodeScope, of: '/type' | '') => ({
  exportPath: at(scope, `${of}/export`),
  samplePath: at(scope, `${of}/import/sample`),
  importPath: at(scope, `${of}/import`),
});

/** Downloads an export workbook; a failure is shown the usual way. */
export function useExportWorkbook() {
  return useMutation({ mutationFn: (path: string) => api.blob(path) });
}
