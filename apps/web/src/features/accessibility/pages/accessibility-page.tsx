import type { ReactNode } from 'react';
import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PRODUCT_VERSION } from '@edoc/contract/limits';
import { PublicPage } from '../../../components/public-page';

/** The known exceptions, in the order the statement lists them (texts in accessibility.exceptions). */
const EXCEPTIONS = ['viewer', 'watermark', 'charts', 'uploads', 'editor'] as const;

/**
 * /accessibility (issue 31): the standard edoc meets, how that is checked, and what it does not meet yet, as buyers
 * bound by Section 508 or EN 301 549 ask. Public: readable before signing in.
 */
export function AccessibilityPage() {
  const { t } = useTranslation();
  const section = (key: string, body: ReactNode) => (
    <section aria-labelledby={`accessibility-${key}`}>
      <Typography.Title level={2} id={`accessibility-${key}`} style={{ fontSize: 18 }}>
        {t(`accessibility.${key}Title`)}
      </Typography.Title>
      {body}
    </section>
  );
  return (
    <PublicPage>
      <Card variant="borderless">
        <Typography.Title level={1} id="accessibility-title" style={{ fontSize: 24, marginTop: 0 }}>
          {t('accessibility.title')}
        </Typography.Title>
        <Typography.Paragraph>{t('accessibility.intro')}</Typography.Paragraph>
        {section('standard', <Typography.Paragraph>{t('accessibility.standard')}</Typography.Paragraph>)}
        {section(
          'status',
          <Typography.Paragraph id="accessibility-status">
            {t('accessibility.status', { version: PRODUCT_VERSION })}
          </Typography.Paragraph>,
        )}
        {section(
          'checked',
          <ul>
            <li>{t('accessibility.checkedAxe')}</li>
            <li>{t('accessibility.checkedKeyboard')}</li>
            <li>{t('accessibility.checkedTheme')}</li>
          </ul>,
        )}
        {section(
          'exceptions',
          <ul id="accessibility-exceptions">
            {EXCEPTIONS.map((key) => (
              <li key={key}>{t(`accessibility.exceptions.${key}`)}</li>
            ))}
          </ul>,
        )}
        {section('feedback', <Typography.Paragraph>{t('accessibility.feedback')}</Typography.Paragraph>)}
      </Card>
    </PublicPage>
  );
}
