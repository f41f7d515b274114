import { useState } from 'react';
import { Button, Empty, Table, Tag, Typography, App, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WebhookDeliveryRow, WebhookRow } from '@edoc/contract/webhook';
import { Dialog } from '../../../components/dialog';
import { formatDateTime } from '../../../lib/format';
import { useDeliveries, useResend, type WebhookScope } from '../api';

const STATE_COLOR: Record<WebhookDeliveryRow['state'], string> = {
  pending: 'processing',
  delivered: 'success',
  failed: 'error',
};

const PAGE_SIZE = 20;

/** A hook's deliveries, newest first: the event, each try's answer (or error), the next try, and re-send. */
export function DeliveryLog({
  scope,
  hook,
  onClose,
}: {
  scope: WebhookScope;
  hook: WebhookRow | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [page, setPage] = useState(1);
  const log = useDeliveries(scope, hook?.id ?? null, page, PAGE_SIZE);
  const resend = useResend(scope);

  const again = (row: WebhookDeliveryRow) =>
    resend
      .mutateAsync({ id: hook!.id, deliveryId: row.id })
      .then(() => void message.success(t('webhook.resent')))
      .catch(() => undefined);

  const answer = (row: WebhookDeliveryRow) => {
    if (row.responseStatus !== null)
      return (
        <>
          <Typography.Text strong>HTTP {row.responseStatus}</Typography.Text>
          {row.responseExcerpt ? (
            <Typography.Paragraph type="secondary" ellipsis={{ rows: 2, expandable: true }} style={{ margin: 0 }}>
              {row.responseExcerpt}
            </Typography.Paragraph>
          ) : null}
        </>
      );
    return row.error ? <Typography.Text type="danger">{row.error}</Typography.Text> : '—';
  };

  const columns: TableProps<WebhookDeliveryRow>['columns'] = [
    {
      title: t('webhook.eventColumn'),
      dataIndex: 'event',
      render: (event: string) => (
        <>
          {t(`webhook.event.${event}`, { defaultValue: event })}
          <br />
          <Typography.Text type="secondary" code>
            {event}
          </Typography.Text>
        </>
      ),
    },
    { title: t('webhook.time'), dataIndex: 'createdAt', width: 150, render: formatDateTime },
    {
      title: t('webhook.state'),
      dataIndex: 'state',
      width: 110,
      render: (state: WebhookDeliveryRow['state']) => (
        <Tag color={STATE_COLOR[state]}>{t(`webhook.deliveryState.${state}`)}</Tag>
      ),
    },
    { title: t('webhook.attempts'), dataIndex: 'attempts', width: 80, align: 'right' },
    { title: t('webhook.answer'), key: 'answer', render: (_: unknown, row) => answer(row) },
    {
      title: t('webhook.nextTry'),
      dataIndex: 'nextAttemptAt',
      width: 150,
      render: (value: string | null) => formatDateTime(value) || '—',
    },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 100,
      render: (_: unknown, row) => (
        <Button
          size="small"
          id={`webhook-resend-${row.id}`}
          aria-label={t('webhook.resendOf', { event: row.event, time: formatDateTime(row.createdAt) })}
          loading={resend.isPending && resend.variables?.deliveryId === row.id}
          onClick={() => void again(row)}
        >
          {t('webhook.resend')}
        </Button>
      ),
    },
  ];

  return (
    <Dialog
      open={hook !== null}
      title={t('webhook.logTitle', { url: hook?.url ?? '' })}
      onCancel={onClose}
      footer={null}
      width={1000}
      afterClose={() => setPage(1)}
    >
      <Table<WebhookDeliveryRow>
        id="webhook-deliveries"
        rowKey="id"
        size="small"
        loading={log.isFetching && !log.data}
        columns={columns}
        dataSource={log.data?.list ?? []}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: log.data?.total ?? 0,
          showSizeChanger: false,
          showTotal: (total) => t('common.total', { total }),
          onChange: setPage,
        }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('webhook.noDeliveries')} /> }}
      />
    </Dialog>
  );
}
