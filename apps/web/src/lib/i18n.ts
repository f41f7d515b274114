import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/en';
import { LANGS, type Lang } from '@edoc/contract/enums';
import { localeResources } from './locale-resources';
import { getLanguage, setSession } from './session';

export const LANGUAGE_NAMES: Record<Lang, string> = { 'zh-CN': '简体中文', 'en-US': 'English' };

function applyToPage(lang: Lang): void {
  dayjs.locale(lang === 'en-US' ? 'en' : 'zh-cn');
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}

export function isLang(value: unknown): value is Lang {
  return LANGS.some((l) => l === value);
}

const initial = getLanguage();
// initAsync false: the resources are bundled, so the first render already has its texts.
void i18n.use(initReactI18next).init({
  resources: {
    'zh-CN': { translation: localeResources['zh-CN'] },
    'en-US': { translation: localeResources['en-US'] },
  },
  lng: initial,
  fallbackLng: 'zh-CN',
  supportedLngs: [...LANGS],
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
  showSupportNotice: false,
});
applyToPage(initial);

/** Switches the UI language and remembers it for the browser session (SPEC §1). */
export async function changeLanguage(lang: Lang): Promise<void> {
  setSession({ language: lang });
  applyToPage(lang);
  await i18n.changeLanguage(lang);
}

export function currentLang(): Lang {
  return isLang(i18n.language) ? i18n.language : getLanguage();
}

export { i18n };
