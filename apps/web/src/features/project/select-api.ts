import type { Page } from '@edoc/contract/envelope';
import { WHOLE_LIST_PAGE_SIZE } from '@edoc/contract/limits';
import { projectEntryData, type ProjectEntryItem } from '@edoc/contract/project';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { projectEntryRoutes } from '@edoc/contract/project-routes';
import { call, callForm } from '../../lib/api-client';
import { PROJECT_QUERIES } from '../../lib/project-query';
import { useSession } from '../../lib/session';

/** The picker's lists belong to the signed-in user, not to a project. */
const selectKeys = {
  projects: (userId: number | null) => ['select', 'projects', userId] as const,
  companies: (userId: number | null) => ['select', 'companies', userId] as const,
};

type ProjectEntryPage = Page<ProjectEntryItem>;

/** The projects the user may enter; SPEC §7: one page of 1000, searched by name. */
export function useEnterableProjects(searchValue: string) {
  return useQuery({
    queryKey: [...selectKeys.projects(useSession().userId), searchValue],
    queryFn: () =>
      call(projectEntryRoutes.list, {
        query: {
          pageNum: 1,
          pageSize: WHOLE_LIST_PAGE_SIZE,
          searchValue: searchValue || undefined,
        },
      }),
  });
}

/** The companies this user may manage; empty for ordinary users. */
export function useManagedCompanies() {
  return useQuery({
    queryKey: selectKeys.companies(useSession().userId),
    queryFn: () => call(projectEntryRoutes.companies),
  });
}

/**
 * Nothing of the project the user worked in before may show in the next one (or in the company area): every
 * project-scoped query is dropped from the cache once the server has bound the session elsewhere.
 */
function useForgetProject() {
  const queryClient = useQueryClient();
  return () => queryClient.removeQueries({ queryKey: PROJECT_QUERIES });
}

export function useEnterProject() {
  const forgetProject = useForgetProject();
  return useMutation({
    // A malformed answer fails the entry: it must not leave a half-written session behind.
    mutationFn: async (projectId: number) =>
      projectEntryData.parse(await callForm(projectEntryRoutes.enter, { body: { studyId: projectId } })),
    onSuccess: forgetProject,
  });
}

export function useEnterCompany() {
  const forgetProject = useForgetProject();
  return useMutation({
    mutationFn: (companyId: number) => callForm(projectEntryRoutes.enterCompany, { body: { companyId } }),
    onSuccess: forgetProject,
  });
}

export const MARK_MUTATION = ['select', 'mark'] as const;

/** Flips a project's favourite star at once; takes it back if the server refuses. */
export function useToggleProjectMark() {
  const queryClient = useQueryClient();
  const queryKey = selectKeys.projects(useSession().userId);
  const setMark = (projectId: number, mark: (before: boolean) => boolean) =>
    queryClient.setQueriesData<ProjectEntryPage>({ queryKey }, (page) =>
      page
        ? { ...page, data: page.data.map((s) => (s.study_id === projectId ? { ...s, mark: mark(s.mark) } : s)) }
        : page,
    );
  return useMutation({
    mutationKey: MARK_MUTATION,
    mutationFn: (projectId: number) => call(projectEntryRoutes.mark, { params: { id: projectId } }),
    onMutate: async (projectId) => {
      await queryClient.cancelQueries({ queryKey });
      const before = queryClient.getQueriesData<ProjectEntryPage>({ queryKey });
      setMark(projectId, (marked) => !marked);
      return { before };
    },
    onError: (_error, _projectId, context) => {
      for (const [key, data] of context?.before ?? []) queryClient.setQueryData(key, data);
    },
    onSuccess: (data, projectId) => setMark(projectId, () => data.mark),
  });
}
