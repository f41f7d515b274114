import { errorMessage } from '@edoc/contract/errors';
import { extensionOf, isAllowedType, maxBytesFor } from '@edoc/contract/file-rules';
import type { FolderNode } from '@edoc/contract/folder';
import { MB } from '@edoc/contract/limits';
import { currentLang } from '../../lib/i18n';

// Defined beside the shared folder tree, which shows it too; the feature's own files keep importing it from here.
export { folderLabel } from '../../components/folder-tree/folder-tree-model';

/** Where a document may be created, moved or restored to: folders where the caller holds createDoc. */
export const mayCreateIn = (f: FolderNode) => f.canCreateFile;

/** The server's default cap for types without a limit of their own (UPLOAD_MAX_BYTES; /folder/upload/auth names the real one). */
export const OTHER_CAP = 512 * MB;

/**
 * The client's check before sending (SPEC §5): the project's allowed types by extension, ignoring case (an empty
 * list allows all), and the size limit of the type. The server checks again, including the content.
 */
export function uploadProblem(
  file: { name: string; size: number },
  allowed: readonly string[],
  otherCap = OTHER_CAP,
): string | null {
  const ext = extensionOf(file.name);
  if (!isAllowedType(file.name, allowed)) return errorMessage('file_type_not_allowed', currentLang());
  if (file.size > maxBytesFor(ext, otherCap)) return errorMessage('file_too_large', currentLang());
  return null;
}

/** A file's name without its extension: the name of the document an upload creates. */
export function baseName(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(0, dot) : fileName;
}
