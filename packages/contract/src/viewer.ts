import { z } from 'zod';
import { DOC_PERMISSION_KEYS } from './enums.ts';
import { certifiedCopyShown, certifyOffer } from './certified-copy.ts';
import { editHolder } from './editing.ts';
import { abilityList, ID_MAX } from './fields.ts';
import { workflowAbilities } from './workflow-requests.ts';

/**
 * How the viewer shows a file, by extension: a PDF as it is, an Office file through its PDF rendition
 * (LibreOffice, made once per content), an image natively, plain text and CSV as text. Anything else cannot be
 * viewed online. TIFF and SVG are left out on purpose: browsers do not show TIFF, and SVG can carry script.
 */
export const viewKind = z.enum(['pdf', 'office', 'image', 'text']);
export type ViewKind = z.infer<typeof viewKind>;

export const OFFICE_TYPES = ['doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx'] as const;
export const IMAGE_TYPES = ['png', 'jpg', 'jpeg', 'gif', 'bmp', 'webp'] as const;
export const TEXT_TYPES = ['txt', 'csv'] as const;

export function viewKindOf(extension: string): ViewKind | null {
  const ext = extension.toLowerCase();
  if (ext === 'pdf') return 'pdf';
  if ((OFFICE_TYPES as readonly string[]).includes(ext)) return 'office';
  if ((IMAGE_TYPES as readonly string[]).includes(ext)) return 'image';
  if ((TEXT_TYPES as readonly string[]).includes(ext)) return 'text';
  return null;
}

/**
 * GET /minio/file/state/{fileVersionId} (the viewer opening a version) and GET /minio/file/process/{id}
 * (polled while converting). `progress` is an estimate in percent while converting (LibreOffice reports none);
 * `error` is the conversion's failure reason when failed.
 */
export const viewState = z.object({
  state: z.enum(['ready', 'converting', 'failed', 'unsupported']),
  kind: viewKind.nullable(),
  progress: z.number().optional(),
  error: z.string().optional(),
});
export type ViewState = z.infer<typeof viewState>;
export type ViewStateName = ViewState['state'];

/** GET /file/{fileId}?fileVersionId=: what the viewer shows around the content. */
export const fileDetail = z.object({
  fileId: z.number(),
  name: z.string(),
  folderId: z.number().nullable(),
  /**
   * The library folder its current library entry is filed in, while it is a record (archived, waiting to be
   * activated, in deletion approval): where a move in the library starts from. Null otherwise.
   */
  libraryFolderId: z.number().nullable().optional(),
  status: z.number(),
  fileCode: z.string().nullable(),
  version: z.object({
    fileVersionId: z.number(),
    versionNo: z.string(),
    label: z.string().nullable(),
    fileName: z.string(),
    extension: z.string(),
    size: z.number(),
    createdtime: z.string(),
    current: z.boolean(),
    /** Issue 28 part 4: certified as a copy of its paper original (who, when, the content's sha256), or null. */
    certifiedCopy: certifiedCopyShown.nullable().optional(),
  }),
  kind: viewKind.nullable(),
  /** The caller's document keys on the document's folder (downDoc → a download button). */
  abilities: abilityList(DOC_PERMISSION_KEYS),
  canDownload: z.boolean(),
  /** The workflow actions the caller may take now (contract workflow.ts abilitiesOf): the action panel's buttons. */
  actions: workflowAbilities,
  /** The open edit session holding the document (a check-out, an editor), if any. */
  lock: editHolder.nullable(),
  /** Actions the caller could take but for the lock (workflow-abilities.ts withheldByLock): shown disabled. */
  withheld: workflowAbilities,
  /** When passing asks for a signature: and whether this session's first signing needs the e-mail too. */
  signing: z.object({ required: z.boolean(), needsEmail: z.boolean() }),
  /** Issue 28 part 4: the caller may certify this version now (pages to check, e-mail needed), else null. */
  certify: certifyOffer.nullable().optional(),
  /** An application to delete the document waiting for a decision (status 9): what the approver decides on. */
  deletion: z
    .object({ applyId: z.number(), reason: z.string(), applicantName: z.string(), approverName: z.string() })
    .nullable()
    .optional(),
  /** Drawn over every page: who is looking, and when (server time, ISO 8601). */
  watermark: z.object({ name: z.string(), email: z.string(), time: z.string() }),
});
export type FileDetail = z.infer<typeof fileDetail>;

export const fileDetailQuery = z.object({
  fileVersionId: z.coerce
    .number('invalid_value')
    .int('invalid_value')
    .positive('invalid_value')
    .max(ID_MAX, 'invalid_value')
    .optional(),
});

/** GET /folder/workspace/file/picture and /folder/library/file/picture: the thumbnail of one version. */
export const pictureQuery = z.object({
  fileVersionId: z.coerce
    .number('required')
    .int('invalid_value')
    .positive('invalid_value')
    .max(ID_MAX, 'invalid_value'),
});
