import type { Lang } from '@edoc/contract/enums';
import enUS from '../locales/en-US.json';
import zhCN from '../locales/zh-CN.json';

export type LocaleTree = { [key: string]: string | LocaleTree };

// A feature may keep its texts beside it in features/<noun>/locales/<lang>.json, each file holding
// whole top-level namespaces; keeping them apart lets features grow without touching one shared file.
const featureFiles = import.meta.glob<LocaleTree>('../features/*/locales/*.json', { eager: true, import: 'default' });

function langOf(file: string): Lang | null {
  if (file.endsWith('/zh-CN.json')) return 'zh-CN';
  if (file.endsWith('/en-US.json')) return 'en-US';
  return null;
}

/** Namespaces defined twice (base and a feature, or two features); the locale test keeps this empty. */
export const duplicateNamespaces: string[] = [];

function build(lang: Lang, base: LocaleTree): LocaleTree {
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

export const localeResources: Record<Lang, LocaleTree> = {
  'zh-CN': build('zh-CN', zhCN),
  'en-US': build('en-US', enUS),
};
