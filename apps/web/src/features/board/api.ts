import type {
  BoardAttachment,
  BoardMember,
  BoardUnread,
  MentionList,
  TopicDetail,
  TopicList,
} from '@edoc/contract/board';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
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
    queryFn: () => api.get<TopicList>('/board/topic/list', { ...query, searchValue: query.searchValue || undefined }),
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
      const detail = await api.get<TopicDetail>(`/board/topic/${id}`, page);
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
    queryFn: () => api.get<BoardUnread>('/board/unread'),
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
    queryFn: () => api.get<MentionList>('/board/mention/list', page),
    placeholderData: keepPreviousData,
  });
}

/** Whom a post may mention: the project's members (asked while a mention box is shown). */
export function useBoardMembers(enabled = true) {
  const project = useProjectKey();
  return useQuery({
    queryKey: [...boardKey(project), 'members'],
    queryFn: () => api.get<BoardMember[]>('/board/member/list'),
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
      uploadForm<{ id: number }>(input.topicId === undefined ? '/board/topic/a' : '/board/reply/a', postForm(input)),
    true,
  );

export const usePin = () =>
  useBoardMutation(({ id, pinned }: { id: number; pinned: boolean }) =>
    api.postJson<null>(`/board/topic/pin/${id}/a`, { pinned }),
  );

export const useClose = () =>
  useBoardMutation(({ id, closed }: { id: number; closed: boolean }) =>
    api.postJson<null>(`/board/topic/close/${id}/a`, { closed }),
  );

export const useRemoveTopic = () => useBoardMutation((id: number) => api.postJson<null>(`/board/topic/remove/${id}/a`));

export const useRemoveReply = () => useBoardMutation((id: number) => api.postJson<null>(`/board/reply/remove/${id}/a`));

export const useReadAllMentions = () => useBoardMutation(() => api.postJson<null>('/board/mention/read/a', {}));

/** Fetches an attachment with the session and hands it to the browser under its own name. */
export const useDownloadAttachment = () =>
  useMutation({
    mutationFn: async (file: BoardAttachment) =>
      saveBlob(await api.blob(`/board/attachment/${file.id}`), file.fileName),
  });
