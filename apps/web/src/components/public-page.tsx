import type { ReactNode } from 'react';
import { Flex, Layout, Typography } from 'antd';
import { Link } from 'react-router';
import { paths } from '../config/paths';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from './language-switch';

interface PublicPageProps {
  children: ReactNode;
}

/** Frame of the public pages other than login: brand, language switch and a way back to sign in. */
export function PublicPage({ children }: PublicPageProps) {
  const { t } = useTranslation();
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header
        style={{ background: '#fff', borderBottom: '1px solid #f0f0f0', display: 'flex', alignItems: 'center' }}
      >
        <Flex justify="space-between" align="center" style={{ width: '100%' }}>
          <Typography.Title level={4} style={{ margin: 0 }}>
            edoc eTMF
          </Typography.Title>
          <Flex align="center" gap={16}>
            <LanguageSwitch />
            <Link to={paths.login} id="to-login">
              {t('auth.backToLogin')}
            </Link>
          </Flex>
        </Flex>
      </Layout.Header>
      <Layout.Content style={{ padding: 24, maxWidth: 1000, width: '100%', margin: '0 auto' }}>
        {children}
      </Layout.Content>
    </Layout>
  );
}
