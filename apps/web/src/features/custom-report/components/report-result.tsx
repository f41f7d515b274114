import { Alert, Empty, Flex, Skeleton, Statistic, Table, Typography } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { measureLabel, type CustomReportResult, type ReportDefinition } from '@edoc/contract/custom-report';
import { fieldOf, formatValue, pickLabel } from '@edoc/contract/custom-report-fields';
import { ReportChart, type ChartKind } from '../../../components/chart';
import { useKeyboardScroll } from '../../../components/keyboard-scroll';
import { currentLang } from '../../../lib/i18n';

interface Props {
  definition: ReportDefinition;
  result: CustomReportResult | undefined;
  loading: boolean;
}

const CHART: Partial<Record<ReportDefinition['chartType'], ChartKind>> = { bar: 'bar', line: 'line', pie: 'pie' };

/**
 * What a report shows: its chart (with a group-by and a chart type other than table), the groups as a table, and
 * the rows with their columns. Values read through the contract's labels, as the export writes them.
 */
export function ReportResult({ definition, result, loading }: Props) {
  // useTranslation re-renders on a language switch; the labels themselves come from the contract.
  const { t } = useTranslation();
  const lang = currentLang();
  const rowsBox = useRef<HTMLDivElement>(null);
  useKeyboardScroll(rowsBox, t('customReport.result.rows'));
  if (!result) return loading ? <Skeleton active /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  const field = (key: string) => fieldOf(definition.dataset, key);
  const measure = measureLabel(definition, lang);
  const groupField = definition.groupBy ? field(definition.groupBy) : undefined;
  const points = groupField
    ? (result.groups ?? []).map((g) => ({
        label: String(formatValue(groupField, g.key, lang)),
        value: g.value,
        key: g.key,
      }))
    : [];
  const kind = CHART[definition.chartType];
  const empty = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('customReport.result.empty')} />;
  return (
    <Flex vertical gap={16} id="custom-report-result">
      <Flex gap={32} align="center" wrap>
        <Statistic title={t('customReport.result.total')} value={result.total} />
        {definition.measure.fn !== 'count' && result.summary !== null && (
          <Statistic title={measure} value={result.summary} />
        )}
        {result.capped && (
          <Typography.Text type="secondary">
            {t('customReport.result.capped', { shown: result.rows.length, total: result.total })}
          </Typography.Text>
        )}
      </Flex>
      {result.total === 0 && empty}
      {result.total > 0 && groupField && kind && points.length > 0 && (
        <ReportChart
          kind={kind}
          data={points}
          height={300}
          caption={t('customReport.result.chartCaption', { measure, group: pickLabel(groupField.label, lang) })}
          tableId="custom-report-groups"
        />
      )}
      {result.total > 0 && groupField && (
        <Table
          id="custom-report-groups"
          size="small"
          rowKey={(g) => String(g.key)}
          pagination={false}
          loading={loading}
          dataSource={result.groups ?? []}
          locale={{
            emptyText: empty,
          }}
          columns={[
            {
              title: pickLabel(groupField.label, lang),
              key: 'key',
              render: (_: unknown, g) => formatValue(groupField, g.key, lang),
            },
            { title: measure, dataIndex: 'value', width: 160, align: 'right' },
          ]}
        />
      )}
      {result.groups && result.groups.length >= 100 && <Alert type="info" title={t('customReport.result.groupCap')} />}
      {result.total > 0 && (
        <div ref={rowsBox}>
          <Table
            id="custom-report-rows"
            size="small"
            rowKey="key"
            loading={loading}
            dataSource={result.rows.map((cells, key) => ({ key, cells }))}
            scroll={{ x: 'max-content' }}
            pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
            locale={{
              emptyText: empty,
            }}
            columns={result.columns.map((key, i) => {
              const f = field(key);
              return {
                title: f ? pickLabel(f.label, lang) : key,
                key,
                align: f?.kind === 'number' ? ('right' as const) : undefined,
                render: (_: unknown, row: { cells: CustomReportResult['rows'][number] }) =>
                  row.cells[i] === null || !f ? '' : formatValue(f, row.cells[i], lang),
              };
            })}
          />
        </div>
      )}
    </Flex>
  );
}
