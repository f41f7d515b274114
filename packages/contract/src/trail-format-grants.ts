import type { Lang } from './enums.ts';
import type { TrailLine } from './trail-format.ts';
import { trailFieldLabel } from './trail-labels.ts';

/**
 * Grants of folder rights as the trail reads them (trail-format.ts): one grant as a sentence, and a list of grants
 * as one line per grantee whose rights changed. Split from trail-format.ts, which passes its own value reader.
 */

type Values = Record<string, unknown>;

/** The reader's language, the row's object, and trail-format's reading of one field's value. */
export interface GrantFormat {
  lang: Lang;
  objectType?: string;
  value: (key: string, value: unknown, record?: Values) => string;
}

const isRecord = (v: unknown): v is Values => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Who a grant of folder rights is to ("User Ann Lee"), or the folder it is on when it names no grantee. */
function grantWho(g: Values, f: GrantFormat): string {
  if (g.subjectType !== undefined)
    return `${f.value('subjectType', g.subjectType)} ${f.value('subjectId', g.subjectId, g)}`;
  if (g.folderId !== undefined) return `${trailFieldLabel('folderId', f.lang)} ${f.value('folderId', g.folderId)}`;
  return '';
}

/** What a grant gives: "Document rights View, Download; Manage level Manage". */
function grantRights(g: Values, f: GrantFormat): string {
  const { lang } = f;
  const rights: string[] = [];
  for (const key of ['docKeys', 'libraryKeys'])
    if (Array.isArray(g[key]) && g[key].length > 0)
      rights.push(`${trailFieldLabel(key, lang)} ${f.value(key, g[key])}`);
  if (typeof g.manageLevel === 'number' && g.manageLevel > 0)
    rights.push(`${trailFieldLabel('manageLevel', lang)} ${f.value('manageLevel', g.manageLevel)}`);
  if (!rights.length) return lang === 'en-US' ? 'no rights' : '无权限';
  return rights.join(lang === 'en-US' ? '; ' : '；');
}

/** One grant of folder rights: who (or which folder), and what: "User Ann Lee: Document rights View, Download". */
export function grantText(g: Values, f: GrantFormat): string {
  const who = grantWho(g, f);
  return who ? `${who}${f.lang === 'en-US' ? ': ' : '：'}${grantRights(g, f)}` : grantRights(g, f);
}

export const isGrant = (v: Values) => Array.isArray(v.docKeys) && ('subjectType' in v || 'folderId' in v);

const grantsOf = (v: unknown): Values[] | null =>
  v === undefined ? [] : Array.isArray(v) && v.every((g) => isRecord(g) && isGrant(g)) ? (v as Values[]) : null;

/**
 * A list of grants as one line per grantee whose rights it changed, "Grants (User Ann Lee): View → View, Download":
 * a grantee added has only the new side, one removed only the old. Null when the values are not grant lists.
 */
export function grantLines(key: string, before: unknown, after: unknown, f: GrantFormat): TrailLine[] | null {
  const o = grantsOf(before);
  const n = grantsOf(after);
  if (!o || !n || o.length + n.length === 0) return null;
  const idOf = (g: Values) =>
    g.subjectType !== undefined ? `${String(g.subjectType)}:${String(g.subjectId)}` : `folder:${String(g.folderId)}`;
  const olds = new Map(o.map((g) => [idOf(g), g]));
  const news = new Map(n.map((g) => [idOf(g), g]));
  const label = trailFieldLabel(key, f.lang, f.objectType);
  const lines: TrailLine[] = [];
  for (const id of new Set([...olds.keys(), ...news.keys()])) {
    const was = olds.get(id);
    const is = news.get(id);
    const oldText = was ? grantRights(was, f) : undefined;
    const newText = is ? grantRights(is, f) : undefined;
    if (oldText === newText) continue;
    const who = grantWho((is ?? was)!, f);
    lines.push({
      key: `${key}/${id}`,
      label: who ? (f.lang === 'en-US' ? `${label} (${who})` : `${label}（${who}）`) : label,
      ...(oldText !== undefined ? { old: oldText } : {}),
      ...(newText !== undefined ? { new: newText } : {}),
    });
  }
  return lines;
}
