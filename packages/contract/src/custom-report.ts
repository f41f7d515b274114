import { z } from 'zod';
import {
  CUSTOM_DATASETS,
  DATASET_LABELS,
  fieldOf,
  formatValue,
  pickLabel,
  type CustomDataset,
  type FieldKind,
  type Label,
} from './custom-report-fields.ts';
import type { Lang } from './enums.ts';
import type { ErrorCode } from './errors.ts';
import { idField, isCalendarDate, isCleanText, requiredText } from './fields.ts';

/** Custom reports (issue 14): a definition a member builds, saves, runs with fresh data, exports and mails. */

/** Rows a run answers at most (the definition's limit is within it); the answer says when more matched. */
export const CUSTOM_ROW_CAP = 1000;
/** Groups a run answers at most: a chart of more bars reads as noise. */
export const CUSTOM_GROUP_CAP = 100;
export const CUSTOM_NAME_MAX = 64;
export const CUSTOM_MAIL_MAX = 50;

export const FILTER_OPS = [
  'eq',
  'ne',
  'in',
  'contains',
  'gt',
  'lt',
  'before',
  'after',
  'between',
  'empty',
  'notEmpty',
] as const;
export type FilterOp = (typeof FILTER_OPS)[number];

/** The conditions each kind of field takes; a date's eq is "on that day". */
export const OPS_BY_KIND: Record<FieldKind, readonly FilterOp[]> = {
  text: ['eq', 'ne', 'in', 'contains', 'empty', 'notEmpty'],
  number: ['eq', 'ne', 'gt', 'lt', 'between', 'empty', 'notEmpty'],
  date: ['eq', 'before', 'after', 'between', 'empty', 'notEmpty'],
  enum: ['eq', 'ne', 'in', 'empty', 'notEmpty'],
};

export const CHART_TYPES = ['bar', 'line', 'pie', 'table'] as const;
export type ChartType = (typeof CHART_TYPES)[number];
export const MEASURES = ['count', 'sum', 'avg'] as const;

const fieldKey = z.string('required').min(1, 'required').max(64, 'invalid_value');
const scalar = z.union([z.string().max(200, 'too_long').refine(isCleanText, 'invalid_value'), z.number()]);

export const reportFilter = z.object({
  field: fieldKey,
  op: z.enum(FILTER_OPS, 'invalid_value'),
  /** One value; a list for in (up to 50) and a pair for between; nothing for empty / notEmpty. */
  value: z.union([scalar, z.array(scalar).max(50, 'invalid_value')]).nullish(),
});
export type ReportFilter = z.infer<typeof reportFilter>;

export const reportDefinition = z.object({
  dataset: z.enum(CUSTOM_DATASETS, 'invalid_value'),
  columns: z.array(fieldKey).min(1, 'required').max(20, 'invalid_value'),
  filters: z.array(reportFilter).max(20, 'invalid_value').default([]),
  groupBy: fieldKey.nullish(),
  measure: z
    .object({ fn: z.enum(MEASURES, 'invalid_value'), field: fieldKey.nullish() })
    .default({ fn: 'count', field: null }),
  chartType: z.enum(CHART_TYPES, 'invalid_value').default('table'),
  sort: z.object({ field: fieldKey, dir: z.enum(['asc', 'desc'], 'invalid_value') }).nullish(),
  limit: z.number().int('invalid_value').min(1, 'invalid_value').max(CUSTOM_ROW_CAP, 'invalid_value').default(200),
});
export type ReportDefinition = z.infer<typeof reportDefinition>;
export type ReportDefinitionInput = z.input<typeof reportDefinition>;

/** POST /report/custom/a and /report/custom/update/:id/a. The name is unique among the owner's reports in the project. */
export const customReportBody = z.object({
  name: requiredText(CUSTOM_NAME_MAX),
  shared: z.boolean('invalid_value').default(false),
  /** Members who receive it weekly, each with their own rows. */
  mailTo: z.array(idField).max(CUSTOM_MAIL_MAX, 'invalid_value').default([]),
  definition: reportDefinition,
});
export type CustomReportBody = z.infer<typeof customReportBody>;

