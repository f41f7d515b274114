import { DeleteOutlined, DownloadOutlined } from '@ant-design/icons';
import {
  App,
  Button,
  Empty,
  Flex,
  Popconfirm,
  Progress,
  Space,
  Table,
  Tag,
  Tooltip,
  Typography,
  type TableProps,
} from 'antd';
import { useTranslation } from 'react-i18next';
import type { DownloadState, DownloadTaskRow } from '@edoc/contract/download';
import { formatDateTime } from '../../../lib/format';
import { useListState } from '../../../lib/use-list-state';
import { formatSize } from '../../../lib/format';
import { useDeleteDownloadTask, useDownloadByTicket, useDownloadTasks } from '../api';

const STATE_COLOR: Record<DownloadState, string> = {
  packing: 'processing',
  completed: 'success',
  failed: 'error',
  expired: 'default',
};

/**
 * Download center tasks (SPEC §3): the caller's own (`mine`, a tab of the workspace) or every task of the
 * project (/manage/download). Refreshes every 2 s while any task is still packing.
 */
export function DownloadTasks({ mine = false }: { mine?: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const list = useListState();
  const tasks = useDownloadTasks({ all: !mine, pageNum: list.pageNum, pageSize: list.pageSize });
  const rows = tasks.data?.data ?? [];

  const download = useDownloadByTicket();
  const deleteTask = useDeleteDownloadTask();
  const remove = (row: DownloadTaskRow) =>
    deleteTask.mutateAsync(row.id).then(() => {
      void message.success(t('download.deleted', { name: row.name }));
      list.stepBackIfEmpty(rows.length);
    });

  const columns: TableProps<DownloadTaskRow>['columns'] = [
    {
      title: t('download.name'),
      dataIndex: 'name',
      ellipsis: true,
      // An export (issue 28) says which package it is, under its name: beside it, the tag left the name a few
      // letters in a narrow column.
      render: (name: string, row) =>
        row.kind === 'files' ? (
          name
        ) : (
          <Flex vertical align="flex-start" gap={2} style={{ minWidth: 0 }}>
            <Typography.Text ellipsis={{ tooltip: name }} style={{ maxWidth: '100%' }}>
              {name}
            </Typography.Text>
            <Tag color="blue" id={`download-kind-${row.id}`} style={{ marginInlineEnd: 0 }}>
              {t(`download.kind.${row.kind}`)}
            </Tag>
          </Flex>
        ),
    },
    { title: t('download.creator'), dataIndex: 'creator', width: 120 },
    {
      title: t('download.documents'),
      key: 'documents',
      ellipsis: true,
      render: (_: unknown, row) => {
        const shown = row.documentNames.join(t('download.separator'));
        const more = row.documentCount - row.documentNames.length;
        return more > 0 ? t('download.documentsMore', { names: shown, count: row.documentCount }) : shown;
      },
    },
    {
      title: t('download.status'),
      key: 'state',
      width: 200,
      render: (_: unknown, row) => (
        <Flex vertical align="flex-start" style={{ width: '100%' }}>
          <Tag id={`download-state-${row.id}`} color={STATE_COLOR[row.state]}>
            {t(`download.state.${row.state}`)}
          </Tag>
          {row.state === 'packing' || row.state === 'completed' ? (
            <Progress
              percent={row.progress}
              size="small"
              status={row.state === 'packing' ? 'active' : 'success'}
              aria-label={t('download.progress')}
            />
          ) : null}
          {row.report ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }} id={`download-report-${row.id}`}>
              {t('download.report', row.report)}
              {row.report.leftOutTotal > 0 ? ` · ${t('download.leftOut', { count: row.report.leftOutTotal })}` : ''}
            </Typography.Text>
          ) : null}
          {row.state === 'failed' && row.error ? (
            <Typography.Text type="danger" style={{ fontSize: 12 }}>
              {row.error}
            </Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    { title: t('download.created'), dataIndex: 'createdtime', width: 150, render: formatDateTime },
    {
      title: t('download.size'),
      dataIndex: 'size',
      width: 100,
      align: 'right',
      render: (v: number | null) => (v === null ? '—' : formatSize(v)),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 110,
      // Kept in view when the table scrolls sideways (its edge was clipped, issue 12 defect 7).
      fixed: 'right',
      render: (_: unknown, row) => (
        <Space size="small">
          {row.state === 'completed' ? (
            <Tooltip title={t('download.download')}>
              <Button
                id={`download-file-${row.id}`}
                type="link"
                size="small"
                icon={<DownloadOutlined />}
                aria-label={t('download.download')}
                loading={
                  download.isPending && download.variables?.kind === 'pack' && download.variables.taskId === row.id
                }
                onClick={() => download.mutate({ kind: 'pack', taskId: row.id })}
              />
            </Tooltip>
          ) : null}
          <Popconfirm
            title={t('download.deleteConfirm', { name: row.name })}
            okText={t('common.confirm')}
            cancelText={t('common.cancel')}
            onConfirm={() => remove(row).catch(() => undefined)}
          >
            <Button
              id={`download-delete-${row.id}`}
              type="link"
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('download.delete')}
            />
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Table<DownloadTaskRow>
      id={mine ? 'download-tasks-mine' : 'download-tasks-all'}
      rowKey="id"
      size="middle"
      loading={tasks.isLoading}
      columns={columns}
      dataSource={rows}
      pagination={list.pagination(tasks.data?.total)}
      // An export's left-out documents and why, under its row.
      expandable={{
        rowExpandable: (row) => (row.report?.leftOut.length ?? 0) > 0,
        expandedRowRender: (row) => <LeftOut row={row} />,
      }}
      scroll={{ x: 900 }}
      locale={{
        emptyText: (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={mine ? t('download.emptyMine') : t('download.empty')}
          />
        ),
      }}
    />
  );
}

/** What an export left out and why (the reasons in the reader's language, from the server). */
function LeftOut({ row }: { row: DownloadTaskRow }) {
  const { t } = useTranslation();
  const report = row.report!;
  const more = report.leftOutTotal - report.leftOut.length;
  return (
    <Flex vertical gap={2} id={`download-left-out-${row.id}`}>
      <Typography.Text strong>{t('download.leftOutTitle')}</Typography.Text>
      <ul style={{ margin: 0, paddingInlineStart: 20 }}>
        {report.leftOut.map((l, i) => (
          <li key={`${l.documentId}-${i}`}>
            {l.name}: {l.reason}
          </li>
        ))}
      </ul>
      {more > 0 ? (
        <Typography.Text type="secondary">{t('download.leftOutMore', { count: more })}</Typography.Text>
      ) : null}
    </Flex>
  );
}
