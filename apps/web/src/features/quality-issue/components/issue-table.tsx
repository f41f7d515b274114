import { Empty, Table, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { QualityIssue } from '@edoc/contract/quality-issue';
import { formatDate, formatDateTime } from '../../../lib/format';
import { issueAddress } from '../issue-address';
import { IssueStateTag } from './issue-state-tag';

/** The day, with the instant on hover: the comment needs the width more than the time of day does. */
const day = (at: string) => <span title={formatDateTime(at)}>{formatDate(at)}</span>;

/** One page of issues, as the server pages them; a row's document opens on its quality issues. */
export function IssueTable(props: {
  id: string;
  rows: QualityIssue[];
  total: number;
  loading: boolean;
  page: number;
  pageSize: number;
  emptyText: string;
  onPage: (page: number, pageSize: number) => void;
}) {
  const { t } = useTranslation();
  const columns: TableColumnsType<QualityIssue> = [
    {
      title: t('qualityIssue.col.document'),
      key: 'document',
      width: 200,
      ellipsis: { showTitle: false },
      render: (_: unknown, issue) => (
        <Link
          id={`quality-open-${issue.id}`}
          to={issueAddress(issue.documentId)}
          title={t('qualityIssue.openDocument')}
        >
          {issue.documentName}
        </Link>
      ),
    },
    {
      title: t('qualityIssue.col.state'),
      key: 'state',
      width: 90,
      render: (_: unknown, issue) => <IssueStateTag state={issue.state} id={`quality-row-state-${issue.id}`} />,
    },
    {
      title: t('qualityIssue.col.category'),
      key: 'category',
      width: 130,
      render: (_: unknown, issue) => t(`qualityIssue.category.${issue.category}`),
    },
    {
      title: t('qualityIssue.col.comment'),
      dataIndex: 'comment',
      // The one column that takes what is left; the others are as narrow as their content allows.
      width: 180,
      ellipsis: { showTitle: false },
      render: (comment: string) => <Typography.Text ellipsis={{ tooltip: comment }}>{comment}</Typography.Text>,
    },
    { title: t('qualityIssue.col.page'), dataIndex: 'page', width: 60, render: (page: number | null) => page ?? '—' },
    {
      title: t('qualityIssue.col.raisedBy'),
      key: 'raisedBy',
      width: 110,
      ellipsis: true,
      render: (_: unknown, issue) => issue.raisedBy.name,
    },
    {
      title: t('qualityIssue.col.assignee'),
      key: 'assignee',
      width: 110,
      ellipsis: true,
      render: (_: unknown, issue) => issue.assignee.name,
    },
    { title: t('qualityIssue.col.createdAt'), dataIndex: 'createdAt', width: 110, render: day },
    { title: t('qualityIssue.col.updatedAt'), dataIndex: 'updatedAt', width: 110, render: day },
  ];
  return (
    <Table<QualityIssue>
      id={props.id}
      rowKey="id"
      size="middle"
      loading={props.loading}
      columns={columns}
      dataSource={props.rows}
      pagination={{
        current: props.page,
        pageSize: props.pageSize,
        total: props.total,
        showSizeChanger: true,
        showTotal: (total) => t('common.total', { total }),
        // A new page size restarts at page 1: the page number would point past the end otherwise.
        onChange: (page, pageSize) => props.onPage(pageSize === props.pageSize ? page : 1, pageSize),
      }}
      scroll={{ x: 1100 }}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={props.emptyText} /> }}
    />
  );
}
