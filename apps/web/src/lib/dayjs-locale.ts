import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/en';
import type { Lang } from '@edoc/contract/enums';
import { currentLang, i18n } from './i18n';

/**
 * dayjs (the date pickers' month names and first weekday) in the interface's language, from the start and at each
 * switch. Imported by the signed-in app (app/signed-in-app.tsx), not by lib/i18n: the login page shows no date and
 * loads without dayjs (issue 30).
 */
const apply = (lang: Lang | string) => void dayjs.locale(lang === 'en-US' ? 'en' : 'zh-cn');

apply(currentLang());
i18n.on('languageChanged', apply);
