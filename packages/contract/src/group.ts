import { z } from 'zod';
import { optionalText, requiredText, ID_MAX } from './fields.ts';

/** A user group of the project: its members are users who are members of the project. */
export const groupBody = z.object({
  name: requiredText(64),
  description: optionalText(500),
  memberIds: z
    .array(z.number().int('invalid_value').positive('invalid_value').max(ID_MAX, 'invalid_value'))
    .max(1000, 'invalid_value')
    .default([]),
});
export type GroupBody = z.infer<typeof groupBody>;

export const groupMember = z.object({ userId: z.number(), userName: z.string(), email: z.string() });
export type GroupMember = z.infer<typeof groupMember>;

export const groupItem = z.object({
  groupId: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  memberIds: z.array(z.number()),
  members: z.array(groupMember),
  /** Folder grants given to the group; deleting the group removes them. */
  grantCount: z.number(),
});
export type GroupItem = z.infer<typeof groupItem>;
export const groupList = z.array(groupItem);
export const groupCreated = z.object({ groupId: z.number() });
export type GroupCreated = z.infer<typeof groupCreated>;
