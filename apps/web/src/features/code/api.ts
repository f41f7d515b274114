import {
  type CodeBody,
  type CodeItem,
  type CodeScope,
  type CodeTypeBody,
  type CodeTypeItem,
} from '@edoc/contract/code';
import { keepPreviousData, useMutation, useQuery, useQueryClient, type MutationMeta } from '@tanstack/react-query';
import { codeRoutes } from '@edoc/contract/code-routes';
import type { RawRoute } from '@edoc/contract/route';
import { call } from '../../lib/api-client';
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

const clean = (q: ListQuery) => ({ ...q, searchValue: q.searchValue || undefined });

export function useCodeTypes(scope: CodeScope, q: ListQuery) {
  return useQuery({
    queryKey: [...useCodeKey(scope), 'types', q],
    queryFn: () => call(codeRoutes[scope].typeList, { query: clean(q) }),
    placeholderData: keepPreviousData,
  });
}

/** Every code type of the scope, for the type pickers. */
export function useCodeTypeOptions(scope: CodeScope) {
  return useQuery({
    queryKey: [...useCodeKey(scope), 'typeOptions'],
    queryFn: () => call(codeRoutes[scope].typeList, { query: { pageNum: 1, pageSize: 1000 } }),
  });
}

export function useCodes(scope: CodeScope, q: ListQuery) {
  return useQuery({
    queryKey: [...useCodeKey(scope), 'codes', q],
    queryFn: () => call(codeRoutes[scope].list, { query: clean(q) }),
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
      id ? call(codeRoutes[scope].typeUpdate, { params: { id }, body }) : call(codeRoutes[scope].typeCreate, { body }),
    onSuccess: invalidate,
  });
}

export function useDeleteCodeType(scope: CodeScope) {
  const invalidate = useInvalidateCodes();
  return useMutation({
    mutationFn: (item: CodeTypeItem) => call(codeRoutes[scope].typeDelete, { params: { id: item.id } }),
    onSuccess: invalidate,
  });
}

/** Create (no id) or update a code. */
export function useSaveCode(scope: CodeScope, meta?: MutationMeta) {
  const invalidate = useInvalidateCodes();
  return useMutation({
    meta,
    mutationFn: ({ id, body }: { id?: number; body: CodeBody }) =>
      id ? call(codeRoutes[scope].update, { params: { id }, body }) : call(codeRoutes[scope].create, { body }),
    onSuccess: invalidate,
  });
}

export function useDeleteCode(scope: CodeScope) {
  const invalidate = useInvalidateCodes();
  return useMutation({
    mutationFn: (item: CodeItem) => call(codeRoutes[scope].delete, { params: { id: item.id } }),
    onSuccess: invalidate,
  });
}

/** Export, sample and import routes of the type list or the code list. */
export function excelRoutes(scope: CodeScope, of: 'types' | 'codes') {
  const routes = codeRoutes[scope];
  return of === 'types'
    ? { exportRoute: routes.typeExport, sampleRoute: routes.typeImportSample, importRoute: routes.typeImport }
    : { exportRoute: routes.export, sampleRoute: routes.importSample, importRoute: routes.import };
}

/** Downloads an export workbook; a failure is shown the usual way. */
export function useExportWorkbook() {
  return useMutation({ mutationFn: (route: RawRoute) => call(route) });
}
