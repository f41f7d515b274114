import { bulkImportRoutes as r } from '@edoc/contract/bulk-import-routes';
import { IMPORT_MAX_BYTES } from '@edoc/contract/excel';
import type { FastifyRequest } from 'fastify';
import { storePart } from '../../access/upload.ts';
import { fail } from '../../lib/app-error.ts';
import type { Deps } from '../../lib/deps.ts';
import { xlsxHeaders } from '../../lib/excel.ts';
import type { Api } from '../../lib/http.ts';
import { workbook } from '../../lib/raw-answer.ts';
import { routes } from '../../plugins/route.ts';
import type { StoredBlob } from '../../storage/blob-store.ts';
import { commitUpload, discardUpload } from '../../storage/blob-sweep.ts';
import { isZip } from '../exchange/ems-import.routes.ts';
import { acceptBulkImport, correctBulkRows, createBulkImport } from './bulk-import-actions.ts';
import { readSheetLines, sheetTemplate, type SheetLine } from './bulk-import-sheet.ts';
import { cancelBulkImport, getBulkImport, listBulkImports, listBulkRows } from './bulk-import.service.ts';

const access = 'projectMember' as const;

/**
 * The upload's parts in any order: the zip (`file`, streamed to the blob store) and the spreadsheet (`sheet`, at most
 * IMPORT_MAX_BYTES, kept in memory and read at once). A refusal removes the stored zip (commitUpload / the catch).
 */
async function receiveBulk(deps: Deps, request: FastifyRequest) {
  if (!request.isMultipart()) fail('required', { field: 'file' });
  const max = deps.config.UPLOAD_MAX_BYTES;
  let zip: { blob: StoredBlob; name: string } | null = null;
  let sheet: { lines: SheetLine[]; name: string } | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: max, files: 2, fields: 10 } })) {
      if (part.type === 'field') continue;
      if (part.fieldname === 'file' && !zip) zip = { blob: await storePart(deps, part, max), name: part.filename };
      else if (part.fieldname === 'sheet' && !sheet) {
        const chunks: Buffer[] = [];
        let size = 0;
        for await (const chunk of part.file) {
          size += (chunk as Buffer).length;
          if (size <= IMPORT_MAX_BYTES) chunks.push(chunk as Buffer);
        }
        if (size > IMPORT_MAX_BYTES || part.file.truncated) fail('file_too_large');
        // Read at once: sent first (as the web sends it), a bad spreadsheet is refused before the zip is stored.
        const name = part.filename || 'metadata.xlsx';
        sheet = { lines: await readSheetLines(Buffer.concat(chunks), name), name };
      } else part.file.resume();
    }
  } catch (err) {
    if (zip) await discardUpload(deps.db, deps.blobs, zip.blob.sha256).catch(() => undefined);
    throw err;
  }
  if (!zip) fail('required', { field: 'file' });
  return { zip, sheet };
}

/**
 * Bulk import (issue 28 part 3, docs/exchange.md), every route of bulkImportRoutes. The gate admits members; the
 * services require importDoc on some folder of the project, and each row's folder when filed (against the accepter).
 */
export function bulkImportRoutes(api: Api, deps: Deps): void {
  const { get, post } = routes(api);

  post(
    r.upload.path,
    { access, multipart: r.upload.multipart, response: r.upload.response },
    async ({ ctx, request }) => {
      const { zip, sheet } = await receiveBulk(deps, request);
      return commitUpload(deps, zip.blob.sha256, async () => {
        if (!isZip(zip.blob.head)) fail('exchange_package_unreadable');
          return createBulkImport(deps, ctx, {
          packageName: (zip.name || 'files.zip').slice(0, 255),
          packageSha256: zip.blob.sha256,
          packageSize: zip.blob.size,
          sheet: sheet?.lines ?? null,
          sheetName: sheet ? sheet.name.slice(0, 255) : null,
        });
      });
    },
  );

  get(
    r.template.path,
    { access, response: workbook('The bulk import spreadsheet template, headers in the caller’s language.') },
    async ({ ctx, reply }) =>
      reply
        .headers(xlsxHeaders(ctx.lang === 'en-US' ? 'bulk-import-metadata.xlsx' : '批量导入元数据.xlsx'))
        .send(await sheetTemplate(ctx.lang)),
  );
  get(r.list.path, { access, query: r.list.query, response: r.list.response }, ({ ctx, query }) =>
    listBulkImports(deps, ctx, query),
  );
  get(r.get.path, { access, params: r.get.params, response: r.get.response }, ({ ctx, params }) =>
    getBulkImport(deps, ctx, params.id),
  );
  get(
    r.rows.path,
    { access, params: r.rows.params, query: r.rows.query, response: r.rows.response },
    ({ ctx, params, query }) => listBulkRows(deps, ctx, params.id, query),
  );
  post(
    r.correct.path,
    { access, params: r.correct.params, body: r.correct.body, response: r.correct.response },
    ({ ctx, params, body }) => correctBulkRows(deps, ctx, params.id, body),
  );
  post(
    r.accept.path,
    { access, params: r.accept.params, body: r.accept.body, response: r.accept.response },
    ({ ctx, params, body }) => acceptBulkImport(deps, ctx, params.id, body.rowIds),
  );
  post(r.cancel.path, { access, params: r.cancel.params, response: r.cancel.response }, ({ ctx, params }) =>
    cancelBulkImport(deps, ctx, params.id),
  );
}
