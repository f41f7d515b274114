import { useState } from 'react';
import type { TablePaginationConfig } from 'antd';
import { useTranslation } from 'react-i18next';
import { getSessionValue } from './session';

export interface ListState {
  pageNum: number;
  pageSize: number;
  searchValue: string;
}

/**
 * Paging and search of a server-paged table. A new search starts again at page 1; the page size starts
 * at the session's (the project's) page size, 10 by default (SPEC §3).
 */
export function useListState() {
  const { t } = useTranslation();
  const [state, setState] = useState<ListState>(() => ({
    pageNum: 1,
    pageSize: getSessionValue('pageSize'),
    searchValue: '',
  }));

  const search = (value: string) => setState((s) => ({ ...s, pageNum: 1, searchValue: value.trim() }));

  /** `capped`: the server counted up to its cap and there are more ("10,000+"). */
  const pagination = (total: number | undefined, capped = false): TablePaginationConfig => ({
    current: state.pageNum,
    pageSize: state.pageSize,
    total: total ?? 0,
    showSizeChanger: true,
    showTotal: (count) =>
      capped ? t('common.totalCapped', { total: count.toLocaleString() }) : t('common.total', { total: count }),
    onChange: (pageNum, pageSize) =>
      // A new page size restarts at page 1, the page number would point past the end otherwise.
      setState((s) => ({ ...s, pageNum: pageSize === s.pageSize ? pageNum : 1, pageSize })),
  });

  /** After a removal empties the last page, step back one page rather than show an empty table. */
  const stepBackIfEmpty = (rowsOnPage: number) => {
    if (rowsOnPage <= 1 && state.pageNum > 1) setState((s) => ({ ...s, pageNum: s.pageNum - 1 }));
  };

  return { ...state, search, pagination, stepBackIfEmpty };
}
