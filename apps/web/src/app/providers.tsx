import { useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
// The ES modules, not antd/locale/* (CommonJS): ConfigProvider's default already brings es/locale/en_US, so the
// CommonJS copy would be a second one in the script every page loads (issue 16).
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { FormErrorAnnouncer } from '../components/form-error-announcer';
import { setMessageApi } from '../lib/feedback';
import { i18n } from '../lib/i18n';
import { queryClient as defaultQueryClient } from '../lib/query-client';
import { appTheme } from './theme';

/** Hands antd's themed message API to code outside React (query-cache error display). */
function FeedbackBridge() {
  const { message } = AntApp.useApp();
  useEffect(() => {
    setMessageApi(message);
    return () => setMessageApi(null);
  }, [message]);
  return null;
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';
const reducedMotion = {
  subscribe(onChange: () => void) {
    const query = window.matchMedia(REDUCED_MOTION);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  },
  now: () => window.matchMedia(REDUCED_MOTION).matches,
};

function LocalisedAntd({ children }: { children: ReactNode }) {
  const { i18n: instance } = useTranslation();
  // Issue 31: someone who asked their system for less motion gets none: dialogs, menus and drawers appear at once
  // instead of sliding and fading (antd's motion token), and follow the setting if it changes while the page is open.
  const still = useSyncExternalStore(reducedMotion.subscribe, reducedMotion.now);
  const theme = useMemo(
    () => (still ? { ...appTheme, token: { ...appTheme.token, motion: false } } : appTheme),
    [still],
  );
  return (
    <ConfigProvider locale={instance.language === 'en-US' ? enUS : zhCN} theme={theme}>
      <AntApp>
        <FeedbackBridge />
        {children}
        <FormErrorAnnouncer />
      </AntApp>
    </ConfigProvider>
  );
}

export function AppProviders({ children, client = defaultQueryClient }: { children: ReactNode; client?: QueryClient }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <LocalisedAntd>{children}</LocalisedAntd>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
