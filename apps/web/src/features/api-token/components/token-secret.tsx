import { CopyOutlined } from '@ant-design/icons';
import { Alert, App, Button, Input, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { API_TOKEN_PREFIX } from '@edoc/contract/api-token';
import { Dialog } from '../../../components/dialog';

/**
 * A new token's secret, shown once: the server keeps only its hash and can never show it again, so the dialog says
 * to copy it now, and how a program sends it.
 */
export function TokenSecret({ token, onClose }: { token: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const copy = () =>
    void navigator.clipboard
      ?.writeText(token ?? '')
      .then(() => void message.success(t('apiToken.copied')))
      .catch(() => undefined);
  return (
    <Dialog
      open={token !== null}
      title={t('apiToken.secretTitle')}
      onCancel={onClose}
      footer={
        <Button id="api-token-secret-close" type="primary" onClick={onClose}>
          {t('apiToken.secretDone')}
        </Button>
      }
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Alert type="warning" showIcon title={t('apiToken.secretOnce')} />
        <Space.Compact style={{ width: '100%' }}>
          <Input id="api-token-secret" readOnly value={token ?? ''} aria-label={t('apiToken.secret')} />
          <Button icon={<CopyOutlined />} onClick={copy}>
            {t('apiToken.copy')}
          </Button>
        </Space.Compact>
        <Typography.Text type="secondary">
          {t('apiToken.howToUse', { header: `Authorization: Bearer ${API_TOKEN_PREFIX}…` })}
        </Typography.Text>
      </Space>
    </Dialog>
  );
}
