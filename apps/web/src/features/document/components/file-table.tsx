import { memo, useState } from 'react';
import {
  Dropdown,
  Empty,
  Space,
  Table,
  Typography,
  type MenuProps,
  type TableColumnsType,
  type TablePaginationConfig,
} from 'antd';
import { serverSort } from '../../../lib/server-sort';
import { useTranslation } from 'react-i18next';
import { folderNameIn } from '@edoc/contract/folder';
import type { FileRow } from '@edoc/contract/document';
import { formatDate, formatDateTime } from '../../../lib/format';
import type { SortField } from '../api';
import { FileTypeIcon } from '../../../components/file-type-icon';
import { LockMark } from '../../../components/lock-mark';
import { CertifiedCopyTag } from '../../../components/certified-copy-tag';
import { StatusTag } from '../../../components/status-tag';
import { ResizableHeaderCell } from '../../../components/resizable-header-cell';
import type { FileColumn, TableLayout } from './column-settings';
import { useTableKeys } from '../../../lib/use-table-keys';
import { useStableCallback } from '../../../lib/use-stable-callback';
import { RowActions, useConfirmDelete, useRowMenu, type RowAction } from './row-actions';

export { viewerHref, type RowAction } from './row-actions';

/** A cell is drawn again when its row is a new object; the query cache keeps an unchanged row the same object. */
const cellChanged = (row: FileRow, before: FileRow) => row !== before;

export interface FileTableProps {
  rows: FileRow[];
  loading: boolean;
  pagination: TablePaginationConfig;
  sort: SortField;
  order: 'asc' | 'desc';
  searching: boolean;
  selected: number[];
  onSelect: (ids: number[]) => void;
  onSort: (sort: SortField, order: 'asc' | 'desc') => void;
  onAction: (action: RowAction, row: FileRow) => void;
  onDelete: (row: FileRow) => Promise<unknown>;
  layout: TableLayout;
  /** A column's edge dragged to a new width: the layout with it, to remember. */
  onLayout: (next: TableLayout) => void;
  /** The document open in the side panel, and opening one (a click on the row, Enter). */
  openId: number | null;
  onOpen: (row: FileRow) => void;
  onClose: () => void;
  /** What an empty list says: what to do next where the caller can do something. */
  emptyHint: string;
  /** The selected rows' menu: a right click on one of several selected rows opens it instead of the row's. */
  selectionMenu: MenuProps;
}

/**
 * The workspace's document table. Memoised, and each cell drawn again only when its row's data changes (a new
 * object from the server): opening the side panel, selecting or moving the cursor re-renders the rows' classes, not
 * their cells' buttons, tooltips and tags (issue 30 part 4). The cells' handlers are therefore stable ones calling
 * the latest props, and a change of language remounts the table (the cells' words are in their drawn output).
 */
