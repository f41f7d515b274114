import type { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { LANGS } from './enums.ts';
import { FIELD_LABELS } from './fields.ts';
import { trailValueText } from './trail-format.ts';
import { TRAIL_FIELD_LABELS } from './trail-field-labels.ts';
import { TRAIL_OBJECT_LABELS } from './trail-labels.ts';
import { TRAIL_NUMBER_KEYS, TRAIL_REF_KEYS } from './trail-refs.ts';
import { trailCodesOf } from './trail-shapes.ts';
import { TRAIL_ENTRIES } from './trail.ts';

// Issue 26, item 3: the trail showed raw keys (entryId, publishDate, libraryFolderId, activated, a report's
// definition) because their labels were missing. Every key any pair's values may hold has a label in both languages.
type Def = { type: string; [k: string]: unknown };
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

/** Every object key inside a schema, through wrappers, unions, arrays and nested objects. */
function keysOf(schema: z.ZodType, found = new Set<string>()): Set<string> {
  const def = defOf(schema);
  const inner = (k: string) => def[k] as z.ZodType | undefined;
  switch (def.type) {
    case 'object':
      for (const [key, value] of Object.entries(def.shape as Record<string, z.ZodType>)) {
        found.add(key);
        keysOf(value, found);
      }
      break;
    case 'array':
      keysOf(inner('element')!, found);
      break;
    case 'union':
      for (const option of def.options as z.ZodType[]) keysOf(option, found);
      break;
    case 'pipe':
      keysOf(inner('in')!, found);
      keysOf(inner('out')!, found);
      break;
    case 'intersection':
      keysOf(inner('left')!, found);
      keysOf(inner('right')!, found);
      break;
    default:
      if (inner('innerType')) keysOf(inner('innerType')!, found);
  }
  return found;
}

/** A field whose values are codes: where it is, and the codes its schema allows. */
interface CodedField {
  objectType: string;
  key: string;
  codes: (string | number)[];
}

/**
 * The coded fields and the plain number fields inside a schema: enums (z.enum), literals other than `true`, and
 * `coded` schemas (trail-shapes.ts) give codes; any other number is a plain number field. A report's definition is
 * read as a whole (definitionText), so its inside is not walked.
 */
function valueFieldsOf(
  schema: z.ZodType,
  at: { objectType: string; key: string },
  found: { coded: CodedField[]; numbers: Set<string> },
) {
  const codes = trailCodesOf(schema);
  if (codes) {
    found.coded.push({ ...at, codes });
    return;
  }
  const def = defOf(schema);
  const inner = (k: string) => def[k] as z.ZodType;
  switch (def.type) {
    case 'object':
      for (const [key, value] of Object.entries(def.shape as Record<string, z.ZodType>))
        if (key !== 'definition') valueFieldsOf(value, { ...at, key }, found);
      break;
    case 'enum':
      found.coded.push({ ...at, codes: Object.values(def.entries as Record<string, string | number>) });
      break;
    case 'literal': {
      const values = (def.values as unknown[]).filter((v) => typeof v === 'string' || typeof v === 'number');
      if (values.length) found.coded.push({ ...at, codes: values as (string | number)[] });
      break;
    }
    case 'number':
      found.numbers.add(at.key);
      break;
    case 'array':
      valueFieldsOf(inner('element'), at, found);
      break;
    case 'union':
      for (const option of def.options as z.ZodType[]) valueFieldsOf(option, at, found);
      break;
    case 'pipe':
      valueFieldsOf(inner('in'), at, found);
      valueFieldsOf(inner('out'), at, found);
      break;
    case 'intersection':
      valueFieldsOf(inner('left'), at, found);
      valueFieldsOf(inner('right'), at, found);
      break;
    default:
      if (def.innerType) valueFieldsOf(inner('innerType'), at, found);
  }
  return found;
}

function allValueFields() {
  const found = { coded: [] as CodedField[], numbers: new Set<string>() };
  for (const entry of TRAIL_ENTRIES) {
    const objectType = entry.shape.objectType.value;
    valueFieldsOf(entry.shape.oldValue, { objectType, key: '' }, found);
    valueFieldsOf(entry.shape.newValue, { objectType, key: '' }, found);
  }
  return found;
}

describe('trail labels', () => {
  it('name every value key of every pair, in Chinese and in English', () => {
    const keys = new Set<string>();
    for (const entry of TRAIL_ENTRIES) {
      keysOf(entry.shape.oldValue, keys);
      keysOf(entry.shape.newValue, keys);
    }
    const unlabelled = [...keys].filter((key) => {
      const label = FIELD_LABELS[key] ?? TRAIL_FIELD_LABELS[key];
      return !label || !label[0] || !label[1] || label[0] === key || label[1] === key;
    });
    expect(unlabelled.sort()).toEqual([]);
  });

  it('name every object type in both languages', () => {
    for (const entry of TRAIL_ENTRIES) {
      const label = TRAIL_OBJECT_LABELS[entry.shape.objectType.value];
      expect(label?.[0], entry.shape.objectType.value).toMatch(/[\u4e00-\u9fff]/);
      expect(label?.[1], entry.shape.objectType.value).toMatch(/^[A-Z]/);
    }
  });

  // Issue 26, item 3: values were shown as stored — role codes, "Grantee type: user", a manage level 2.
  it('show every code a coded field may hold by its label, in Chinese and in English, never the code', () => {
    const { coded } = allValueFields();
    expect(coded.map((c) => c.key)).toEqual(expect.arrayContaining(['manageLevel', 'subjectType', 'docStatus']));
    const raw: string[] = [];
    for (const { objectType, key, codes } of coded)
      for (const code of codes)
        for (const lang of LANGS) {
          const text = trailValueText(key, code, lang, { objectType });
          const fine = text !== String(code) && (lang === 'en-US' || /[\u4e00-\u9fff]/.test(text));
          if (!fine) raw.push(`${objectType}.${key}=${code} (${lang}): ${text}`);
        }
    expect([...new Set(raw)].sort()).toEqual([]);
  });

  it('know what every number field is: a code, a reference to a named object, or a number that means itself', () => {
    const { numbers } = allValueFields();
    const plain = new Set<string>(TRAIL_NUMBER_KEYS);
    const unknown = [...numbers].filter((key) => !TRAIL_REF_KEYS[key] && key !== 'subjectId' && !plain.has(key));
    expect(unknown.sort()).toEqual([]);
  });
});
