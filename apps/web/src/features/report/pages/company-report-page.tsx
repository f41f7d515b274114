import { DownloadOutlined } from '@ant-design/icons';
import { Button, Card, Col, Empty, Flex, Row, Space, Table, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CompanyProjectFigures } from '@edoc/contract/report';
import { ReportChart } from '../../../components/chart';
import { useCompanyReport, useExportCompanyReport } from '../api';

const MEASURES = ['documents', 'openTasks', 'overdueTasks', 'members', 'storageBytes'] as const;
type Measure = (typeof MEASURES)[number];
const LABEL: Record<Measure, string> = {
  documents: 'documents',
  openTasks: 'openTasks',
  overdueTasks: 'overdueTasks',
  members: 'members',
  storageBytes: 'storage',
};

/** Sizes of the report's storage, largest first: one is chosen for the whole report. */
const UNITS = [
  ['GB', 1024 ** 3],
  ['MB', 1024 ** 2],
  ['KB', 1024],
] as const;

/**
 * The one unit the storage is shown in, chart and table alike (issue 26, item 16: MiB on the chart, KB in the
 * table): the largest that the biggest project reaches, else KB.
 */
export function storageUnit(bytes: number[]): { unit: string; per: number } {
  const most = Math.max(0, ...bytes);
  const [unit, per] = UNITS.find(([, size]) => most >= size) ?? UNITS[UNITS.length - 1];
  return { unit, per };
}

/**
 * The company report (/company/report, issue 14): for each project of the company its documents, open and overdue
 * tasks, members and storage used; a chart per measure and one table, exported as Excel or PDF.
 */
export function CompanyReportPage() {
  const { t, i18n } = useTranslation();
  const report = useCompanyReport();
  const title = t('systemReport.company.title');
  const exporting = useExportCompanyReport(title);
  const rows = report.data ?? [];
  const number = (n: number) => n.toLocaleString(i18n.language);
  const storage = storageUnit(rows.map((r) => r.storageBytes));
  const inUnit = (bytes: number) => Math.round((bytes / storage.per) * 100) / 100;
  const show = (m: Measure, v: number) =>
    m === 'storageBytes' ? inUnit(v).toLocaleString(i18n.language, { minimumFractionDigits: 2 }) : number(v);
  const titleOf = (m: Measure) =>
    m === 'storageBytes'
      ? t('systemReport.company.storageIn', { unit: storage.unit })
      : t(`systemReport.company.${LABEL[m]}`);
  const columns: TableProps<CompanyProjectFigures>['columns'] = [
    { title: t('systemReport.company.code'), dataIndex: 'code', width: 120 },
    { title: t('systemReport.company.project'), dataIndex: 'name' },
    ...MEASURES.map((m) => ({
      title: titleOf(m),
      dataIndex: m,
      align: 'right' as const,
      sorter: (a: CompanyProjectFigures, b: CompanyProjectFigures) => a[m] - b[m],
      render: (v: number) => show(m, v),
    })),
  ];
  const total = (m: Measure) => rows.reduce((sum, r) => sum + r[m], 0);

  return (
    <Card
      size="small"
      id="company-report"
      title={title}
      extra={
        <Space>
          {(['xlsx', 'pdf'] as const).map((format) => (
            <Button
              key={format}
              id={`company-report-export-${format}`}
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
        {rows.length > 0 ? (
          <Row gutter={[16, 16]}>
            {MEASURES.map((m) => (
              <Col key={m} xs={24} lg={12} xl={8}>
                <Card size="small" type="inner" title={titleOf(m)}>
                  <ReportChart
                    kind="bar"
                    height={180}
                    caption={titleOf(m)}
                    tableId="company-report-table"
                    data={rows.map((r) => ({
                      label: r.code,
                      // Storage in the report's one unit: bytes on an axis are unreadable.
                      value: m === 'storageBytes' ? inUnit(r[m]) : r[m],
                    }))}
                  />
                </Card>
              </Col>
            ))}
          </Row>
        ) : null}
        <Table<CompanyProjectFigures>
          id="company-report-table"
          size="small"
          rowKey="projectId"
          loading={report.isFetching}
          columns={columns}
          dataSource={rows}
          pagination={false}
          locale={{
            emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('systemReport.company.empty')} />,
          }}
          summary={() =>
            rows.length > 1 ? (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0} colSpan={2}>
                  {t('systemReport.company.total')}
                </Table.Summary.Cell>
                {MEASURES.map((m, i) => (
                  <Table.Summary.Cell key={m} index={i + 2} align="right">
                    {show(m, total(m))}
                  </Table.Summary.Cell>
                ))}
              </Table.Summary.Row>
            ) : null
          }
        />
      </Flex>
    </Card>
  );
}
