import type { MultipartFile } from '@fastify/multipart';
import { documentFields, downloadQuery, fileListQuery, nameCheckBody } from '@edoc/contract/document';
import { extensionOf, judgeUpload, maxBytesFor } from '@edoc/contract/file-rules';
import type { Deps } from '../../lib/deps.ts';
import type { Api } from '../../lib/http.ts';
import { fail } from '../../lib/app-error.ts';
import { ok } from '../../lib/reply.ts';
import { BlobTooLargeError } from '../../storage/blob-store.ts';
import { projectOf } from '../study/study.policy.ts';
import { actorOf } from '../trail/trail.service.ts';
import { listDocuments } from './document-list.service.ts';
import { allowedTypes, contentDisposition, downloadVersion, parseRange } from './document-read.service.ts';
import { checkNewDocument, createDocument, nameTaken } from './document.service.ts';
import { requireFolderKey } from './document.policy.ts';

/** The text fields sent before the file part, as a plain object for the schema. */
function fieldValues(part: MultipartFile): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(part.fields)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (first && first.type === 'field' && typeof first.value === 'string') out[key] = first.value;
  }
  return out;
}

/** Streams the part into the blob store within the limit of its type; too large → file_too_large. */
async function storePart(deps: Deps, part: MultipartFile, limit: number) {
  const blob = await deps.blobs.put(part.file, { maxBytes: limit }).catch((err: unknown) => {
    if (err instanceof BlobTooLargeError) fail('file_too_large');
    throw err;
  });
  if (part.file.truncated) fail('file_too_large');
  return blob;
}

/** The workspace's documents (SPEC §7 file and folder calls). */
export function documentRoutes(api: Api, deps: Deps): void {
  const member = { config: { access: 'projectMember' as const } };

  api.get('/file/types', member, async (request) => {
    const ctx = projectOf(request);
    const types = await allowedTypes(deps.db, ctx.projectId);
    return ok(types.map((t) => ({ file_type_code: t })));
  });

  api.post('/file/name/check/a', { ...member, schema: { body: nameCheckBody } }, async (request) => {
    const ctx = projectOf(request);
    const { folderId, name, fileId } = request.body;
    const exists = await deps.db.transaction(async (tx) => {
      await requireFolderKey(tx, ctx, folderId, 'viewDoc');
      return nameTaken(tx, folderId, name, fileId);
    });
    return ok({ exists });
  });

  api.get('/folder/workspace/file/list', { ...member, schema: { querystring: fileListQuery } }, async (request) =>
    ok(await listDocuments(deps, projectOf(request), request.query)),
  );

  // A new document with its first version: metadata fields first, then the file, streamed to disk.
  api.post('/minio/file/save', member, async (request) => {
    const ctx = projectOf(request);
    const part = await request.file({ limits: { fileSize: deps.config.UPLOAD_MAX_BYTES, files: 1, fields: 40 } });
    if (!part) fail('required', { field: 'file' });
    const fields = documentFields.parse(fieldValues(part));
    await checkNewDocument(deps, ctx, fields);
    const types = await allowedTypes(deps.db, ctx.projectId);
    const ext = extensionOf(part.filename);
    if (types.length > 0 && !types.map((t) => t.toLowerCase()).includes(ext)) fail('file_type_not_allowed');
    const blob = await storePart(deps, part, maxBytesFor(ext, deps.config.UPLOAD_MAX_BYTES));
    // A refused file leaves an unreferenced blob, which the orphan sweep removes.
    const problem = judgeUpload({
      fileName: part.filename,
      size: blob.size,
      head: blob.head,
      allowedTypes: types,
      otherCap: deps.config.UPLOAD_MAX_BYTES,
    });
    if (problem) fail(problem);
    const created = await createDocument(
      deps,
      ctx,
      fields,
      { fileName: part.filename, mimeType: part.mimetype, blob },
      actorOf(request),
    );
    return ok(created);
  });

  api.get('/minio/file/down', { ...member, schema: { querystring: downloadQuery } }, async (request, reply) => {
    const { version } = await downloadVersion(deps, projectOf(request), request.query, actorOf(request));
    const range = parseRange(request.headers.range, version.size);
    reply
      .header('Content-Disposition', contentDisposition(version.fileName))
      .header('Accept-Ranges', 'bytes')
      .header('Cache-Control', 'private, no-store')
      .type(version.mimeType || 'application/octet-stream');
    if (range === 'invalid') {
      return reply.status(416).header('Content-Range', `bytes */${version.size}`).send();
    }
    if (range) {
      reply
        .status(206)
        .header('Content-Range', `bytes ${range.start}-${range.end}/${version.size}`)
        .header('Content-Length', range.end - range.start + 1);
      return reply.send(await deps.blobs.get(version.sha256, range));
    }
    reply.header('Content-Length', version.size);
    return reply.send(await deps.blobs.get(version.sha256));
  });
}
