import { definitionText, reportDefinition } from './custom-report.ts';
import type { Lang } from './enums.ts';
import { roleNameIn } from './role.ts';
import { trailCodeLabel, trailFieldLabel, trailObjectLabel } from './trail-labels.ts';
import { TRAIL_OBJECT_REF_KINDS, refKindOf, trailRefKey, trailRefName, type TrailRefs } from './trail-refs.ts';
import { documentSentence } from './trail-sentences.ts';
import { grantLines, grantText, isGrant, type GrantFormat } from './trail-format-grants.ts';
import { TRAIL_OBJECT_VALUE_LABELS, TRAIL_VALUE_LABELS, TRAIL_VALUE_UNITS } from './trail-value-labels.ts';
import type { TrailObjectType } from './trail.ts';

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
  /** Names of the users, roles, folders… the values point to by id (the server's answer carries them). */
  refs?: TrailRefs | null;
}

export interface TrailFormatOptions {
  /**
   * An instant of the values (ISO 8601 with its offset) as the reader reads it: the page passes its own format in the
   * reader's time zone. Default: UTC to the second, "UTC" after it (the exports, whose times are UTC).
   */
  instant?: (iso: string) => string;
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

/** What a value is read against: the reader's language, the row's object and the names the server gave. */
interface Context {
  lang: Lang;
  objectType?: string;
  refs?: TrailRefs | null;
  instant?: (iso: string) => string;
}

const pick = (label: Label, lang: Lang) => label[lang === 'en-US' ? 1 : 0];
const isRecord = (v: unknown): v is Values => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
const separator = (lang: Lang) => (lang === 'en-US' ? ', ' : '、');
/** Keys that say nothing on a project's trail: the object's own id (the Object column has it), the project's. */
const HIDDEN_KEYS = new Set(['id', 'projectId']);

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/** An instant in UTC to the second, "2026-03-01 08:30:00 UTC". */
export function utcInstant(iso: string): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? iso : `${at.toISOString().replace('T', ' ').slice(0, 19)} UTC`;
}

/** What the grants' text needs of the context (trail-format-grants.ts): valueText read in it. */
const grantFormat = (ctx: Context): GrantFormat => ({
  lang: ctx.lang,
  objectType: ctx.objectType,
  value: (key, value, record) => valueText(key, value, ctx, record),
});

/** A list of codes in the order their labels are listed (rights as the rights pages list them), others as stored. */
function inCodeOrder(key: string, values: unknown[], objectType?: string): unknown[] {
  const table =
    (objectType ? TRAIL_OBJECT_VALUE_LABELS[objectType as TrailObjectType]?.[key] : undefined) ??
    TRAIL_VALUE_LABELS[key];
  if (!table || !values.every((v) => table[String(v)])) return values;
  const order = Object.keys(table);
  return [...values].sort((a, b) => order.indexOf(String(a)) - order.indexOf(String(b)));
}

function valueText(key: string, value: unknown, ctx: Context, record?: Values): string {
  const { lang } = ctx;
  if (value === null || value === undefined || value === '') return '—';
  if (key === 'definition') {
    const def = reportDefinition.safeParse(value);
    if (def.success) return definitionText(def.data, lang);
  }
  const ref = refKindOf(key, record);
  if (ref && (typeof value === 'number' || typeof value === 'string'))
    return trailRefName(ref, value, ctx.lang, ctx.refs);
  if (Array.isArray(value)) {
    if (value.length === 0) return '—';
    if (value.every(isRecord))
      return value.map((v) => (isGrant(v) ? grantText(v, grantFormat(ctx)) : `(${recordText(v, ctx)})`)).join('; ');
    return inCodeOrder(key, value, ctx.objectType)
      .map((v) => valueText(key, v, ctx, record))
      .join(separator(lang));
  }
  if (isRecord(value)) return isGrant(value) ? grantText(value, grantFormat(ctx)) : recordText(value, ctx);
  const coded = trailCodeLabel(key, value, ctx.objectType);
  if (coded) return pick(coded, lang);
  if (typeof value === 'boolean') return lang === 'en-US' ? (value ? 'Yes' : 'No') : value ? '是' : '否';
  if (typeof value === 'string' && ISO_INSTANT.test(value)) return (ctx.instant ?? utcInstant)(value);
  const unit = TRAIL_VALUE_UNITS[key];
  if (unit && typeof value === 'number') return `${value} ${pick(unit, lang)}`;
  return String(value);
}

