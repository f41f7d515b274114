import type { Page } from '@edoc/contract/envelope';
import type {
  FolderBody,
  FolderCreateBody,
  FolderCreated,
  FolderGrantInput,
  FolderGrantsAnswer,
  FolderMoveBody,
  FolderTemplateApplied,
  FolderTemplateApplyBody,
  FolderTemplateSaveBody,
  FolderTemplateSaved,
  FolderTreeAnswer,
  UserFolderRights,
} from '@edoc/contract/folder';
import type { GroupItem } from '@edoc/contract/group';
import { STUDY_PAGE_SIZE } from '@edoc/contract/limits';
import type { ProjectMember } from '@edoc/contract/member';
import type { DirectoryTemplateItem } from '@edoc/contract/project';
import type { RoleItem } from '@edoc/contract/role';
import { queryOptions, useMutation, useQuery, useQueryClient, type MutationMeta } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { useProjectKey, type ProjectKey } from '../../lib/project-query';

/** Every folder query of the entered project: the tree, grants, rights by user, grant subjects, templates. */
const foldersKey = (project: ProjectKey) => [...project, 'folders'] as const;

/** The entered project's folder trees with the caller's rights (the document workspace reads it too). */
export const folderTreeQuery = (project: ProjectKey) =>
  queryOptions({
    queryKey: [...foldersKey(project), 'tree'],
    queryFn: () => api.get<FolderTreeAnswer>('/folder/tree/0'),
  });

export function useFolderTree() {
  return useQuery(folderTreeQuery(useProjectKey()));
}

/** After a change of folders or grants every folder query of the project refreshes. */
export function useInvalidateFolders() {
  const queryClient = useQueryClient();
  const queryKey = foldersKey(useProjectKey());
  return () => queryClient.invalidateQueries({ queryKey });
}

/** Create a folder, or rename one (folderId). */
export function useSaveFolder(meta?: MutationMeta) {
  const invalidate = useInvalidateFolders();
  return useMutation({
    meta,
    mutationFn: (save: { folderId: number; body: FolderBody } | { folderId?: undefined; body: FolderCreateBody }) =>
      save.folderId
        ? api.postJson<null>(`/folder/rename/${save.folderId}`, save.body)
        : api.postJson<FolderCreated>('/folder/create', save.body),
    onSuccess: invalidate,
  });
}

/** Reorder among siblings and/or move under another parent. */
export function useMoveFolder() {
  const invalidate = useInvalidateFolders();
  return useMutation({
    mutationFn: ({ folderId, body }: { folderId: number; body: FolderMoveBody }) =>
      api.postJson<null>(`/folder/move/${folderId}`, body),
    onSuccess: invalidate,
  });
}

export function useDeleteFolder() {
  const invalidate = useInvalidateFolders();
  return useMutation({
    mutationFn: (folderId: number) => api.postJson<null>(`/folder/delete/${folderId}`),
    onSuccess: invalidate,
  });
}

export const folderGrantsQuery = (project: ProjectKey, folderId: number) =>
  queryOptions({
    queryKey: [...foldersKey(project), 'grants', folderId],
    queryFn: () => api.get<FolderGrantsAnswer>(`/folder/grants/${folderId}`),
  });

export function useFolderGrants(folderId: number) {
  return useQuery(folderGrantsQuery(useProjectKey(), folderId));
}

/** Replaces a folder's whole grant set. */
export function useSaveFolderGrants() {
  const invalidate = useInvalidateFolders();
  return useMutation({
    mutationFn: ({ folderId, grants }: { folderId: number; grants: FolderGrantInput[] }) =>
      api.postJson<null>(`/folder/grants/${folderId}`, { grants }),
    onSuccess: invalidate,
  });
}

/** One member's effective rights on every folder; runs once a member is chosen. */
export function useUserRights(userId: number | undefined) {
  return useQuery({
    queryKey: [...foldersKey(useProjectKey()), 'userRights', userId ?? 0],
    queryFn: () => api.get<UserFolderRights>(`/file/permission/user/${userId}`),
    enabled: userId !== undefined,
  });
}

/** Everyone a folder can be granted to: the project's roles, groups and members. */
export interface GrantSubjects {
  roles: RoleItem[];
  groups: GroupItem[];
  members: ProjectMember[];
}

async function listGrantSubjects(): Promise<GrantSubjects> {
  const [roles, groups, members] = await Promise.all([
    api.get<RoleItem[]>('/role/list'),
    api.get<GroupItem[]>('/group/list'),
    api.get<Page<ProjectMember>>('/manage/member/list', { pageNum: 1, pageSize: STUDY_PAGE_SIZE }),
  ]);
  return { roles, groups, members: members.data };
}

export function useGrantSubjects() {
  return useQuery({ queryKey: [...foldersKey(useProjectKey()), 'subjects'], queryFn: listGrantSubjects });
}

/** The directory templates the project's company may apply. */
export function useDirectoryTemplates() {
  return useQuery({
    queryKey: [...foldersKey(useProjectKey()), 'templates'],
    queryFn: () => api.get<DirectoryTemplateItem[]>('/folder/template/list'),
  });
}

/** Adds a template's folders to a tree of the project. */
export function useApplyTemplate() {
  const invalidate = useInvalidateFolders();
  return useMutation({
    mutationFn: (body: FolderTemplateApplyBody) => api.postJson<FolderTemplateApplied>('/folder/template/apply', body),
    onSuccess: invalidate,
  });
}

/** Saves a tree of the project as a company directory template. */
export function useSaveAsTemplate(meta?: MutationMeta) {
  const queryClient = useQueryClient();
  const queryKey = [...foldersKey(useProjectKey()), 'templates'];
  return useMutation({
    meta,
    mutationFn: (body: FolderTemplateSaveBody) => api.postJson<FolderTemplateSaved>('/folder/template/save', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey }),
  });
}
