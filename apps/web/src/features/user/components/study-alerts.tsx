import { App, Checkbox, Table, Typography, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { ALERT_KINDS, type AlertKind, type StudyAlertItem } from '@edoc/contract/alert';
import { useSaveStudyAlert, useStudyAlerts } from '../api';

/** Personal centre, study alerts: per project, which task e-mails the user receives (SPEC §7 /user/study_alert). */
export function StudyAlerts() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const alerts = useStudyAlerts();
  const save = useSaveStudyAlert(() => void message.success(t('studyAlert.saved')));

  const toggle = (row: StudyAlertItem, kind: AlertKind, on: boolean) => {
    const next = ALERT_KINDS.filter((k) => (k === kind ? on : row.kinds.includes(k)));
    save.mutate({ studyId: row.studyId, kinds: next });
  };

  const columns: TableProps<StudyAlertItem>['columns'] = [
    {
      title: t('studyAlert.project'),
      key: 'project',
      render: (_: unknown, row) => (
        <>
          <Typography.Text strong>{row.studyCode}</Typography.Text> {row.studyName}
        </>
      ),
    },
    { title: t('studyAlert.company'), dataIndex: 'companyName', ellipsis: true, width: 200 },
    ...ALERT_KINDS.map((kind) => ({
      title: t(`studyAlert.kinds.${kind}`),
      key: kind,
      width: 100,
      align: 'center' as const,
      render: (_: unknown, row: StudyAlertItem) => (
        <Checkbox
          id={`alert-${row.studyId}-${kind}`}
          aria-label={`${row.studyCode} ${t(`studyAlert.kinds.${kind}`)}`}
          checked={row.kinds.includes(kind)}
          onChange={(e) => toggle(row, kind, e.target.checked)}
        />
      ),
    })),
  ];

  return (
    <>
      <Typography.Paragraph type="secondary">{t('studyAlert.intro')}</Typography.Paragraph>
      <Table<StudyAlertItem>
        id="study-alert-table"
        rowKey="studyId"
        size="middle"
        loading={alerts.isFetching}
        columns={columns}
        dataSource={alerts.data ?? []}
        locale={{ emptyText: t('studyAlert.empty') }}
        pagination={false}
        scroll={{ x: 900 }}
      />
    </>
  );
}
