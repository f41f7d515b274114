import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { TaskTable } from '../components/task-table';

/** /home/pending (SPEC §2 home): what waits for me in the entered project. */
export function PendingPage() {
  const { t } = useTranslation();
  return (
    <Card title={t('task.pendingTitle')}>
      <Typography.Paragraph type="secondary">{t('task.pendingIntro')}</Typography.Paragraph>
      <TaskTable state="pending" />
    </Card>
  );
}
