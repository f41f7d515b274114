import { z } from 'zod';
import { certifiedCopyShown } from './certified-copy.ts';
import { calendarDate, ID_MAX, idField, idParam, optionalText, requiredText } from './fields.ts';
import { NAME_MAX } from './limits.ts';
import { isPastOrToday } from './tmf-project.ts';

const formId = z.coerce
  .number('invalid_value')
  .int('invalid_value')
  .positive('invalid_value')
  .max(ID_MAX, 'invalid_value');

/** POST /minio/file/edit/a fields: a new version (when a file follows) and/or changed metadata. */
export const documentEditFields = z
  .object({
    fileId: formId,
    name: requiredText(NAME_MAX).optional(),
    fileCode: optionalText(64),
    versionNo: optionalText(32),
    effectiveDate: z.literal('').or(calendarDate).optional(),
    expirationDate: z.literal('').or(calendarDate).optional(),
    /** '' clears it (issue 27); not after today. */
    documentDate: z
      .literal('')
      .or(calendarDate.refine((d) => isPastOrToday(d), 'not_in_future'))
      .optional(),
    comment: optionalText(1000),
    /**
     * A country-level document's country (issue 27 part 4): '' clears it; refused on a site document (its country
     * is its site's), 400 naming countryId.
     */
    countryId: z.literal('').or(formId).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.effectiveDate && v.expirationDate && v.effectiveDate > v.expirationDate)
      ctx.addIssue({ code: 'custom', path: ['effectiveDate'], message: 'effective_after_expiry' });
  });
export type DocumentEditFields = z.infer<typeof documentEditFields>;

export const versionListQuery = z.object({
  fileId: z.coerce.number('required').int().positive('invalid_value').max(ID_MAX, 'invalid_value'),
  fileVersionId: z.coerce.number().int().positive('invalid_value').max(ID_MAX, 'invalid_value').optional(),
});

export const versionEditBody = z.object({
  fileVersionId: idField,
  label: optionalText(128),
});

export const renameBody = z.object({ fileId: idField, name: requiredText(NAME_MAX) });

/** POST /file/move/:fileId/:folderId/a: one document into another folder. */
export const fileMoveParams = z.object({ fileId: idParam, folderId: idParam });

export const moveManyBody = z.object({
  fileIds: z.array(idField).min(1, 'required').max(500, 'too_long'),
  folderId: idField,
});

/** SPEC §3 delete-file payload. */
export const deleteBody = z.object({
  fileId: idField,
  folderId: idField.optional(),
  fileVersionId: idField.optional(),
  deleteAllVersion: z.boolean().default(true),
});

export const restoreBody = z.object({ folderId: idField.optional() });

/** POST /file/words: a comment on the document, or (with routeId) on one of its review requests. */
export const wordBody = z.object({
  fileId: idField,
  text: requiredText(1000),
  fileVersionId: idField.optional(),
  routeId: idField.optional(),
});

/** POST /minio/file/edit/a: the document and its version number after the edit. */
export const documentEdited = z.object({ fileId: z.number(), versionNo: z.string() });
export type DocumentEdited = z.infer<typeof documentEdited>;

export const versionRow = z.object({
  fileVersionId: z.number(),
  versionNo: z.string(),
  label: z.string().nullable(),
  fileName: z.string(),
  size: z.number(),
  sha256: z.string(),
  creator: z.string(),
  createdtime: z.string(),
  current: z.boolean(),
  /** Its text for search (issue 13, search.ts TextState): null before any was asked for; why, when it failed. */
  textState: z.number().nullable(),
  textReason: z.string().nullable(),
  /** Issue 28 part 4: certified as a copy of its paper original (who, when, the content's sha256), or null. */
  certifiedCopy: certifiedCopyShown.nullable().optional(),
});
export type VersionRow = z.infer<typeof versionRow>;
export const versionList = z.array(versionRow);

/** A file comment ("word"). */
export const wordRow = z.object({
  id: z.number(),
  text: z.string(),
  userName: z.string(),
  fileVersionId: z.number().nullable(),
  createdtime: z.string(),
});
export type WordRow = z.infer<typeof wordRow>;
export const wordList = z.array(wordRow);

/**
 * GET /file/words/{fileId}/{routeId}/a: the discussion on one review request — its comments and each decision's
 * comment or reason, oldest first.
 */
export const requestWords = z.array(wordRow.extend({ decision: z.enum(['pass', 'reject']).nullable() }));
export type RequestWord = z.infer<typeof requestWords>[number];
export const requestWordsParams = z.object({ fileId: idParam, routeId: idParam });
export const wordCreated = z.object({ id: z.number() });
export type WordCreated = z.infer<typeof wordCreated>;

export const recycledRow = z.object({
  fileId: z.number(),
  file_name: z.string(),
  folderId: z.number().nullable(),
  folder: z.string().nullable(),
  folderEn: z.string().nullable(),
  version_no: z.string().nullable(),
  deletedBy: z.string().nullable(),
  deletedtime: z.string(),
});
export type RecycledRow = z.infer<typeof recycledRow>;
export const recycledList = z.array(recycledRow);
