import { Alert, Card, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { TokenList } from './token-list';

/** The user centre's "API tokens" tab: what a token is for, then the caller's own tokens. */
export function ApiTokensTab() {
  const { t } = useTranslation();
  return (
    <Card title={t('apiToken.title')} variant="borderless" id="api-tokens-card">
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Alert type="info" showIcon title={t('apiToken.intro')} />
        <TokenList />
      </Space>
    </Card>
  );
}
