import { useEffect, useState } from 'react';
import { Drawer, Flex, Select, Space, Table, Tag, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QUALITY_ISSUE_CATEGORIES, type QualityIssueCategory } from '@edoc/contract/quality-issue';
import type { TmfIssueRow, TmfItemRow, TmfLateRow } from '@edoc/contract/tmf-health';
import { paths } from '../../../config/paths';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useTmfIssues, useTmfItems, useTmfLate } from '../api';
import type { Drill, HealthView } from '../health-address';

interface DrillDrawerProps {
  drill: Drill | null;
  view: HealthView;
  /** The group's name when the list is of one group. */
  groupLabel?: string;
  onCategory: (category: QualityIssueCategory | undefined) => void;
  onClose: () => void;
}

/** A document opens in the workspace's side panel (the address names it, so back returns here). */
const docLink = (id: number, name: string) => (
  <Link key={id} to={`${paths.project.work}?doc=${id}`}>
    {name}
  </Link>
);

/** The list behind a figure: items (missing, overdue, filed, N/A), late documents or quality issues, paged. */
export function DrillDrawer({ drill, view, groupLabel, onCategory, onClose }: DrillDrawerProps) {
  const { t, i18n } = useTranslation();
  const [paging, setPaging] = useState({ page: 1, pageSize: 20 });
  const kind = drill?.kind;
  // Another list, group or category starts at its first page.
  useEffect(() => setPaging((p) => ({ ...p, page: 1 })), [kind, drill?.key, drill?.category]);
  const query = { ...view, key: drill?.key, ...paging };
  const isItems = kind !== undefined && kind !== 'late' && kind !== 'issues';
  const items = useTmfItems({ ...query, list: isItems ? kind : 'missing' }, isItems);
  const late = useTmfLate(query, kind === 'late');
  const issues = useTmfIssues({ ...query, category: drill?.category }, kind === 'issues');
  const answer = isItems ? items : kind === 'late' ? late : issues;

  const itemColumns: TableProps<TmfItemRow>['columns'] = [
    {
      title: t('tmfHealth.drill.artifact'),
      key: 'artifact',
      render: (_, r) => `${r.artifactNumber} ${r.artifactName}`,
    },
    {
      title: t('tmfHealth.drill.place'),
      key: 'place',
      render: (_, r) =>
        [t(`tmfHealth.level.${r.level}`), r.countryCode, r.siteName].filter(Boolean).join(' · ') +
        (r.occurrence > 1 ? ` #${r.occurrence}` : ''),
    },
    {
      title: t('tmfHealth.drill.dueDate'),
      dataIndex: 'dueDate',
      render: (v: string | null, r) => (
        <Space size={4}>
          {v ? formatDate(v) : '—'}
          {r.overdue && <Tag color="red">{t('tmfHealth.overdue')}</Tag>}
        </Space>
      ),
    },
    {
      title: t('tmfHealth.drill.documents'),
      key: 'documents',
      render: (_, r) =>
        r.documents.length ? <Flex vertical>{r.documents.map((d) => docLink(d.id, d.name))}</Flex> : '—',
    },
  ];
  const lateColumns: TableProps<TmfLateRow>['columns'] = [
    { title: t('tmfHealth.drill.document'), key: 'name', render: (_, r) => docLink(r.documentId, r.name) },
    { title: t('tmfHealth.drill.artifact'), dataIndex: 'artifactNumber' },
    { title: t('tmfHealth.drill.documentDate'), dataIndex: 'documentDate', render: (v: string) => formatDate(v) },
    { title: t('tmfHealth.drill.filedOn'), dataIndex: 'filedOn', render: (v: string) => formatDate(v) },
    {
      title: t('tmfHealth.drill.days'),
      dataIndex: 'days',
      align: 'right',
      render: (v: number) => v.toLocaleString(i18n.language),
    },
    { title: t('tmfHealth.drill.createdBy'), dataIndex: 'createdByName' },
  ];
  const issueColumns: TableProps<TmfIssueRow>['columns'] = [
    { title: t('tmfHealth.drill.document'), key: 'name', render: (_, r) => docLink(r.documentId, r.documentName) },
    {
      title: t('tmfHealth.drill.category'),
      dataIndex: 'category',
      render: (v: string) => t(`tmfHealth.category.${v}`),
    },
    { title: t('tmfHealth.drill.state'), dataIndex: 'state', render: (v: string) => t(`tmfHealth.issueState.${v}`) },
    { title: t('tmfHealth.drill.assignee'), dataIndex: 'assigneeName' },
    { title: t('tmfHealth.drill.createdAt'), dataIndex: 'createdAt', render: (v: string) => formatDateTime(v) },
  ];

  const title = kind ? `${t(`tmfHealth.drillOf.${kind}`)}${groupLabel ? ` · ${groupLabel}` : ''}` : '';
  const pagination = {
    current: paging.page,
    pageSize: paging.pageSize,
    total: answer.data?.total ?? 0,
    showSizeChanger: true,
    pageSizeOptions: [20, 50, 100],
    onChange: (page: number, pageSize: number) => setPaging({ page, pageSize }),
  };
  const common = { id: 'tmf-drill-table', size: 'small' as const, loading: answer.isFetching, pagination };

  return (
    <Drawer
      open={drill !== null}
      // The list is named by its title, so a screen reader says which list opened.
      aria-labelledby="tmf-drill-title"
      title={<span id="tmf-drill-title">{title}</span>}
      size="large"
      onClose={onClose}
      destroyOnHidden
    >
      {kind === 'issues' && (
        <Select<QualityIssueCategory>
          id="tmf-drill-category"
          aria-label={t('tmfHealth.drill.category')}
          placeholder={t('tmfHealth.drill.allCategories')}
          allowClear
          style={{ width: 240, marginBottom: 12 }}
          value={drill?.category}
          onChange={(v) => onCategory(v ?? undefined)}
          options={QUALITY_ISSUE_CATEGORIES.map((c) => ({ value: c, label: t(`tmfHealth.category.${c}`) }))}
        />
      )}
      {isItems && <Table<TmfItemRow> {...common} rowKey="id" columns={itemColumns} dataSource={items.data?.items} />}
      {kind === 'late' && (
        <Table<TmfLateRow> {...common} rowKey="documentId" columns={lateColumns} dataSource={late.data?.items} />
      )}
      {kind === 'issues' && (
        <Table<TmfIssueRow> {...common} rowKey="id" columns={issueColumns} dataSource={issues.data?.items} />
      )}
    </Drawer>
  );
}
