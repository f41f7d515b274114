import { Card, Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session';

/** SPEC §2 project picker. The project table arrives with the project feature; until then say so. */
export function SelectPage() {
  const { t } = useTranslation();
  const session = useSession();
  return (
    <Card title={t('select.title')} variant="borderless" id="project-select">
      {session.companyName && (
        <Typography.Paragraph type="secondary">
          {t('select.company', { name: session.companyName })}
        </Typography.Paragraph>
      )}
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={
          <>
            <Typography.Text strong>{t('select.emptyTitle')}</Typography.Text>
            <br />
            <Typography.Text type="secondary">{t('common.comingSoonText')}</Typography.Text>
          </>
        }
      />
    </Card>
  );
}
