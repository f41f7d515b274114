import fs from 'node:fs';
import path from 'node:path';
import type { Lang } from './sign-in.ts';

/** A locale file's texts: namespaces of nested keys down to strings. */
export type LocaleTree = { [key: string]: string | LocaleTree };

const webSrc = path.resolve(import.meta.dirname, '../../apps/web/src');
const trees = new Map<Lang, LocaleTree[]>();

/**
 * The app's locale files of one language, parsed: the shared file, then every feature's own (each feature owns its
 * top-level keys, as the app merges them in locales/resources.ts).
 */
export function localeTrees(lang: Lang): LocaleTree[] {
  const known = trees.get(lang);
  if (known) return known;
  const files = [
    path.join(webSrc, 'locales', `${lang}.json`),
    ...fs
      .readdirSync(path.join(webSrc, 'features'))
      .map((f) => path.join(webSrc, 'features', f, 'locales', `${lang}.json`))
      .filter((f) => fs.existsSync(f)),
  ];
  const parsed = files.map((file) => JSON.parse(fs.readFileSync(file, 'utf8')) as LocaleTree);
  trees.set(lang, parsed);
  return parsed;
}
