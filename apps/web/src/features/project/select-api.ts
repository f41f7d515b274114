import type { Page } from '@edoc/contract/envelope';
import { STUDY_PAGE_SIZE } from '@edoc/contract/limits';
import type { StudyEntryData, StudyListItem } from '@edoc/contract/project';
import { api } from '../../lib/api-client';

// Not in the contract yet (typed here until packages/contract/src/project.ts or company.ts has them).
/** GET /common/company: the companies this user may manage; empty for ordinary users. */
export interface ManagedCompany {
  company_id: number;
  company_name: string;
}

/** POST /common/company/entry answer. */
export interface CompanyEntryData {
  roleCode: string;
  companyId: number;
  companyName: string;
}

export interface StudyMarkData {
  mark: boolean;
}

export const selectKeys = {
  all: ['select'] as const,
  studies: (userId: number | null, searchValue: string) => ['select', 'studies', userId, searchValue] as const,
  companies: (userId: number | null) => ['select', 'companies', userId] as const,
};

/** SPEC §7: the picker asks for one page of 1000 projects. */
export function listStudies(searchValue: string): Promise<Page<StudyListItem>> {
  return api.get<Page<StudyListItem>>('/common/study', {
    pageNum: 1,
    pageSize: STUDY_PAGE_SIZE,
    searchValue: searchValue || undefined,
  });
}

export function enterStudy(studyId: number): Promise<StudyEntryData> {
  return api.postForm<StudyEntryData>('/common/study/entry', { studyId });
}

export function toggleStudyMark(studyId: number): Promise<StudyMarkData> {
  return api.postJson<StudyMarkData>(`/common/study/mark/${studyId}/a`);
}

export function listManagedCompanies(): Promise<ManagedCompany[]> {
  return api.get<ManagedCompany[]>('/common/company');
}

export function enterCompany(companyId: number): Promise<CompanyEntryData> {
  return api.postForm<CompanyEntryData>('/common/company/entry', { companyId });
}
