import type { Page } from '@edoc/contract/envelope';
import type { ProjectBody, ProjectItem } from '@edoc/contract/project';
import { api } from '../../lib/api-client';

// Not in the contract yet (typed here until packages/contract has a template.ts).
/** GET /template/directory/list item; type follows SPEC §3 directory template types. */
export interface DirectoryTemplateItem {
  id: number;
  name: string;
  type: number;
  folderCount: number;
}

export interface CreatedProject {
  studyId: number;
}

/** Keys carry the managed company: a company administrator may switch companies within one tab. */
export const projectKeys = {
  all: ['projects'] as const,
  page: (companyId: number | null, pageNum: number, pageSize: number, searchValue: string) =>
    ['projects', companyId, 'list', pageNum, pageSize, searchValue] as const,
  options: (companyId: number | null) => ['projects', companyId, 'options'] as const,
  templates: (companyId: number | null) => ['projects', companyId, 'templates'] as const,
};

export function listProjects(query: {
  pageNum: number;
  pageSize: number;
  searchValue?: string;
}): Promise<Page<ProjectItem>> {
  return api.get<Page<ProjectItem>>('/project/list', { ...query, searchValue: query.searchValue || undefined });
}

export function getProject(studyId: number): Promise<ProjectItem> {
  return api.get<ProjectItem>(`/project/${studyId}`);
}

export function createProject(body: ProjectBody): Promise<CreatedProject> {
  return api.postJson<CreatedProject>('/project/create', body);
}

export function updateProject(studyId: number, body: ProjectBody): Promise<unknown> {
  return api.postJson<unknown>(`/project/update/${studyId}`, body);
}

export function closeProject(studyId: number): Promise<unknown> {
  return api.postJson<unknown>(`/project/close/${studyId}`);
}

export function reopenProject(studyId: number): Promise<unknown> {
  return api.postJson<unknown>(`/project/reopen/${studyId}`);
}

export function listDirectoryTemplates(): Promise<DirectoryTemplateItem[]> {
  return api.get<DirectoryTemplateItem[]>('/template/directory/list');
}
