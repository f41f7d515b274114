import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { GlobalOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Lang } from '@edoc/contract/enums';
import { chooseLanguage, currentLang, isLang, LANGUAGE_NAMES } from '../lib/i18n';

/**
 * The menu (antd's Dropdown and Menu) is a seventh of what the login page would download (issue 16), and nobody
 * needs it before the page is up: it loads once the browser is idle, or at once when the pointer or the keyboard
 * reaches the button; a click before it arrived opens it on arrival.
 */
const LanguageMenu = lazy(() => import('./language-menu').then((m) => ({ default: m.LanguageMenu })));

interface LanguageSwitchProps {
  /** Called after the UI switched, e.g. to store the choice on the signed-in session. */
  onChanged?: (lang: Lang) => void;
  /** Light text for dark backgrounds. */
  tone?: 'default' | 'light';
}

export function LanguageSwitch({ onChanged, tone = 'default' }: LanguageSwitchProps) {
  const { t } = useTranslation();
  const lang = currentLang();
  const [wanted, setWanted] = useState(false);
  const [shown, setShown] = useState(false);
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  // Whether the button had the keyboard's focus before the menu's own copy of it replaced it.
  const focused = useRef(false);
  useEffect(() => {
    if (wanted) return;
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 1));
    const cancel = window.cancelIdleCallback ?? window.clearTimeout;
    const id = idle(() => setWanted(true));
    return () => cancel(id);
  }, [wanted]);
  const onShown = useCallback(() => {
    setShown(true);
    if (focused.current) button.current?.focus();
  }, []);
  const choose = async (key: string) => {
    setOpen(false);
    if (!isLang(key) || key === lang) return;
    await chooseLanguage(key);
    onChanged?.(key);
  };
  const trigger = (
    <Button
      ref={button}
      id="lang-switch"
      type="text"
      icon={<GlobalOutlined />}
      aria-label={t('common.language')}
      style={tone === 'light' ? { color: 'rgba(255,255,255,0.85)' } : undefined}
      onPointerEnter={() => setWanted(true)}
      onFocus={() => {
        if (shown) return;
        focused.current = true;
        setWanted(true);
      }}
      onClick={() => {
        if (shown) return; // the menu's own trigger opens and closes it from now on
        focused.current = true;
        setWanted(true);
        setOpen(true);
      }}
    >
      {LANGUAGE_NAMES[lang]}
    </Button>
  );
  if (!wanted) return trigger;
  return (
    <Suspense fallback={trigger}>
      <LanguageMenu open={open} onOpenChange={setOpen} onChoose={(key) => void choose(key)} onShown={onShown}>
        {trigger}
      </LanguageMenu>
    </Suspense>
  );
}
