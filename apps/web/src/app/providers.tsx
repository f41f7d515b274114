import { useEffect, type ReactNode } from 'react';
import { App as AntApp } from 'antd';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { FormErrorAnnouncer } from '../components/form-error-announcer';
import { setMessageApi } from '../lib/feedback';
import { i18n } from '../lib/i18n';
import { queryClient as defaultQueryClient } from '../lib/query-client';
import { ThemedAntd } from './themed-antd';

/** Hands antd's themed message API to code outside React (query-cache error display). */
function FeedbackBridge() {
  const { message } = AntApp.useApp();
  useEffect(() => {
    setMessageApi(message);
    return () => setMessageApi(null);
  }, [message]);
  return null;
}

/** The signed-in app's providers; the signed-out frames have lighter ones (signed-out-app.tsx). */
export function AppProviders({ children, client = defaultQueryClient }: { children: ReactNode; client?: QueryClient }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <ThemedAntd>
          <AntApp>
            <FeedbackBridge />
            {children}
            <FormErrorAnnouncer />
          </AntApp>
        </ThemedAntd>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
