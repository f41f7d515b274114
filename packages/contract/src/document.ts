import { z } from 'zod';
import { cappedPageOf } from './envelope.ts';
import { certifiedCopyShown } from './certified-copy.ts';
import { DOC_PERMISSION_KEYS } from './enums.ts';
import { editHolder } from './editing.ts';
import { abilityList, calendarDate, optionalCalendarDate, optionalText, requiredText, ID_MAX } from './fields.ts';
import { NAME_MAX } from './limits.ts';
import { isPastOrToday } from './tmf-project.ts';

/** Multipart fields come as text: numbers and flags are read from their text form. */
const formId = z.coerce
  .number('invalid_value')
  .int('invalid_value')
  .positive('invalid_value')
  .max(ID_MAX, 'invalid_value');
const formFlag = z
  .enum(['true', 'false', '1', '0'], 'invalid_value')
  .transform((v) => v === 'true' || v === '1')
  .optional();
const formIdList = z
  .string()
  .trim()
  .optional()
  .transform((v, ctx) => {
    if (!v) return [] as number[];
    const ids = v.split(',').map((s) => Number(s.trim()));
    if (ids.some((n) => !Number.isInteger(n) || n <= 0)) {
      ctx.addIssue({ code: 'custom', message: 'invalid_value' });
      return z.NEVER;
    }
    return ids;
  });

/** The metadata of a new document (SPEC §3 "Document"), sent as the fields before the file. */
export const documentFields = z
  .object({
    folderId: formId,
    name: requiredText(NAME_MAX),
    ichCode: optionalText(32),
    fileCode: optionalText(64),
    versionConvention: optionalText(64),
    versionNo: optionalText(32),
    effectiveDate: optionalCalendarDate,
    expirationDate: optionalCalendarDate,
    /** What dates the document (issue 27; its artifact's dateLabel says which date): not after today. */
    documentDate: optionalCalendarDate.refine((d) => !d || isPastOrToday(d), 'not_in_future'),
    comment: optionalText(1000),
    central: formFlag,
    siteId: formId.optional(),
    /** A country-level document's country (issue 27 part 4), a country of the project; a site document has its site's. */
    countryId: formId.optional(),
    tagIds: formIdList,
    /** Created for someone else: it waits for them to receive it (status 2, DESIGN §6). */
    assigneeId: formId.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.effectiveDate && v.expirationDate && v.effectiveDate > v.expirationDate)
      ctx.addIssue({ code: 'custom', path: ['effectiveDate'], message: 'effective_after_expiry' });
    if (v.central === false && !v.siteId) ctx.addIssue({ code: 'custom', path: ['siteId'], message: 'required' });
    if (v.siteId && v.countryId) ctx.addIssue({ code: 'custom', path: ['countryId'], message: 'country_with_site' });
  });
export type DocumentFields = z.infer<typeof documentFields>;

export const nameCheckBody = z.object({
  folderId: z.number('required').int().positive('invalid_value').max(ID_MAX, 'invalid_value'),
  name: requiredText(NAME_MAX),
  /** The document being renamed, which may keep its own name. */
  fileId: z.number().int().positive().max(ID_MAX, 'invalid_value').optional(),
});

export const fileListQuery = z
  .object({
    folderId: z.coerce.number().int().positive('invalid_value').max(ID_MAX, 'invalid_value').optional(),
    pageNum: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(200).default(10),
    name: z.string().trim().max(NAME_MAX, 'too_long').optional(),
    sort: z.enum(['name', 'createdAt', 'updatedAt', 'status', 'fileCode']).default('updatedAt'),
    /** All Files; My Documents (created by or assigned to me); Recent Operation (by my latest trail row). */
    view: z.enum(['all', 'mine', 'recent']).default('all'),
    order: z.enum(['asc', 'desc']).default('desc'),
    status: z.coerce.number().int().min(1).max(9).optional(),
    creatorId: z.coerce.number().int().positive('invalid_value').max(ID_MAX, 'invalid_value').optional(),
    /** One document: the workspace's side panel reads its row (rights and sites apply as to any row). */
    fileId: z.coerce.number().int().positive('invalid_value').max(ID_MAX, 'invalid_value').optional(),
    /** Created between these days (UTC, both included). */
    startDate: calendarDate.optional(),
    endDate: calendarDate.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.startDate && v.endDate && v.startDate > v.endDate)
      ctx.addIssue({ code: 'custom', path: ['startDate'], message: 'start_after_end' });
  });

/** A row of the file list (SPEC §3 file list columns) plus what the caller may do with it. */
export const fileRow = z.object({
  fileId: z.number(),
  fileVersionId: z.number().nullable(),
  folderId: z.number().nullable(),
  folder: z.string().nullable(),
  /** The folder's English name, when it has one (the web shows it in English, issue 12 defect 4). */
  folderEn: z.string().nullable(),
  file_name: z.string(),
  type: z.string(),
  fileType: z.string(),
  effective_date: z.string().nullable(),
  expiration_date: z.string().nullable(),
  version_no: z.string().nullable(),
  file_code: z.string().nullable(),
  ich_code: z.string().nullable(),
  /** Issue 27: the artifact of the project's TMF model it is filed under (its folder's), and the date that dates it. */
  artifactId: z.number().nullable(),
  artifactNumber: z.string().nullable(),
  documentDate: z.string().nullable(),
  /** The site of a site document (null: a central one); its country is the site's. */
  siteId: z.number().nullable(),
  /** Issue 27 part 4: a country-level document's country (null for a site or trial document). */
  countryId: z.number().nullable(),
  countryCode: z.string().nullable(),
  status: z.number(),
  comment: z.string().nullable(),
  username: z.string(),
  createdtime: z.string(),
  updatedtime: z.string(),
  size: z.number().nullable(),
  /** Viewable online (SPEC §3 "view"). */
  view: z.boolean(),
  takeFileInvalid: z.boolean(),
  /**
   * Who is to receive it while it waits for them (status 2, "waiting to be received"); null in any other status.
   */
  receiverName: z.string().nullable(),
  /** The open edit session holding it (a check-out, an editor): what it withholds is LOCK_WITHHOLDS. */
  lock: editHolder.nullable(),
  /** The caller's document keys on the row's folder. */
  abilities: abilityList(DOC_PERMISSION_KEYS),
  /** Issue 28 part 2: the system it was imported from (an EMS package's source), or null for edoc's own. */
  sourceSystem: z.string().nullable().optional(),
  /** Issue 28 part 4: its current version is a certified copy of a paper original (who, when, the sha256). */
  certifiedCopy: certifiedCopyShown.nullable().optional(),
});
export type FileRow = z.infer<typeof fileRow>;
export const fileList = cappedPageOf(fileRow);
export type FileList = z.infer<typeof fileList>;

/** GET /file/types: the project's allowed extensions, as the legacy answer names them. */
export const allowedTypeList = z.array(z.object({ file_type_code: z.string() }));
export type AllowedTypeList = z.infer<typeof allowedTypeList>;

export const nameCheckAnswer = z.object({ exists: z.boolean() });
export type NameCheckAnswer = z.infer<typeof nameCheckAnswer>;

/** POST /minio/file/save: the new document and its first version. */
export const documentCreated = z.object({ fileId: z.number(), fileVersionId: z.number() });
export type DocumentCreated = z.infer<typeof documentCreated>;

export const downloadQuery = z.object({
  fileId: z.coerce.number('required').int().positive('invalid_value').max(ID_MAX, 'invalid_value'),
  fileVersionId: z.coerce.number().int().positive('invalid_value').max(ID_MAX, 'invalid_value').optional(),
});
