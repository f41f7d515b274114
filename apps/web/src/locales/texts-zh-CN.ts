import { mergeLocale, type LocaleTree } from './resources';
import base from './zh-CN.json';

/** Every zh-CN text, loaded as one chunk when the interface first shows zh-CN (lib/i18n.ts). */
export const texts = mergeLocale(
  'zh-CN',
  base,
  import.meta.glob<LocaleTree>('../features/*/locales/zh-CN.json', { eager: true, import: 'default' }),
);
