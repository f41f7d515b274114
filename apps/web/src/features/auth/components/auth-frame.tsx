import type { ReactNode } from 'react';
import { Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PRODUCT_VERSION } from '@edoc/contract/limits';
import { LanguageSwitch } from '../../../components/language-switch';

interface AuthFrameProps {
  title: ReactNode;
  /** Above the card: the login page's system notice. */
  before?: ReactNode;
  children: ReactNode;
}

/** The look of the signed-out pages (login, registration): brand, language switch, one card, the version. */
export function AuthFrame({ title, before, children }: AuthFrameProps) {
  const { t } = useTranslation();
  return (
    <Flex
      vertical
      align="center"
      style={{
        minHeight: '100vh',
        padding: '24px 16px',
        background: 'linear-gradient(160deg, #0f2f5c 0%, #1f5fbf 55%, #e9eef6 55%)',
      }}
    >
      <Flex justify="space-between" align="center" style={{ width: '100%', maxWidth: 1080 }}>
        <Typography.Title level={3} style={{ color: '#fff', margin: 0 }}>
          edoc eTMF
        </Typography.Title>
        <LanguageSwitch tone="light" />
      </Flex>
      <Flex vertical style={{ width: '100%', maxWidth: 440, marginTop: '6vh' }}>
        {before}
        <Card variant="borderless" style={{ boxShadow: '0 8px 24px rgba(15, 47, 92, 0.18)' }}>
          <Typography.Title level={4} style={{ marginTop: 0 }}>
            {title}
          </Typography.Title>
          <Typography.Paragraph type="secondary">{t('auth.productName')}</Typography.Paragraph>
          {children}
        </Card>
        <Typography.Text type="secondary" style={{ textAlign: 'center', marginTop: 24 }} id="product-version">
          {t('auth.version', { version: PRODUCT_VERSION })}
        </Typography.Text>
      </Flex>
    </Flex>
  );
}
