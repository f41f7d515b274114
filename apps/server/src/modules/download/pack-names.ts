import { DocStatus } from '@edoc/contract/enums';

// What a pack names and how it stores each entry: the download center's zips and the EMS export share these.

/** A document's state as a manifest line reads it (English, as the manifest's other columns). */
export const STATUS_NAMES: Record<number, string> = {
  [DocStatus.Editing]: 'editing',
  [DocStatus.WaitingReceive]: 'waiting to be received',
  [DocStatus.InReview]: 'in review',
  [DocStatus.InQc]: 'in QC',
  [DocStatus.InApproval]: 'in approval',
  [DocStatus.Archived]: 'archived',
  [DocStatus.WaitingActivation]: 'waiting to be activated',
  [DocStatus.Processed]: 'processed',
  [DocStatus.DeletionInApproval]: 'deletion in approval',
};

/** Already-compressed formats are stored as they are: deflating them again costs time and gains nothing. */
export const STORED = new Set([
  'pdf',
  'docx',
  'xlsx',
  'pptx',
  'zip',
  'jpg',
  'jpeg',
  'png',
  'gif',
  'mp4',
  '7z',
  'rar',
  'gz',
]);

/** One path segment safe on every file system: no separators, control or reserved characters, no dot names. */
export function safeSegment(name: string): string {
  const s = Array.from(name, (c) => (c.charCodeAt(0) < 32 || '\\/:*?"<>|'.includes(c) ? '_' : c))
    .join('')
    .trim()
    .replace(/[. ]+$/, '');
  return s === '' || s === '.' || s === '..' ? '_' : s;
}

/** "a.pdf", then "a (2).pdf", "a (3).pdf" … among the names already used in the folder, ignoring case. */
export function uniqueName(used: Set<string>, name: string): string {
  const dot = name.lastIndexOf('.');
  const stem = dot > 0 ? name.slice(0, dot) : name;
  const ext = dot > 0 ? name.slice(dot) : '';
  let candidate = name;
  for (let n = 2; used.has(candidate.toLowerCase()); n++) candidate = `${stem} (${n})${ext}`;
  used.add(candidate.toLowerCase());
  return candidate;
}
