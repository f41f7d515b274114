/**
 * Values for the bad-input test (issue 9), derived from the JSON schemas of the OpenAPI document: a plausible value
 * for every field, so that one malformed field at a time reaches as deep into a route as validation lets it, and
 * the malformed values of each kind of field.
 */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  minLength?: number;
  maxLength?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
  nullable?: boolean;
}

export interface BadValue {
  label: string;
  value: unknown;
}

const HUGE = 'x'.repeat(100_000);
const kindOf = (s: JsonSchema): string => {
  const alt = s.anyOf ?? s.oneOf ?? s.allOf;
  if (alt?.length) return kindOf(alt.find((a) => a.type !== 'null') ?? alt[0]);
  if (Array.isArray(s.type)) return s.type.find((t) => t !== 'null') ?? 'string';
  if (s.type) return s.type;
  if (s.properties) return 'object';
  if (s.enum) return typeof s.enum[0];
  return 'string';
};
const inner = (s: JsonSchema): JsonSchema => {
  const alt = s.anyOf ?? s.oneOf ?? s.allOf;
  return alt?.length ? inner(alt.find((a) => a.type !== 'null') ?? alt[0]) : s;
};
const looksLikeDate = (s: JsonSchema) =>
  s.format === 'date' || s.format === 'date-time' || /\\d\{4\}|\[0-9\]\{4\}/.test(s.pattern ?? '');

/** A value the schema accepts, as far as a schema can say (ids are 1: the first row, or a missing one). */
export function plausible(schema: JsonSchema): unknown {
  const s = inner(schema);
  if (s.default !== undefined) return s.default;
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  switch (kindOf(s)) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(s.properties ?? {})) out[k] = plausible(v);
      return out;
    }
    case 'array':
      return s.items ? [plausible(s.items)] : [];
    case 'integer':
    case 'number':
      return Math.max(1, typeof s.minimum === 'number' ? s.minimum : 1);
    case 'boolean':
      return false;
    default:
      if (s.format === 'email') return 'probe@example.com';
      if (s.format === 'date-time') return '2026-01-01T00:00:00.000Z';
      if (looksLikeDate(s)) return '2026-01-01';
      return 'Probe'.padEnd(s.minLength ?? 0, 'e').slice(0, s.maxLength ?? 128);
  }
}

/** Values no field of this kind may accept: wrong types, text no database stores, numbers past any id, false dates. */
export function malformed(schema: JsonSchema): BadValue[] {
  const s = inner(schema);
  const common: BadValue[] = [{ label: 'an object', value: { nested: { deep: [1] } } }];
  switch (kindOf(s)) {
    case 'object':
      return [
        { label: 'a string', value: 'x' },
        { label: 'an array', value: [] },
      ];
    case 'array':
      return [
        ...common,
        { label: 'a string', value: 'x' },
        ...(s.items ? malformed(s.items).map((b) => ({ label: `a list of ${b.label}`, value: [b.value] })) : []),
      ];
    case 'integer':
    case 'number':
      return [
        ...common,
        { label: 'a word', value: 'abc' },
        { label: 'a fraction', value: 1.5 },
        { label: 'past the integer range', value: 2 ** 31 },
        { label: 'a huge number', value: 1e308 },
        { label: 'a negative number', value: -1 },
      ];
    case 'boolean':
      return [...common, { label: 'a word', value: 'maybe' }];
    default:
      return [
        ...common,
        { label: 'a number', value: 12_345 },
        { label: 'a NUL character', value: 'a\u0000b' },
        { label: 'a lone surrogate', value: 'a\ud800b' },
        { label: 'a 100,000-character string', value: HUGE },
        ...(looksLikeDate(s) || s.format === 'date-time'
          ? [
              { label: 'an impossible date', value: '2024-02-30' },
              { label: 'month 13', value: '2024-13-01' },
              // Valid ISO, but PostgreSQL has no year 0.
              s.format === 'date-time'
                ? { label: 'year zero', value: '0000-01-01T00:00:00Z' }
                : { label: 'year zero', value: '0000-01-01' },
            ]
          : []),
      ];
  }
}

/** Malformed values of a query or path parameter: always text on the wire. */
export function malformedParam(schema: JsonSchema): BadValue[] {
  const kind = kindOf(inner(schema));
  const values: BadValue[] = [
    { label: 'a NUL character', value: 'a\u0000b' },
    { label: 'a 100,000-character string', value: HUGE },
  ];
  if (kind === 'integer' || kind === 'number')
    values.push(
      { label: 'a word', value: 'abc' },
      { label: 'a fraction', value: '1.5' },
      { label: 'past the integer range', value: '99999999999' },
      { label: 'a negative number', value: '-1' },
    );
  if (looksLikeDate(inner(schema)))
    values.push({ label: 'an impossible date', value: '2024-02-30' }, { label: 'year zero', value: '0000-01-01' });
  return values;
}
