import { PDF_MAX_BYTES, VIEWABLE_MAX_BYTES, VIEWABLE_TYPES } from './limits.ts';

/**
 * What a file's first bytes say it is. Extensions are what users see and choose by; the content signature is
 * what stops a renamed executable from passing as a PDF (issue 4).
 */
export type ContentKind =
  'pdf' | 'zip' | 'ole' | 'png' | 'jpeg' | 'gif' | 'bmp' | 'webp' | 'tiff' | 'executable' | 'text' | 'unknown';

const startsWith = (head: Uint8Array, bytes: number[], at = 0) => bytes.every((b, i) => head[at + i] === b);

export function contentKindOf(head: Uint8Array): ContentKind {
  if (startsWith(head, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf'; // %PDF-
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04]) || startsWith(head, [0x50, 0x4b, 0x05, 0x06])) return 'zip'; // docx xlsx pptx
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'ole'; // doc xls ppt
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(head, [0x47, 0x49, 0x46, 0x38])) return 'gif';
  if (startsWith(head, [0x42, 0x4d])) return 'bmp';
  if (startsWith(head, [0x52, 0x49, 0x46, 0x46]) && startsWith(head, [0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  if (startsWith(head, [0x49, 0x49, 0x2a, 0x00]) || startsWith(head, [0x4d, 0x4d, 0x00, 0x2a])) return 'tiff';
  if (startsWith(head, [0x4d, 0x5a]) || startsWith(head, [0x7f, 0x45, 0x4c, 0x46])) return 'executable'; // MZ, ELF
  if (looksLikeText(head)) return 'text';
  return 'unknown';
}

/** UTF-8 (or ASCII) without control bytes other than tab, newline and carriage return. */
function looksLikeText(head: Uint8Array): boolean {
  if (head.length === 0) return true;
  for (const b of head) if (b < 0x09 || (b > 0x0d && b < 0x20) || b === 0x7f) return false;
  try {
    // stream: a multi-byte character cut at the end of the sample is held back, not called an error.
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return true;
  } catch {
    return false;
  }
}

/** The content each extension must have; extensions not listed may hold anything but an executable. */
const EXPECTED: Record<string, ContentKind[]> = {
  pdf: ['pdf'],
  docx: ['zip'],
  xlsx: ['zip'],
  pptx: ['zip'],
  doc: ['ole'],
  xls: ['ole'],
  ppt: ['ole'],
  png: ['png'],
  jpg: ['jpeg'],
  jpeg: ['jpeg'],
  gif: ['gif'],
  bmp: ['bmp'],
  webp: ['webp'],
  tif: ['tiff'],
  tiff: ['tiff'],
  txt: ['text'],
  csv: ['text'],
};

const EXECUTABLE_EXTENSIONS = new Set(['exe', 'dll', 'com', 'msi', 'bat', 'cmd', 'scr', 'sh', 'so', 'elf']);

export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 && dot < fileName.length - 1 ? fileName.slice(dot + 1).toLowerCase() : '';
}

export const isViewableType = (ext: string) => (VIEWABLE_TYPES as readonly string[]).includes(ext.toLowerCase());

/** The most a file of this extension may weigh (SPEC §5): PDF 50 MB, other viewable types 10 MB, others the cap. */
export function maxBytesFor(ext: string, otherCap: number): number {
  const lower = ext.toLowerCase();
  if (lower === 'pdf') return PDF_MAX_BYTES;
  if (isViewableType(lower)) return VIEWABLE_MAX_BYTES;
  return otherCap;
}

/** Allowed by the project's list (SPEC §5): by extension, ignoring case and a leading dot; an empty list allows all. */
export function isAllowedType(fileName: string, allowedTypes: readonly string[]): boolean {
  if (allowedTypes.length === 0) return true;
  const ext = extensionOf(fileName);
  return allowedTypes.some((t) => t.replace(/^\./, '').toLowerCase() === ext);
}

export type UploadProblem = 'file_type_not_allowed' | 'file_too_large' | null;

/**
 * Judges an upload: allowed by the project's list (by extension, ignoring case; an empty list allows all),
 * within its size limit, and with content matching the extension. Executables never pass.
 */
export function judgeUpload(input: {
  fileName: string;
  size: number;
  head: Uint8Array;
  allowedTypes: readonly string[];
  otherCap: number;
}): UploadProblem {
  const ext = extensionOf(input.fileName);
  if (!isAllowedType(input.fileName, input.allowedTypes)) return 'file_type_not_allowed';
  const kind = contentKindOf(input.head);
  if (kind === 'executable' || EXECUTABLE_EXTENSIONS.has(ext)) return 'file_type_not_allowed';
  const expected = EXPECTED[ext];
  if (expected && !(input.size === 0 && expected.includes('text')) && !expected.includes(kind))
    return 'file_type_not_allowed';
  if (input.size > maxBytesFor(ext, input.otherCap)) return 'file_too_large';
  return null;
}

const CONTENT_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  bmp: 'image/bmp',
  webp: 'image/webp',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  zip: 'application/zip',
};

/**
 * The Content-Type a stored file is sent with, chosen by the server from its extension (whose content the upload
 * checked), never the type the uploader's browser claimed: a claimed text/html would otherwise be served as a page.
 */
export const contentTypeOf = (extension: string): string =>
  CONTENT_TYPES[extension.toLowerCase()] ?? 'application/octet-stream';

/**
 * The name a downloaded file gets: the document's current name (renamed documents keep the new name), with the
 * version's extension unless the name already ends with it (issue 12: downloads were named after the uploaded file).
 */
export function downloadName(documentName: string, extension: string): string {
  const name = documentName.trim();
  if (!extension) return name;
  return name.toLowerCase().endsWith(`.${extension.toLowerCase()}`) ? name : `${name}.${extension}`;
}
