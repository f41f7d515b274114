import { z } from 'zod';
import { idField } from './fields.ts';
import type { TaskKind } from './workflow.ts';

/** Task e-mails a user may receive per project (SPEC §7 /user/study_alert). */
/** Task e-mails, and 'expiry': a library document about to expire (issue 11), to its owner and the administrators. */
/** 'mention': a member named with @ on the message board (issue 14). */
export const ALERT_KINDS = ['receive', 'review', 'qc', 'approve', 'archive', 'deletion', 'expiry', 'mention'] as const;
export const alertKind = z.enum(ALERT_KINDS, 'invalid_value');
export type AlertKind = z.infer<typeof alertKind>;

/** GET /user/study_alert: one row per project the user is a member of; all kinds on until the user saves. */
export const projectAlertItem = z.object({
  studyId: z.number(),
  studyCode: z.string(),
  studyName: z.string(),
  companyName: z.string().nullable(),
  kinds: z.array(alertKind),
});
export type ProjectAlertItem = z.infer<typeof projectAlertItem>;
export const projectAlertList = z.array(projectAlertItem);

const isAlertKind = (v: string): v is AlertKind => (ALERT_KINDS as readonly string[]).includes(v);

/**
 * POST /user/study_alert/a: the kinds to receive for one project (an empty list turns every e-mail off).
 * The kinds are checked as a whole, so a wrong one is reported against the field "kinds", not its index.
 */
export const projectAlertBody = z.object({
  studyId: idField,
  kinds: z
    .array(z.string('invalid_value'), 'invalid_value')
    .max(ALERT_KINDS.length * 2, 'invalid_value')
    .refine((kinds) => kinds.every(isAlertKind), 'invalid_value'),
});
export type ProjectAlertBody = z.infer<typeof projectAlertBody>;

/** The answer of POST /user/study_alert/a: the kinds now saved for the project. */
export const projectAlertSaved = z.object({ studyId: z.number(), kinds: z.array(alertKind) });
export type ProjectAlertSaved = z.infer<typeof projectAlertSaved>;

/**
 * Which project-alert choice governs the e-mail of a new task (issue 10). A document coming back to its author
 * (rejected, or to edit) is mail about documents coming to them, as receiving one is: decided, not in SPEC.
 */
export const ALERT_OF_TASK: Record<TaskKind, AlertKind> = {
  receive: 'receive',
  edit: 'receive',
  rejected: 'receive',
  review: 'review',
  qc: 'qc',
  approve: 'approve',
  archive: 'archive',
  deleteApproval: 'deletion',
  // A quality issue is part of checking documents: the QC choice governs its mail (decided, issue 27 part 5).
  qualityIssue: 'qc',
  qualityVerify: 'qc',
};
