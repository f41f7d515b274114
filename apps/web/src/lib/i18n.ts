import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import signedOutTexts from 'virtual:signed-out-texts';
import { LANGS, type Lang } from '@edoc/contract/enums';
import { loadLocale } from '../locales/resources';
import { getLanguage, setSession } from './session';

export const LANGUAGE_NAMES: Record<Lang, string> = { 'zh-CN': '简体中文', 'en-US': 'English' };

// dayjs follows the language too, from lib/dayjs-locale.ts: only the signed-in app's dates need it (issue 30).
function applyToPage(lang: Lang): void {
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}

export function isLang(value: unknown): value is Lang {
  return LANGS.some((l) => l === value);
}

/** The language the visitor chose with the switch, kept for every tab of this browser (localStorage). */
const CHOICE_KEY = 'edoc.language';

function savedChoice(): Lang | null {
  try {
    const value = window.localStorage.getItem(CHOICE_KEY);
    return isLang(value) ? value : null;
  } catch {
    return null;
  }
}

/** The browser's preferred language we have (zh-* or en-*), first match wins; null when neither is asked for. */
export function browserLanguage(
  languages: readonly string[] = navigator.languages ?? [navigator.language],
): Lang | null {
  for (const tag of languages) {
    const lower = tag.toLowerCase();
    if (lower.startsWith('zh')) return 'zh-CN';
    if (lower.startsWith('en')) return 'en-US';
  }
  return null;
}

// Issue 12, defect 5: the first visit follows the browser until the visitor chooses; the choice then holds in every tab.
const initial = typeof window === 'undefined' ? getLanguage() : (savedChoice() ?? browserLanguage() ?? getLanguage());
if (initial !== getLanguage()) setSession({ language: initial });
// The signed-out frames' texts are here from the start (issue 30); a language's whole texts arrive by loadLanguage below.
// initAsync false: nothing else is awaited.
void i18n.use(initReactI18next).init({
  resources: {
    'zh-CN': { translation: signedOutTexts['zh-CN'] },
    'en-US': { translation: signedOutTexts['en-US'] },
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

const loading = new Map<Lang, Promise<void>>();

/**
 * Fetches a language's texts once (issue 16: each language is its own chunk, so the first page downloads one).
 * A fetch that failed is tried again by the next call.
 */
export function loadLanguage(lang: Lang): Promise<void> {
  let texts = loading.get(lang);
  if (!texts) {
    texts = loadLocale(lang).then((tree) => void i18n.addResourceBundle(lang, 'translation', tree, true, true));
    texts.catch(() => loading.delete(lang));
    loading.set(lang, texts);
  }
  return texts;
}

/**
 * Whether the whole texts are wanted: not while only the signed-out frames are shown (app/start.tsx), which carry
 * their own, so that switching the language there does not download the other language's every text.
 */
let wholeTexts = true;

export function keepToSignedOutTexts(): void {
  wholeTexts = false;
}

/**
 * The current language's whole texts, loaded: what a page of the signed-in app waits for along with its code
 * (app/pages.ts). The start asks for them at once, while the first page's code downloads beside them.
 */
export function textsLoaded(): Promise<void> {
  wholeTexts = true;
  return loadLanguage(currentLang());
}

/** Switches the UI language for this tab (SPEC §1), once its texts are here. */
export async function changeLanguage(lang: Lang): Promise<void> {
  if (wholeTexts) await loadLanguage(lang);
  setSession({ language: lang });
  applyToPage(lang);
  await i18n.changeLanguage(lang);
}

export function currentLang(): Lang {
  return isLang(i18n.language) ? i18n.language : getLanguage();
}

export { i18n };

/** The visitor's choice from the language switch: this tab at once, the browser's other tabs by the storage event. */
export async function chooseLanguage(lang: Lang): Promise<void> {
  try {
    window.localStorage.setItem(CHOICE_KEY, lang);
  } catch {
    // Storage refused (private mode): the choice holds in this tab only.
  }
  await changeLanguage(lang);
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === CHOICE_KEY && isLang(event.newValue) && event.newValue !== currentLang())
      void changeLanguage(event.newValue);
  });
}
