import type { Lang } from '@edoc/contract/enums';

export type LocaleTree = { [key: string]: string | LocaleTree };

function langOf(file: string): Lang | null {
  if (file.endsWith('/zh-CN.json')) return 'zh-CN';
  if (file.endsWith('/en-US.json')) return 'en-US';
  return null;
}

/** Namespaces defined twice (base and a feature, or two features); the locale test keeps this empty. */
export const duplicateNamespaces: string[] = [];

/**
 * A language's texts: the shared file and, merged in, the features' own. A feature may keep its texts beside it in
 * features/<noun>/locales/<lang>.json, each file holding whole top-level namespaces; keeping them apart lets
 * features grow without touching one shared file.
 */
export function mergeLocale(lang: Lang, base: LocaleTree, featureFiles: Record<string, LocaleTree>): LocaleTree {
  const merged: LocaleTree = { ...base };
  for (const [file, tree] of Object.entries(featureFiles)) {
    if (langOf(file) !== lang) continue;
    for (const [namespace, texts] of Object.entries(tree)) {
      if (namespace in merged) duplicateNamespaces.push(`${lang}:${namespace} (${file})`);
      merged[namespace] = texts;
    }
  }
  return merged;
}

/**
 * One language's texts, each language its own chunk (locales/texts-*.ts): a page downloads the language it shows,
 * not both (issue 16).
 */
export async function loadLocale(lang: Lang): Promise<LocaleTree> {
  const chunk = lang === 'en-US' ? await import('./texts-en-US') : await import('./texts-zh-CN');
  return chunk.texts;
}
