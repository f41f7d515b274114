import type { CompanyUserBody, CompanyUserItem } from '@edoc/contract/company';
import type { Page } from '@edoc/contract/envelope';
import { api } from '../../lib/api-client';
import { getSessionValue } from '../../lib/session';

// Not in the contract yet (typed here until packages/contract/src/company.ts has them).
export interface ApprovalItem extends CompanyUserItem {
  approvalReason: string | null;
  /** When the decision was taken; null while pending (sent by newer servers). */
  decidedAt?: string | null;
}

/**
 * POST /company/user/a: the e-mail is the sign-in identity and is not edited; an omitted field stays as it
 * is, an empty mobile clears it.
 */
export interface CompanyUserEditBody {
  userId: number;
  userName: string;
  mobile?: string;
  enabled?: boolean;
}

export interface ApproveBody {
  pass: boolean;
  /** Required when rejecting. */
  reason?: string;
}

/**
 * The company the calls are about: a company administrator's own (null: the server reads it from the
 * session), or the one a system administrator chose (sent as ?companyId=).
 */
export type CompanyScope = number | null;

function scoped(companyId: CompanyScope): { companyId?: number } {
  return companyId == null ? {} : { companyId };
}

/** Cache identity of a scope: the administrator's own company may change when another one is chosen on /select. */
function scopeKey(scope: CompanyScope): string {
  return scope == null ? `own-${getSessionValue('companyId') ?? ''}` : `company-${scope}`;
}

export const companyUserKeys = {
  all: ['companyUsers'] as const,
  page: (scope: CompanyScope, pageNum: number, pageSize: number, searchValue: string) =>
    ['companyUsers', scopeKey(scope), 'list', pageNum, pageSize, searchValue] as const,
  approvals: (scope: CompanyScope, status: number, pageNum: number, pageSize: number) =>
    ['companyUsers', scopeKey(scope), 'approvals', status, pageNum, pageSize] as const,
};

export function listCompanyUsers(
  scope: CompanyScope,
  query: { pageNum: number; pageSize: number; searchValue?: string },
): Promise<Page<CompanyUserItem>> {
  return api.get<Page<CompanyUserItem>>('/company/users', {
    ...query,
    searchValue: query.searchValue || undefined,
    ...scoped(scope),
  });
}

export function createCompanyUser(
  scope: CompanyScope,
  body: Omit<CompanyUserBody, 'userId' | 'enabled'>,
): Promise<unknown> {
  return api.postJson<unknown>('/company/user', body, { query: scoped(scope) });
}

export function updateCompanyUser(scope: CompanyScope, body: CompanyUserEditBody): Promise<unknown> {
  return api.postJson<unknown>('/company/user/a', body, { query: scoped(scope) });
}

/** The server sets a temporary password and e-mails it; the user must change it at the next sign-in. */
export function resetCompanyUserPassword(scope: CompanyScope, userId: number): Promise<unknown> {
  return api.postJson<unknown>(`/company/user/reset/${userId}`, undefined, { query: scoped(scope) });
}

export function exportCompanyUsers(scope: CompanyScope): Promise<Blob> {
  return api.blob('/company/users/export', scoped(scope));
}

export function listApprovals(
  scope: CompanyScope,
  query: { status: number; pageNum: number; pageSize: number },
): Promise<Page<ApprovalItem>> {
  return api.get<Page<ApprovalItem>>('/company/approve/list', { ...query, ...scoped(scope) });
}

export function decideApproval(scope: CompanyScope, userId: number, body: ApproveBody): Promise<unknown> {
  return api.postJson<unknown>(`/company/approve/${userId}/a`, body, { query: scoped(scope) });
}
