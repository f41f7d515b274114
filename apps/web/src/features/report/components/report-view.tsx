import { Empty, Flex, Table, Typography, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ReportAnswer, ReportCell, ReportColumn, ReportOpen } from '@edoc/contract/report';
import { ReportChart, type ChartPoint } from '../../../components/chart';
import { formatSize } from '../../../lib/format';
import { openAddress } from '../report-address';

interface Row {
  key: number;
  cells: ReportCell[];
  open: ReportOpen | null;
}

/** A cell as the column reads it: numbers in the reader's digits, sizes in KB/MB. */
function show(value: ReportCell, kind: ReportColumn['kind'], locale: string) {
  if (value === null) return '';
  if (typeof value === 'number') return kind === 'bytes' ? formatSize(value) : value.toLocaleString(locale);
  return value;
}

/**
 * A report's chart above its table. A bar (or row) that stands for a set of documents opens that list; one that
 * stands for a document opens it in the workspace.
 */
export function ReportView({ answer, loading }: { answer: ReportAnswer | undefined; loading: boolean }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  if (!answer) return <Table loading={loading} dataSource={[]} columns={[]} />;
  const go = (open: ReportOpen | null | undefined) => {
    if (open) void navigate(openAddress(open));
  };
  const points: ChartPoint[] = answer.points.map((p, i) => ({
    label: p.label,
    value: p.value,
    series: p.series,
    key: i,
  }));
  const clickable = answer.points.some((p) => p.open) || answer.rows.some((r) => r.open);
  const columns: TableProps<Row>['columns'] = answer.columns.map((c, i) => ({
    title: c.title,
    key: String(i),
    align: c.kind === 'text' ? 'left' : 'right',
    render: (_: unknown, row: Row) => show(row.cells[i] ?? null, c.kind, i18n.language),
    sorter: (a: Row, b: Row) => {
      const [x, y] = [a.cells[i], b.cells[i]];
      return typeof x === 'number' && typeof y === 'number' ? x - y : String(x ?? '').localeCompare(String(y ?? ''));
    },
  }));
  const rows: Row[] = answer.rows.map((r, i) => ({ key: i, cells: r.cells, open: r.open }));
  const empty = answer.rows.length === 0;
  return (
    <Flex vertical gap={12}>
      {empty ? (
        <Empty className="report-empty" image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('systemReport.empty')} />
      ) : (
        <ReportChart
          kind={answer.chart}
          data={points}
          caption={answer.title}
          tableId="report-table"
          onSelect={(p) => go(typeof p.key === 'number' ? answer.points[p.key]?.open : null)}
        />
      )}
      <Flex justify="space-between" wrap gap={8}>
        <Typography.Text type="secondary" id="report-zone">
          {t('systemReport.timeZone', { zone: answer.timeZone })}
        </Typography.Text>
        {clickable && !empty ? <Typography.Text type="secondary">{t('systemReport.clickHint')}</Typography.Text> : null}
      </Flex>
      <Table<Row>
        id="report-table"
        size="small"
        loading={loading}
        columns={columns}
        dataSource={rows}
        pagination={rows.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('systemReport.empty')} /> }}
        onRow={(row) => (row.open ? { onClick: () => go(row.open), style: { cursor: 'pointer' } } : {})}
      />
    </Flex>
  );
}
