import type { NoticeItem, NoticeList, NoticeSaved, NoticeUpdateBody } from '@edoc/contract/notice';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

const NOTICES = ['notices'] as const;

export function useNotices(pageNum: number, pageSize: number) {
  return useQuery({
    queryKey: [...NOTICES, 'list', pageNum, pageSize],
    queryFn: () => api.get<NoticeList>('/notice/system/list', { pageNum, pageSize }),
    placeholderData: keepPreviousData,
  });
}

function useInvalidateNotices() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: NOTICES });
}

/** Creates (no id) or updates a notice; release true publishes it as the login-page notice. */
export function useSaveNotice() {
  const invalidate = useInvalidateNotices();
  return useMutation({
    mutationFn: (body: NoticeUpdateBody) => api.postJson<NoticeSaved>('/notice/system/update/a', body),
    onSuccess: invalidate,
  });
}

export function useUndoNotice() {
  const invalidate = useInvalidateNotices();
  return useMutation({
    mutationFn: (notice: NoticeItem) => api.postJson<null>(`/notice/system/release/undo/${notice.id}/a`),
    onSuccess: invalidate,
  });
}
