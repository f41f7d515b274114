import { BOARD_FILES_MAX } from '@edoc/contract/board';
import { isCleanText } from '@edoc/contract/fields';
import { extensionOf, isAllowedType, judgeUpload, maxBytesFor } from '@edoc/contract/file-rules';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { fail } from '../../lib/app-error.ts';
import type { Deps } from '../../lib/deps.ts';
import type { ProjectContext } from '../../plugins/context.ts';
import { discardUpload } from '../../storage/blob-sweep.ts';
import { allowedTypes } from '../../access/document-access.ts';
import { FILE_NAME_MAX, storePart } from '../../access/upload.ts';
import type { UploadedFile } from '../../access/versions.ts';

/**
 * Reads a board post: its text fields (sent first), checked before a byte is stored, then up to BOARD_FILES_MAX
 * parts named `file`, each judged as a document upload is (the project's allowed types, the size limit of its
 * type, its content signature). A post refused at any point keeps none of its files (issue 9).
 */
export async function receivePost<S extends z.ZodType>(
  deps: Deps,
  ctx: ProjectContext,
  request: FastifyRequest,
  schema: S,
  precheck: (fields: z.output<S>) => Promise<void>,
): Promise<{ fields: z.output<S>; files: UploadedFile[] }> {
  if (!request.isMultipart()) fail('parameter_error');
  const values: Record<string, string> = {};
  let fields: z.output<S> | null = null;
  const files: UploadedFile[] = [];
  const cap = deps.config.UPLOAD_MAX_BYTES;
  const checked = async () => {
    fields ??= schema.parse(values);
    await precheck(fields);
    return fields;
  };
  try {
    let types: string[] | null = null;
    const limits = { fileSize: cap, files: BOARD_FILES_MAX + 1, fields: 10 };
    for await (const part of request.parts({ limits })) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') values[part.fieldname] = part.value;
        continue;
      }
      if (!fields) await checked();
      if (files.length >= BOARD_FILES_MAX) fail('board_too_many_files', { max: BOARD_FILES_MAX });
      const name = part.filename;
      if (!name || name.length > FILE_NAME_MAX || !isCleanText(name)) fail('invalid_value', { field: 'file' });
      types ??= await allowedTypes(deps.db, ctx.projectId);
      if (!isAllowedType(name, types)) fail('file_type_not_allowed');
      const blob = await storePart(deps, part, maxBytesFor(extensionOf(name), cap));
      files.push({ fileName: name, mimeType: part.mimetype, blob });
      const problem = judgeUpload({
        fileName: name,
        size: blob.size,
        head: blob.head,
        allowedTypes: types,
        otherCap: cap,
      });
      if (problem) fail(problem);
    }
    return { fields: fields ?? (await checked()), files };
  } catch (err) {
    for (const f of files) await discardUpload(deps.db, deps.blobs, f.blob.sha256).catch(() => undefined);
    throw err;
  }
}
