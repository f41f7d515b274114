import type {
  FolderBody,
  FolderCreateBody,
  FolderGrantInput,
  FolderMoveBody,
  DirectoryTemplateApplyBody,
  DirectoryTemplateSaveBody,
} from '@edoc/contract/folder';
import type { GroupItem } from '@edoc/contract/group';
import { WHOLE_LIST_PAGE_SIZE } from '@edoc/contract/limits';
import type { ProjectMember } from '@edoc/contract/member';
import type { RoleItem } from '@edoc/contract/role';
import { queryOptions, useMutation, useQuery, useQueryClient, type MutationMeta } from '@tanstack/react-query';
import { folderRoutes } from '@edoc/contract/folder-routes';
import { groupRoutes } from '@edoc/contract/group-routes';
import { manageMemberRoutes } from '@edoc/contract/member-routes';
import { roleRoutes } from '@edoc/contract/role-routes';
import { call } from '../../lib/api-client';
import { useProjectKey, type ProjectKey } from '../../lib/project-query';

/** Every folder query of the entered project: the tree, grants, rights by user, grant subjects, templates. */
const foldersKey = (project: ProjectKey) => [...project, 'folders'] as const;

/** The entered project's folder trees with the caller's rights (the document workspace reads it too). */
export const folderTreeQuery = (project: ProjectKey) =>
  queryOptions({
    queryKey: [...foldersKey(project), 'tree'],
    queryFn: () => call(folderRoutes.tree0),
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
        ? call(folderRoutes.rename, { params: { id: save.folderId }, body: save.body })
        : call(folderRoutes.create, { body: save.body }),
    onSuccess: invalidate,
  });
}

/** Reorder among siblings and/or move under another parent. */
export function useMoveFolder() {
  const invalidate = useInvalidateFolders();
  return useMutation({
    mutationFn: ({ folderId, body }: { folderId: number; body: FolderMoveBody }) =>
      call(folderRoutes.move, { params: { id: folderId }, body }),
    onSuccess: invalidate,
  });
}

export function useDeleteFolder() {
  const invalidate = useInvalidateFolders();
  return useMutation({
    mutationFn: (folderId: number) => call(folderRoutes.delete, { params: { id: folderId } }),
    onSuccess: invalidate,
  });
}

export const folderGrantsQuery = (project: ProjectKey, folderId: number) =>
  queryOptions({
    queryKey: [...foldersKey(project), 'grants', folderId],
    queryFn: () => call(folderRoutes.grants, { params: { folderId } }),
  });

export function useFolderGrants(folderId: number) {
  return useQuery(folderGrantsQuery(useProjectKey(), folderId));
}

/** Replaces a folder's whole grant set. */
export function useSaveFolderGrants() {
  const invalidate = useInvalidateFolders();
  return useMutation({
    mutationFn: ({ folderId, grants }: { folderId: number; grants: FolderGrantInput[] }) =>
      call(folderRoutes.saveGrants, { params: { folderId }, body: { grants } }),
    onSuccess: invalidate,
  });
}

/** One member's effective rights on every folder; runs once a member is chosen. */
export function useUserRights(userId: number | undefined) {
  return useQuery({
    queryKey: [...foldersKey(useProjectKey()), 'userRights', userId ?? 0],
    queryFn: () => call(folderRoutes.userRights, { params: { id: userId } }),
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
    call(roleRoutes.list),
    call(groupRoutes.list),
    call(manageMemberRoutes.list, { query: { pageNum: 1, pageSize: WHOLE_LIST_PAGE_SIZE } }),
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
    queryFn: () => call(folderRoutes.templateList),
  });
}

/** Adds a template's folders to a tree of the project. */
export function useApplyTemplate() {
  const invalidate = useInvalidateFolders();
  return useMutation({
    mutationFn: (body: DirectoryTemplateApplyBody) => call(folderRoutes.applyTemplate, { body }),
    onSuccess: invalidate,
  });
}

/** Saves a tree of the project as a company directory template. */
export function useSaveAsTemplate(meta?: MutationMeta) {
  const queryClient = useQueryClient();
  const queryKey = [...foldersKey(useProjectKey()), 'templates'];
  return useMutation({
    meta,
    mutationFn: (body: DirectoryTemplateSaveBody) => call(folderRoutes.saveTemplate, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey }),
  });
}
