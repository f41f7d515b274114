import { z } from 'zod';
import { certifiedCopyShown } from './certified-copy.ts';
import { cappedPageOf } from './envelope.ts';
import { LIBRARY_PERMISSION_KEYS } from './enums.ts';
import { abilityList, calendarDate, ID_MAX, idField, idParam, optionalText, requiredText } from './fields.ts';
import { NAME_MAX } from './limits.ts';

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

/** POST /folder/library/file/move/a (moveDoc): a library record filed in another library folder (issue 26). */
export const refileBody = z.object({ fileId: idField, folderId: idField });
/** POST /folder/library/file/rename/a (renameDoc): a library record's title corrected; its content stays. */
export const retitleBody = z.object({ fileId: idField, name: requiredText(NAME_MAX) });
export type RefileBody = z.infer<typeof refileBody>;
export type RetitleBody = z.infer<typeof retitleBody>;

/** POST /file/delete/apply: deleting an archived document is an application to a named approver. */
export const deleteApplyBody = z.object({
  fileId: idField,
  approverId: idField,
  reason: requiredText(1000),
});
export type DeleteApplyBody = z.infer<typeof deleteApplyBody>;

/**
 * Why a member cannot approve deleting a document (issue 26): 'self' the applicant, 'site' limited to sites that are
 * not the document's, 'right' no Delete (deleteDoc) on the document's folder — the key must be in their role and in
 * a grant on the folder alike. The server's check (deletion_approver_invalid) and this list use one rule.
 */
export const DELETION_APPROVER_REFUSALS = ['self', 'site', 'right'] as const;
export type DeletionApproverRefusal = (typeof DELETION_APPROVER_REFUSALS)[number];

const person = z.object({ id: z.number(), name: z.string(), email: z.string() });

/** GET /file/delete/approvers/{fileId}: who may be named to approve deleting the document, and why the others not. */
export const deletionApprovers = z.object({
  approvers: z.array(person),
  others: z.array(person.extend({ reason: z.enum(DELETION_APPROVER_REFUSALS) })),
});
export type DeletionApprovers = z.infer<typeof deletionApprovers>;

/** GET /file/delete/{fileId}/{applyId}/a?pass=true|false&comment=: the named approver decides. */
export const deleteDecisionParams = z.object({ fileId: idParam, applyId: idParam });
export const deleteDecisionQuery = z.object({
  pass: z.enum(['true', 'false'], { error: 'required' }).transform((v) => v === 'true'),
  comment: optionalText(1000),
});

/** What a library change answers: the document and the status it is in now. */
export const libraryAnswer = z.object({ fileId: z.number(), status: z.number() });
export const deleteApplied = libraryAnswer.extend({ applyId: z.number() });

/** GET /folder/library/file/list: the library's documents, by folder, with the library's own filters. */
export const libraryListQuery = z.object({
  folderId: z.coerce.number().int().positive('invalid_value').max(ID_MAX, 'invalid_value').optional(),
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(10),
  name: z.string().trim().max(NAME_MAX, 'too_long').optional(),
  sort: z.enum(['name', 'archivedAt', 'effectiveDate', 'expirationDate', 'fileCode']).default('archivedAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
  /** Obsolete documents are left out unless asked for. */
  showInvalid: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** Earlier archived versions (superseded by a later archive) are left out unless asked for. */
  showSuperseded: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});

/** A library row: the SPEC §3 file list columns of the archived version, its library dates and marks. */
export const libraryRow = z.object({
  entryId: z.number(),
  fileId: z.number(),
  fileVersionId: z.number(),
  folderId: z.number(),
  folder: z.string(),
  folderEn: z.string().nullable(),
  file_name: z.string(),
  type: z.string(),
  version_no: z.string(),
  file_code: z.string().nullable(),
  ich_code: z.string().nullable(),
  status: z.number(),
  comment: z.string().nullable(),
  username: z.string(),
  effective_date: z.string(),
  expiration_date: z.string().nullable(),
  publish_date: z.string(),
  archivedtime: z.string(),
  /** Past its expiration date (in the project's time zone). */
  expired: z.boolean(),
  takeFileInvalid: z.boolean(),
  superseded: z.boolean(),
  size: z.number(),
  view: z.boolean(),
  /** Issue 28 part 4: the archived version is a certified copy of a paper original (who, when, the sha256). */
  certifiedCopy: certifiedCopyShown.nullable(),
  /** The caller's library keys on the row's folder (viewDoc moveDoc recallDoc downDoc renameDoc viewTrailDoc invalidDoc). */
  abilities: abilityList(LIBRARY_PERMISSION_KEYS),
});
export type LibraryRow = z.infer<typeof libraryRow>;
export const libraryList = cappedPageOf(libraryRow);
