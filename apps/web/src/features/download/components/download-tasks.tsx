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
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DownloadState, DownloadTaskRow } from '@edoc/contract/download';
import { formatDateTime } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { useListState } from '../../../lib/use-list-state';
import { formatSize } from '../../document/components/versions-drawer';
import { deleteTask, downloadKeys, downloadByTicket, listTasks } from '../api';

/** How often the list asks again while a task is packing. */
export const POLL_MS = 2000;

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
  const queryClient = useQueryClient();
  const session = useSession();
  const list = useListState();
  const params = { all: !mine, pageNum: list.pageNum, pageSize: list.pageSize };
  const tasks = useQuery({
    queryKey: downloadKeys.list(session.projectId, params),
    queryFn: () => listTasks(params),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.data.some((r) => r.state === 'packing') ? POLL_MS : false),
  });
  const rows = tasks.data?.data ?? [];

  const download = useMutation({
    mutationFn: (row: DownloadTaskRow) => downloadByTicket({ kind: 'pack', taskId: row.id }),
  });
  const remove = useMutation({
    mutationFn: (row: DownloadTaskRow) => deleteTask(row.id),
    onSuccess: async (_d, row) => {
      void message.success(t('download.deleted', { name: row.name }));
      list.stepBackIfEmpty(rows.length);
      await queryClient.invalidateQueries({ queryKey: downloadKeys.all });
    },
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
                loading={download.isPending && download.variables?.id === row.id}
                onClick={() => download.mutate(row)}
              />
            </Tooltip>
          ) : null}
          <Popconfirm
            title={t('download.deleteConfirm', { name: row.name })}
            okText={t('common.confirm')}
            cancelText={t('common.cancel')}
            onConfirm={() => remove.mutateAsync(row).catch(() => undefined)}
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
