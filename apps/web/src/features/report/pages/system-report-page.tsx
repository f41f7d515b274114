import { DownloadOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Menu, Skeleton, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAddressParams } from '../../../lib/use-address-params';
import { REPORT_SHAPE, type ReportFamily } from '@edoc/contract/report';
import { useExportSystemReport, useReportCatalogue, useSystemReport } from '../api';
import { ReportFilters, type ReportFilterChange } from '../components/report-filters';
import { ReportView } from '../components/report-view';
import { readReportFilters } from '../report-address';

const FAMILIES: ReportFamily[] = ['documents', 'workflow', 'timeliness', 'activity'];

/**
 * The System report (issue 14): the ready-made reports in a menu, the chosen one's filters, chart and table, and its
 * exports. The report and its filters are in the address, so back, reload and a shared link show the same figures.
 */
export function SystemReportPage() {
  const { t } = useTranslation();
  const [params, setParams] = useAddressParams();
  const filters = readReportFilters(params);
  const catalogue = useReportCatalogue();
  const answer = useSystemReport(filters);
  const title = catalogue.data?.find((r) => r.key === filters.key)?.title ?? answer.data?.title ?? '';
  const exporting = useExportSystemReport(filters, title);

  const change = (next: ReportFilterChange & { report?: string }) =>
    setParams((current) => {
      const copy = new URLSearchParams(current);
      for (const [name, value] of Object.entries(next)) {
        if (value === undefined || value === '') copy.delete(name);
        else copy.set(name, value);
      }
      return copy;
    });
  // Another report keeps the filters it shares with this one: the same days, folder and site.
  const choose = (key: string) => change({ report: key });

  const items = FAMILIES.map((family) => ({
    type: 'group' as const,
    key: family,
    label: t(`systemReport.families.${family}`),
    children: (catalogue.data ?? [])
      .filter((r) => r.family === family)
      .map((r) => ({ key: r.key, label: r.title, id: `report-item-${r.key}` })),
  }));

  return (
    <Flex gap={16} align="start" id="system-report">
      <Card size="small" styles={{ body: { padding: 4 } }} style={{ width: 240, flex: '0 0 240px' }}>
        {catalogue.isPending ? (
          <Skeleton active />
        ) : (
          <Menu
            id="report-menu"
            mode="inline"
            selectedKeys={[filters.key]}
            items={items}
            onClick={({ key }) => choose(key)}
            style={{ borderInlineEnd: 'none' }}
          />
        )}
      </Card>
      <Card
        size="small"
        style={{ flex: 1, minWidth: 0 }}
        title={<span id="report-title">{title}</span>}
        extra={
          <Space>
            {(['xlsx', 'pdf'] as const).map((format) => (
              <Button
                key={format}
                id={`report-export-${format}`}
                icon={<DownloadOutlined />}
                loading={exporting.isPending && exporting.variables === format}
                onClick={() => exporting.mutate(format)}
              >
                {t(format === 'xlsx' ? 'systemReport.exportExcel' : 'systemReport.exportPdf')}
              </Button>
            ))}
          </Space>
        }
      >
        <Flex vertical gap={16}>
          <ReportFilters shows={REPORT_SHAPE[filters.key].filters} values={filters} onChange={(next) => change(next)} />
          <ReportView answer={answer.data} loading={answer.isFetching} />
        </Flex>
      </Card>
    </Flex>
  );
}
