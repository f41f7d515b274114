import { Card, Empty, Space, Table, Tag, Typography, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TmfCompanyView, TmfFigures } from '@edoc/contract/tmf-health';
import { paths } from '../../../config/paths';
import { useEnterableProjects } from '../../project/select-api';
import { useTmfCompany } from '../api';
import { compareFigure, formatCount, formatPct } from '../health-format';

type Row = TmfCompanyView['projects'][number];

/** The figures the company view shows per project (the project dashboard has the rest). */
const MEASURES: { key: string; value: (f: TmfFigures) => number | null; pct?: boolean }[] = [
  { key: 'completeness', value: (f) => f.completeness, pct: true },
  { key: 'completenessDue', value: (f) => f.completenessDue, pct: true },
  { key: 'overdue', value: (f) => f.overdue },
  { key: 'timeliness', value: (f) => f.timeliness.pct, pct: true },
  { key: 'rejectionRate', value: (f) => f.quality.rejectionRate, pct: true },
  { key: 'openIssues', value: (f) => f.quality.openIssues },
];

/** Where the dashboard of a project opens: the picker enters the project, then shows its dashboard. */
export const dashboardHref = (projectId: number) =>
  `${paths.select}?enter=${projectId}&next=${encodeURIComponent(paths.project.tmfHealth)}`;

/**
 * Issue 27 part 6, the company administrator's view: every project of the company with its figures over everything;
 * a project whose member the reader is opens on its dashboard.
 */
export function TmfHealthCompanyPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const view = useTmfCompany();
  const enterable = useEnterableProjects('');
  const member = new Set((enterable.data?.data ?? []).map((p) => p.study_id));
  const columns: TableProps<Row>['columns'] = [
    {
      title: t('tmfHealth.company.code'),
      dataIndex: 'code',
      width: 120,
      sorter: (a, b) => a.code.localeCompare(b.code),
    },
    {
      title: t('tmfHealth.company.project'),
      dataIndex: 'name',
      sorter: (a, b) => a.name.localeCompare(b.name, lang),
      render: (name: string, row) => (
        <Space size={4} wrap>
          {member.has(row.projectId) ? (
            <Typography.Link id={`tmf-company-open-${row.projectId}`} href={dashboardHref(row.projectId)}>
              {name}
            </Typography.Link>
          ) : (
            name
          )}
          {!row.modelChosen && <Tag id={`tmf-company-no-model-${row.projectId}`}>{t('tmfHealth.company.noModel')}</Tag>}
        </Space>
      ),
    },
    ...MEASURES.map((m) => ({
      title: t(`tmfHealth.col.${m.key}`),
      key: m.key,
      align: 'right' as const,
      sorter: (a: Row, b: Row) => compareFigure(a.total && m.value(a.total), b.total && m.value(b.total)),
      render: (_: unknown, row: Row) => {
        if (!row.total) return '—';
        const v = m.value(row.total);
        return m.pct ? formatPct(v, lang) : formatCount(v, lang);
      },
    })),
  ];
  return (
    <Card size="small" id="tmf-health-company" title={t('tmfHealth.company.title')}>
      <Typography.Paragraph type="secondary">{t('tmfHealth.company.intro')}</Typography.Paragraph>
      <Table<Row>
        id="tmf-health-company-table"
        size="small"
        rowKey="projectId"
        loading={view.isFetching}
        columns={columns}
        dataSource={view.data?.projects ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('tmfHealth.company.empty')} />,
        }}
      />
    </Card>
  );
}
