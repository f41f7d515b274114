import { z } from 'zod';
import { requiredText } from './fields.ts';

/** antd's preset tag colours, or a #rrggbb colour. */
export const TAG_COLORS = [
  'magenta',
  'red',
  'volcano',
  'orange',
  'gold',
  'lime',
  'green',
  'cyan',
  'blue',
  'geekblue',
  'purple',
] as const;

export const tagColor = z
  .string()
  .trim()
  .refine((v) => (TAG_COLORS as readonly string[]).includes(v) || /^#[0-9a-fA-F]{6}$/.test(v), 'invalid_value');

/** POST /tag/create and /tag/update/:id (/manage/tag): the name is unique in the project ignoring case. */
export const tagBody = z.object({
  name: requiredText(64),
  color: tagColor.default('blue'),
});
export type TagBody = z.infer<typeof tagBody>;

export const tagItem = z.object({
  id: z.number(),
  name: z.string(),
  color: z.string(),
  createdAt: z.string(),
});
export type TagItem = z.infer<typeof tagItem>;
export const tagList = z.array(tagItem);

/** POST /tag/create answers the new tag's id. */
export const tagIdData = z.object({ id: z.number() });
export type TagIdData = z.infer<typeof tagIdData>;
