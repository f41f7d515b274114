import { Flex, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TmfTrendPoint } from '@edoc/contract/tmf-health';
import { ReportChart, type ChartPoint } from '../../../components/chart';
import { formatPct } from '../health-format';

const SERIES = ['completeness', 'completenessDue', 'timelinessPct', 'rejectionRate'] as const;

/**
 * The last 12 weeks' ratios as lines (in percent, one decimal). The canvas is an image for assistive technology;
 * the table under it holds the same figures and is its text alternative (the chart points at it).
 */
export function TrendChart({ trend }: { trend: TmfTrendPoint[] }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const points: ChartPoint[] = SERIES.flatMap((s) =>
    trend
      .filter((w) => w[s] !== null)
      .map((w) => ({
        label: w.weekEnd,
        value: Math.round((w[s] ?? 0) * 1000) / 10,
        series: t(`tmfHealth.trend.${s}`),
      })),
  );
  return (
    <Flex vertical gap={8}>
      {points.length > 0 && (
        <ReportChart
          kind="line"
          height={260}
          data={points}
          caption={t('tmfHealth.trend.caption')}
          tableId="tmf-health-trend"
        />
      )}
      <Table<TmfTrendPoint>
        id="tmf-health-trend"
        size="small"
        rowKey="weekEnd"
        dataSource={trend}
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: t('tmfHealth.trend.weekEnd'), dataIndex: 'weekEnd' },
          ...SERIES.map((s) => ({
            title: t(`tmfHealth.trend.${s}`),
            dataIndex: s,
            align: 'right' as const,
            render: (v: number | null) => formatPct(v, lang),
          })),
        ]}
      />
    </Flex>
  );
}
