import { Space, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TaskItem, TaskSort } from '@edoc/contract/workflow-requests';
import type { TaskKind } from '@edoc/contract/workflow';
import { paths } from '../../../config/paths';
import { formatDate, formatDateTime } from '../../../lib/format';
import { issueAddress } from '../../quality-issue/issue-address';
import type { TaskState } from '../api';
import { TaskKindTag } from './task-kind-tag';

export interface SortState {
  sort?: TaskSort;
  order: 'asc' | 'desc';
}

/** The viewer of the task's document: its action panel is where a single task is done. */
export const viewerHref = (row: TaskItem) => `${paths.view}?fileId=${row.fileId}`;

/** A quality issue's task is done on the document's quality issues (the workspace panel's tab), not in the viewer. */
const ISSUE_KINDS: readonly TaskKind[] = ['qualityIssue', 'qualityVerify'];

/** Columns of both home lists; the sortable ones are sorted by the server (the list is paged there). */
export function useTaskColumns(state: TaskState, sorting: SortState): TableColumnsType<TaskItem> {
  const { t } = useTranslation();
  const pending = state === 'pending';
  const sortable = (field: TaskSort) => ({
    key: field,
    sorter: true,
    sortOrder: sorting.sort === field ? (sorting.order === 'asc' ? ('ascend' as const) : ('descend' as const)) : null,
  });

  const columns: TableColumnsType<TaskItem> = [
    {
      title: t('task.col.kind'),
      key: 'kind',
      width: 150,
      render: (_: unknown, row) => <TaskKindTag id={`task-kind-${row.taskId}`} kind={row.kind} done={!pending} />,
    },
    {
      title: t('task.col.name'),
      dataIndex: 'fileName',
      ...sortable('fileName'),
      width: 240,
      ellipsis: { showTitle: false },
      render: (name: string, row) =>
        ISSUE_KINDS.includes(row.kind) ? (
          <Tooltip title={t('task.openIssues')}>
            <Link id={`task-open-${row.taskId}`} to={issueAddress(row.fileId)}>
              {name}
            </Link>
          </Tooltip>
        ) : (
          <Tooltip title={t('task.openInViewer')}>
            {/* "opener": the viewer tab gets a copy of this tab's session; with noopener it would open signed out. */}
            <a id={`task-open-${row.taskId}`} href={viewerHref(row)} target="_blank" rel="opener">
              {name}
            </a>
          </Tooltip>
        ),
    },
    {
      title: t('task.col.folder'),
      dataIndex: 'folderPath',
      ellipsis: { showTitle: false },
      // Paths share their first levels (the ICH sections), so the folder itself is what tells rows apart.
      render: (path: string) => (
        <Tooltip title={path}>
          <Typography.Text type="secondary">{path.split(' / ').at(-1)}</Typography.Text>
        </Tooltip>
      ),
    },
    { title: t('task.col.sender'), dataIndex: 'senderName', ...sortable('senderName'), width: 150, ellipsis: true },
    {
      title: t('task.col.received'),
      dataIndex: 'createdAt',
      ...sortable('createdAt'),
      width: 150,
      render: formatDateTime,
    },
  ];
  if (pending) {
    columns.push({
      title: t('task.col.due'),
      dataIndex: 'dueDate',
      ...sortable('dueDate'),
      width: 190,
      render: (due: string | null, row) =>
        due === null ? (
          '—'
        ) : row.overdue ? (
          <Space size={6} id={`task-due-${row.taskId}`}>
            <Typography.Text type="danger">{formatDate(due)}</Typography.Text>
            <Tag color="red">{t('task.overdue')}</Tag>
          </Space>
        ) : (
          <span id={`task-due-${row.taskId}`}>{formatDate(due)}</span>
        ),
    });
  } else {
    columns.push(
      {
        title: t('task.col.outcome'),
        dataIndex: 'outcome',
        width: 120,
        render: (outcome: string | null, row) =>
          outcome ? (
            <span id={`task-outcome-${row.taskId}`}>
              <Typography.Text type={outcome === 'reject' ? 'danger' : undefined}>
                {t(`task.outcome.${outcome}`, { defaultValue: outcome })}
              </Typography.Text>
            </span>
          ) : (
            '—'
          ),
      },
      { title: t('task.col.done'), dataIndex: 'doneAt', ...sortable('doneAt'), width: 150, render: formatDateTime },
    );
  }
  return columns;
}
