import { Alert, Card, Empty, Flex, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DownloadTasks } from '../../download/components/download-tasks';
import { useExportOptions } from '../api';
import { ExportForm } from '../components/export-form';

/**
 * /exchange/export (issue 28 part 1): a member chooses what to export and how, starts it, and follows the task below
 * (the same list as the download center's, with each export's report).
 */
export function ExchangeExportPage() {
  const { t } = useTranslation();
  const options = useExportOptions();
  const model = options.data?.model;
  return (
    <Flex vertical gap="middle">
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('exchangeExport.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('exchangeExport.intro')}
      </Typography.Paragraph>
      {options.isLoading ? (
        <Spin />
      ) : options.data && model ? (
        <Card title={t('exchangeExport.selection', { model: `${model.name} v${model.version}` })}>
          <ExportForm options={options.data} />
        </Card>
      ) : options.isError ? (
        <Alert type="error" showIcon message={t('exchangeExport.loadFailed')} />
      ) : (
        <Empty description={t('exchangeExport.noModel')} />
      )}
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('exchangeExport.tasks')}
      </Typography.Title>
      <DownloadTasks mine />
    </Flex>
  );
}
