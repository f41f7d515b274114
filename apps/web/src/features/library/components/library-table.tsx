import { DeleteOutlined, RollbackOutlined, StopOutlined, CheckCircleOutlined } from '@ant-design/icons';
import {
  Button,
  Empty,
  Flex,
  Grid,
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
import { StatusTag } from '../../../components/status-tag';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useObjectUrl } from '../../../lib/use-object-url';
import { useLibraryPicture, type LibrarySort } from '../api';

export const libraryViewerHref = (row: LibraryRow) => `/view?fileId=${row.fileId}&fileVerId=${row.fileVersionId}`;

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

/** One line cut with an ellipsis, the whole of it on hover. */
const oneLine = { display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

/**
 * The thumbnail, the name and its marks; below the widest screens (issue 26, item 7) the ICH code, publish date and
 * creator, whose columns are left out there so the table fits beside the tree at 1440 pixels without scrolling.
 */
function NameCell({ row, folded }: { row: LibraryRow; folded: boolean }) {
  const { t } = useTranslation();
  // An obsolete document stays listed (when asked for) but reads as withdrawn from use.
  const style = { ...oneLine, ...(row.takeFileInvalid ? { textDecoration: 'line-through' } : {}) };
  const more = folded
    ? [
        row.ich_code,
        row.publish_date ? t('library.publishedOn', { date: formatDate(row.publish_date) }) : null,
        row.username,
      ].filter(Boolean)
    : [];
  return (
    <Flex gap={8} align="center" style={{ minWidth: 0 }}>
      <span style={{ flex: 'none' }}>
        <Thumbnail row={row} />
      </span>
      <Flex vertical style={{ minWidth: 0 }}>
        {row.view ? (
          <Typography.Link
            id={`library-row-${row.entryId}-name`}
            href={libraryViewerHref(row)}
            target="_blank"
            // "opener" (same origin): the viewer tab gets a copy of this tab's session storage and is signed in.
            rel="opener"
            title={row.file_name}
            style={style}
          >
            {row.file_name}
          </Typography.Link>
        ) : (
          <span id={`library-row-${row.entryId}-name`} title={row.file_name} style={style}>
            {row.file_name}
          </span>
        )}
        {more.length > 0 ? (
          <Typography.Text
            id={`library-row-${row.entryId}-more`}
            type="secondary"
            title={more.join(' · ')}
            style={{ ...oneLine, fontSize: 12 }}
          >
            {more.join(' · ')}
          </Typography.Text>
        ) : null}
        {row.takeFileInvalid || row.superseded ? (
          <span>
            {row.takeFileInvalid ? <Tag color="default">{t('library.mark.invalid')}</Tag> : null}
            {row.superseded ? <Tag color="default">{t('library.mark.superseded')}</Tag> : null}
          </span>
        ) : null}
      </Flex>
    </Flex>
  );
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
    { title: t('library.col.actions'), key: 'actions', fixed: 'right', width: 96, render: (_v, row) => actions(row) },
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