export const FileTable = memo(function FileTable(props: FileTableProps) {
  const { t, i18n } = useTranslation();
  const onOpen = useStableCallback(props.onOpen);
  const onAction = useStableCallback(props.onAction);
  const onDelete = useStableCallback(props.onDelete);
  const onLayout = useStableCallback(props.onLayout);
  // Clearing the sort returns to the server's default: latest updated first.
  const { sortable, onChange } = serverSort<FileRow, SortField>(
    props,
    { sort: 'updatedAt', order: 'desc' },
    props.onSort,
  );

  const menuOf = useRowMenu({ onAction, onDelete });
  const confirmDelete = useConfirmDelete(onDelete);
  const keys = useTableKeys({
    rows: props.rows,
    onOpen,
    // Enter on the row whose panel is open already takes the focus into the panel (DocumentPanel's root): the list
    // keeps it while the panel follows the cursor, and Tab would pass every row's buttons first (issue 31).
    onEnter: (row) =>
      row.fileId === props.openId ? document.querySelector<HTMLElement>('.document-panel')?.focus() : props.onOpen(row),
    onDelete: (row) => row.abilities.includes('deleteDoc') && !row.lock && confirmDelete(row),
    onToggle: (row) =>
      row.abilities.includes('editDoc') &&
      props.onSelect(
        props.selected.includes(row.fileId)
          ? props.selected.filter((id) => id !== row.fileId)
          : [...props.selected, row.fileId],
      ),
    onEscape: props.onClose,
    follow: props.openId !== null,
  });
  // A right click on a row opens its "more" menu where the pointer is (issue 12).
  const [context, setContext] = useState<{ row: FileRow; x: number; y: number } | null>(null);

  const severalSelected = (row: FileRow) => props.selected.length > 1 && props.selected.includes(row.fileId);
  const contextMenu = context ? (severalSelected(context.row) ? props.selectionMenu : menuOf(context.row)) : undefined;

  // Each column by its key; the user's layout picks which show and in what order (column-settings.tsx).
  const byKey: Record<FileColumn, TableColumnsType<FileRow>[number]> = {
    folder: {
      title: t('document.col.folder'),
      dataIndex: 'folder',
      width: 110,
      ellipsis: true,
      render: (name: string | null, row) => (name === null ? null : folderNameIn(i18n.language, name, row.folderEn)),
    },
    name: {
      title: t('document.col.name'),
      dataIndex: 'file_name',
      ...sortable('name'),
      width: 220,
      render: (name: string, row) => (
        <Space size={6}>
          <FileTypeIcon ext={row.type} />
          <Typography.Link id={`document-row-${row.fileId}-open`} onClick={() => onOpen(row)}>
            {name}
          </Typography.Link>
          {row.lock ? <LockMark lock={row.lock} id={`document-row-${row.fileId}-lock`} /> : null}
          {row.certifiedCopy ? (
            <CertifiedCopyTag copy={row.certifiedCopy} id={`document-row-${row.fileId}-certified`} />
          ) : null}
        </Space>
      ),
    },
    type: { title: t('document.col.type'), dataIndex: 'type', width: 70 },
    effectiveDate: {
      title: t('document.col.effectiveDate'),
      dataIndex: 'effective_date',
      width: 115,
      render: formatDate,
    },
    expirationDate: {
      title: t('document.col.expirationDate'),
      dataIndex: 'expiration_date',
      width: 115,
      render: formatDate,
    },
    version: { title: t('document.col.version'), dataIndex: 'version_no', width: 76 },
    fileCode: { title: t('document.col.fileCode'), dataIndex: 'file_code', ...sortable('fileCode'), width: 100 },
    status: {
      title: t('document.col.status'),
      dataIndex: 'status',
      ...sortable('status'),
      width: 100,
      render: (s: number, row) => <StatusTag status={s} id={`document-row-${row.fileId}-status`} />,
    },
    receiver: {
      title: t('document.col.receiver'),
      dataIndex: 'receiverName',
      width: 96,
      // Cut in the cell only, whole on hover: a column ellipsis would cut the header too.
      render: (name: string | null, row) =>
        name ? (
          <span
            id={`document-row-${row.fileId}-receiver`}
            title={name}
            style={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
          >
            {name}
          </span>
        ) : null,
    },
    comment: { title: t('document.col.comment'), dataIndex: 'comment', width: 160, ellipsis: true },
    creator: { title: t('document.col.creator'), dataIndex: 'username', width: 110 },
    created: {
      title: t('document.col.created'),
      dataIndex: 'createdtime',
      ...sortable('createdAt'),
      width: 150,
      render: formatDateTime,
    },
    updated: {
      title: t('document.col.updated'),
      dataIndex: 'updatedtime',
      ...sortable('updatedAt'),
      width: 140,
      render: formatDateTime,
    },
  };
  const { layout } = props;
  const chosen: TableColumnsType<FileRow> = [
    ...layout.order
      .filter((c) => !layout.hidden.includes(c))
      .map((c) => {
        const width = layout.widths[c] ?? Number(byKey[c].width);
        const title = byKey[c].title as string;
        return {
          key: c,
          ...byKey[c],
          width,
          onHeaderCell: () => ({
            width,
            resizeLabel: t('document.columns.resize', { name: title }),
            onResize: (next: number) => onLayout({ ...layout, widths: { ...layout.widths, [c]: next } }),
          }),
        };
      }),
    {
      title: t('document.col.actions'),
      key: 'actions',
      fixed: 'right',
      width: 112,
      render: (_v, row) => <RowActions row={row} menu={menuOf(row)} onAction={onAction} />,
    },
  ];
  const columns = chosen.map((c) => ({ ...c, shouldCellUpdate: cellChanged }));
  // Scroll sideways only when the chosen columns are wider than the room (the default fits at 1440 pixels).
  const width = columns.reduce((sum, c) => sum + Number(c.width ?? 120), 0) + 48;

  return (
    <div
      ref={keys.box}
      tabIndex={0}
      className="table-keys"
      onKeyDown={keys.onKeyDown}
      aria-label={t('document.keysHint')}
    >
      <Table<FileRow>
        key={i18n.language}
        id="document-table"
        rowKey="fileId"
        size={layout.density === 'compact' ? 'small' : 'middle'}
        components={{ header: { cell: ResizableHeaderCell } }}
        scroll={{ x: width }}
        loading={props.loading}
        columns={columns}
        dataSource={props.rows}
        pagination={props.pagination}
        onRow={(row, index = 0) => ({
          ...keys.rowProps(row, index, row.fileId === props.openId ? 'table-row-open' : undefined),
          onContextMenu: (event) => {
            event.preventDefault();
            setContext({ row, x: event.clientX, y: event.clientY });
          },
        })}
        rowSelection={{
          selectedRowKeys: props.selected,
          onChange: (keys) => props.onSelect(keys.map(Number)),
          getCheckboxProps: (row) => ({ disabled: !row.abilities.includes('editDoc') }),
        }}
        onChange={onChange}
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={props.searching ? t('common.noMatch') : props.emptyHint}
            />
          ),
        }}
      />
      {context ? (
        <Dropdown
          open
          menu={{
            ...contextMenu,
            onClick: (info) => {
              setContext(null);
              contextMenu?.onClick?.(info);
            },
          }}
          onOpenChange={(open) => (open ? undefined : setContext(null))}
          trigger={['contextMenu']}
        >
          <span
            id="document-context-anchor"
            style={{ position: 'fixed', left: context.x, top: context.y, width: 1, height: 1 }}
          />
        </Dropdown>
      ) : null}
    </div>
  );
});
