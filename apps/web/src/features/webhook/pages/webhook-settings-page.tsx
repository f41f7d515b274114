import { App, Card, Form, Space, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSaveWebhookSettings, useWebhookSettings } from '../api';

/**
 * /system/webhooks (issue 29 part 5): whether webhooks may reach private, loopback and link-local addresses. Off by
 * default: a hook could otherwise make the server call its own network (SSRF). Checked when a hook is saved and at
 * each delivery.
 */
export function WebhookSettingsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const settings = useWebhookSettings();
  const save = useSaveWebhookSettings();
  const change = (allow: boolean) =>
    save
      .mutateAsync(allow)
      .then(() => void message.success(t('common.saved')))
      .catch(() => undefined);
  return (
    <Card title={t('webhook.settingsTitle')} variant="borderless">
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {t('webhook.settingsIntro')}
        </Typography.Paragraph>
        <Form layout="vertical">
          <Form.Item
            label={t('webhook.allowPrivate')}
            htmlFor="webhook-allow-private"
            extra={t('webhook.allowPrivateHint')}
          >
            <Switch
              id="webhook-allow-private"
              checked={settings.data?.allowPrivateTargets ?? false}
              loading={settings.isLoading || save.isPending}
              disabled={!settings.data}
              onChange={(allow) => void change(allow)}
            />
          </Form.Item>
        </Form>
      </Space>
    </Card>
  );
}
