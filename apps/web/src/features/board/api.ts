import type { BoardAttachment } from '@edoc/contract/board';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { boardRoutes } from '@edoc/contract/board-routes';
import { call } from '../../lib/api-client';
import { saveBlob } from '../../lib/download';
import { useProjectKey, type ProjectKey } from '../../lib/project-query';
import { uploadForm } from '../../lib/upload';

/** Every board query of the entered project: a post or a moderation refreshes them all (list, topic, badge). */
const boardKey = (project: ProjectKey) => [...project, 'board'] as const;

/** How often the menu's badge asks for news while the page stays open. */
const UNREAD_MS = 60_000;

export function useTopics(query: { pageNum: number; pageSize: number; searchValue: string }) {
  const project = useProjectKey();
  return useQuery({
    queryKey: [...boardKey(project), 'topics', query],
    queryFn: () => call(boardRoutes.topicList, { query: { ...query, searchValue: query.searchValue || undefined } }),
    placeholderData: keepPreviousData,
  });
}

/** A topic and a page of its replies; reading it marks it read, so the badge is asked again once it arrives. */
export function useTopic(id: number | null, page: { pageNum: number; pageSize: number }) {
  const project = useProjectKey();
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: [...boardKey(project), 'topic', id, page],
    queryFn: async () => {
      const detail = await call(boardRoutes.topic, { params: { id }, query: page });
      void queryClient.invalidateQueries({ queryKey: [...boardKey(project), 'unread'] });
      return detail;
    },
    enabled: id !== null,
    placeholderData: keepPreviousData,
  });
}

export function useBoardUnread() {
  const project = useProjectKey();
  return useQuery({
    queryKey: [...boardKey(project), 'unread'],
    queryFn: () => call(boardRoutes.unread),
    enabled: project[1] !== null,
    refetchInterval: UNREAD_MS,
    refetchOnWindowFocus: true,
    // A badge that cannot load stays empty; the message belongs to the page the user is looking at.
    meta: { silentError: true },
  });
}

export function useMentions(page: { pageNum: number; pageSize: number }) {
  const project = useProjectKey();
  return useQuery({
    queryKey: [...boardKey(project), 'mentions', page],
    queryFn: () => call(boardRoutes.mentionList, { query: page }),
    placeholderData: keepPreviousData,
  });
}

/** Whom a post may mention: the project's members (asked while a mention box is shown). */
export function useBoardMembers(enabled = true) {
  const project = useProjectKey();
  return useQuery({
    queryKey: [...boardKey(project), 'members'],
    queryFn: () => call(boardRoutes.memberList),
    enabled,
    staleTime: 60_000,
  });
}

function useBoardMutation<V, R>(fn: (vars: V) => Promise<R>, silentError = false) {
  const queryClient = useQueryClient();
  const project = useProjectKey();
  return useMutation({
    mutationFn: fn,
    meta: silentError ? { silentError } : undefined,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: boardKey(project) }),
  });
}

export interface PostInput {
  subject?: string;
  topicId?: number;
  body: string;
  mentionIds: number[];
  files: File[];
}

/** Text fields first, then the files: the server checks the fields before it stores a byte. */
function postForm(input: PostInput): FormData {
  const form = new FormData();
  if (input.subject !== undefined) form.append('subject', input.subject);
  if (input.topicId !== undefined) form.append('topicId', String(input.topicId));
  form.append('body', input.body);
  form.append('mentionIds', input.mentionIds.join(','));
  for (const file of input.files) form.append('file', file, file.name);
  return form;
}

/** A new topic, or a reply when topicId is given; the dialog shows a refusal under its fields itself. */
export const usePost = () =>
  useBoardMutation(
    (input: PostInput) =>
      uploadForm(input.topicId === undefined ? boardRoutes.postTopic : boardRoutes.postReply, postForm(input)),
    true,
  );

export const usePin = () =>
  useBoardMutation(({ id, pinned }: { id: number; pinned: boolean }) =>
    call(boardRoutes.pinTopic, { params: { id }, body: { pinned } }),
  );

export const useClose = () =>
  useBoardMutation(({ id, closed }: { id: number; closed: boolean }) =>
    call(boardRoutes.closeTopic, { params: { id }, body: { closed } }),
  );

export const useRemoveTopic = () => useBoardMutation((id: number) => call(boardRoutes.removeTopic, { params: { id } }));

export const useRemoveReply = () => useBoardMutation((id: number) => call(boardRoutes.removeReply, { params: { id } }));

export const useReadAllMentions = () => useBoardMutation(() => call(boardRoutes.readMentions));

/** Fetches an attachment with the session and hands it to the browser under its own name. */
export const useDownloadAttachment = () =>
  useMutation({
    mutationFn: async (file: BoardAttachment) =>
      saveBlob(await call(boardRoutes.attachment, { params: { id: file.id } }), file.fileName),
  });
