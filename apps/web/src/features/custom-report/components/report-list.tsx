import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Empty, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CustomReportItem } from '@edoc/contract/custom-report';
import { DATASET_LABELS, pickLabel } from '@edoc/contract/custom-report-fields';
import { formatDateTime } from '../../../lib/format';
import { currentLang } from '../../../lib/i18n';
import { useCustomReports, useDeleteReport } from '../api';
import { ExportButtons } from './export-buttons';

interface Props {
  onOpen: (id: number) => void;
  onEdit: (id: number) => void;
  onCreate: () => void;
}

/** The saved reports: mine and those shared with the project, each to run, edit (mine), export or delete. */
export function ReportList({ onOpen, onEdit, onCreate }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const lang = currentLang();
  const reports = useCustomReports();
  const remove = useDeleteReport();
  return (
    <Card
      title={t('menu.project.report')}
      variant="borderless"
      extra={
        <Button id="custom-report-create" type="primary" icon={<PlusOutlined />} onClick={onCreate}>
          {t('customReport.create')}
        </Button>
      }
    >
      <Table<CustomReportItem>
        id="custom-report-table"
        rowKey="id"
        size="middle"
        loading={reports.isFetching}
        dataSource={reports.data ?? []}
        pagination={false}
        locale={{
          emptyText: (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('customReport.empty')}>
              <Button type="primary" onClick={onCreate}>
                {t('customReport.create')}
              </Button>
            </Empty>
          ),
        }}
        columns={[
          {
            title: t('customReport.columns.name'),
            dataIndex: 'name',
            render: (name: string, r) => (
              <Typography.Link id={`custom-report-open-${r.id}`} onClick={() => onOpen(r.id)}>
                {name}
              </Typography.Link>
            ),
          },
          {
            title: t('customReport.columns.dataset'),
            key: 'dataset',
            render: (_: unknown, r) => pickLabel(DATASET_LABELS[r.definition.dataset], lang),
          },
          {
            title: t('customReport.columns.owner'),
            key: 'owner',
            render: (_: unknown, r) => (
              <Space size={4}>
                {r.ownerName}
                {r.shared ? <Tag color="blue">{t('customReport.shared')}</Tag> : <Tag>{t('customReport.private')}</Tag>}
                {r.mailTo.length > 0 && <Tag color="green">{t('customReport.mailed', { count: r.mailTo.length })}</Tag>}
              </Space>
            ),
          },
          {
            title: t('customReport.columns.updatedAt'),
            dataIndex: 'updatedAt',
            width: 170,
            render: (at: string) => formatDateTime(at),
          },
          {
            title: t('common.actions'),
            key: 'actions',
            render: (_: unknown, r) => (
              <Space size="small" wrap>
                <Button id={`custom-report-run-${r.id}`} type="link" size="small" onClick={() => onOpen(r.id)}>
                  {t('customReport.run')}
                </Button>
                {r.mine && (
                  <Button id={`custom-report-edit-${r.id}`} type="link" size="small" onClick={() => onEdit(r.id)}>
                    {t('common.edit')}
                  </Button>
                )}
                {r.canDelete && (
                  <Popconfirm
                    title={t('customReport.deleteConfirm', { name: r.name })}
                    okText={t('common.confirm')}
                    cancelText={t('common.cancel')}
                    onConfirm={() =>
                      remove.mutateAsync(r.id).then(() => void message.success(t('customReport.deleted')))
                    }
                  >
                    <Button id={`custom-report-delete-${r.id}`} type="link" size="small" danger>
                      {t('customReport.delete')}
                    </Button>
                  </Popconfirm>
                )}
                <ExportButtons request={{ id: r.id, name: r.name }} />
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}
