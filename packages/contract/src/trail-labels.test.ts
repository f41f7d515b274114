import type { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { FIELD_LABELS } from './fields.ts';
import { TRAIL_FIELD_LABELS, TRAIL_OBJECT_LABELS } from './trail-labels.ts';
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
});
