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
 *
 * `scope` (a folder, say) is what the page number belongs to: when it changes the list reads page 1 in that same
 * render, with no update of its own. Resetting the page after the scope had changed took a render of its own, and
 * asked for the old scope's page 1 on the way (issue 30 part 4).
 */
export function useListState(scope: unknown = null) {
  const { t } = useTranslation();
  const [state, setState] = useState<ListState & { scope: unknown }>(() => ({
    pageNum: 1,
    pageSize: getSessionValue('pageSize'),
    searchValue: '',
    scope,
  }));
  const pageNum = Object.is(state.scope, scope) ? state.pageNum : 1;

  const search = (value: string) => setState((s) => ({ ...s, scope, pageNum: 1, searchValue: value.trim() }));

  /** `capped`: the server counted up to its cap and there are more ("10,000+"). */
  const pagination = (total: number | undefined, capped = false): TablePaginationConfig => ({
    current: pageNum,
    pageSize: state.pageSize,
    total: total ?? 0,
    showSizeChanger: true,
    showTotal: (count) =>
      capped ? t('common.totalCapped', { total: count.toLocaleString() }) : t('common.total', { total: count }),
    onChange: (next, pageSize) =>
      // A new page size restarts at page 1, the page number would point past the end otherwise.
      setState((s) => ({ ...s, scope, pageNum: pageSize === s.pageSize ? next : 1, pageSize })),
  });

  /** After a removal empties the last page, step back one page rather than show an empty table. */
  const stepBackIfEmpty = (rowsOnPage: number) => {
    if (rowsOnPage <= 1 && pageNum > 1) setState((s) => ({ ...s, scope, pageNum: pageNum - 1 }));
  };

  return { pageNum, pageSize: state.pageSize, searchValue: state.searchValue, search, pagination, stepBackIfEmpty };
}
