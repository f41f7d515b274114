import type { MultipartFile } from '@fastify/multipart';
import { isCleanText } from '@edoc/contract/fields';
import { extensionOf, isAllowedType, judgeUpload, maxBytesFor } from '@edoc/contract/file-rules';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { fail } from '../lib/app-error.ts';
import type { Deps } from '../lib/deps.ts';
import { BlobTooLargeError } from '../storage/blob-store.ts';
import { discardUpload } from '../storage/blob-sweep.ts';
import type { ProjectContext } from '../plugins/context.ts';
import { allowedTypes } from './document-access.ts';
import type { UploadedFile } from './versions.ts';

/** The longest file name an upload may carry (a file system's usual limit). */
export const FILE_NAME_MAX = 255;

/** Streams the part into the blob store within the limit of its type; too large → file_too_large. */
export async function storePart(deps: Deps, part: MultipartFile, limit: number) {
  const blob = await deps.blobs.put(part.file, { maxBytes: limit }).catch((err: unknown) => {
    if (err instanceof BlobTooLargeError) fail('file_too_large');
    throw err;
  });
  if (part.file.truncated) fail('file_too_large');
  return blob;
}

/**
 * Reads a document upload: the text fields (sent first, as browsers do), checked by the schema and by
 * `precheck` before a byte of the file is stored; then the file, streamed to the blob store while hashing, and
 * judged by the project's allowed types, its size limit and its content signature. A file refused after it was
 * stored is removed at once (issue 9: refused uploads must not fill the disk).
 */
export async function receiveUpload<S extends z.ZodType>(
  deps: Deps,
  ctx: ProjectContext,
  request: FastifyRequest,
  schema: S,
  opts: { fileOptional?: boolean; precheck?: (fields: z.output<S>) => Promise<void> } = {},
): Promise<{ fields: z.output<S>; file: UploadedFile | null }> {
  if (!request.isMultipart()) fail('parameter_error');
  const values: Record<string, string> = {};
  let fields: z.output<S> | null = null;
  let file: UploadedFile | null = null;
  const cap = deps.config.UPLOAD_MAX_BYTES;
  for await (const part of request.parts({ limits: { fileSize: cap, files: 1, fields: 40 } })) {
    if (part.type === 'field') {
      if (typeof part.value === 'string') values[part.fieldname] = part.value;
      continue;
    }
    fields = schema.parse(values);
    await opts.precheck?.(fields);
    // A name the database cannot store (a NUL, a lone surrogate) is the request's fault (issue 25: it was a 500).
    if (!part.filename || part.filename.length > FILE_NAME_MAX || !isCleanText(part.filename))
      fail('invalid_value', { field: 'file' });
    const types = await allowedTypes(deps.db, ctx.projectId);
    const ext = extensionOf(part.filename);
    // Refused by its name before a byte is stored; judgeUpload below checks the rest once the content is in.
    if (!isAllowedType(part.filename, types)) fail('file_type_not_allowed');
    const blob = await storePart(deps, part, maxBytesFor(ext, cap));
    const problem = judgeUpload({
      fileName: part.filename,
      size: blob.size,
      head: blob.head,
      allowedTypes: types,
      otherCap: cap,
    });
    if (problem) {
      await discardUpload(deps.db, deps.blobs, blob.sha256);
      fail(problem);
    }
    file = { fileName: part.filename, mimeType: part.mimetype, blob };
  }
  if (!fields) {
    fields = schema.parse(values);
    if (!opts.fileOptional) fail('required', { field: 'file' });
    await opts.precheck?.(fields);
  }
  return { fields, file };
}
