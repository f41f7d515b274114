import { DeleteOutlined, RollbackOutlined, StopOutlined, CheckCircleOutlined } from '@ant-design/icons';
import {
  Button,
  Empty,
  Popconfirm,
  Space,
  Table,
  Tag,
  Tooltip,
  Typography,
  type TableColumnsType,
  type TablePaginationConfig,
} from 'antd';
import { serverSort } from '../../../lib/server-sort';
import { useTranslation } from 'react-i18next';
import { DocStatus } from '@edoc/contract/enums';
import type { LibraryRow } from '@edoc/contract/library';
import { FileTypeIcon } from '../../../components/file-type-icon';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useObjectUrl } from '../../../lib/use-object-url';
import { useLibraryPicture, type LibrarySort } from '../api';

export const libraryViewerHref = (row: LibraryRow) => `/view?fileId=${row.fileId}&fileVerId=${row.fileVersionId}`;

const STATUS_COLOR: Partial<Record<number, string>> = {
  [DocStatus.Archived]: 'success',
  [DocStatus.WaitingActivation]: 'processing',
  [DocStatus.DeletionInApproval]: 'warning',
};

export interface LibraryTableProps {
  rows: LibraryRow[];
  loading: boolean;
  pagination: TablePaginationConfig;
  sort: LibrarySort;
  order: 'asc' | 'desc';
  searching: boolean;
  /** The caller holds deleteDoc somewhere: the server decides on the document's own folder. */
  mayApplyDelete: boolean;
  onSort: (sort: LibrarySort, order: 'asc' | 'desc') => void;
  onRecall: (row: LibraryRow) => Promise<unknown>;
  onInvalid: (row: LibraryRow) => Promise<unknown>;
  onApplyDelete: (row: LibraryRow) => void;
}

/** The first page of the archived version beside its name; the file-type icon while it loads or where there is none. */
function Thumbnail({ row }: { row: LibraryRow }) {
  const { t } = useTranslation();
  const picture = useLibraryPicture(row.fileVersionId, row.view);
  const src = useObjectUrl(picture.data);
  if (!src) return <FileTypeIcon ext={row.type} />;
  return (
    <img
      id={`library-row-${row.entryId}-thumb`}
      src={src}
      alt={t('library.thumbnailOf', { name: row.file_name })}
      style={{ width: 32, height: 42, objectFit: 'cover', border: '1px solid #f0f0f0', borderRadius: 2 }}
    />
  );
}

function NameCell({ row }: { row: LibraryRow }) {
  const { t } = useTranslation();
  // An obsolete document stays listed (when asked for) but reads as withdrawn from use.
  const style = row.takeFileInvalid ? { textDecoration: 'line-through' } : undefined;
  return (
    <Space size={6} wrap>
      <Thumbnail row={row} />
      {row.view ? (
        <Typography.Link
          id={`library-row-${row.entryId}-name`}
          href={libraryViewerHref(row)}
          target="_blank"
          // "opener" (same origin): the viewer tab gets a copy of this tab's session storage and is signed in.
          rel="opener"
          style={style}
        >
          {row.file_name}
        </Typography.Link>
      ) : (
        <span id={`library-row-${row.entryId}-name`} style={style}>
          {row.file_name}
        </span>
      )}
      {row.takeFileInvalid ? <Tag color="default">{t('library.mark.invalid')}</Tag> : null}
      {row.superseded ? <Tag color="default">{t('library.mark.superseded')}</Tag> : null}
    </Space>
  );
}

