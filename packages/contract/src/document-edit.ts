import { z } from 'zod';
import { optionalText, requiredText } from './fields.ts';
import { NAME_MAX } from './limits.ts';

const id = z.number('required').int('invalid_value').positive('invalid_value');
const formId = z.coerce.number('invalid_value').int('invalid_value').positive('invalid_value');

/** POST /minio/file/edit/a fields: a new version (when a file follows) and/or changed metadata. */
export const documentEditFields = z
  .object({
    fileId: formId,
    name: requiredText(NAME_MAX).optional(),
    fileCode: optionalText(64),
    versionNo: optionalText(32),
    effectiveDate: z
      .string()
      .trim()
      .regex(/^(\d{4}-\d{2}-\d{2})?$/, 'invalid_value')
      .optional(),
    expirationDate: z
      .string()
      .trim()
      .regex(/^(\d{4}-\d{2}-\d{2})?$/, 'invalid_value')
      .optional(),
    comment: optionalText(1000),
  })
  .superRefine((v, ctx) => {
    if (v.effectiveDate && v.expirationDate && v.effectiveDate > v.expirationDate)
      ctx.addIssue({ code: 'custom', path: ['effectiveDate'], message: 'effective_after_expiry' });
  });
export type DocumentEditFields = z.infer<typeof documentEditFields>;

export const versionListQuery = z.object({
  fileId: z.coerce.number('required').int().positive('invalid_value'),
  fileVersionId: z.coerce.number().int().positive('invalid_value').optional(),
});

export const versionEditBody = z.object({
  fileVersionId: id,
  label: optionalText(128),
});

export const renameBody = z.object({ fileId: id, name: requiredText(NAME_MAX) });

export const moveManyBody = z.object({
  fileIds: z.array(id).min(1, 'required').max(500, 'too_long'),
  folderId: id,
});

/** SPEC §3 delete-file payload. */
export const deleteBody = z.object({
  fileId: id,
  folderId: id.optional(),
  fileVersionId: id.optional(),
  deleteAllVersion: z.boolean().default(true),
});

export const restoreBody = z.object({ folderId: id.optional() });

export const wordBody = z.object({ fileId: id, text: requiredText(1000), fileVersionId: id.optional() });

export interface VersionRow {
  fileVersionId: number;
  versionNo: string;
  label: string | null;
  fileName: string;
  size: number;
  sha256: string;
  creator: string;
  createdtime: string;
  current: boolean;
}

export interface RecycledRow {
  fileId: number;
  file_name: string;
  folderId: number | null;
  folder: string | null;
  version_no: string | null;
  deletedBy: string | null;
  deletedtime: string;
}
