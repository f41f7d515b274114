import { useState } from 'react';
import { useListState } from '../../../lib/use-list-state';
import { useLibraryFiles, type LibrarySort } from '../api';

/**
 * The library list's state: the chosen folder (or all), search, the obsolete / earlier-version switches, sort and
 * page. Changing the folder or a switch starts again at page 1.
 */
export function useLibraryList() {
  const list = useListState();
  const [folderId, setFolderId] = useState<number | null>(null);
  const [sort, setSort] = useState<{ sort: LibrarySort; order: 'asc' | 'desc' }>({ sort: 'archivedAt', order: 'desc' });
  const [showInvalid, setShowInvalid] = useState(false);
  const [showSuperseded, setShowSuperseded] = useState(false);
  const files = useLibraryFiles({
    folderId,
    pageNum: list.pageNum,
    pageSize: list.pageSize,
    name: list.searchValue,
    sort: sort.sort,
    order: sort.order,
    showInvalid,
    showSuperseded,
  });
  const firstPage = () => list.search(list.searchValue);

  return {
    list,
    files,
    folderId,
    sort,
    setSort,
    showInvalid,
    showSuperseded,
    chooseFolder: (id: number | null) => {
      setFolderId(id);
      firstPage();
    },
    toggleInvalid: (on: boolean) => {
      setShowInvalid(on);
      firstPage();
    },
    toggleSuperseded: (on: boolean) => {
      setShowSuperseded(on);
      firstPage();
    },
  };
}

export type LibraryListState = ReturnType<typeof useLibraryList>;
