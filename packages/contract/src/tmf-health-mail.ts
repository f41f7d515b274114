import { z } from 'zod';
import { TMF_GROUP_BYS } from './tmf-health.ts';

/**
 * Issue 27 part 6, the weekly mail of the TMF health dashboard: a member of the entered project asks for it (or stops
 * it) for themself only; each week the worker computes the summary through that member's rights, in their language,
 * and mails its main figures with the dashboard's PDF attached (docs/tmf-health.md).
 */

/** GET /tmf-health/mail: the caller's subscription in the entered project. */
export const tmfMailState = z.object({
  subscribed: z.boolean(),
  /** How the attached PDF groups its figures; null when not subscribed. */
  groupBy: z.enum(TMF_GROUP_BYS).nullable(),
  /** When the last mail went out (ISO); null before the first. */
  lastMailedAt: z.string().nullable(),
});
export type TmfMailState = z.infer<typeof tmfMailState>;

/** POST /tmf-health/mail: subscribe (with the grouping, default zone) or unsubscribe the caller. */
export const tmfMailBody = z.object({
  subscribed: z.boolean('invalid_value'),
  groupBy: z.enum(TMF_GROUP_BYS, 'invalid_value').optional(),
});
export type TmfMailBody = z.infer<typeof tmfMailBody>;
