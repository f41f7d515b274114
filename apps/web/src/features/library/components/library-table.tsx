import { Empty, Grid, Table, Tooltip, Typography, type TableColumnsType, type TablePaginationConfig } from 'antd';
import { useTranslation } from 'react-i18next';
import { DocStatus } from '@edoc/contract/enums';
import type { LibraryRow } from '@edoc/contract/library';
import { StatusTag } from '../../../components/status-tag';
import { formatDate, formatDateTime } from '../../../lib/format';
import { serverSort } from '../../../lib/server-sort';
import type { LibrarySort } from '../api';
import { NameCell, oneLine } from './library-name-cell';
import { LibraryRowActions, type LibraryRowActionsProps } from './library-row-actions';

export { libraryViewerHref } from './library-name-cell';
export { RECORD_CHANGES, rowMenuId, type RecordChange } from './library-row-actions';

export interface LibraryTableProps extends Omit<LibraryRowActionsProps, 'row'> {
  rows: LibraryRow[];
  loading: boolean;
  pagination: TablePaginationConfig;
  sort: LibrarySort;
  order: 'asc' | 'desc';
  searching: boolean;
  onSort: (sort: LibrarySort, order: 'asc' | 'desc') => void;
}

export function LibraryTable(props: LibraryTableProps) {
  const { t } = useTranslation();
  // Below 1600 pixels the ICH code, publish date and creator move under the name (NameCell).
  const wide = !!Grid.useBreakpoint().xxl;
  // Clearing the sort returns to the server's default: latest archived first.
  const { sortable, onChange } = serverSort<LibraryRow, LibrarySort>(
    props,
    { sort: 'archivedAt', order: 'desc' },
    props.onSort,
  );

  // Widths measured at 1440×900 beside the folder tree, in both languages: the value of each column on one line.
  const columns: TableColumnsType<LibraryRow> = [
    {
      title: t('library.col.name'),
      dataIndex: 'file_name',
      ...sortable('name'),
      width: wide ? 260 : 184,
      render: (_v, row) => <NameCell row={row} folded={!wide} />,
    },
    ...(wide ? [{ title: t('library.col.ichCode'), dataIndex: 'ich_code', width: 90, ellipsis: true }] : []),
    // Cut with an ellipsis in the cells only: antd's column ellipsis would cut the headers too.
    {
      title: t('library.col.fileCode'),
      dataIndex: 'file_code',
      ...sortable('fileCode'),
      width: 104,
      render: (code: string | null) => (
        <span title={code ?? undefined} style={oneLine}>
          {code}
        </span>
      ),
    },
    {
      title: t('library.col.version'),
      dataIndex: 'version_no',
      width: 76,
      render: (no: string | null) => (
        <span title={no ?? undefined} style={oneLine}>
          {no}
        </span>
      ),
    },
    {
      title: t('library.col.status'),
      dataIndex: 'status',
      width: 108,
      render: (s: number, row) => (
        <StatusTag status={s} id={`library-row-${row.entryId}-status`}>
          {s === DocStatus.WaitingActivation
            ? t('library.waitingFrom', { date: formatDate(row.effective_date) })
            : null}
        </StatusTag>
      ),
    },
    {
      title: t('library.col.effectiveDate'),
      dataIndex: 'effective_date',
      ...sortable('effectiveDate'),
      width: 100,
      render: formatDate,
    },
    {
      title: t('library.col.expirationDate'),
      dataIndex: 'expiration_date',
      ...sortable('expirationDate'),
      width: 100,
      render: (d: string | null, row) =>
        row.expired ? (
          <Tooltip title={t('library.mark.expired')}>
            <Typography.Text type="danger" id={`library-row-${row.entryId}-expired`}>
              {formatDate(d)}
            </Typography.Text>
          </Tooltip>
        ) : (
          formatDate(d)
        ),
    },
    ...(wide
      ? [{ title: t('library.col.publishDate'), dataIndex: 'publish_date', width: 100, render: formatDate }]
      : []),
    {
      title: t('library.col.archivedAt'),
      dataIndex: 'archivedtime',
      ...sortable('archivedAt'),
      // The day in the column, the minute on hover.
      width: 100,
      render: (at: string) => <span title={formatDateTime(at)}>{formatDate(at)}</span>,
    },
    ...(wide ? [{ title: t('library.col.creator'), dataIndex: 'username', width: 120, ellipsis: true }] : []),
    {
      title: t('library.col.actions'),
      key: 'actions',
      fixed: 'right',
      width: 96,
      render: (_v, row) => (
        <LibraryRowActions
          row={row}
          mayApplyDelete={props.mayApplyDelete}
          mayRefile={props.mayRefile}
          onRecall={props.onRecall}
          onInvalid={props.onInvalid}
          onApplyDelete={props.onApplyDelete}
          onRecordChange={props.onRecordChange}
        />
      ),
    },
  ];
  // Scroll sideways only when the columns are wider than the room.
  const width = columns.reduce((sum, c) => sum + Number(c.width ?? 100), 0);

  return (
    <Table<LibraryRow>
      id="library-table"
      rowKey="entryId"
      size="middle"
      scroll={{ x: width }}
      loading={props.loading}
      columns={columns}
      dataSource={props.rows}
      pagination={props.pagination}
      onChange={onChange}
      locale={{
        emptyText: (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={props.searching ? t('common.noMatch') : t('library.empty')}
          />
        ),
      }}
    />
  );
}
