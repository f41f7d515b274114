import { z } from 'zod';
import { calendarDate, idField, idParam, optionalText, requiredText } from './fields.ts';

/**
 * The file library (issue 11; SPEC §3 batch archive payload, §4 statuses 6/7/9, §7 library calls): approved
 * documents (status 8) are archived into it, activated on their effective date, recalled for revision, marked
 * invalid, and deleted only by approval.
 *
 * Where an archived document lands: the library folder chosen at archive time, else the library folder with the
 * same ICH code as its workspace folder; a project without a library tree keeps it in its workspace folder. The
 * document itself stays in its workspace folder (recall brings the revision back there); the library holds one
 * entry per archived version.
 */

/** POST /file/archive: one document. `startDate` is the effective date; in the future → 7, else 6. */
export const archiveBody = z.object({
  fileId: idField,
  fileVersionId: idField.optional(),
  libraryFolderId: idField.optional(),
  publishDate: calendarDate.optional(),
  startDate: calendarDate.optional(),
});
export type ArchiveBody = z.infer<typeof archiveBody>;

/** POST /file/batch/archived (SPEC §3 batch archive payload): many documents, one publish and effective date. */
export const batchArchiveBody = z.object({
  fileIds: z.array(idField).min(1, 'required').max(200, 'too_long'),
  fileVersionIds: z.array(idField).max(200, 'too_long').optional(),
  libraryFolderId: idField.optional(),
  publishDate: calendarDate.optional(),
  startDate: calendarDate.optional(),
});
export type BatchArchiveBody = z.infer<typeof batchArchiveBody>;

/** GET /file/recall?fileId=: the archived document goes back to the workspace as a new draft version. */
export const recallQuery = z.object({ fileId: idParam });

/** POST /folder/file/invalid: mark a library document obsolete (or valid again). */
export const invalidBody = z.object({ fileId: idField, fileInvalid: z.boolean('required') });

/** POST /file/delete/apply: deleting an archived document is an application to a named approver. */
export const deleteApplyBody = z.object({
  fileId: idField,
  approverId: idField,
  reason: requiredText(1000),
});
export type DeleteApplyBody = z.infer<typeof deleteApplyBody>;

/** GET /file/delete/{fileId}/{applyId}/a?pass=true|false&comment=: the named approver decides. */
export const deleteDecisionParams = z.object({ fileId: idParam, applyId: idParam });
export const deleteDecisionQuery = z.object({
  pass: z.enum(['true', 'false'], { error: 'required' }).transform((v) => v === 'true'),
  comment: optionalText(1000),
});

/** What a library change answers: the document and the status it is in now. */
export const libraryAnswer = z.object({ fileId: z.number(), status: z.number() });
export const deleteApplied = libraryAnswer.extend({ applyId: z.number() });
