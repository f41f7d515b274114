import { ArrowLeftOutlined, EditOutlined, ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Result, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { filterText } from '@edoc/contract/custom-report';
import { DATASET_LABELS, pickLabel } from '@edoc/contract/custom-report-fields';
import { isApiError } from '../../../lib/api-client';
import { currentLang } from '../../../lib/i18n';
import { useCustomReport, useSavedRun } from '../api';
import { ExportButtons } from './export-buttons';
import { ReportResult } from './report-result';

/** A saved report, run afresh with the viewer's own rights: what it reads, its chart and table, its exports. */
export function ReportView({ id, onBack, onEdit }: { id: number; onBack: () => void; onEdit: () => void }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const report = useCustomReport(id);
  const run = useSavedRun(id);
  if (report.error)
    return (
      <Result
        status={isApiError(report.error) && report.error.httpStatus === 404 ? '404' : 'error'}
        title={isApiError(report.error) ? report.error.msg : t('customReport.loadFailed')}
        extra={<Button onClick={onBack}>{t('customReport.back')}</Button>}
      />
    );
  const item = report.data;
  return (
    <Card
      variant="borderless"
      loading={!item}
      title={
        <Space>
          <Button type="text" icon={<ArrowLeftOutlined />} aria-label={t('customReport.back')} onClick={onBack} />
          <span id="custom-report-title">{item?.name}</span>
          {item && (
            <Tag color={item.shared ? 'blue' : undefined}>
              {item.shared ? t('customReport.shared') : t('customReport.private')}
            </Tag>
          )}
        </Space>
      }
      extra={
        item && (
          <Space wrap>
            <Button
              id="custom-report-rerun"
              icon={<ReloadOutlined />}
              loading={run.isFetching}
              onClick={() => void run.refetch()}
            >
              {t('customReport.rerun')}
            </Button>
            {item.mine && (
              <Button id="custom-report-edit" icon={<EditOutlined />} onClick={onEdit}>
                {t('common.edit')}
              </Button>
            )}
            <ExportButtons request={{ id, name: item.name }} />
          </Space>
        )
      }
    >
      {item && (
        <Flex vertical gap={16}>
          <Typography.Text type="secondary">
            {t('customReport.ownedBy', { name: item.ownerName })} ·{' '}
            {pickLabel(DATASET_LABELS[item.definition.dataset], lang)}
            {item.definition.filters.length > 0 &&
              ` · ${item.definition.filters.map((f) => filterText(item.definition.dataset, f, lang)).join('; ')}`}
          </Typography.Text>
          {run.error ? (
            <Alert type="error" title={isApiError(run.error) ? run.error.msg : t('customReport.loadFailed')} />
          ) : (
            <ReportResult definition={item.definition} result={run.data} loading={run.isFetching} />
          )}
        </Flex>
      )}
    </Card>
  );
}
