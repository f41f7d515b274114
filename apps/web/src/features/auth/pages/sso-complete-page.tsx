import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { errorText } from '../../../lib/feedback';
import { AuthFrame } from '../components/auth-frame';
import { useFinishSignIn } from '../components/login-form';
import { useSsoComplete } from '../../sso/api';
import { fragmentValue } from '../../sso/components/sso-error';

/**
 * /sso/complete (issue 29 part 1): the provider's round trip ends here with a one-use ticket in the fragment. The
 * ticket is taken out of the address at once (so it is in no history entry or bookmark), exchanged for the session,
 * and the app entered as after a password sign-in. A refusal is shown with the way back to the login page.
 */
export function SsoCompletePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const complete = useSsoComplete();
  const finish = useFinishSignIn();
  const [missing, setMissing] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    // Once: React's development double effect must not spend the ticket twice.
    if (started.current) return;
    started.current = true;
    const ticket = fragmentValue('ticket');
    window.history.replaceState(null, '', window.location.pathname);
    if (!ticket) {
      setMissing(true);
      return;
    }
    complete.mutate(ticket, { onSuccess: finish });
  }, [complete, finish]);

  const failed = missing || complete.isError;
  return (
    <AuthFrame title={t('sso.completeTitle')}>
      {failed ? (
        <>
          <Alert
            id="sso-complete-error"
            type="error"
            showIcon

            title={t('sso.failed')}
            description={missing ? t('sso.noTicket') : errorText(complete.error)}
            style={{ marginBottom: 16 }}
          />
          <Button id="sso-back" type="primary" block onClick={() => void navigate(paths.login, { replace: true })}>
            {t('sso.backToLogin')}
          </Button>
        </>
      ) : (
        <div role="status" aria-live="polite" style={{ textAlign: 'center', padding: 24 }}>
          <Spin />
          <p>{t('sso.completing')}</p>
        </div>
      )}
    </AuthFrame>
  );
}
