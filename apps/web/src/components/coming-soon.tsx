import { Card, Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

interface ComingSoonProps {
  /** i18n key of the area's name, shown as the page title. */
  titleKey: string;
}

/** A page whose feature arrives in a later release: say so instead of showing a blank area. */
export function ComingSoon({ titleKey }: ComingSoonProps) {
  const { t } = useTranslation();
  return (
    <Card title={t(titleKey)} variant="borderless">
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={
          <>
            <Typography.Text strong>{t('common.comingSoonTitle')}</Typography.Text>
            <br />
            <Typography.Text type="secondary">{t('common.comingSoonText')}</Typography.Text>
          </>
        }
      />
    </Card>
  );
}
