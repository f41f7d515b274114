import type { TableProps } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';

export type Order = 'asc' | 'desc';

/**
 * A table sorted by the server: the column props that show the current sort, and the table's onChange that asks
 * for a new one. Clearing a column's sort returns to the list's default (`fallback`), as the server answers it.
 */
export function serverSort<Row, Field extends string>(
  current: { sort: Field; order: Order },
  fallback: { sort: Field; order: Order },
  onSort: (sort: Field, order: Order) => void,
) {
  const sortable = (field: Field) => ({
    key: field,
    sorter: true,
    sortOrder: current.sort === field ? (current.order === 'asc' ? ('ascend' as const) : ('descend' as const)) : null,
  });
  const onChange: NonNullable<TableProps<Row>['onChange']> = (_p, _f, sorter, extra) => {
    if (extra.action !== 'sort') return;
    const s = sorter as SorterResult<Row>;
    if (!s.order || !s.columnKey) onSort(fallback.sort, fallback.order);
    else onSort(s.columnKey as Field, s.order === 'ascend' ? 'asc' : 'desc');
  };
  return { sortable, onChange };
}
