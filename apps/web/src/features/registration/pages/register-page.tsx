import { useState } from 'react';
import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { AppLink } from '../../../components/app-link';
import { AuthFrame } from '../../auth/components/auth-frame';
import { RegisterForm } from '../components/register-form';

/** SPEC §2 external-user registration: the account exists once the company administrator approves it. */
export function RegisterPage() {
  const { t } = useTranslation();
  const [registered, setRegistered] = useState<string | null>(null);
  return (
    <AuthFrame title={t('register.title')}>
      {registered ? (
        <div id="register-success">
          <Result
            status="success"
            title={t('register.doneTitle')}
            subTitle={t('register.doneText', { email: registered })}
            extra={
              <AppLink to={paths.login} id="register-to-login">
                {t('auth.backToLogin')}
              </AppLink>
            }
          />
        </div>
      ) : (
        <RegisterForm onDone={setRegistered} />
      )}
    </AuthFrame>
  );
}
