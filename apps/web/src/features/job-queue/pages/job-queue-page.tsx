import { App, Button, Card, Popconfirm, Select, Space, Table, Tabs, Tag, Typography, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { JOB_QUEUES, JOB_STATES, type JobQueueName, type JobRow, type JobState } from '@edoc/contract/job-queue';
import { formatDateTime } from '../../../lib/format';
import { useAddressParams } from '../../../lib/use-address-params';
import { getSessionValue } from '../../../lib/session';
import { useChangeJob, useJobs } from '../api';

const STATE_COLOR: Record<JobState, string> = {
  waiting: 'default',
  running: 'processing',
  failed: 'error',
  done: 'success',
  cancelled: 'warning',
};

const isQueue = (value: string | null): value is JobQueueName =>
  (JOB_QUEUES as readonly string[]).includes(value ?? '');
const isState = (value: string | null): value is JobState => (JOB_STATES as readonly string[]).includes(value ?? '');

/**
 * /system/jobs (issue 29 part 6): the background queues — how many jobs wait, run, failed, finished or were
 * cancelled in each — and the jobs of one state, a failed one with its reason; a failed job can be retried, a
 * waiting or running one cancelled, each after a confirmation. The state, queue and page live in the address.
 */
export function JobQueuePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [params, setParams] = useAddressParams();
  const state: JobState = isState(params.get('state')) ? (params.get('state') as JobState) : 'failed';
  const rawQueue = params.get('queue');
  const queue = isQueue(rawQueue) ? rawQueue : undefined;
  const pageNum = Math.max(1, Number(params.get('page')) || 1);
  const pageSize = Number(params.get('size')) || getSessionValue('pageSize');
  const jobs = useJobs({ state, queue, pageNum, pageSize });
  const retry = useChangeJob('retry');
  const cancel = useChangeJob('cancel');

  const choose = (next: Record<string, string | undefined>) =>
    setParams((current) => {
      const copy = new URLSearchParams(current);
      for (const [key, value] of Object.entries(next)) {
        if (value === undefined) copy.delete(key);
        else copy.set(key, value);
      }
      if (!('page' in next)) copy.delete('page');
      return copy;
    });

  const act = (row: JobRow, action: 'retry' | 'cancel') =>
    (action === 'retry' ? retry : cancel)
      .mutateAsync({ queue: row.queue as JobQueueName, id: row.id })
      .then(() => void message.success(t(`jobQueue.${action}Done`)));

  const queueName = (name: string) => t(`jobQueue.queue.${name}`, { defaultValue: name });

  const counts: TableProps<NonNullable<typeof jobs.data>['queues'][number]>['columns'] = [
    { title: t('jobQueue.queueColumn'), dataIndex: 'queue', render: (name: string) => queueName(name) },
    ...JOB_STATES.map((s) => ({
      title: t(`jobQueue.state.${s}`),
      dataIndex: s,
      align: 'right' as const,
      render: (n: number) =>
        n > 0 && s !== 'done' ? (
          <Button type="link" size="small" onClick={() => choose({ state: s, queue: undefined })}>
            {n.toLocaleString()}
          </Button>
        ) : (
          n.toLocaleString()
        ),
    })),
  ];

  const columns: TableProps<JobRow>['columns'] = [
    { title: t('jobQueue.queueColumn'), dataIndex: 'queue', width: 200, render: (name: string) => queueName(name) },
    {
      title: t('jobQueue.stateColumn'),
      dataIndex: 'state',
      width: 110,
      render: (s: JobState) => <Tag color={STATE_COLOR[s]}>{t(`jobQueue.state.${s}`)}</Tag>,
    },
    { title: t('jobQueue.created'), dataIndex: 'createdAt', width: 170, render: (v: string) => formatDateTime(v) },
    {
      title: t('jobQueue.changed'),
      dataIndex: 'changedAt',
      width: 170,
      render: (v: string | null) => (v ? formatDateTime(v) : '—'),
    },
    { title: t('jobQueue.retries'), dataIndex: 'retries', width: 90, align: 'right' },
    {
      title: t('jobQueue.reason'),
      dataIndex: 'reason',
      ellipsis: { showTitle: true },
      render: (v: string | null) => v ?? '—',
    },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 120,
      render: (_: unknown, row) =>
        row.state === 'failed' ? (
          <Popconfirm title={t('jobQueue.retryConfirm')} onConfirm={() => act(row, 'retry')}>
            <Button size="small">{t('jobQueue.retry')}</Button>
          </Popconfirm>
        ) : row.state === 'waiting' || row.state === 'running' ? (
          <Popconfirm title={t('jobQueue.cancelConfirm')} onConfirm={() => act(row, 'cancel')}>
            <Button size="small" danger>
              {t('jobQueue.cancel')}
            </Button>
          </Popconfirm>
        ) : null,
    },
  ];

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('jobQueue.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('jobQueue.intro')}
      </Typography.Paragraph>
      <Card size="small" title={t('jobQueue.queues')}>
        <Table
          rowKey="queue"
          size="small"
          pagination={false}
          loading={jobs.isLoading}
          columns={counts}
          dataSource={jobs.data?.queues ?? []}
        />
      </Card>
      <Card size="small">
        <Tabs
          activeKey={state}
          onChange={(key) => choose({ state: key })}
          items={JOB_STATES.map((s) => ({ key: s, label: t(`jobQueue.state.${s}`) }))}
          tabBarExtraContent={
            <Select
              allowClear
              aria-label={t('jobQueue.queueFilter')}
              placeholder={t('jobQueue.queueFilter')}
              style={{ width: 220 }}
              value={queue}
              onChange={(value?: string) => choose({ queue: value })}
              options={JOB_QUEUES.map((q) => ({ value: q, label: queueName(q) }))}
            />
          }
        />
        <Table
          rowKey="id"
          size="small"
          loading={jobs.isLoading}
          columns={columns}
          dataSource={jobs.data?.jobs ?? []}
          locale={{ emptyText: t('jobQueue.empty') }}
          pagination={{
            current: pageNum,
            pageSize,
            total: jobs.data?.total ?? 0,
            showSizeChanger: true,
            showTotal: (total) => t('common.total', { total }),
            onChange: (page, size) => choose({ page: String(size === pageSize ? page : 1), size: String(size) }),
          }}
        />
      </Card>
    </Space>
  );
}
