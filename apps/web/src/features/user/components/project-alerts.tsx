import { App, Checkbox, Table, Typography, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { ALERT_KINDS, type AlertKind, type ProjectAlertItem } from '@edoc/contract/alert';
import { useSaveProjectAlert, useProjectAlerts } from '../api';

/** Personal centre, project alerts: per project, which task e-mails the user receives (SPEC §7 /user/study_alert). */
export function ProjectAlerts() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const alerts = useProjectAlerts();
  const save = useSaveProjectAlert(() => void message.success(t('projectAlert.saved')));

  const toggle = (row: ProjectAlertItem, kind: AlertKind, on: boolean) => {
    const next = ALERT_KINDS.filter((k) => (k === kind ? on : row.kinds.includes(k)));
    save.mutate({ studyId: row.studyId, kinds: next });
  };

  const columns: TableProps<ProjectAlertItem>['columns'] = [
    {
      title: t('projectAlert.project'),
      key: 'project',
      render: (_: unknown, row) => (
        <>
          <Typography.Text strong>{row.studyCode}</Typography.Text> {row.studyName}
        </>
      ),
    },
    { title: t('projectAlert.company'), dataIndex: 'companyName', ellipsis: true, width: 200 },
    ...ALERT_KINDS.map((kind) => ({
      title: t(`projectAlert.kinds.${kind}`),
      key: kind,
      width: 100,
      align: 'center' as const,
      render: (_: unknown, row: ProjectAlertItem) => (
        <Checkbox
          id={`alert-${row.studyId}-${kind}`}
          aria-label={`${row.studyCode} ${t(`projectAlert.kinds.${kind}`)}`}
          checked={row.kinds.includes(kind)}
          onChange={(e) => toggle(row, kind, e.target.checked)}
        />
      ),
    })),
  ];

  return (
    <>
      <Typography.Paragraph type="secondary">{t('projectAlert.intro')}</Typography.Paragraph>
      <Table<ProjectAlertItem>
        id="study-alert-table"
        rowKey="studyId"
        size="middle"
        loading={alerts.isFetching}
        columns={columns}
        dataSource={alerts.data ?? []}
        locale={{ emptyText: t('projectAlert.empty') }}
        pagination={false}
        scroll={{ x: 900 }}
      />
    </>
  );
}
