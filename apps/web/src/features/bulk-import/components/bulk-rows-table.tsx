import type { ReactNode } from 'react';
import { Button, Empty, Select, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { BulkDecision, BulkRow, BulkValueFrom } from '@edoc/contract/bulk-import';
import type { ExportOptions } from '@edoc/contract/exchange';
import { paths } from '../../../config/paths';
import { formatDate } from '../../../lib/format';
import { Confidence } from './confidence';
import { artifactLabel } from './row-edit-dialog';

/** The workspace on the folder it was filed in, its panel open on the document. */
const documentAddress = (folderId: number | null, documentId: number) =>
  `${paths.project.work}?${folderId === null ? '' : `folder=${folderId}&`}doc=${documentId}`;

const FROM_KEY: Record<BulkValueFrom, string> = {
  sheet: 'bulkImport.row.fromSheet',
  suggestion: 'bulkImport.row.fromSuggestion',
  user: 'bulkImport.row.fromUser',
};

/** A value with where it came from (the spreadsheet, a suggestion, a correction), said in words, not colour only. */
function Value({ text, from, extra }: { text: string | null; from: BulkValueFrom | null; extra?: ReactNode }) {
  const { t } = useTranslation();
  if (text === null || text === '') return <span>{t('bulkImport.row.noValue')}</span>;
  return (
    <Space size={2} orientation="vertical">
      <span>{text}</span>
      <Space size={4} wrap>
        {from ? (
          <Tag bordered={false} color={from === 'sheet' ? 'blue' : from === 'user' ? 'purple' : 'default'}>
            {t(FROM_KEY[from])}
          </Tag>
        ) : null}
        {extra}
      </Space>
    </Space>
  );
}

/**
 * One page of a bulk import's files: each value with its source and, for suggestions, how sure edoc is and why; the
 * problems in the reader's language; a decision per row and an edit button while in preview; afterwards each row's
 * filing and a link opening its document. The file's path opens nothing: it is not filed yet.
 */
export function BulkRowsTable(props: {
  rows: BulkRow[];
  total: number;
  loading: boolean;
  page: number;
  pageSize: number;
  onPage: (page: number, pageSize: number) => void;
  options: ExportOptions | undefined;
  editing: {
    selected: number[];
    onSelect: (ids: number[]) => void;
    onDecide: (row: BulkRow, decision: BulkDecision) => void;
    onEdit: (row: BulkRow) => void;
    pending: boolean;
  } | null;
}) {
  const { t, i18n } = useTranslation();
  const editing = props.editing;
  const artifacts = new Map((props.options?.artifacts ?? []).map((a) => [a.id, a]));
  const countries = new Map((props.options?.countries ?? []).map((c) => [c.id, c.code]));
  const sites = new Map((props.options?.sites ?? []).map((s) => [s.id, `${s.code} ${s.name}`]));
  const columns: TableColumnsType<BulkRow> = [
    {
      title: t('bulkImport.row.path'),
      dataIndex: 'path',
      width: 220,
      ellipsis: { showTitle: false },
      render: (path: string) => <Typography.Text ellipsis={{ tooltip: path }}>{path}</Typography.Text>,
    },
    {
      title: t('bulkImport.row.artifact'),
      key: 'artifact',
      width: 260,
      render: (_: unknown, row) => {
        const a = row.target.artifactId === null ? undefined : artifacts.get(row.target.artifactId);
        const top = row.suggestions.artifacts.find((s) => s.value === row.target.artifactId);
        return (
          <Value
            text={a ? artifactLabel(a, i18n.language) : null}
            from={row.from.artifact}
            extra={
              row.from.artifact === 'suggestion' && top ? (
                <Confidence id={`bulk-row-confidence-${row.id}`} value={top.confidence} why={top.why} />
              ) : null
            }
          />
        );
      },
    },
    {
      title: t('bulkImport.row.level'),
      key: 'level',
      width: 90,
      render: (_: unknown, row) => <Value text={t(`bulkImport.level.${row.target.level}`)} from={row.from.level} />,
    },
    {
      title: t('bulkImport.row.country'),
      key: 'country',
      width: 90,
      render: (_: unknown, row) => (
        <Value
          text={row.target.countryId === null ? null : (countries.get(row.target.countryId) ?? null)}
          from={row.from.country}
        />
      ),
    },
    {
      title: t('bulkImport.row.site'),
      key: 'site',
      width: 150,
      render: (_: unknown, row) => (
        <Value
          text={row.target.siteId === null ? null : (sites.get(row.target.siteId) ?? null)}
          from={row.from.site}
          extra={
            row.from.site === 'suggestion' && row.suggestions.site ? (
              <Confidence
                id={`bulk-row-site-confidence-${row.id}`}
                value={row.suggestions.site.confidence}
                why={row.suggestions.site.why}
              />
            ) : null
          }
        />
      ),
    },
    {
      title: t('bulkImport.row.documentDate'),
      key: 'documentDate',
      width: 130,
      render: (_: unknown, row) => (
        <Value
          text={row.target.documentDate ? formatDate(row.target.documentDate) : null}
          from={row.from.documentDate}
          extra={
            row.from.documentDate === 'suggestion' && row.suggestions.documentDate ? (
              <Confidence
                id={`bulk-row-date-confidence-${row.id}`}
                value={row.suggestions.documentDate.confidence}
                why={row.suggestions.documentDate.why}
              />
            ) : null
          }
        />
      ),
    },
    {
      title: t('bulkImport.row.name'),
      key: 'name',
      width: 200,
      render: (_: unknown, row) => <Value text={row.target.name} from={row.from.name} />,
    },
    {
      title: t('bulkImport.row.version'),
      key: 'version',
      width: 90,
      render: (_: unknown, row) => <Value text={row.target.version} from={row.from.version} />,
    },
    {
      title: t('bulkImport.row.problems'),
      key: 'problems',
      width: 220,
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
          title: t('bulkImport.row.decision'),
          key: 'decision',
          width: 210,
          fixed: 'right',
          render: (_: unknown, row) => (
            <Space size={4}>
              <Select<BulkDecision>
                id={`bulk-row-decision-${row.id}`}
                aria-label={t('bulkImport.row.decisionOf', { path: row.path })}
                placeholder={t('bulkImport.decision.none')}
                value={row.decision ?? undefined}
                disabled={editing.pending}
                onChange={(decision) => editing.onDecide(row, decision)}
                style={{ width: 110 }}
                options={(['accept', 'skip'] as const).map((d) => ({ value: d, label: t(`bulkImport.decision.${d}`) }))}
              />
              <Button
                id={`bulk-row-edit-${row.id}`}
                size="small"
                // antd spaces out a two-character Chinese label, which the accessible name would then not contain.
                autoInsertSpace={false}
                aria-label={t('bulkImport.row.editOf', { path: row.path })}
                onClick={() => editing.onEdit(row)}
              >
                {t('bulkImport.row.edit')}
              </Button>
            </Space>
          ),
        }
      : {
          title: t('bulkImport.row.state'),
          key: 'state',
          width: 150,
          fixed: 'right',
          render: (_: unknown, row) => (
            <Space size={4}>
              <span title={row.error ?? undefined}>{t(`bulkImport.rowState.${row.state}`)}</span>
              {row.documentId !== null ? (
                <Link id={`bulk-row-document-${row.id}`} to={documentAddress(row.target.folderId, row.documentId)}>
                  {t('bulkImport.row.open')}
                </Link>
              ) : null}
            </Space>
          ),
        },
  ];
  return (
    <Table<BulkRow>
      id="bulk-import-rows"
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
              getCheckboxProps: (row) => ({ 'aria-label': t('bulkImport.row.select', { path: row.path }) }),
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
      scroll={{ x: 1700 }}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('bulkImport.row.empty')} /> }}
    />
  );
}
