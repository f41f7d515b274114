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
    { title: t('download.name'), dataIndex: 'name', ellipsis: true },
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
