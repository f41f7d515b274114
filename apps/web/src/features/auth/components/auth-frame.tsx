import type { ReactNode } from 'react';
import { Flex, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { PRODUCT_VERSION } from '@edoc/contract/limits';
import { AppLink } from '../../../components/app-link';
import { LanguageSwitch } from '../../../components/language-switch';
import { paths } from '../../../config/paths';

interface AuthFrameProps {
  title: ReactNode;
  /** Above the card: the login page's system notice. */
  before?: ReactNode;
  children: ReactNode;
}

/**
 * The look of the signed-out pages (login, registration): brand, language switch, one card, the version.
 * Plain elements in the theme's colours and sizes, not antd's Card and Typography: those bring tabs, tooltips and
 * an editable-text box along, a sixth of what the login page would download (issue 16). The brand row is the page's
 * banner and the card its main landmark, so that all of it sits in a landmark (axe's rule region).
 */
export function AuthFrame({ title, before, children }: AuthFrameProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const heading = { fontWeight: token.fontWeightStrong, marginTop: 0 };
  const secondary = { color: token.colorTextDescription };
  return (
    <Flex
      vertical
      align="center"
      style={{
        minHeight: '100vh',
        padding: '24px 16px',
        background: 'linear-gradient(160deg, #0f2f5c 0%, #1f5fbf 55%, #e9eef6 55%)',
        color: token.colorText,
        fontSize: token.fontSize,
        lineHeight: token.lineHeight,
      }}
    >
      <Flex component="header" justify="space-between" align="center" style={{ width: '100%', maxWidth: 1080 }}>
        <h3
          style={{
            ...heading,
            color: '#fff',
            margin: 0,
            fontSize: token.fontSizeHeading3,
            lineHeight: token.lineHeightHeading3,
          }}
        >
          edoc eTMF
        </h3>
        <LanguageSwitch tone="light" />
      </Flex>
      <Flex vertical style={{ width: '100%', maxWidth: 440, marginTop: '6vh' }}>
        <main>
          {before}
          <div
            style={{
              background: token.colorBgContainer,
              borderRadius: token.borderRadiusLG,
              padding: token.paddingLG,
              boxShadow: '0 8px 24px rgba(15, 47, 92, 0.18)',
            }}
          >
            <h4
              style={{
                ...heading,
                color: token.colorTextHeading,
                marginBottom: '0.5em',
                fontSize: token.fontSizeHeading4,
                lineHeight: token.lineHeightHeading4,
              }}
            >
              {title}
            </h4>
            <div style={{ ...secondary, marginBottom: '1em' }}>{t('auth.productName')}</div>
            {children}
          </div>
        </main>
        <Flex component="footer" justify="center" gap={16} style={{ ...secondary, marginTop: 24 }}>
          <span id="product-version">{t('auth.version', { version: PRODUCT_VERSION })}</span>
          <AppLink to={paths.accessibility} id="accessibility-link" style={{ color: token.colorLink }}>
            {t('accessibility.link')}
          </AppLink>
        </Flex>
      </Flex>
    </Flex>
  );
}
