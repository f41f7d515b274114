import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthFrame } from '../components/auth-frame';
import { LoginForm } from '../components/login-form';
import type { LoginMode } from '../components/login-mode';
import { PasswordEditForm } from '../components/password-edit-form';
import { PasswordForgetForm } from '../components/password-forget-form';
import { SystemNotice } from '../components/system-notice';

const TITLE_KEYS: Record<LoginMode, string> = {
  login: 'auth.loginTitle',
  edit: 'auth.editTitle',
  forget: 'auth.forgetTitle',
};

export function LoginPage() {
  const { t } = useTranslation();
  const [mode, setMode] = useState<LoginMode>('login');
  const [email, setEmail] = useState<string | undefined>();
  // The forced change's token from /login (issue 9): the change needs no password again.
  const [changeToken, setChangeToken] = useState<string | undefined>();
  const switchMode = (next: LoginMode, nextEmail?: string, token?: string) => {
    setEmail(nextEmail);
    setChangeToken(token);
    setMode(next);
  };

  return (
    <AuthFrame title={t(TITLE_KEYS[mode])} before={<SystemNotice />}>
      {/* key: each mode starts from a fresh form with the e-mail carried over */}
      {mode === 'login' && <LoginForm key="login" initialEmail={email} onSwitch={switchMode} />}
      {mode === 'edit' && <PasswordEditForm key="edit" email={email} changeToken={changeToken} onSwitch={switchMode} />}
      {mode === 'forget' && <PasswordForgetForm key="forget" initialEmail={email} onSwitch={switchMode} />}
    </AuthFrame>
  );
}
