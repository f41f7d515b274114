import { useEffect, type ReactNode } from 'react';
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

function LocalisedAntd({ children }: { children: ReactNode }) {
  const { i18n: instance } = useTranslation();
  return (
    <ConfigProvider locale={instance.language === 'en-US' ? enUS : zhCN} theme={appTheme}>
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
