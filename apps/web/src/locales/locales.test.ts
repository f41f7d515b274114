import { describe, expect, it } from 'vitest';
import { Sex } from '@edoc/contract/enums';
import { duplicateNamespaces, type LocaleTree } from './resources';
import { texts as enUS } from './texts-en-US';
import { texts as zhCN } from './texts-zh-CN';

const localeResources = { 'zh-CN': zhCN, 'en-US': enUS };

function flatten(tree: LocaleTree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const zh = flatten(localeResources['zh-CN']);
const en = flatten(localeResources['en-US']);
const namespaces = Object.keys(localeResources['zh-CN']);

// Every source file as text, to find the keys the code uses (tests themselves excluded).
const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

function usedKeys(): Set<string> {
  const pattern = new RegExp(`['"\`]((?:${namespaces.join('|')})\\.[A-Za-z][\\w.]*)['"\`]`, 'g');
  const keys = new Set<string>();
  for (const text of Object.values(sources)) for (const match of text.matchAll(pattern)) keys.add(match[1]);
  return keys;
}

// Every locale file as text: JSON.parse keeps the last of two equal keys silently (the download center's time column
// was titled with its success toast's text that way, issue 12 defect 7).
const localeFiles = import.meta.glob<string>(['./*.json', '../features/*/locales/*.json'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** The keys given twice in one object of a JSON text, as dotted paths. */
function repeatedKeys(text: string): string[] {
  const repeated: string[] = [];
  const stack: Array<{ keys: Set<string>; path: string }> = [];
  let lastKey = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      let j = i + 1;
      while (text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      const value = JSON.parse(text.slice(i, j + 1)) as string;
      const after = text.slice(j + 1).trimStart();
      if (after.startsWith(':') && stack.length > 0) {
        const top = stack[stack.length - 1];
        if (top.keys.has(value)) repeated.push(top.path ? `${top.path}.${value}` : value);
        top.keys.add(value);
        lastKey = value;
      }
      i = j;
    } else if (c === '{') {
      const parent = stack[stack.length - 1];
      stack.push({ keys: new Set(), path: parent ? (parent.path ? `${parent.path}.${lastKey}` : lastKey) : '' });
    } else if (c === '}') stack.pop();
  }
  return repeated;
}

describe('locales', () => {
  it('gives no key twice in one file', () => {
    const found = Object.entries(localeFiles).flatMap(([file, text]) => repeatedKeys(text).map((k) => `${file}: ${k}`));
    expect(found).toEqual([]);
  });

  it('defines each namespace once, in the base file or one feature file', () => {
    expect(duplicateNamespaces).toEqual([]);
  });

  it('zh-CN and en-US have identical key sets', () => {
    expect([...en.keys()].sort()).toEqual([...zh.keys()].sort());
  });

  it('has no empty texts', () => {
    for (const [key, text] of [...zh, ...en]) expect(text.trim(), key).not.toBe('');
  });

  it('keeps the same interpolation placeholders in both languages', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    for (const [key, text] of zh) expect(placeholders(en.get(key) ?? ''), key).toEqual(placeholders(text));
  });

  it('defines every key the code names', () => {
    const dynamic = [
      ...['lastName', 'firstName', 'mobile', 'phone', 'country', 'city'].map((f) => `user.${f}`),
      ...Sex.map((s) => `user.sexOptions.${s}`),
    ];
    const keys = [...usedKeys(), ...dynamic];
    expect(keys.length).toBeGreaterThan(50);
    expect(keys.filter((key) => !zh.has(key))).toEqual([]);
  });

  it('uses the specified idle prompt wording', () => {
    expect(en.get('idle.question')).toBe('The operation time is about to expire and is extended?');
    expect(zh.get('idle.question')).toBe('操作时间即将到期，是否延长？');
  });
});
