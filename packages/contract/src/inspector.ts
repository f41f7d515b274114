import { z } from 'zod';
import { calendarDate, emailField, requiredText } from './fields.ts';

/*
 * Inspector access (issue 11, beyond SPEC): a project administrator invites an inspector or auditor by e-mail for
 * a date range. The inspector is not a member: they enter the project as INSPECTOR and read the valid archived
 * documents of the library only (their versions, signature pages and trails), watermarked, with downloads only
 * when granted; every page they open is in the trail, and the access ends by itself after `endsOn` (a calendar
 * day in the project's time zone).
 */

/** POST /manage/inspector/invite: a new account is made when the e-mail has none; re-inviting changes the dates. */
export const inspectorInviteBody = z
  .object({
    email: emailField,
    userName: requiredText(),
    startsOn: calendarDate,
    endsOn: calendarDate,
    canDownload: z.boolean('invalid_value').default(false),
  })
  .superRefine((v, ctx) => {
    if (v.startsOn > v.endsOn) ctx.addIssue({ code: 'custom', path: ['startsOn'], message: 'start_after_end' });
  });
export type InspectorInviteBody = z.input<typeof inspectorInviteBody>;

/** scheduled: before startsOn; active: within the range; ended: after endsOn; revoked: ended by an administrator. */
export const INSPECTOR_STATES = ['scheduled', 'active', 'ended', 'revoked'] as const;
export type InspectorState = (typeof INSPECTOR_STATES)[number];

/** GET /manage/inspector/list: the project's inspector invitations, newest first. */
export const inspectorItem = z.object({
  id: z.number(),
  userId: z.number(),
  email: z.string(),
  userName: z.string(),
  startsOn: z.string(),
  endsOn: z.string(),
  canDownload: z.boolean(),
  state: z.enum(INSPECTOR_STATES),
  invitedBy: z.string(),
  createdAt: z.string(),
});
export type InspectorItem = z.infer<typeof inspectorItem>;
export const inspectorList = z.array(inspectorItem);

export const inspectorInvited = z.object({ id: z.number(), userId: z.number(), newAccount: z.boolean() });
export type InspectorInvited = z.infer<typeof inspectorInvited>;
