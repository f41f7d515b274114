import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** Issue 28: scaffolding of the exchange menu; the part's helper builds the page here. */
export function ExchangeExportPage() {
  const { t } = useTranslation();
  return <Typography.Title level={4}>{t('exchangeExport.title')}</Typography.Title>;
}
