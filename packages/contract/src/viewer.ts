import { z } from 'zod';

/**
 * How the viewer shows a file, by extension: a PDF as it is, an Office file through its PDF rendition
 * (LibreOffice, made once per content), an image natively, plain text and CSV as text. Anything else cannot be
 * viewed online. TIFF and SVG are left out on purpose: browsers do not show TIFF, and SVG can carry script.
 */
export type ViewKind = 'pdf' | 'office' | 'image' | 'text';

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
export type ViewStateName = 'ready' | 'converting' | 'failed' | 'unsupported';
export interface ViewState {
  state: ViewStateName;
  kind: ViewKind | null;
  progress?: number;
  error?: string;
}

/** GET /file/{fileId}?fileVersionId=: what the viewer shows around the content. */
export interface FileDetail {
  fileId: number;
  name: string;
  folderId: number | null;
  status: number;
  fileCode: string | null;
  version: {
    fileVersionId: number;
    versionNo: string;
    label: string | null;
    fileName: string;
    extension: string;
    size: number;
    createdtime: string;
    current: boolean;
  };
  kind: ViewKind | null;
  /** The caller's document keys on the document's folder (downDoc → a download button). */
  abilities: string[];
  canDownload: boolean;
  /** Drawn over every page: who is looking, and when (server time, ISO 8601). */
  watermark: { name: string; email: string; time: string };
}

export const fileDetailQuery = z.object({
  fileVersionId: z.coerce.number('invalid_value').int('invalid_value').positive('invalid_value').optional(),
});
