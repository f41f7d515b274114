import { definitionText, reportDefinition } from './custom-report.ts';
import { type Lang, TrailType } from './enums.ts';
import { FIELD_LABELS } from './fields.ts';
import { TRAIL_FIELD_LABELS, TRAIL_OBJECT_LABELS, TRAIL_TYPE_LABELS, TRAIL_VALUE_LABELS } from './trail-labels.ts';

/** The parts of a stored trail row the formatter reads; times are the caller's to show. */
export interface TrailRowLike {
  type: number;
  objectType: string;
  objectId: string | null;
  version: string | null;
  oldValue: unknown;
  newValue: unknown;
  /** The object's name today, when the server knows it (a document, a folder): used when the values carry none. */
  objectName?: string | null;
}

/** One field of a row: its label and its value before and/or after, as text (absent side: undefined). */
export interface TrailLine {
  key: string;
  label: string;
  old?: string;
  new?: string;
}

export interface TrailDescription {
  /** "Document" / "文档". */
  objectLabel: string;
  /** The object's name when the values carry it (the newer one). */
  objectName: string | null;
  /** "Document «Protocol v2»", or "Document #2" without a name. */
  object: string;
  /** A sentence for events a field list reads poorly, e.g. "Version V2.0 uploaded, sha256 …". */
  summary: string | null;
  /** Changed fields of an update; every field of a creation or a deletion. */
  lines: TrailLine[];
}

type Label = readonly [string, string];
type Values = Record<string, unknown>;

const pick = (label: Label, lang: Lang) => label[lang === 'en-US' ? 1 : 0];
const isRecord = (v: unknown): v is Values => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);

export function trailFieldLabel(key: string, lang: Lang): string {
  const label = FIELD_LABELS[key] ?? TRAIL_FIELD_LABELS[key];
  return label ? pick(label, lang) : key;
}

export function trailObjectLabel(objectType: string, lang: Lang): string {
  const label = (TRAIL_OBJECT_LABELS as Record<string, Label | undefined>)[objectType];
  return label ? pick(label, lang) : objectType;
}

export function trailTypeLabel(type: number, lang: Lang): string {
  const label = (TRAIL_TYPE_LABELS as Record<number, Label | undefined>)[type];
  return label ? pick(label, lang) : String(type);
}

/** One stored value as text: codes by their meaning, booleans as yes/no, lists and nested objects labelled. */
export function trailValueText(key: string, value: unknown, lang: Lang): string {
  if (value === null || value === undefined || value === '') return '—';
  if (key === 'definition') {
    const def = reportDefinition.safeParse(value);
    if (def.success) return definitionText(def.data, lang);
  }
  const coded = TRAIL_VALUE_LABELS[key]?.[String(value)];
  if (coded) return pick(coded, lang);
  if (typeof value === 'boolean') return lang === 'en-US' ? (value ? 'Yes' : 'No') : value ? '是' : '否';
  if (Array.isArray(value)) {
    if (value.length === 0) return '—';
    return value.map((v) => (isRecord(v) ? `(${recordText(v, lang)})` : trailValueText(key, v, lang))).join('; ');
  }
  if (isRecord(value)) return recordText(value, lang);
  return String(value);
}

const recordText = (r: Values, lang: Lang) =>
  Object.entries(r)
    .map(([k, v]) => `${trailFieldLabel(k, lang)}: ${trailValueText(k, v, lang)}`)
    .join(', ');

/** A value that is not an object (rows older than the typed entries may hold one) reads as "Value: …". */
const asValues = (v: unknown): Values | null => (isRecord(v) ? v : v === null || v === undefined ? null : { value: v });

function same(a: unknown, b: unknown): boolean {
  try {
    return JSON.stringify(a) === JSON.stringify(b);
  } catch {
    return false;
  }
}

const NAME_KEYS = ['name', 'companyName', 'subject', 'folder', 'template', 'userName', 'email'];

