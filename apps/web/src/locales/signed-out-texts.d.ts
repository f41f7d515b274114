// The signed-out frames' texts, picked from the locale files at build time (vite.config.ts, signedOutTexts).
declare module 'virtual:signed-out-texts' {
  import type { LocaleTree } from './resources';
  const texts: Record<'zh-CN' | 'en-US', LocaleTree>;
  export default texts;
}
