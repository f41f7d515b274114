import { useState } from 'react';
import { Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PRODUCT_VERSION } from '@edoc/contract/limits';
import { LanguageSwitch } from '../../../components/language-switch';
import { LoginForm } from '../components/login-form';
import type { LoginMode } from '../components/login-mode';
import { PasswordEditForm } from '../components/password-edit-form';
import { PasswordForgetForm } from '../components/password-forget-form';
import { SystemNotice } from '../components/system-notice';

const TITLE_KEYS: Record<LoginMode, string> = {
  login: 'auth.loginTitle',
  edit: 'auth.editTitle',
  forget: 'auth.forgetTitle',
};

export function LoginPage() {
  const { t } = useTranslation();
  const [mode, setMode] = useState<LoginMode>('login');
  const [email, setEmail] = useState<string | undefined>();
  const switchMode = (next: LoginMode, nextEmail?: string) => {
    setEmail(nextEmail);
    setMode(next);
  };

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
        <SystemNotice />
        <Card variant="borderless" style={{ boxShadow: '0 8px 24px rgba(15, 47, 92, 0.18)' }}>
          <Typography.Title level={4} style={{ marginTop: 0 }}>
            {t(TITLE_KEYS[mode])}
          </Typography.Title>
          <Typography.Paragraph type="secondary">{t('auth.productName')}</Typography.Paragraph>
          {/* key: each mode starts from a fresh form with the e-mail carried over */}
          {mode === 'login' && <LoginForm key="login" initialEmail={email} onSwitch={switchMode} />}
          {mode === 'edit' && <PasswordEditForm key="edit" initialEmail={email} onSwitch={switchMode} />}
          {mode === 'forget' && <PasswordForgetForm key="forget" initialEmail={email} onSwitch={switchMode} />}
        </Card>
        <Typography.Text type="secondary" style={{ textAlign: 'center', marginTop: 24 }} id="product-version">
          {t('auth.version', { version: PRODUCT_VERSION })}
        </Typography.Text>
      </Flex>
    </Flex>
  );
}
