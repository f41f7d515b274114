import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type MutationMeta,
  type QueryMeta,
} from '@tanstack/react-query';
import type { QualityIssueCreateBody } from '@edoc/contract/quality-issue';
import { qualityIssueRoutes } from '@edoc/contract/quality-issue-routes';
import { workflowRoutes } from '@edoc/contract/workflow-routes';
import type { RouteInput } from '@edoc/contract/route';
import { call } from '../../lib/api-client';
import { useProjectKey, type ProjectKey } from '../../lib/project-query';

/** Under the entered project, so another project's issues never show from the cache. */
const issuesKey = (project: ProjectKey) => [...project, 'quality-issues'] as const;

/** The list's filters as the address carries them (flags as booleans). */
export type IssueListQuery = NonNullable<RouteInput<typeof qualityIssueRoutes.list>['query']>;

/**
 * A page of the quality issues the caller may read; with documentId, that document's and whether they may raise one.
 * `paged`: the list page keeps the last page shown while the next loads; a document's issues never show another's.
 */
export function useQualityIssues(query: IssueListQuery, options: { meta?: QueryMeta; paged?: boolean } = {}) {
  return useQuery({
    queryKey: [...issuesKey(useProjectKey()), 'list', query],
    queryFn: () => call(qualityIssueRoutes.list, { query }),
    placeholderData: options.paged ? keepPreviousData : undefined,
    meta: options.meta,
  });
}

/**
 * Who an issue may be assigned to: the members who may read a document of this folder (/folder/recipients, the
 * question the upload form asks; the server checks the assignee itself). Here and not the document feature's hook:
 * the workspace page composes this feature's tab, so this feature may not import the document feature back.
 */
export function useIssueAssignees(folderId: number | null, enabled: boolean) {
  return useQuery({
    queryKey: [...issuesKey(useProjectKey()), 'assignees', folderId ?? 0],
    queryFn: () => call(workflowRoutes.recipients, { query: { folderId: folderId ?? undefined } }),
    enabled: enabled && folderId !== null,
  });
}

/**
 * After any change the issues refresh, and so do the task lists (an issue is a Home task of its assignee and its
 * raiser) and the document lists (archiving depends on the open ones). Not the whole project: the viewer's state
 * query records a view each time it runs.
 */
function useRefresh() {
  const queryClient = useQueryClient();
  const project = useProjectKey();
  return () =>
    Promise.all(
      [issuesKey(project), [...project, 'tasks'], [...project, 'documents']].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

export function useRaiseIssue(meta?: MutationMeta) {
  const refresh = useRefresh();
  return useMutation({
    meta,
    mutationFn: (body: QualityIssueCreateBody) => call(qualityIssueRoutes.create, { body }),
    onSuccess: refresh,
  });
}

/** One step of an issue's life; each takes the text or the member its dialog asks for. */
export type IssueStep =
  | { action: 'resolve'; id: number; resolution: string }
  | { action: 'verify'; id: number }
  | { action: 'reopen'; id: number; comment: string }
  | { action: 'waive'; id: number; reason: string }
  | { action: 'reassign'; id: number; assigneeId: number };

function callStep(step: IssueStep) {
  const params = { id: step.id };
  switch (step.action) {
    case 'resolve':
      return call(qualityIssueRoutes.resolve, { params, body: { resolution: step.resolution } });
    case 'verify':
      return call(qualityIssueRoutes.verify, { params });
    case 'reopen':
      return call(qualityIssueRoutes.reopen, { params, body: { comment: step.comment } });
    case 'waive':
      return call(qualityIssueRoutes.waive, { params, body: { reason: step.reason } });
    case 'reassign':
      return call(qualityIssueRoutes.reassign, { params, body: { assigneeId: step.assigneeId } });
  }
}

/** Refreshed after a refusal too: a 409 means someone else moved the issue on, and its buttons should say so. */
export function useIssueStep(meta?: MutationMeta) {
  const refresh = useRefresh();
  return useMutation({ meta, mutationFn: callStep, onSettled: refresh });
}