export function LibraryTable(props: LibraryTableProps) {
  const { t } = useTranslation();
  // Clearing the sort returns to the server's default: latest archived first.
  const { sortable, onChange } = serverSort<LibraryRow, LibrarySort>(
    props,
    { sort: 'archivedAt', order: 'desc' },
    props.onSort,
  );

  const actions = (row: LibraryRow) => {
    // An earlier version is a record only: recall, marks and deletion act on the document's current entry.
    if (row.superseded) return null;
    const id = (name: string) => `library-row-${row.entryId}-${name}`;
    return (
      <Space size={0}>
        {row.abilities.includes('recallDoc') && row.status === DocStatus.Archived ? (
          <Popconfirm
            title={t('library.recallConfirm', { name: row.file_name })}
            description={t('library.recallConfirmText')}
            okText={t('common.confirm')}
            cancelText={t('common.cancel')}
            okButtonProps={{ id: id('recall-ok') }}
            onConfirm={() => props.onRecall(row)}
          >
            <Tooltip title={t('library.action.recall')}>
              <Button
                id={id('recall')}
                type="link"
                size="small"
                icon={<RollbackOutlined />}
                aria-label={t('library.action.recall')}
              />
            </Tooltip>
          </Popconfirm>
        ) : null}
        {row.abilities.includes('invalidDoc') ? (
          <Popconfirm
            title={t(row.takeFileInvalid ? 'library.validConfirm' : 'library.invalidConfirm', { name: row.file_name })}
            okText={t('common.confirm')}
            cancelText={t('common.cancel')}
            okButtonProps={{ id: id('invalid-ok') }}
            onConfirm={() => props.onInvalid(row)}
          >
            <Tooltip title={t(row.takeFileInvalid ? 'library.action.valid' : 'library.action.invalid')}>
              <Button
                id={id('invalid')}
                type="link"
                size="small"
                icon={row.takeFileInvalid ? <CheckCircleOutlined /> : <StopOutlined />}
                aria-label={t(row.takeFileInvalid ? 'library.action.valid' : 'library.action.invalid')}
              />
            </Tooltip>
          </Popconfirm>
        ) : null}
        {props.mayApplyDelete && row.status === DocStatus.Archived ? (
          <Tooltip title={`${t('library.action.applyDelete')}: ${t('library.action.applyDeleteHint')}`}>
            <Button
              id={id('apply-delete')}
              type="link"
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('library.action.applyDelete')}
              onClick={() => props.onApplyDelete(row)}
            />
          </Tooltip>
        ) : null}
      </Space>
    );
  };

  const columns: TableColumnsType<LibraryRow> = [
    {
      title: t('library.col.name'),
      dataIndex: 'file_name',
      ...sortable('name'),
      // The name stays in view while the dates scroll beside it.
      fixed: 'left',
      width: 240,
      render: (_v, row) => <NameCell row={row} />,
    },
    { title: t('library.col.ichCode'), dataIndex: 'ich_code', width: 80 },
    { title: t('library.col.fileCode'), dataIndex: 'file_code', ...sortable('fileCode'), width: 100 },
    { title: t('library.col.version'), dataIndex: 'version_no', width: 85 },
    {
      title: t('library.col.status'),
      dataIndex: 'status',
      width: 180,
      render: (s: number, row) => (
        // Long labels ("Waiting to be activated (date)") wrap inside the tag rather than spill over the next column.
        <Tag
          color={STATUS_COLOR[s] ?? 'default'}
          id={`library-row-${row.entryId}-status`}
          style={{ whiteSpace: 'normal', marginInlineEnd: 0 }}
        >
          {s === DocStatus.WaitingActivation
            ? t('library.waitingFrom', { date: formatDate(row.effective_date) })
            : t(`document.status.${s}`, { defaultValue: String(s) })}
        </Tag>
      ),
    },
    {
      title: t('library.col.effectiveDate'),
      dataIndex: 'effective_date',
      ...sortable('effectiveDate'),
      width: 110,
      render: formatDate,
    },
    {
      title: t('library.col.expirationDate'),
      dataIndex: 'expiration_date',
      ...sortable('expirationDate'),
      width: 110,
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
    { title: t('library.col.publishDate'), dataIndex: 'publish_date', width: 105, render: formatDate },
    {
      title: t('library.col.archivedAt'),
      dataIndex: 'archivedtime',
      ...sortable('archivedAt'),
      width: 140,
      render: formatDateTime,
    },
    { title: t('library.col.creator'), dataIndex: 'username', width: 130, ellipsis: true },
    { title: t('library.col.actions'), key: 'actions', fixed: 'right', width: 110, render: (_v, row) => actions(row) },
  ];

  return (
    <Table<LibraryRow>
      id="library-table"
      rowKey="entryId"
      size="middle"
      scroll={{ x: 1430 }}
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
