import { useEffect } from 'react';
import { App, Checkbox, Form, Input, Select, Space, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { WEBHOOK_EVENTS, webhookUpdateBody, type WebhookRow } from '@edoc/contract/webhook';
import { Dialog } from '../../../components/dialog';
import { EnterSubmits } from '../../../components/enter-submits';
import { serverFieldIssues, showServerError } from '../../../lib/form-errors';
import { schemaRule } from '../../../lib/form-rules';
import { useRevalidateOnLanguage } from '../../../lib/use-revalidate-on-language';
import { projectLabel, useProjectOptions } from '../../project/api';
import { useSaveWebhook, type WebhookScope } from '../api';

type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

interface Values {
  url: string;
  events: WebhookEvent[];
  /** A company hook's projects; none: every project of the company. */
  projectIds: number[];
  enabled: boolean;
}

const shape = webhookUpdateBody.shape;
const FIELDS: ReadonlyArray<keyof Values> = ['url', 'events', 'projectIds', 'enabled'];

interface WebhookDialogProps {
  scope: WebhookScope;
  open: boolean;
  /** The hook being changed; undefined makes a new one. */
  hook?: WebhookRow;
  onClose: () => void;
  /** A new hook's secret, which the page shows once. */
  onCreated: (secret: string) => void;
}

/**
 * A subscription: the receiver's URL and the events it hears, each with what it means. The server checks where the
 * URL points (after resolving its name): a private address refused there is put under the URL field.
 */
export function WebhookDialog({ scope, open, hook, onClose, onCreated }: WebhookDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  useRevalidateOnLanguage(form);
  const save = useSaveWebhook(scope, { silentError: true });
  const company = scope === 'company';
  const projects = useProjectOptions({ enabled: open && company });

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      hook
        ? {
            url: hook.url,
            events: hook.events as WebhookEvent[],
            projectIds: hook.projectIds ?? [],
            enabled: hook.enabled,
          }
        : { url: '', events: [], projectIds: [], enabled: true },
    );
  }, [open, hook, form]);

  const submit = (values: Values) => {
    // A project's hook hears its own project: no list is sent for it.
    const projectIds = company ? values.projectIds : undefined;
    const input = hook
      ? { id: hook.id, body: webhookUpdateBody.parse({ ...values, projectIds }) }
      : { body: { url: values.url.trim(), events: values.events, projectIds } };
    save.mutate(input, {
      onSuccess: (answer) => {
        void message.success(hook ? t('common.saved') : t('webhook.created'));
        onClose();
        if (answer) onCreated(answer.secret);
      },
      onError: (error) => {
        const issues = serverFieldIssues(error).filter((i) => FIELDS.some((f) => f === i.field));
        if (issues.length) {
          form.setFields(issues.map((i) => ({ name: i.field as keyof Values, errors: [i.message] })));
          return;
        }
        showServerError(form, error, {
          webhook_url_invalid: 'url',
          webhook_target_private: 'url',
          webhook_target_unresolved: 'url',
        });
      },
    });
  };

  return (
    <Dialog
      open={open}
      title={hook ? t('webhook.editTitle') : t('webhook.createTitle')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ id: 'webhook-dialog-ok' }}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
      width={640}
    >
      <Form<Values> form={form} name="webhook-form" layout="vertical" onFinish={submit}>
        <Form.Item
          name="url"
          label={t('webhook.url')}
          extra={t('webhook.urlHint')}
          required
          rules={[schemaRule('url', shape.url)]}
        >
          <Input maxLength={2000} autoComplete="off" placeholder="https://" inputMode="url" />
        </Form.Item>
        <Form.Item name="events" label={t('webhook.events')} required rules={[schemaRule('events', shape.events)]}>
          <Checkbox.Group style={{ width: '100%' }}>
            <Space orientation="vertical" size={4}>
              {WEBHOOK_EVENTS.map((event) => (
                <Checkbox key={event} value={event} id={`webhook-event-${event}`}>
                  {t(`webhook.event.${event}`)}{' '}
                  <Typography.Text type="secondary" code>
                    {event}
                  </Typography.Text>
                </Checkbox>
              ))}
            </Space>
          </Checkbox.Group>
        </Form.Item>
        {company && (
          <Form.Item name="projectIds" label={t('webhook.projects')} extra={t('webhook.projectsHint')}>
            <Select
              mode="multiple"
              allowClear
              loading={projects.isFetching}
              optionFilterProp="label"
              placeholder={t('webhook.allProjects')}
              options={(projects.data?.data ?? []).map((p) => ({ value: p.studyId, label: projectLabel(p) }))}
            />
          </Form.Item>
        )}
        {hook && (
          <Form.Item
            name="enabled"
            label={t('webhook.enabled')}
            valuePropName="checked"
            extra={t('webhook.enabledHint')}
          >
            <Switch />
          </Form.Item>
        )}
        <EnterSubmits />
      </Form>
    </Dialog>
  );
}
