import { mergeLocale, type LocaleTree } from './resources';
import base from './en-US.json';

/** Every en-US text, loaded as one chunk when the interface first shows en-US (lib/i18n.ts). */
export const texts = mergeLocale(
  'en-US',
  base,
  import.meta.glob<LocaleTree>('../features/*/locales/en-US.json', { eager: true, import: 'default' }),
);
