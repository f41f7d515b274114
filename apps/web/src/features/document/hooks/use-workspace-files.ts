import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useIdParam } from '../../../lib/use-id-param';
import { useListState } from '../../../lib/use-list-state';
import { useProjectKey } from '../../../lib/project-query';
import { useStableCallback } from '../../../lib/use-stable-callback';
import { filesQuery, useFiles, type DocumentView, type FileListParams, type SortField } from '../api';
import type { ListFilters } from '../components/file-filters';

/**
 * The workspace's file list: the chosen folder (or all), view, search, filters, sort, page and the selected
 * rows. Changing the folder, view or filters starts again at page 1.
 */
export function useWorkspaceFiles() {
  const queryClient = useQueryClient();
  const project = useProjectKey();
  // The open folder is in the address (?folder=): back returns to the previous folder, a link opens this one.
  const [folderId, setFolderId] = useIdParam('folder');
  // The page number and the selection belong to the folder: another folder reads page 1 and nothing selected in
  // the render that shows it, so choosing one is a single address change (no render, no request for the old
  // folder's page 1 before it).
  const list = useListState(folderId);
  const [sort, setSort] = useState<{ sort: SortField; order: 'asc' | 'desc' }>({ sort: 'updatedAt', order: 'desc' });
  const [selection, setSelection] = useState<{ folderId: number | null; ids: number[] }>({ folderId, ids: [] });
  const selected = selection.folderId === folderId ? selection.ids : [];
  const setSelected = (ids: number[] | ((current: number[]) => number[])) =>
    setSelection((s) => {
      const current = s.folderId === folderId ? s.ids : [];
      return { folderId, ids: typeof ids === 'function' ? ids(current) : ids };
    });
  const [view, setView] = useState<DocumentView>('all');
  const [filters, setFilters] = useState<ListFilters>({});
  const params = (folder: number | null, pageNum: number): FileListParams => ({
    folderId: folder,
    pageNum,
    pageSize: list.pageSize,
    name: list.searchValue,
    sort: sort.sort,
    order: sort.order,
    view,
    ...filters,
  });
  const files = useFiles(params(folderId, list.pageNum));
  // Each list request is asked for in the click, with the key the list will read it by, so it travels while the
  // page renders for the click instead of after that render (issue 30 part 4).
  const prefetch = (next: FileListParams) => void queryClient.prefetchQuery(filesQuery(project, next));
  const firstPage = () => list.search(list.searchValue);
  // Stable: the folder tree is memoised and takes it as its onChoose.
  const chooseFolder = useStableCallback((id: number | null) => {
    // The new folder's first page is asked for in the click, with the key the list will read it by: it comes
    // back while the page renders for the new address instead of after (issue 30 part 4).
    prefetch(params(id, 1));
    setFolderId(id);
  });
  /** list.pagination, its page asked for in the click; a new page size restarts at page 1 (useListState). */
  const pagination = (total: number | undefined, capped?: boolean) => {
    const config = list.pagination(total, capped);
    return {
      ...config,
      onChange: (next: number, pageSize: number) => {
        if (pageSize === list.pageSize) prefetch(params(folderId, next));
        config.onChange?.(next, pageSize);
      },
    };
  };

  return {
    list,
    files,
    folderId,
    sort,
    setSort: (next: { sort: SortField; order: 'asc' | 'desc' }) => {
      prefetch({ ...params(folderId, list.pageNum), ...next });
      setSort(next);
    },
    pagination,
    selected,
    setSelected,
    view,
    chooseFolder,
    changeView: (next: DocumentView) => {
      setView(next);
      firstPage();
    },
    changeFilters: (next: ListFilters) => {
      setFilters(next);
      firstPage();
    },
  };
}

export type WorkspaceFiles = ReturnType<typeof useWorkspaceFiles>;
