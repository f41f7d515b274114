import {
  CheckCircleOutlined,
  DeleteOutlined,
  DragOutlined,
  EditOutlined,
  EllipsisOutlined,
  RollbackOutlined,
  StopOutlined,
} from '@ant-design/icons';
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
  type MenuProps,
  type TablePaginationConfig,
} from 'antd';
import { serverSort } from '../../../lib/server-sort';
import { useTranslation } from 'react-i18next';
import { DocStatus } from '@edoc/contract/enums';
import type { LibraryRow } from '@edoc/contract/library';
import { holderAbilities } from '@edoc/contract/workflow-abilities';
import { FileTypeIcon } from '../../../components/file-type-icon';
import { StatusTag } from '../../../components/status-tag';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useObjectUrl } from '../../../lib/use-object-url';
import { useLibraryPicture, type LibrarySort } from '../api';
import { MenuButton } from '../../../components/menu-button';

/** The changes of a record's place and title, in its row's menu: rows of the transition table (issue 26 item 12). */
export const RECORD_CHANGES = ['refile', 'retitle'] as const;
export type RecordChange = (typeof RECORD_CHANGES)[number];

/** The row's menu button: a dialog opened from the menu gives the focus back to it when it closes. */
export const rowMenuId = (row: LibraryRow) => `library-row-${row.entryId}-menu`;

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
  /** The project keeps a library tree: a record can be moved only between its folders. */
  mayRefile: boolean;
  onSort: (sort: LibrarySort, order: 'asc' | 'desc') => void;
  onRecall: (row: LibraryRow) => Promise<unknown>;
  onInvalid: (row: LibraryRow) => Promise<unknown>;
  onApplyDelete: (row: LibraryRow) => void;
  onRecordChange: (change: RecordChange, row: LibraryRow) => void;
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

  /** What the row's library keys allow in its status, as the server decides it (the contract's transition table). */
  const changesOf = (row: LibraryRow): RecordChange[] => {
    const allowed = holderAbilities(row.status, row.abilities);
    return RECORD_CHANGES.filter((c) => allowed.includes(c) && (c !== 'refile' || props.mayRefile));
  };

  const actions = (row: LibraryRow) => {
    // An earlier version is a record only: recall, marks and deletion act on the document's current entry.
    if (row.superseded) return null;
    const id = (name: string) => `library-row-${row.entryId}-${name}`;
    // The row's menu, as the workspace's: moving and renaming, then applying for deletion last, set apart.
    const items: NonNullable<MenuProps['items']> = changesOf(row).map((c) => ({
      key: c,
      icon: c === 'refile' ? <DragOutlined /> : <EditOutlined />,
      label: <span id={id(c === 'refile' ? 'move' : 'rename')}>{t(`library.action.${c}`)}</span>,
    }));
    if (props.mayApplyDelete && row.status === DocStatus.Archived) {
      if (items.length) items.push({ type: 'divider' });
      items.push({
        key: 'applyDelete',
        danger: true,
        icon: <DeleteOutlined />,
        label: (
          <Tooltip title={t('library.action.applyDeleteHint')} placement="left">
            <span id={id('apply-delete')}>{t('library.action.applyDelete')}</span>
          </Tooltip>
        ),
      });
    }
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
        {items.length > 0 ? (
          <MenuButton
            menu={{
              items,
              onClick: ({ key }) =>
                key === 'applyDelete' ? props.onApplyDelete(row) : props.onRecordChange(key as RecordChange, row),
            }}
          >
            <Button
              id={rowMenuId(row)}
              type="link"
              size="small"
              icon={<EllipsisOutlined />}
              aria-label={t('library.action.more')}
              title={t('library.action.more')}
            />
          </MenuButton>
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
