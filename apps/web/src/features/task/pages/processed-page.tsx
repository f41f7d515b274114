import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { TaskTable } from '../components/task-table';

/** /home/processed (SPEC §2 home): the tasks I completed in the entered project, with my decision. */
export function ProcessedPage() {
  const { t } = useTranslation();
  return (
    <Card title={t('task.processedTitle')}>
      <Typography.Paragraph type="secondary">{t('task.processedIntro')}</Typography.Paragraph>
      <TaskTable state="processed" />
    </Card>
  );
}
