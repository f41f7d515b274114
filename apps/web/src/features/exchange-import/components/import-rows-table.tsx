import { Button, Empty, Select, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ImportDecision, ImportRow } from '@edoc/contract/exchange-import';
import { paths } from '../../../config/paths';

/** What the table shows beside the rows: the edoc codes of the target's country and site. */
export interface PlaceNames {
  country: (id: number | null) => string | null;
  site: (id: number | null) => string | null;
}

/** The workspace on the folder it was filed in, its panel open on the document. */
const documentAddress = (folderId: number | null, documentId: number) =>
  `${paths.project.work}?${folderId === null ? '' : `folder=${folderId}&`}doc=${documentId}`;

/** The edoc code it maps to, or the package's own in the warning colour when the project has none to match. */
function Place({ mapped, source }: { mapped: string | null; source: string | null }) {
  if (mapped) return <span>{mapped}</span>;
  if (!source) return <span>—</span>;
  return <Typography.Text type="warning">{source}</Typography.Text>;
}

/**
 * One page of an import's objects as the server pages them: where each will be filed, its problems in the reader's
 * language, its conflict, and the decision (a select per row while the preview is open). After filing, each row's
 * state and a link opening its document in the workspace.
 */
export function ImportRowsTable(props: {
  rows: ImportRow[];
  total: number;
  loading: boolean;
  page: number;
  pageSize: number;
  onPage: (page: number, pageSize: number) => void;
  /** In preview: decisions and corrections; null once filing has started. */
  editing: {
    selected: number[];
    onSelect: (ids: number[]) => void;
    onDecide: (row: ImportRow, decision: ImportDecision) => void;
    onCorrect: (row: ImportRow) => void;
    pending: boolean;
  } | null;
  places: PlaceNames;
}) {
  const { t } = useTranslation();
  const editing = props.editing;
  const columns: TableColumnsType<ImportRow> = [
    { title: t('exchangeImport.row.objectId'), dataIndex: 'objectId', width: 150, ellipsis: true },
    {
      title: t('exchangeImport.row.title'),
      dataIndex: 'title',
      width: 200,
      ellipsis: { showTitle: false },
      render: (title: string) => <Typography.Text ellipsis={{ tooltip: title }}>{title}</Typography.Text>,
    },
    {
      title: t('exchangeImport.row.artifact'),
      key: 'artifact',
      width: 240,
      render: (_: unknown, row) => (
        <span>
          {row.source.artifactNumber} →{' '}
          {row.target.folderName ?? <Typography.Text type="danger">{t('exchangeImport.row.noTarget')}</Typography.Text>}
        </span>
      ),
    },
    {
      title: t('exchangeImport.row.level'),
      key: 'level',
      width: 80,
      render: (_: unknown, row) => t(`exchangeImport.level.${row.target.level}`),
    },
    {
      title: t('exchangeImport.row.country'),
      key: 'country',
      width: 80,
      render: (_: unknown, row) => (
        <Place mapped={props.places.country(row.target.countryId)} source={row.source.countryId} />
      ),
    },
    {
      title: t('exchangeImport.row.site'),
      key: 'site',
      width: 100,
      render: (_: unknown, row) => <Place mapped={props.places.site(row.target.siteId)} source={row.source.siteId} />,
    },
    {
      title: t('exchangeImport.row.versions'),
      key: 'versions',
      // "Versions" / "版本数" on one line.
      width: 90,
      render: (_: unknown, row) => row.source.versions.length,
    },
    {
      title: t('exchangeImport.row.conflict'),
      key: 'conflict',
      width: 120,
      render: (_: unknown, row) =>
        row.conflict === 'exists' ? <Tag color="orange">{t('exchangeImport.row.exists')}</Tag> : '—',
    },
    {
      title: t('exchangeImport.row.problems'),
      key: 'problems',
      width: 240,
      render: (_: unknown, row) =>
        row.problems.length === 0 ? (
          '—'
        ) : (
          <ul style={{ margin: 0, paddingInlineStart: 16 }}>
            {row.problems.map((p, i) => (
              <li key={i}>
                <Typography.Text type={p.blocking ? 'danger' : 'warning'}>{p.message}</Typography.Text>
              </li>
            ))}
          </ul>
        ),
    },
    editing
      ? {
          title: t('exchangeImport.row.decision'),
          key: 'decision',
          width: 220,
          fixed: 'right',
          render: (_: unknown, row) => (
            <Space size={4}>
              <Select<ImportDecision>
                id={`exchange-row-decision-${row.id}`}
                aria-label={t('exchangeImport.row.decisionOf', { objectId: row.objectId })}
                placeholder={t('exchangeImport.decision.none')}
                value={row.decision ?? undefined}
                disabled={editing.pending}
                onChange={(decision) => editing.onDecide(row, decision)}
                style={{ width: 120 }}
                options={(row.conflict === 'exists'
                  ? (['accept', 'new_version', 'skip'] as const)
                  : (['accept', 'skip'] as const)
                ).map((d) => ({ value: d, label: t(`exchangeImport.decision.${d}`) }))}
              />
              <Button
                id={`exchange-row-correct-${row.id}`}
                size="small"
                // antd spaces out a two-character Chinese label ("修 正"), which its name ("修正 … 的映射") then
                // no longer contains (axe label-content-name-mismatch, journey 15).
                autoInsertSpace={false}
                aria-label={t('exchangeImport.row.correctOf', { objectId: row.objectId })}
                onClick={() => editing.onCorrect(row)}
              >
                {t('exchangeImport.row.correct')}
              </Button>
            </Space>
          ),
        }
      : {
          title: t('exchangeImport.row.state'),
          key: 'state',
          width: 170,
          // Kept in view as the decision is in preview: the filed document's Open link was scrolled off at 1440 px.
          fixed: 'right',
          render: (_: unknown, row) => (
            <Space size={4}>
              <span title={row.error ?? undefined}>{t(`exchangeImport.rowState.${row.state}`)}</span>
              {row.documentId !== null ? (
                <Link id={`exchange-row-document-${row.id}`} to={documentAddress(row.target.folderId, row.documentId)}>
                  {t('exchangeImport.row.open')}
                </Link>
              ) : null}
            </Space>
          ),
        },
  ];
  return (
    <Table<ImportRow>
      id="exchange-import-rows"
      rowKey="id"
      size="small"
      loading={props.loading}
      columns={columns}
      dataSource={props.rows}
      rowSelection={
        editing
          ? {
              selectedRowKeys: editing.selected,
              preserveSelectedRowKeys: true,
              onChange: (keys) => editing.onSelect(keys.map(Number)),
              getCheckboxProps: (row) => ({ 'aria-label': t('exchangeImport.row.select', { objectId: row.objectId }) }),
            }
          : undefined
      }
      pagination={{
        current: props.page,
        pageSize: props.pageSize,
        total: props.total,
        showSizeChanger: true,
        pageSizeOptions: [20, 50, 100, 200],
        showTotal: (total) => t('common.total', { total }),
        onChange: (page, pageSize) => props.onPage(pageSize === props.pageSize ? page : 1, pageSize),
      }}
      scroll={{ x: 1500 }}
      locale={{
        emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('exchangeImport.row.empty')} />,
      }}
    />
  );
}
