import { DownOutlined, DownloadOutlined } from '@ant-design/icons';
import { Button, Dropdown, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { TMF_EXPORT_FORMATS, type TmfExportFormat } from '@edoc/contract/tmf-health';
import { useExportTmfHealth } from '../api';
import type { HealthView } from '../health-address';

/**
 * The dashboard's Export menu: one entry per format the server writes (Excel, PDF, the recomputable zip), each
 * downloading the summary on screen (its grouping and scope). A menu opened by its button: Enter or Space opens it,
 * the arrows move through it.
 */
export function ExportMenu({ view, title, disabled }: { view: HealthView; title: string; disabled: boolean }) {
  const { t } = useTranslation();
  const exporting = useExportTmfHealth(view, title);
  return (
    <Dropdown
      trigger={['click']}
      disabled={disabled}
      menu={{
        items: TMF_EXPORT_FORMATS.map((format) => ({
          key: format,
          id: `tmf-health-export-${format}`,
          // The recomputable package is not a report: its tooltip says what it is for (an inspector recounting).
          label:
            format === 'zip' ? (
              <>
                <Tooltip title={t('tmfHealth.exportHints.zip')} placement="left">
                  <span aria-describedby="tmf-health-export-zip-hint">{t(`tmfHealth.exportFormats.${format}`)}</span>
                </Tooltip>
                <span id="tmf-health-export-zip-hint" hidden>
                  {t('tmfHealth.exportHints.zip')}
                </span>
              </>
            ) : (
              t(`tmfHealth.exportFormats.${format}`)
            ),
        })),
        onClick: ({ key }) => exporting.mutate(key as TmfExportFormat),
      }}
    >
      <Button id="tmf-health-export" icon={<DownloadOutlined />} loading={exporting.isPending}>
        {t('tmfHealth.export')} <DownOutlined />
      </Button>
    </Dropdown>
  );
}
