import { WHOLE_LIST_PAGE_SIZE } from '@edoc/contract/limits';
import type { ProjectBody } from '@edoc/contract/project';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type MutationMeta,
} from '@tanstack/react-query';
import { projectRoutes } from '@edoc/contract/project-routes';
import { call } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { templatesQuery } from '../template/api';

/** Keys carry the managed company: a company administrator may switch companies within one tab. */
export const projectKeys = {
  all: ['projects'] as const,
  company: (companyId: number | null) => ['projects', companyId] as const,
};

export interface ProjectPageQuery {
  pageNum: number;
  pageSize: number;
  searchValue?: string;
}

const listProjects = (q: ProjectPageQuery) =>
  call(projectRoutes.list, { query: { ...q, searchValue: q.searchValue || undefined } });

/** One page of the managed company's projects. */
export const projectsQuery = (companyId: number | null, q: ProjectPageQuery) =>
  queryOptions({
    queryKey: [...projectKeys.company(companyId), 'list', q.pageNum, q.pageSize, q.searchValue ?? ''],
    queryFn: () => listProjects(q),
    placeholderData: keepPreviousData,
  });

export function useProjects(q: ProjectPageQuery) {
  return useQuery(projectsQuery(useSession().companyId, q));
}

/** How a project is named where one is picked or listed among the company's: its code, then its name. */
export const projectLabel = (p: { code: string; name: string }) => `${p.code} · ${p.name}`;

/** Every project of the company at once (the project picker). */
export function useProjectOptions(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: [...projectKeys.company(useSession().companyId), 'options'],
    queryFn: () => listProjects({ pageNum: 1, pageSize: WHOLE_LIST_PAGE_SIZE }),
    enabled: options.enabled ?? true,
  });
}

/** The directory templates (types 2, 3, 4) a new project may start from. */
export function useDirectoryTemplates(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: [...projectKeys.company(useSession().companyId), 'templates'],
    queryFn: () => call(projectRoutes.directoryTemplates),
    ...options,
  });
}

/**
 * User-group templates, and the user + directory group templates (types 3/4) that bring their groups too. Keyed as
 * the template feature keys its lists, so its changes refresh this choice.
 */
export function useGroupTemplates(options: { enabled?: boolean } = {}) {
  return useQuery({ ...templatesQuery(useSession().companyId, '1,3,4'), ...options });
}

/** After a change every project query refreshes (lists, picker, member counts). */
function useInvalidateProjects() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: projectKeys.all });
}

/** Create (no projectId) or update a project. */
export function useSaveProject(meta?: MutationMeta) {
  const invalidate = useInvalidateProjects();
  return useMutation({
    meta,
    mutationFn: ({ projectId, body }: { projectId?: number; body: ProjectBody }) =>
      projectId
        ? call(projectRoutes.update, { params: { id: projectId }, body })
        : call(projectRoutes.create, { body }),
    onSuccess: invalidate,
  });
}

/** Close a project, or reopen a closed one. */
export function useSetProjectClosed() {
  const invalidate = useInvalidateProjects();
  return useMutation({
    mutationFn: ({ projectId, closed }: { projectId: number; closed: boolean }) =>
      call(closed ? projectRoutes.close : projectRoutes.reopen, { params: { id: projectId } }),
    onSuccess: invalidate,
  });
}
