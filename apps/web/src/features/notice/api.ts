import type { NoticeItem, NoticeUpdateBody } from '@edoc/contract/notice';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { noticeRoutes } from '@edoc/contract/notice-routes';
import { call } from '../../lib/api-client';

const NOTICES = ['notices'] as const;

export function useNotices(pageNum: number, pageSize: number) {
  return useQuery({
    queryKey: [...NOTICES, 'list', pageNum, pageSize],
    queryFn: () => call(noticeRoutes.list, { query: { pageNum, pageSize } }),
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
    mutationFn: (body: NoticeUpdateBody) => call(noticeRoutes.update, { body }),
    onSuccess: invalidate,
  });
}

export function useUndoNotice() {
  const invalidate = useInvalidateNotices();
  return useMutation({
    mutationFn: (notice: NoticeItem) => call(noticeRoutes.undoRelease, { params: { id: notice.id } }),
    onSuccess: invalidate,
  });
}
