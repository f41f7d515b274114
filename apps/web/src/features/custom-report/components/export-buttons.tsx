import { DownloadOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { REPORT_EXPORT_FORMATS } from '@edoc/contract/report-export';
import { useExportReport, type ExportSource } from '../api';

/** Excel, CSV and PDF of the table the report shows (a saved report by id, else the definition being built). */
export function ExportButtons({ request, disabled }: { request: ExportSource; disabled?: boolean }) {
  const { t } = useTranslation();
  const exporting = useExportReport();
  return (
    <Space size="small" wrap>
      {REPORT_EXPORT_FORMATS.map((format) => (
        <Button
          key={format}
          id={`custom-report-export-${format}`}
          size="small"
          icon={<DownloadOutlined />}
          disabled={disabled}
          loading={exporting.isPending && exporting.variables?.format === format}
          onClick={() => exporting.mutate({ ...request, format })}
        >
          {t(`customReport.export.${format}`)}
        </Button>
      ))}
    </Space>
  );
}
