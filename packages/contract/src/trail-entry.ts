import { z } from 'zod';
import type { TrailType } from './enums.ts';

// The shape of one trail row's pair (DESIGN §7), shared by trail.ts and the entries kept apart from it.
const common = {
  objectId: z.union([z.string(), z.number()]).nullish(),
  version: z.string().nullish(),
  reason: z.string().nullish(),
};

/** One pair's entry. A side not given is absent (null or left out). */
export function entry<
  T extends TrailType,
  O extends string,
  Old extends z.ZodType = z.ZodNull,
  New extends z.ZodType = z.ZodNull,
>(type: T, objectType: O, sides: { old?: Old; new?: New }) {
  return z.object({
    type: z.literal(type),
    objectType: z.literal(objectType),
    ...common,
    oldValue: ((sides.old ?? z.null()) as Old).nullish(),
    newValue: ((sides.new ?? z.null()) as New).nullish(),
  });
}
