import { CopyOutlined } from '@ant-design/icons';
import { Alert, App, Button, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/dialog';

/**
 * A hook's signing secret, shown once (made, or rotated): the server keeps it to sign with but never answers it
 * again, so the dialog says to copy it now.
 */
export function SecretDialog({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const copy = () =>
    void navigator.clipboard
      ?.writeText(secret ?? '')
      .then(() => void message.success(t('webhook.copied')))
      .catch(() => undefined);
  return (
    <Dialog
      open={secret !== null}
      title={t('webhook.secretTitle')}
      onCancel={onClose}
      footer={
        <Button id="webhook-secret-close" type="primary" onClick={onClose}>
          {t('webhook.secretDone')}
        </Button>
      }
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Alert type="warning" showIcon title={t('webhook.secretOnce')} />
        <Space.Compact style={{ width: '100%' }}>
          <Input id="webhook-secret" readOnly value={secret ?? ''} aria-label={t('webhook.secret')} />
          <Button icon={<CopyOutlined />} onClick={copy} aria-label={t('webhook.copy')}>
            {t('webhook.copy')}
          </Button>
        </Space.Compact>
      </Space>
    </Dialog>
  );
}
