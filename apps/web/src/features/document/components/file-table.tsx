import {
  CommentOutlined,
  DeleteOutlined,
  DownloadOutlined,
  DragOutlined,
  EditOutlined,
  EyeOutlined,
  FormOutlined,
  HistoryOutlined,
  AuditOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import {
  Button,
  Empty,
  Popconfirm,
  Space,
  Table,
  Tooltip,
  type TableColumnsType,
  type TablePaginationConfig,
} from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import { folderNameIn } from '@edoc/contract/folder';
import type { FileRow } from '@edoc/contract/document';
import { formatDate, formatDateTime } from '../../../lib/format';
import type { SortField } from '../api';
import { FileTypeIcon } from '../../../components/file-type-icon';

export type RowAction = 'download' | 'newVersion' | 'editMeta' | 'rename' | 'move' | 'versions' | 'trail' | 'comments';

/** The permission key each action needs on the row's folder (the server answers the keys in `abilities`). */
const NEEDS: Record<RowAction, string> = {
  download: 'downDoc',
  newVersion: 'editDoc',
  editMeta: 'editDoc',
  rename: 'editDoc',
  move: 'editDoc',
  versions: 'viewVersionDoc',
  trail: 'viewTrailDoc',
  comments: 'viewDoc',
};

const ICONS: Record<RowAction, React.ReactNode> = {
  download: <DownloadOutlined />,
  newVersion: <UploadOutlined />,
  editMeta: <FormOutlined />,
  rename: <EditOutlined />,
  move: <DragOutlined />,
  versions: <HistoryOutlined />,
  trail: <AuditOutlined />,
  comments: <CommentOutlined />,
};

/** Row-action ids use these short names: #document-row-<fileId>-<id>. */
const IDS: Record<RowAction, string> = {
  download: 'download',
  newVersion: 'new-version',
  editMeta: 'edit',
  rename: 'rename',
  move: 'move',
  versions: 'versions',
  trail: 'trail',
  comments: 'comments',
};

export const viewerHref = (row: FileRow) =>
  `/view?fileId=${row.fileId}${row.fileVersionId ? `&fileVerId=${row.fileVersionId}` : ''}`;

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
}

export function FileTable(props: FileTableProps) {
  const { t, i18n } = useTranslation();
  const sortOrder = (field: SortField) =>
    props.sort === field ? (props.order === 'asc' ? ('ascend' as const) : ('descend' as const)) : null;
  const sortable = (field: SortField) => ({ key: field, sorter: true, sortOrder: sortOrder(field) });

  const actionButton = (action: RowAction, row: FileRow) =>
    row.abilities.includes(NEEDS[action]) ? (
      <Tooltip key={action} title={t(`document.action.${action}`)}>
        <Button
          id={`document-row-${row.fileId}-${IDS[action]}`}
          type="link"
          size="small"
          icon={ICONS[action]}
          aria-label={t(`document.action.${action}`)}
          onClick={() => props.onAction(action, row)}
        />
      </Tooltip>
    ) : null;

  const columns: TableColumnsType<FileRow> = [
    {
      title: t('document.col.folder'),
      dataIndex: 'folder',
      width: 160,
      ellipsis: true,
      render: (name: string | null, row) => (name === null ? null : folderNameIn(i18n.language, name, row.folderEn)),
    },
    {
      title: t('document.col.name'),
      dataIndex: 'file_name',
      ...sortable('name'),
      width: 220,
      render: (name: string, row) => (
        <Space size={6}>
          <FileTypeIcon ext={row.type} />
          <span>{name}</span>
        </Space>
      ),
    },
    { title: t('document.col.type'), dataIndex: 'type', width: 70 },
    { title: t('document.col.effectiveDate'), dataIndex: 'effective_date', width: 120, render: formatDate },
    { title: t('document.col.expirationDate'), dataIndex: 'expiration_date', width: 120, render: formatDate },
    { title: t('document.col.version'), dataIndex: 'version_no', width: 80 },
    { title: t('document.col.fileCode'), dataIndex: 'file_code', ...sortable('fileCode'), width: 120 },
    {
      title: t('document.col.status'),
      dataIndex: 'status',
      ...sortable('status'),
      width: 120,
      render: (s: number) => t(`document.status.${s}`, { defaultValue: String(s) }),
    },
    { title: t('document.col.comment'), dataIndex: 'comment', width: 160, ellipsis: true },
    { title: t('document.col.creator'), dataIndex: 'username', width: 110 },
    {
      title: t('document.col.created'),
      dataIndex: 'createdtime',
      ...sortable('createdAt'),
      width: 150,
      render: formatDateTime,
    },
    {
      title: t('document.col.updated'),
      dataIndex: 'updatedtime',
      ...sortable('updatedAt'),
      width: 150,
      render: formatDateTime,
    },
    {
      title: t('document.col.actions'),
      key: 'actions',
      fixed: 'right',
      width: 270,
      render: (_v, row) => (
        <Space size={0} wrap>
          {row.view && row.abilities.includes('viewDoc') ? (
            <Tooltip title={t('document.action.view')}>
              <Button
                id={`document-row-${row.fileId}-view`}
                type="link"
                size="small"
                icon={<EyeOutlined />}
                aria-label={t('document.action.view')}
                href={viewerHref(row)}
                target="_blank"
                // "opener" (same origin): the new tab gets a copy of this tab's session storage, so the viewer is
                // signed in; browsers treat a bare _blank link as noopener, which would open it signed out.
                rel="opener"
              />
            </Tooltip>
          ) : null}
          {(['download', 'newVersion', 'editMeta', 'rename', 'move', 'versions', 'trail', 'comments'] as const).map(
            (a) => actionButton(a, row),
          )}
          {row.abilities.includes('deleteDoc') ? (
            <Popconfirm
              title={t('document.deleteConfirm', { name: row.file_name })}
              description={t('document.deleteConfirmText')}
              okText={t('common.confirm')}
              cancelText={t('common.cancel')}
              okButtonProps={{ id: `document-row-${row.fileId}-delete-ok`, danger: true }}
              onConfirm={() => props.onDelete(row)}
            >
              <Button
                id={`document-row-${row.fileId}-delete`}
                type="link"
                size="small"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('document.action.delete')}
              />
            </Popconfirm>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <Table<FileRow>
      id="document-table"
      rowKey="fileId"
      size="middle"
      scroll={{ x: 1800 }}
      loading={props.loading}
      columns={columns}
      dataSource={props.rows}
      pagination={props.pagination}
      rowSelection={{
        selectedRowKeys: props.selected,
        onChange: (keys) => props.onSelect(keys.map(Number)),
        getCheckboxProps: (row) => ({ disabled: !row.abilities.includes('editDoc') }),
      }}
      onChange={(_p, _f, sorter, extra) => {
        if (extra.action !== 'sort') return;
        const s = sorter as SorterResult<FileRow>;
        // Clearing the sort returns to the server's default: latest updated first.
        if (!s.order || !s.columnKey) props.onSort('updatedAt', 'desc');
        else props.onSort(s.columnKey as SortField, s.order === 'ascend' ? 'asc' : 'desc');
      }}
      locale={{
        emptyText: (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={props.searching ? t('common.noMatch') : t('document.empty')}
          />
        ),
      }}
    />
  );
}
