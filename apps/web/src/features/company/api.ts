import type { CompanyBody, CompanyItem, CompanyManagerBody, CompanyUserItem } from '@edoc/contract/company';
import type { Page } from '@edoc/contract/envelope';
import { STUDY_PAGE_SIZE } from '@edoc/contract/limits';
import { api } from '../../lib/api-client';

// Not in the contract yet (typed here until packages/contract/src/company.ts has it).
export interface CreatedCompany {
  companyId: number;
}

export const companyKeys = {
  all: ['companies'] as const,
  page: (pageNum: number, pageSize: number, searchValue: string) =>
    ['companies', 'list', pageNum, pageSize, searchValue] as const,
  options: ['companies', 'options'] as const,
  detail: (companyId: number) => ['companies', 'detail', companyId] as const,
  managers: (companyId: number) => ['companies', 'managers', companyId] as const,
};

export function listCompanies(query: {
  pageNum: number;
  pageSize: number;
  searchValue?: string;
}): Promise<Page<CompanyItem>> {
  return api.get<Page<CompanyItem>>('/company/list', { ...query, searchValue: query.searchValue || undefined });
}

/** Every company for a picker: one page as large as the list call allows. */
export function listAllCompanies(): Promise<Page<CompanyItem>> {
  return listCompanies({ pageNum: 1, pageSize: STUDY_PAGE_SIZE });
}

export function getCompany(companyId: number): Promise<CompanyItem> {
  return api.get<CompanyItem>(`/company/${companyId}`);
}

export function createCompany(body: CompanyBody): Promise<CreatedCompany> {
  return api.postJson<CreatedCompany>('/company/create', body);
}

export function updateCompany(companyId: number, body: CompanyBody): Promise<unknown> {
  return api.postJson<unknown>(`/company/update/${companyId}`, body);
}

export function disableCompany(companyId: number): Promise<unknown> {
  return api.postJson<unknown>(`/company/disable/${companyId}`);
}

export function enableCompany(companyId: number): Promise<unknown> {
  return api.postJson<unknown>(`/company/enable/${companyId}`);
}

export function listCompanyManagers(companyId: number): Promise<CompanyUserItem[]> {
  return api.get<CompanyUserItem[]>(`/company/${companyId}/managers`);
}

/** Creates a company administrator; the server e-mails the initial password. */
export function addCompanyManager(body: CompanyManagerBody): Promise<unknown> {
  return api.postJson<unknown>('/company/set/company/manager/a', body);
}