function linesOf(oldValue: unknown, newValue: unknown, lang: Lang): TrailLine[] {
  const o = asValues(oldValue);
  const n = asValues(newValue);
  const has = (v: Values | null, k: string): v is Values => v !== null && v[k] !== undefined;
  // The object's name first; jsonb keeps its own key order for the rest.
  const stored = [...new Set([...Object.keys(o ?? {}), ...Object.keys(n ?? {})])];
  const keys = [...NAME_KEYS.filter((k) => stored.includes(k)), ...stored.filter((k) => !NAME_KEYS.includes(k))];
  const lines: TrailLine[] = [];
  for (const key of keys) {
    const before = has(o, key);
    const after = has(n, key);
    if (before && after && same(o[key], n[key])) continue;
    lines.push({
      key,
      label: trailFieldLabel(key, lang),
      ...(before ? { old: trailValueText(key, o[key], lang) } : {}),
      ...(after ? { new: trailValueText(key, n[key], lang) } : {}),
    });
  }
  return lines;
}

function nameOf(o: Values | null, n: Values | null): string | null {
  for (const v of [n, o]) {
    for (const key of NAME_KEYS) {
      const name = str(v?.[key]);
      if (name) return name;
    }
  }
  return null;
}

/** Sentences for the document events an inspector reads most: versions uploaded, read, deleted. */
function summaryOf(row: TrailRowLike, o: Values | null, n: Values | null, lang: Lang): string | null {
  if (row.objectType !== 'document') return null;
  const en = lang === 'en-US';
  const sha = str(n?.sha256);
  const versionNo = str(n?.versionNo) ?? str(o?.versionNo) ?? row.version ?? '';
  if ((row.type === TrailType.Create || row.type === TrailType.Update) && sha) {
    return en ? `Version ${versionNo} uploaded, sha256 ${sha}` : `上传版本 ${versionNo}，sha256 ${sha}`;
  }
  if (row.type === TrailType.Update && n?.restored === true)
    return en ? 'Restored from the recycle bin' : '从回收站恢复';
  if (row.type === TrailType.View && n?.action === 'download') {
    return en ? `Version ${versionNo} downloaded` : `下载版本 ${versionNo}`;
  }
  if (row.type === TrailType.View && n?.action === 'view')
    return en ? `Version ${versionNo} viewed` : `查看版本 ${versionNo}`;
  if (row.type === TrailType.Delete) {
    if (o?.fileVersionId !== undefined) return en ? `Version ${versionNo} deleted` : `删除版本 ${versionNo}`;
    if (n?.recycled === true) return en ? 'Moved to the recycle bin' : '移入回收站';
    if (n?.purged === true) return en ? 'Deleted permanently' : '彻底删除';
  }
  return null;
}

/**
 * What one trail row says, in the user's language: the object by name, a sentence for the events that need
 * one, and the changed fields labelled. Any stored value is accepted: rows written before the typed entries,
 * or by a newer server, fall back to their keys as labels.
 */
export function describeTrail(row: TrailRowLike, lang: Lang): TrailDescription {
  const o = asValues(row.oldValue);
  const n = asValues(row.newValue);
  const objectLabel = trailObjectLabel(row.objectType, lang);
  const objectName = nameOf(o, n) ?? row.objectName ?? null;
  const object = objectName
    ? `${objectLabel} «${objectName}»`
    : row.objectId
      ? `${objectLabel} #${row.objectId}`
      : objectLabel;
  return {
    objectLabel,
    objectName,
    object,
    summary: summaryOf(row, o, n, lang),
    lines: linesOf(row.oldValue, row.newValue, lang),
  };
}

/** "Name: A → B" for a change, "Name: B" for a field only one side has. */
export function trailLineText(line: TrailLine): string {
  const value = line.old !== undefined && line.new !== undefined ? `${line.old} → ${line.new}` : (line.new ?? line.old);
  return `${line.label}: ${value}`;
}

/** One side of a description as "Label: value" lines, for the old- and new-value columns of an export. */
export function trailSideText(description: TrailDescription, side: 'old' | 'new'): string {
  return description.lines
    .filter((l) => l[side] !== undefined)
    .map((l) => `${l.label}: ${l[side]}`)
    .join('\n');
}

/** The whole description as text: the summary, then one line per field. */
export function describeTrailText(row: TrailRowLike, lang: Lang): string {
  const d = describeTrail(row, lang);
  return [d.summary, ...d.lines.map(trailLineText)].filter((l) => l !== null).join('\n');
}
