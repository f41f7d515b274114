import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { homePathFor } from './guard';
import { useSession } from '../lib/session';

export function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  return (
    <Result
      status="404"
      title="404"
      subTitle={t('notFound.text')}
      extra={
        <Button type="primary" onClick={() => void navigate(homePathFor(session), { replace: true })}>
          {t('notFound.back')}
        </Button>
      }
    />
  );
}
