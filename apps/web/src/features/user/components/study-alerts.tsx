import { App, Checkbox, Table, Typography, type TableProps } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ALERT_KINDS, type AlertKind, type StudyAlertItem } from '@edoc/contract/alert';
import { alertKeys, fetchStudyAlerts, saveStudyAlert } from '../alert-api';

/** Personal centre, study alerts: per project, which task e-mails the user receives (SPEC §7 /user/study_alert). */
export function StudyAlerts() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const alerts = useQuery({ queryKey: alertKeys.all, queryFn: fetchStudyAlerts });

  const save = useMutation({
    mutationFn: (item: { studyId: number; kinds: AlertKind[] }) => saveStudyAlert(item),
    // The box shows its new state at once; a refusal puts the saved state back.
    onMutate: (item) => {
      const before = queryClient.getQueryData<StudyAlertItem[]>(alertKeys.all);
      queryClient.setQueryData<StudyAlertItem[]>(alertKeys.all, (rows) =>
        rows?.map((r) => (r.studyId === item.studyId ? { ...r, kinds: item.kinds } : r)),
      );
      return { before };
    },
    onError: (_error, _item, context) => queryClient.setQueryData(alertKeys.all, context?.before),
    onSuccess: () => void message.success(t('studyAlert.saved')),
  });

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
