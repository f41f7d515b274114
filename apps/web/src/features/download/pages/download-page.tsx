import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DownloadTasks } from '../components/download-tasks';

/** /manage/download: every download task of the project, for its administrators (SPEC §2 manage/download). */
export function DownloadPage() {
  const { t } = useTranslation();
  return (
    <Card title={t('download.title')}>
      <Typography.Paragraph type="secondary">{t('download.manageIntro')}</Typography.Paragraph>
      <DownloadTasks />
    </Card>
  );
}
