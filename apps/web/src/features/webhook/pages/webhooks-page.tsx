import { useState } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Dropdown, Empty, Space, Table, Tag, Typography, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WebhookRow } from '@edoc/contract/webhook';
import { formatDateTime } from '../../../lib/format';
import { projectLabel, useProjectOptions } from '../../project/api';
import { useRotateSecret, useWebhookAction, useWebhooks, type WebhookScope } from '../api';
import { DeliveryLog } from '../components/delivery-log';
import { SecretDialog } from '../components/secret-dialog';
import { WebhookDialog } from '../components/webhook-dialog';

/** A hook's state as the list shows it: paused after repeated failures wins over switched off. */
function stateOf(hook: WebhookRow): 'paused' | 'off' | 'active' {
  if (hook.pausedAt) return 'paused';
  return hook.enabled ? 'active' : 'off';
}
const STATE_COLOR = { active: 'success', paused: 'warning', off: 'default' } as const;

/**
 * Issue 29 part 5: the webhooks of the entered project (project administration) or of the company (company
 * administration): their state and last delivery, made and changed here, each with its delivery log, a test event,
 * resume when paused, a new secret and delete (both confirmed).
 */
export function WebhooksPage({ scope }: { scope: WebhookScope }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const list = useWebhooks(scope);
  // A company hook's projects by name (the company's project list, asked on the company's page only).
  const company = scope === 'company';
  const projects = useProjectOptions({ enabled: company });
  const projectName = new Map((projects.data?.data ?? []).map((p) => [p.studyId, projectLabel(p)]));
  const remove = useWebhookAction(scope, 'remove');
  const rotate = useRotateSecret(scope);
  const resume = useWebhookAction(scope, 'resume');
  const test = useWebhookAction(scope, 'test');
  /** The form: closed, a new hook (null), or one being changed. */
  const [editing, setEditing] = useState<WebhookRow | null | undefined>(undefined);
  const [secret, setSecret] = useState<string | null>(null);
  const [logOf, setLogOf] = useState<WebhookRow | null>(null);

  const confirmRemove = (hook: WebhookRow) =>
    void modal.confirm({
      title: t('webhook.deleteConfirm', { url: hook.url }),
      content: t('webhook.deleteConfirmText'),
      okText: t('webhook.delete'),
      cancelText: t('common.cancel'),
      okButtonProps: { id: `webhook-delete-ok-${hook.id}`, danger: true },
      onOk: () =>
        remove
          .mutateAsync(hook.id)
          .then(() => void message.success(t('webhook.deleted')))
          .catch(() => undefined),
    });

  const confirmRotate = (hook: WebhookRow) =>
    void modal.confirm({
      title: t('webhook.rotateConfirm', { url: hook.url }),
      content: t('webhook.rotateConfirmText'),
      okText: t('webhook.rotate'),
      cancelText: t('common.cancel'),
      okButtonProps: { id: `webhook-rotate-ok-${hook.id}` },
      onOk: () =>
        rotate
          .mutateAsync(hook.id)
          .then((answer) => setSecret(answer.secret))
          .catch(() => undefined),
    });

  const sendTest = (hook: WebhookRow) =>
    test
      .mutateAsync(hook.id)
      .then(() => void message.success(t('webhook.testQueued')))
      .catch(() => undefined);

  const doResume = (hook: WebhookRow) =>
    resume
      .mutateAsync(hook.id)
      .then(() => void message.success(t('webhook.resumed')))
      .catch(() => undefined);

  const columns: TableProps<WebhookRow>['columns'] = [
    {
      title: t('webhook.url'),
      dataIndex: 'url',
      render: (url: string) => <Typography.Text style={{ wordBreak: 'break-all' }}>{url}</Typography.Text>,
    },
    {
      title: t('webhook.events'),
      dataIndex: 'events',
      render: (events: string[]) => (
        <Space size={[0, 4]} wrap>
          {events.map((e) => (
            <Tag key={e}>{t(`webhook.event.${e}`, { defaultValue: e })}</Tag>
          ))}
        </Space>
      ),
    },
    ...(company
      ? [
          {
            title: t('webhook.projects'),
            key: 'projects',
            render: (_: unknown, hook: WebhookRow) =>
              hook.projectIds?.length ? (
                <Space size={[0, 4]} wrap id={`webhook-projects-${hook.id}`}>
                  {hook.projectIds.map((id) => (
                    <Tag key={id}>{projectName.get(id) ?? `#${id}`}</Tag>
                  ))}
                </Space>
              ) : (
                <Typography.Text type="secondary" id={`webhook-projects-${hook.id}`}>
                  {t('webhook.allProjects')}
                </Typography.Text>
              ),
          },
        ]
      : []),
    {
      title: t('webhook.state'),
      key: 'state',
      width: 120,
      render: (_: unknown, hook) => {
        const state = stateOf(hook);
        return (
          <Tag color={STATE_COLOR[state]} id={`webhook-state-${hook.id}`}>
            {t(`webhook.hookState.${state}`)}
          </Tag>
        );
      },
    },
    {
      title: t('webhook.lastDelivery'),
      key: 'last',
      width: 200,
      render: (_: unknown, hook) =>
        hook.lastDelivery ? (
          <>
            {t(`webhook.deliveryState.${hook.lastDelivery.state}`, { defaultValue: hook.lastDelivery.state })}
            {hook.lastDelivery.responseStatus !== null ? ` · HTTP ${hook.lastDelivery.responseStatus}` : ''}
            <br />
            <Typography.Text type="secondary">{formatDateTime(hook.lastDelivery.at)}</Typography.Text>
          </>
        ) : (
          <Typography.Text type="secondary">{t('webhook.never')}</Typography.Text>
        ),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 280,
      render: (_: unknown, hook) => (
        <Space size={4} wrap>
          {hook.pausedAt && (
            <Button size="small" type="primary" id={`webhook-resume-${hook.id}`} onClick={() => void doResume(hook)}>
              {t('webhook.resume')}
            </Button>
          )}
          <Button size="small" id={`webhook-log-${hook.id}`} onClick={() => setLogOf(hook)}>
            {t('webhook.log')}
          </Button>
          <Button size="small" id={`webhook-test-${hook.id}`} onClick={() => void sendTest(hook)}>
            {t('webhook.test')}
          </Button>
          <Dropdown
            trigger={['click']}
            menu={{
              items: [
                { key: 'edit', label: t('common.edit'), onClick: () => setEditing(hook) },
                { key: 'rotate', label: t('webhook.rotate'), onClick: () => confirmRotate(hook) },
                { key: 'delete', label: t('webhook.delete'), danger: true, onClick: () => confirmRemove(hook) },
              ],
            }}
          >
            <Button size="small" id={`webhook-more-${hook.id}`} aria-label={t('webhook.moreOf', { url: hook.url })}>
              {t('webhook.more')}
            </Button>
          </Dropdown>
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={t('webhook.title')}
      variant="borderless"
      extra={
        <Button id="webhook-create" type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
          {t('webhook.create')}
        </Button>
      }
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {t(scope === 'project' ? 'webhook.introProject' : 'webhook.introCompany')}
        </Typography.Paragraph>
        <Table<WebhookRow>
          id="webhook-table"
          rowKey="id"
          size="middle"
          loading={list.isFetching && !list.data}
          columns={columns}
          dataSource={list.data?.list ?? []}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('webhook.empty')} /> }}
        />
      </Space>
      <WebhookDialog
        scope={scope}
        open={editing !== undefined}
        hook={editing ?? undefined}
        onClose={() => setEditing(undefined)}
        onCreated={setSecret}
      />
      <SecretDialog secret={secret} onClose={() => setSecret(null)} />
      <DeliveryLog scope={scope} hook={logOf} onClose={() => setLogOf(null)} />
    </Card>
  );
}

export const ProjectWebhooksPage = () => <WebhooksPage scope="project" />;
export const CompanyWebhooksPage = () => <WebhooksPage scope="company" />;
