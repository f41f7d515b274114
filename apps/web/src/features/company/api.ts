import type {
  CompanyBody,
  CompanyItem,
  CompanyManagerBody,
  CompanyUserBody,
  CompanyUserEditBody,
  CompanyUserItem,
} from '@edoc/contract/company';
import { WHOLE_LIST_PAGE_SIZE } from '@edoc/contract/limits';
import type { ApproveBody, RegistrationItem } from '@edoc/contract/registration';
import { keepPreviousData, useMutation, useQuery, useQueryClient, type MutationMeta } from '@tanstack/react-query';
import { companyRoutes, companyUserRoutes } from '@edoc/contract/company-routes';
import { registrationRoutes } from '@edoc/contract/registration-routes';
import { call } from '../../lib/api-client';
import { getSessionValue } from '../../lib/session';

// ---- Companies (the system administrator's)

const COMPANIES = ['companies'] as const;

export function useCompanies(query: { pageNum: number; pageSize: number; searchValue?: string }) {
  return useQuery({
    queryKey: [...COMPANIES, 'list', query.pageNum, query.pageSize, query.searchValue ?? ''],
    queryFn: () => call(companyRoutes.list, { query: { ...query, searchValue: query.searchValue || undefined } }),
    placeholderData: keepPreviousData,
  });
}

/** Every company for a picker: one page as large as the list call allows. */
export function useCompanyOptions() {
  return useQuery({
    queryKey: [...COMPANIES, 'options'],
    queryFn: () => call(companyRoutes.list, { query: { pageNum: 1, pageSize: WHOLE_LIST_PAGE_SIZE } }),
  });
}

export function useCompany(companyId: number) {
  return useQuery({
    queryKey: [...COMPANIES, 'detail', companyId],
    queryFn: () => call(companyRoutes.detail, { params: { id: companyId } }),
  });
}

export function useCompanyManagers(companyId: number) {
  return useQuery({
    queryKey: [...COMPANIES, 'managers', companyId],
    queryFn: () => call(companyRoutes.managers, { params: { id: companyId } }),
  });
}

function useInvalidateCompanies() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: COMPANIES });
}

/** Create (no companyId) or update a company. */
export function useSaveCompany(meta?: MutationMeta) {
  const invalidate = useInvalidateCompanies();
  return useMutation({
    meta,
    mutationFn: ({ companyId, body }: { companyId?: number; body: CompanyBody }) =>
      companyId
        ? call(companyRoutes.update, { params: { id: companyId }, body })
        : call(companyRoutes.create, { body }),
    onSuccess: invalidate,
  });
}

/** Disables an enabled company, enables a disabled one. */
export function useToggleCompany() {
  const invalidate = useInvalidateCompanies();
  return useMutation({
    mutationFn: (company: CompanyItem) =>
      call(company.enabled ? companyRoutes.disable : companyRoutes.enable, { params: { id: company.companyId } }),
    onSuccess: invalidate,
  });
}

/** Creates a company administrator; the server e-mails the initial password. */
export function useAddCompanyManager(meta?: MutationMeta) {
  const invalidate = useInvalidateCompanies();
  return useMutation({
    meta,
    mutationFn: (body: CompanyManagerBody) => call(companyRoutes.setManager, { body }),
    onSuccess: invalidate,
  });
}

// ---- A company's users and registrations (company administrator, or the system administrator naming one)

/**
 * The company the calls are about: a company administrator's own (null: the server reads it from the
 * session), or the one a system administrator chose (sent as ?companyId=).
 */
export type CompanyScope = number | null;

const scoped = (companyId: CompanyScope): { companyId?: number } => (companyId == null ? {} : { companyId });

/** Cache identity of a scope: the administrator's own company may change when another one is chosen on /select. */
const scopeKey = (scope: CompanyScope) =>
  scope == null ? `own-${getSessionValue('companyId') ?? ''}` : `company-${scope}`;

const COMPANY_USERS = ['companyUsers'] as const;

export function useCompanyUsers(
  scope: CompanyScope,
  query: { pageNum: number; pageSize: number; searchValue?: string },
) {
  return useQuery({
    queryKey: [...COMPANY_USERS, scopeKey(scope), 'list', query.pageNum, query.pageSize, query.searchValue ?? ''],
    queryFn: () =>
      call(companyUserRoutes.list, {
        query: {
          ...query,
          searchValue: query.searchValue || undefined,
          ...scoped(scope),
        },
      }),
    placeholderData: keepPreviousData,
  });
}

/** After a change every user and approval list refreshes (the user list shows the approval state too). */
export function useInvalidateCompanyUsers() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: COMPANY_USERS });
}

export type CompanyUserCreate = Omit<CompanyUserBody, 'userId' | 'enabled'>;

/** Create (no userId) or edit a company user; on edit the e-mail (the sign-in identity) does not change. */
export function useSaveCompanyUser(scope: CompanyScope, meta?: MutationMeta) {
  const invalidate = useInvalidateCompanyUsers();
  return useMutation({
    meta,
    mutationFn: (input: { edit: CompanyUserEditBody } | { create: CompanyUserCreate }) =>
      'edit' in input
        ? call(companyUserRoutes.update, { body: input.edit, query: scoped(scope) })
        : call(companyUserRoutes.create, { body: input.create, query: scoped(scope) }),
    onSuccess: invalidate,
  });
}

/** The server sets a temporary password and e-mails it; the user must change it at the next sign-in. */
export function useResetCompanyUserPassword(scope: CompanyScope) {
  return useMutation({
    mutationFn: (user: CompanyUserItem) =>
      call(companyUserRoutes.resetPassword, { params: { userId: user.userId }, query: scoped(scope) }),
  });
}

export function useExportCompanyUsers(scope: CompanyScope) {
  return useMutation({ mutationFn: () => call(companyUserRoutes.export, { query: scoped(scope) }) });
}

export function useApprovals(scope: CompanyScope, query: { status: number; pageNum: number; pageSize: number }) {
  return useQuery({
    queryKey: [...COMPANY_USERS, scopeKey(scope), 'approvals', query.status, query.pageNum, query.pageSize],
    queryFn: () => call(registrationRoutes.list, { query: { ...query, ...scoped(scope) } }),
    placeholderData: keepPreviousData,
  });
}

export function useDecideApproval(scope: CompanyScope) {
  const invalidate = useInvalidateCompanyUsers();
  return useMutation({
    mutationFn: ({ user, body }: { user: RegistrationItem; body: ApproveBody }) =>
      call(registrationRoutes.approve, { params: { userId: user.userId }, body, query: scoped(scope) }),
    onSuccess: invalidate,
  });
}
