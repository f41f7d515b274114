import { lazy, Suspense, useEffect } from 'react';
import { I18nextProvider } from 'react-i18next';
import { FormErrorAnnouncer } from '../components/form-error-announcer';
import { paths } from '../config/paths';
import { LoginPage } from '../features/auth/pages/login-page';
import { i18n } from '../lib/i18n';
import { ThemedAntd } from './themed-antd';

// Registration is seldom the first page: its form and antd's Result come when it is asked for.
const RegisterPage = lazy(() =>
  import('../features/registration/pages/register-page').then((m) => ({ default: m.RegisterPage })),
);

// The messages' runtime is needed only once the user has submitted something: it comes when the browser is idle, and a
// message asked for sooner waits for it (lib/feedback.ts).
const MessageHolder = lazy(() => import('./message-holder').then((m) => ({ default: m.MessageHolder })));

interface SignedOutAppProps {
  pathname: string;
  /** Called once the frame is on screen: the start then waits for the browser to be idle. */
  onShown: () => void;
  /** The browser has been idle since: what the frame does not need to be used comes now. */
  idle: boolean;
}

/**
 * The signed-out frames (issue 30), login and registration, drawn as the signed-in app draws them (the same theme,
 * language, messages and form announcements) but without its router, data layer or App.
 */
export function SignedOutApp({ pathname, onShown, idle }: SignedOutAppProps) {
  useEffect(onShown, [onShown]);
  return (
    <I18nextProvider i18n={i18n}>
      <ThemedAntd>
        {idle && (
          <Suspense fallback={null}>
            <MessageHolder />
          </Suspense>
        )}
        {pathname === paths.register ? (
          <Suspense fallback={null}>
            <RegisterPage />
          </Suspense>
        ) : (
          <LoginPage />
        )}
        <FormErrorAnnouncer />
      </ThemedAntd>
    </I18nextProvider>
  );
}