/** POST /report/custom/run and /report/custom/export: a definition being built, not saved (yet). */
export const customReportDraft = z.object({
  name: requiredText(CUSTOM_NAME_MAX).optional(),
  definition: reportDefinition,
});
export type CustomReportDraft = z.infer<typeof customReportDraft>;

/** One wrong part of a definition: where (a path the form can mark), which report field, and the error code. */
export interface DefinitionProblem {
  path: string;
  field: string;
  code: ErrorCode;
}

const isNumber = (v: unknown) => typeof v === 'number' && Number.isFinite(v);
const isDate = (v: unknown) => typeof v === 'string' && isCalendarDate(v);

/** Whether a filter's value suits its field's kind and its condition. */
function valueFits(kind: FieldKind, op: FilterOp, value: unknown, options?: ReadonlyArray<{ value: unknown }>) {
  if (op === 'empty' || op === 'notEmpty') return value === null || value === undefined;
  const one = (v: unknown) => {
    if (kind === 'number') return isNumber(v);
    if (kind === 'date') return isDate(v);
    if (kind === 'enum') return !!options?.some((o) => o.value === v);
    return typeof v === 'string' && v.trim() !== '';
  };
  if (op === 'in') return Array.isArray(value) && value.length > 0 && value.every(one);
  if (op === 'between') return Array.isArray(value) && value.length === 2 && value.every(one);
  return !Array.isArray(value) && one(value);
}

/**
 * Everything wrong with a definition beyond its shape: fields not of its dataset, conditions their kind does not
 * take, values of the wrong kind, a group-by that cannot group, a sum of what is not a number. The server refuses
 * on the first; the web marks them all as the user builds.
 */
export function definitionProblems(def: ReportDefinition): DefinitionProblem[] {
  const out: DefinitionProblem[] = [];
  const known = (path: string, key: string) => {
    const field = fieldOf(def.dataset as CustomDataset, key);
    if (!field) out.push({ path, field: key, code: 'custom_report_unknown_field' });
    return field;
  };
  def.columns.forEach((key, i) => known(`columns.${i}`, key));
  def.filters.forEach((f, i) => {
    const field = known(`filters.${i}.field`, f.field);
    if (!field) return;
    if (!OPS_BY_KIND[field.kind].includes(f.op))
      out.push({ path: `filters.${i}.op`, field: f.field, code: 'custom_report_bad_operator' });
    else if (!valueFits(field.kind, f.op, f.value, field.options))
      out.push({ path: `filters.${i}.value`, field: f.field, code: 'custom_report_bad_value' });
  });
  if (def.groupBy) {
    const field = known('groupBy', def.groupBy);
    if (field && !field.groupable)
      out.push({ path: 'groupBy', field: def.groupBy, code: 'custom_report_not_groupable' });
  }
  if (def.measure.fn !== 'count') {
    const key = def.measure.field ?? '';
    const field = key ? known('measure.field', key) : undefined;
    if (key === '' || (field && field.kind !== 'number'))
      out.push({ path: 'measure.field', field: key, code: 'custom_report_not_numeric' });
  }
  if (def.sort) known('sort.field', def.sort.field);
  return out;
}

const cell = z.union([z.string(), z.number(), z.null()]);

/** A run's answer: raw values (enum codes, dates as text) the reader formats with formatValue. */
export const customReportResult = z.object({
  columns: z.array(z.string()),
  rows: z.array(z.array(cell)),
  /** Every row that matched (the rows are the first `limit` of them). */
  total: z.number(),
  capped: z.boolean(),
  /** By the group-by field, largest first (dates in order), at most CUSTOM_GROUP_CAP; null without a group-by. */
  groups: z.array(z.object({ key: cell, value: z.number() })).nullable(),
  /** The measure over every matching row (the count, or the sum / average of the measured field). */
  summary: z.number().nullable(),
});
export type CustomReportResult = z.infer<typeof customReportResult>;

