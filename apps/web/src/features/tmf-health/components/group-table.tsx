import { Button, Empty, Table, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TmfFigures, TmfGroup } from '@edoc/contract/tmf-health';
import type { DrillKind } from '../health-address';
import { compareFigure, formatCount, formatPct } from '../health-format';

interface GroupTableProps {
  groups: TmfGroup[];
  loading: boolean;
  /** The group-by's name, the first column's title ("Zone", "Country" …). */
  groupTitle: string;
  onDrill: (kind: DrillKind, group: TmfGroup) => void;
}

type Measure = { key: string; value: (f: TmfFigures) => number | null; pct?: boolean; drill?: DrillKind };

/** The figures of each group, every column sortable; a count opens the list behind it, for that group. */
const MEASURES: Measure[] = [
  { key: 'expected', value: (f) => f.expected },
  { key: 'filed', value: (f) => f.filed, drill: 'filed' },
  { key: 'open', value: (f) => f.open, drill: 'missing' },
  { key: 'overdue', value: (f) => f.overdue, drill: 'overdue' },
  { key: 'notApplicable', value: (f) => f.notApplicable, drill: 'not_applicable' },
  { key: 'completeness', value: (f) => f.completeness, pct: true },
  { key: 'completenessDue', value: (f) => f.completenessDue, pct: true },
  { key: 'timeliness', value: (f) => f.timeliness.pct, pct: true },
  { key: 'late', value: (f) => f.timeliness.documents - f.timeliness.withinTarget, drill: 'late' },
  { key: 'medianDays', value: (f) => f.timeliness.medianDays },
  { key: 'rejectionRate', value: (f) => f.quality.rejectionRate, pct: true },
  { key: 'firstTimeRight', value: (f) => f.quality.firstTimeRight, pct: true },
  { key: 'openIssues', value: (f) => f.quality.openIssues, drill: 'issues' },
];

export function GroupTable({ groups, loading, groupTitle, onDrill }: GroupTableProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const columns: TableProps<TmfGroup>['columns'] = [
    {
      title: groupTitle,
      dataIndex: 'label',
      fixed: 'left',
      sorter: (a, b) => a.label.localeCompare(b.label, lang, { numeric: true }),
    },
    ...MEASURES.map((m) => ({
      title: t(`tmfHealth.col.${m.key}`),
      key: m.key,
      align: 'right' as const,
      sorter: (a: TmfGroup, b: TmfGroup) => compareFigure(m.value(a.figures), m.value(b.figures)),
      render: (_: unknown, group: TmfGroup) => {
        const v = m.value(group.figures);
        const text = m.pct ? formatPct(v, lang) : formatCount(v, lang);
        if (!m.drill || !v) return text;
        const drill = m.drill;
        return (
          <Button
            id={`tmf-group-${group.key}-${m.key}`}
            type="link"
            size="small"
            style={{ padding: 0 }}
            aria-label={`${text}: ${t(`tmfHealth.drillOf.${drill}`)} (${group.label})`}
            onClick={() => onDrill(drill, group)}
          >
            {text}
          </Button>
        );
      },
    })),
  ];
  return (
    <Table<TmfGroup>
      id="tmf-health-groups"
      size="small"
      rowKey="key"
      loading={loading}
      columns={columns}
      dataSource={groups}
      scroll={{ x: 'max-content' }}
      pagination={groups.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('tmfHealth.noGroups')} /> }}
    />
  );
}
