import { App, Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { useResetTotp } from '../api';

interface ResetTotpButtonProps {
  user: { userId: number; email: string };
  /** The company the system administrator picked; null for the company administrator's own. */
  companyId: number | null;
}

/**
 * An administrator's reset of a user's second factor (the phone is lost), after a confirmation; the user sets one up
 * again at the next sign-in when the policy asks for it. A user without a factor is answered by the server.
 */
export function ResetTotpButton({ user, companyId }: ResetTotpButtonProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const reset = useResetTotp();
  return (
    <Popconfirm
      title={t('totp.resetConfirm')}
      description={t('totp.resetConfirmText', { email: user.email })}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      onConfirm={() =>
        reset
          .mutateAsync(
            { userId: user.userId, companyId },
            { onSuccess: () => void message.success(t('totp.resetDone', { email: user.email })) },
          )
          .catch(() => undefined)
      }
    >
      <Button id={`totp-reset-${user.userId}`} type="link" size="small" danger loading={reset.isPending}>
        {t('totp.reset')}
      </Button>
    </Popconfirm>
  );
}