export const customReportItem = z.object({
  id: z.number(),
  name: z.string(),
  shared: z.boolean(),
  mailTo: z.array(z.number()),
  definition: reportDefinition,
  ownerId: z.number(),
  ownerName: z.string(),
  /** The caller's own: they may edit it. */
  mine: z.boolean(),
  /** Its owner, or a project administrator. */
  canDelete: z.boolean(),
  lastMailedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type CustomReportItem = z.infer<typeof customReportItem>;
export const customReportList = z.array(customReportItem);

export const customReportIdData = z.object({ id: z.number() });

/** Members a report may be mailed to (the save dialog's choices). */
export const reportRecipient = z.object({ id: z.number(), name: z.string(), email: z.string() });
export const reportRecipientList = z.array(reportRecipient);
export type ReportRecipient = z.infer<typeof reportRecipient>;

export const OP_LABELS: Record<FilterOp, Label> = {
  eq: ['等于', 'is'],
  ne: ['不等于', 'is not'],
  in: ['属于', 'is one of'],
  contains: ['包含', 'contains'],
  gt: ['大于', 'greater than'],
  lt: ['小于', 'less than'],
  before: ['早于', 'before'],
  after: ['晚于', 'after'],
  between: ['介于', 'between'],
  empty: ['为空', 'is empty'],
  notEmpty: ['不为空', 'is not empty'],
};

/** "Count", "Sum of Size (bytes)": the name of the measured column in charts, tables and exports. */
export function measureLabel(def: Pick<ReportDefinition, 'dataset' | 'measure'>, lang: Lang): string {
  if (def.measure.fn === 'count') return lang === 'en-US' ? 'Count' : '数量';
  const field = fieldOf(def.dataset, def.measure.field ?? '');
  const name = field ? pickLabel(field.label, lang) : '';
  if (def.measure.fn === 'sum') return lang === 'en-US' ? `Sum of ${name}` : `${name}合计`;
  return lang === 'en-US' ? `Average of ${name}` : `${name}平均值`;
}

/** One filter as a person reads it: "Document status is Archived". */
export function filterText(dataset: CustomDataset, f: ReportFilter, lang: Lang): string {
  const field = fieldOf(dataset, f.field);
  if (!field) return f.field;
  const values = (Array.isArray(f.value) ? f.value : f.value === null || f.value === undefined ? [] : [f.value]).map(
    (v) => String(formatValue(field, v, lang)),
  );
  const joined = f.op === 'between' ? values.join(lang === 'en-US' ? ' and ' : ' 至 ') : values.join(', ');
  return [pickLabel(field.label, lang), pickLabel(OP_LABELS[f.op], lang), joined].filter(Boolean).join(' ');
}

export const CHART_LABELS: Record<ChartType, Label> = {
  bar: ['柱状图', 'Bar chart'],
  line: ['折线图', 'Line chart'],
  pie: ['饼图', 'Pie chart'],
  table: ['表格', 'Table'],
};

/**
 * A saved definition as a person reads it (the trail, issue 26): "Documents; columns Name, Status; Document status
 * is Archived; grouped by Site; Count; Bar chart; sorted by Name, descending; up to 200 rows".
 */
export function definitionText(def: ReportDefinition, lang: Lang): string {
  const en = lang === 'en-US';
  const name = (key: string) => {
    const field = fieldOf(def.dataset, key);
    return field ? pickLabel(field.label, lang) : key;
  };
  const parts = [
    pickLabel(DATASET_LABELS[def.dataset], lang),
    `${en ? 'columns ' : '列：'}${def.columns.map(name).join(en ? ', ' : '、')}`,
    ...def.filters.map((f) => filterText(def.dataset, f, lang)),
    def.groupBy ? `${en ? 'grouped by ' : '按'}${name(def.groupBy)}${en ? '' : '分组'}` : null,
    measureLabel(def, lang),
    pickLabel(CHART_LABELS[def.chartType], lang),
    def.sort
      ? en
        ? `sorted by ${name(def.sort.field)}, ${def.sort.dir === 'asc' ? 'ascending' : 'descending'}`
        : `按${name(def.sort.field)}${def.sort.dir === 'asc' ? '升序' : '降序'}`
      : null,
    en ? `up to ${def.limit} rows` : `最多 ${def.limit} 行`,
  ];
  return parts.filter((p) => p !== null).join(en ? '; ' : '；');
}
