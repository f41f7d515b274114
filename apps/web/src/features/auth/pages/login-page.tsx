import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthFrame } from '../components/auth-frame';
import { LoginForm } from '../components/login-form';
import type { LoginMode } from '../components/login-mode';
import { SystemNotice } from '../components/system-notice';
import { SsoSignIn } from '../../sso/components/sso-sign-in';
import type { TotpChallengeData } from '@edoc/contract/totp';
import { useFinishSignIn } from '../components/login-form';

// The other modes are fetched when asked for (issue 30): the login page's script holds the sign-in form only. The second
// step's enrolment and recovery codes alone weigh more than that form.
const TotpSignInStep = lazy(() =>
  import('../../totp/components/totp-sign-in-step').then((m) => ({ default: m.TotpSignInStep })),
);
const PasswordEditForm = lazy(() =>
  import('../components/password-edit-form').then((m) => ({ default: m.PasswordEditForm })),
);
const PasswordForgetForm = lazy(() =>
  import('../components/password-forget-form').then((m) => ({ default: m.PasswordForgetForm })),
);

const TITLE_KEYS: Record<LoginMode, string> = {
  login: 'auth.loginTitle',
  edit: 'auth.editTitle',
  forget: 'auth.forgetTitle',
  totp: 'totp.signInTitle',
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
  // The second factor's challenge from /login (issue 29 part 3).
  const [challenge, setChallenge] = useState<TotpChallengeData | undefined>();
  const finish = useFinishSignIn();

  return (
    <AuthFrame title={t(TITLE_KEYS[mode])} before={<SystemNotice />}>
      {/* key: each mode starts from a fresh form with the e-mail carried over */}
      {mode === 'login' && (
        <LoginForm
          key="login"
          initialEmail={email}
          onSwitch={switchMode}
          after={(typed) => <SsoSignIn email={typed} />}
          onSecondFactor={(next, typed) => {
            setChallenge(next);
            switchMode('totp', typed);
          }}
        />
      )}
      <Suspense fallback={null}>
        {mode === 'totp' && challenge && (
          <TotpSignInStep challenge={challenge} onSignedIn={finish} onBack={() => switchMode('login', email)} />
        )}
        {mode === 'edit' && (
          <PasswordEditForm key="edit" email={email} changeToken={changeToken} onSwitch={switchMode} />
        )}
        {mode === 'forget' && <PasswordForgetForm key="forget" initialEmail={email} onSwitch={switchMode} />}
      </Suspense>
    </AuthFrame>
  );
}
