import { useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { ConfigProvider } from 'antd';
// The ES modules, not antd/locale/* (CommonJS): ConfigProvider's default already brings es/locale/en_US, so the
// CommonJS copy would be a second one in the script every page loads (issue 16).
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import { useTranslation } from 'react-i18next';
import { appTheme } from './theme';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';
const reducedMotion = {
  subscribe(onChange: () => void) {
    const query = window.matchMedia(REDUCED_MOTION);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  },
  now: () => window.matchMedia(REDUCED_MOTION).matches,
};

/**
 * antd in the app's theme and the interface's language: what the signed-in app (providers.tsx) and the signed-out
 * frames (signed-out-app.tsx) both draw in, so the two look the same.
 */
export function ThemedAntd({ children }: { children: ReactNode }) {
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
      {children}
    </ConfigProvider>
  );
}
