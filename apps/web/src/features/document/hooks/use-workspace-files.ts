import { useState } from 'react';
import { useIdParam } from '../../../lib/use-id-param';
import { useListState } from '../../../lib/use-list-state';
import { useFiles, type DocumentView, type SortField } from '../api';
import type { ListFilters } from '../components/file-filters';

/**
 * The workspace's file list: the chosen folder (or all), view, search, filters, sort, page and the selected
 * rows. Changing the folder, view or filters starts again at page 1.
 */
export function useWorkspaceFiles() {
  const list = useListState();
  // The open folder is in the address (?folder=): back returns to the previous folder, a link opens this one.
  const [folderId, setFolderId] = useIdParam('folder');
  const [sort, setSort] = useState<{ sort: SortField; order: 'asc' | 'desc' }>({ sort: 'updatedAt', order: 'desc' });
  const [selected, setSelected] = useState<number[]>([]);
  const [view, setView] = useState<DocumentView>('all');
  const [filters, setFilters] = useState<ListFilters>({});
  const files = useFiles({
    folderId,
    pageNum: list.pageNum,
    pageSize: list.pageSize,
    name: list.searchValue,
    sort: sort.sort,
    order: sort.order,
    view,
    ...filters,
  });
  const firstPage = () => list.search(list.searchValue);

  return {
    list,
    files,
    folderId,
    sort,
    setSort,
    selected,
    setSelected,
    view,
    chooseFolder: (id: number | null) => {
      setFolderId(id);
      setSelected([]);
      firstPage();
    },
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