/**
 * One stored value as text: codes by their meaning, booleans as yes/no, ids by the names the server gave (`refs`),
 * instants in the reader's zone (`options.instant`), lists and nested objects labelled.
 */
export function trailValueText(
  key: string,
  value: unknown,
  lang: Lang,
  context: { objectType?: string; refs?: TrailRefs | null } & TrailFormatOptions = {},
): string {
  return valueText(key, value, { lang, ...context });
}

const recordText = (r: Values, ctx: Context) =>
  Object.entries(r)
    .filter(([k]) => !HIDDEN_KEYS.has(k))
    .map(([k, v]) => `${trailFieldLabel(k, ctx.lang, ctx.objectType)}: ${valueText(k, v, ctx, r)}`)
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

/**
 * A member's role is stored twice on a side, by id and by code: one line says it, the id's (both sides have it),
 * unless the server could not name the id (a role deleted since) and the code is all that reads.
 */
function redundant(key: string, o: Values | null, n: Values | null, ctx: Context): boolean {
  if (HIDDEN_KEYS.has(key)) return true;
  if (key !== 'role') return false;
  const roleId = n?.roleId ?? o?.roleId;
  return roleId !== undefined && ctx.refs?.[trailRefKey('role', String(roleId))] !== undefined;
}

function linesOf(oldValue: unknown, newValue: unknown, ctx: Context): TrailLine[] {
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
    if ((before && after && same(o[key], n[key])) || redundant(key, o, n, ctx)) continue;
    const grants = grantLines(key, o?.[key], n?.[key], grantFormat(ctx));
    if (grants) {
      lines.push(...grants);
      continue;
    }
    const oldText = before ? valueText(key, o[key], ctx, o) : undefined;
    const newText = after ? valueText(key, n[key], ctx, n) : undefined;
    // Stored apart but read alike (null and '' both "—"): no change a reader could see.
    if (before && after && oldText === newText) continue;
    lines.push({
      key,
      label: trailFieldLabel(key, ctx.lang, ctx.objectType),
      ...(oldText !== undefined ? { old: oldText } : {}),
      ...(newText !== undefined ? { new: newText } : {}),
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

/** The object's name from the server's names: a member by its user's name, a role in the reader's language. */
function refNameOf(row: TrailRowLike, ctx: Context): string | null {
  const kind = TRAIL_OBJECT_REF_KINDS[row.objectType as TrailObjectType];
  if (!kind || !row.objectId) return null;
  const name = trailRefName(kind, row.objectId, ctx.lang, ctx.refs);
  return name.startsWith('#') ? null : name;
}

function objectNameOf(row: TrailRowLike, o: Values | null, n: Values | null, ctx: Context): string | null {
  if (row.objectType === 'member') {
    // A member removed since is named by the user its values hold.
    const userId = n?.userId ?? o?.userId;
    const user = userId === undefined ? undefined : ctx.refs?.[trailRefKey('user', String(userId))];
    return refNameOf(row, ctx) ?? user ?? nameOf(o, n) ?? row.objectName ?? null;
  }
  if (row.objectType === 'role') {
    const v = n ?? o;
    const code = str(v?.code);
    if (code) return roleNameIn(ctx.lang, code, str(v?.name) ?? code);
  }
  return nameOf(o, n) ?? row.objectName ?? refNameOf(row, ctx);
}

/**
 * What one trail row says, in the user's language: the object by name, a sentence for the events that need
 * one, and the changed fields labelled. Any stored value is accepted: rows written before the typed entries,
 * or by a newer server, fall back to their keys as labels.
 */
export function describeTrail(row: TrailRowLike, lang: Lang, options: TrailFormatOptions = {}): TrailDescription {
  const o = asValues(row.oldValue);
  const n = asValues(row.newValue);
  const ctx: Context = { lang, objectType: row.objectType, refs: row.refs, instant: options.instant };
  const objectLabel = trailObjectLabel(row.objectType, lang);
  const objectName = objectNameOf(row, o, n, ctx);
  const object = objectName
    ? `${objectLabel} «${objectName}»`
    : row.objectId
      ? `${objectLabel} #${row.objectId}`
      : objectLabel;
  const lines = linesOf(row.oldValue, row.newValue, ctx);
  // A save that changed nothing (the same form sent again) still says so, rather than showing nothing.
  const unchanged =
    o !== null && n !== null && lines.length === 0 ? (lang === 'en-US' ? 'Nothing changed' : '未作任何修改') : null;
  return { objectLabel, objectName, object, summary: documentSentence(row, o, n, lang) ?? unchanged, lines };
}
