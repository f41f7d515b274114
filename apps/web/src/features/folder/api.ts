import type { Page } from '@edoc/contract/envelope';
import type {
  FolderBody,
  FolderCreateBody,
  FolderGrantInput,
  FolderGrantsAnswer,
  FolderMoveBody,
  FolderTemplateApplyBody,
  FolderTemplateSaveBody,
  FolderTreeAnswer,
  UserFolderRights,
} from '@edoc/contract/folder';
import type { GroupItem } from '@edoc/contract/group';
import type { ProjectMember } from '@edoc/contract/member';
import type { RoleItem } from '@edoc/contract/role';
import { STUDY_PAGE_SIZE } from '@edoc/contract/limits';
import { api } from '../../lib/api-client';

export interface DirectoryTemplate {
  id: number;
  name: string;
  type: number;
  shipped: boolean;
  folderCount: number;
}

export const folderKeys = {
  all: ['folders'] as const,
  tree: (projectId: number | null) => ['folders', projectId, 'tree'] as const,
  grants: (folderId: number) => ['folders', 'grants', folderId] as const,
  userRights: (userId: number) => ['folders', 'userRights', userId] as const,
  subjects: (projectId: number | null) => ['folders', projectId, 'subjects'] as const,
  templates: ['folders', 'templates'] as const,
};

export const getFolderTree = () => api.get<FolderTreeAnswer>('/folder/tree/0');
export const createFolder = (body: FolderCreateBody) => api.postJson<{ folderId: number }>('/folder/create', body);
export const renameFolder = (id: number, body: FolderBody) => api.postJson<null>(`/folder/rename/${id}`, body);
export const moveFolder = (id: number, body: FolderMoveBody) => api.postJson<null>(`/folder/move/${id}`, body);
export const deleteFolder = (id: number) => api.postJson<null>(`/folder/delete/${id}`);
export const getFolderGrants = (folderId: number) => api.get<FolderGrantsAnswer>(`/folder/grants/${folderId}`);
export const saveFolderGrants = (folderId: number, grants: FolderGrantInput[]) =>
  api.postJson<null>(`/folder/grants/${folderId}`, { grants });
export const getUserRights = (userId: number) => api.get<UserFolderRights>(`/file/permission/user/${userId}`);
export const listDirectoryTemplates = () => api.get<DirectoryTemplate[]>('/template/directory/list');
export const applyTemplate = (body: FolderTemplateApplyBody) =>
  api.postJson<{ created: number }>('/folder/template/apply', body);
export const saveTemplate = (body: FolderTemplateSaveBody) =>
  api.postJson<{ templateId: number; folderCount: number }>('/folder/template/save', body);

/** Everyone a folder can be granted to: the project's roles, groups and members. */
export interface GrantSubjects {
  roles: RoleItem[];
  groups: GroupItem[];
  members: ProjectMember[];
}

export async function listGrantSubjects(): Promise<GrantSubjects> {
  const [roles, groups, members] = await Promise.all([
    api.get<RoleItem[]>('/role/list'),
    api.get<GroupItem[]>('/group/list'),
    api.get<Page<ProjectMember>>('/manage/member/list', { pageNum: 1, pageSize: STUDY_PAGE_SIZE }),
  ]);
  return { roles, groups, members: members.data };
}
