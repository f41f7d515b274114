import { z } from 'zod';
import { idField, ID_MAX } from './fields.ts';

/**
 * Editing Office documents (issue 15; SPEC §7 /file/ol/…, /minio/file/revise/down): an editing session is one
 * user editing one document from one version, and the document's lock while it is open.
 * - wopi: in the browser, through the customer's WOPI editor (Collabora Online, ONLYOFFICE, Office Online Server);
 * - webdav: in the desktop suite, which opens and saves the session's WebDAV address;
 * - checkout: download with the lock, check in a new file later (any type).
 */
export const EDIT_MODES = ['wopi', 'webdav', 'checkout'] as const;
export type EditMode = (typeof EDIT_MODES)[number];

/** What a session's end came to. */
export const EDIT_OUTCOMES = ['saved', 'unchanged', 'cancelled', 'expired', 'ended_by_admin'] as const;
export type EditOutcome = (typeof EDIT_OUTCOMES)[number];

/** The files a desktop suite or a WOPI editor can open and save (check-out takes any). */
export const EDITABLE_TYPES = ['doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'odt', 'ods', 'odp', 'rtf'] as const;
export const isEditableType = (ext: string) => (EDITABLE_TYPES as readonly string[]).includes(ext.toLowerCase());

/** Minutes an editor's lock lasts without a call (WOPI locks last 30 minutes, §Lock); every call renews it. */
export const EDIT_LOCK_MINUTES = 30;

/** The desktop application the ms-office URI scheme opens, by extension ("ms-word:ofe|u|https://…"). */
export function officeScheme(ext: string): string | null {
  const e = ext.toLowerCase();
  if (['doc', 'docx', 'rtf', 'odt'].includes(e)) return 'ms-word';
  if (['xls', 'xlsx', 'ods'].includes(e)) return 'ms-excel';
  if (['ppt', 'pptx', 'odp'].includes(e)) return 'ms-powerpoint';
  return null;
}

export const editStartBody = z.object({
  fileId: idField,
  mode: z.enum(EDIT_MODES, 'invalid_value'),
});
export type EditStartBody = z.infer<typeof editStartBody>;

export const editEndQuery = z.object({
  /** Cancel: the session's saves are dropped and no version is made. */
  discard: z
    .enum(['true', 'false', '1', '0'], 'invalid_value')
    .optional()
    .transform((v) => v === 'true' || v === '1'),
});

export const symbolQuery = z.object({
  uniqueSymbol: z.string('required').trim().min(16, 'invalid_value').max(128, 'invalid_value'),
});

/** The check-in's text field (the file part is `file`). */
export const checkinFields = z.object({
  fileId: z.coerce.number('required').int('invalid_value').positive('invalid_value').max(ID_MAX, 'invalid_value'),
});

/** An open session as others see it: who holds the document and since when. */
export const editHolder = z.object({
  userId: z.number(),
  userName: z.string(),
  mode: z.enum(EDIT_MODES),
  startedAt: z.string(),
  expiresAt: z.string(),
});
export type EditHolder = z.infer<typeof editHolder>;

/** The open session as its holder sees it: how to reach the file. */
export const editSession = editHolder.extend({
  fileId: z.number(),
  fileVersionId: z.number(),
  fileName: z.string(),
  uniqueSymbol: z.string(),
  /** Saved at least once since it started. */
  changed: z.boolean(),
  /** The WebDAV address of the file (webdav). */
  webdavUrl: z.string().nullable(),
  /** The link that opens it in the Microsoft Office desktop app ("ms-word:ofe|u|…"), when there is one. */
  officeUri: z.string().nullable(),
  /** The editor's page and its access token (wopi; posted to the editor in a form, never in the address). */
  wopi: z.object({ actionUrl: z.string(), accessToken: z.string(), accessTokenTtl: z.number() }).nullable(),
});
export type EditSession = z.infer<typeof editSession>;

/** GET /file/ol/unique/exist/{id}: is the document locked, by whom; the holder gets the session itself. */
export const editExist = z.object({
  exists: z.boolean(),
  mine: z.boolean(),
  /** The caller may end it: its holder, or a project administrator (who keeps the holder's saves). */
  canEnd: z.boolean(),
  /** A WOPI editor is configured: "edit in the browser" is offered. */
  browserEditor: z.boolean(),
  holder: editHolder.nullable(),
  session: editSession.nullable(),
});
export type EditExist = z.infer<typeof editExist>;

/** GET /file/ol/separate/view: as editExist, with the document the symbol names (the viewer's second link form). */
export const symbolView = editExist.extend({ fileId: z.number() });
export type SymbolView = z.infer<typeof symbolView>;

/** The end of a session: what became of its saves. */
export const editEnded = z.object({
  outcome: z.enum(EDIT_OUTCOMES),
  fileVersionId: z.number().nullable(),
  versionNo: z.string().nullable(),
});
export type EditEnded = z.infer<typeof editEnded>;
