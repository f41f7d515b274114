import { Card, Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { PRODUCT_VERSION } from '@edoc/contract/limits';
import { PublicPage } from '../../../components/public-page';

export function LicensePage() {
  const { t } = useTranslation();
  return (
    <PublicPage>
      <Card title={t('license.title')} variant="borderless">
        <Descriptions
          column={1}
          items={[
            { key: 'product', label: t('license.product'), children: 'edoc eTMF' },
            { key: 'version', label: t('license.version'), children: PRODUCT_VERSION },
            { key: 'terms', label: t('license.terms'), children: t('license.termsText') },
          ]}
        />
      </Card>
    </PublicPage>
  );
}
