import { exchangeImportRoutes as r } from '@edoc/contract/exchange-import-routes';
import type { Deps } from '../../lib/deps.ts';
import { fail } from '../../lib/app-error.ts';
import type { Api } from '../../lib/http.ts';
import { routes } from '../../plugins/route.ts';
import { BlobTooLargeError } from '../../storage/blob-store.ts';
import { commitUpload } from '../../storage/blob-sweep.ts';
import { decideRows } from './ems-import-decide.ts';
import { documentSourceOf } from './ems-import-source.ts';
import {
  acceptImport,
  cancelImport,
  checkServerPath,
  createImport,
  getImport,
  listImports,
  listRows,
} from './ems-import.service.ts';

const access = 'projectMember' as const;
/** A zip starts with a local file header (or, empty, with the end of its central directory). */
export const isZip = (head: Buffer) =>
  head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b && (head[2] === 3 || head[2] === 5);

/**
 * EMS import (issue 28 part 2, docs/exchange.md), every route as exchangeImportRoutes declares it. The gate admits
 * members; the service requires importDoc on some folder of the project to import, and each row's folder when filed.
 */
export function emsImportRoutes(api: Api, deps: Deps): void {
  const { get, post } = routes(api);

  post(
    r.upload.path,
    { access, multipart: r.upload.multipart, response: r.upload.response },
    async ({ ctx, request }) => {
      const max = deps.config.UPLOAD_MAX_BYTES;
      const part = await request.file({ limits: { fileSize: max, files: 1 } });
      if (!part) fail('required', { field: 'file' });
      const stored = await deps.blobs.put(part.file, { maxBytes: max }).catch((err: unknown) => {
        if (err instanceof BlobTooLargeError) fail('file_too_large');
        throw err;
      });
      return commitUpload(deps, stored.sha256, async () => {
        if (part.file.truncated) fail('file_too_large');
        if (!isZip(stored.head)) fail('exchange_package_unreadable');
        const name = (part.filename || 'package.zip').slice(0, 255);
        return createImport(deps, ctx, {
          packageName: name,
          packageSha256: stored.sha256,
          packageSize: stored.size,
          serverPath: null,
        });
      });
    },
  );

  post(
    r.fromServer.path,
    { access, body: r.fromServer.body, response: r.fromServer.response },
    async ({ ctx, body }) => {
      const found = await checkServerPath(deps, ctx, body.serverPath);
      return createImport(deps, ctx, { ...found, packageSha256: null, serverPath: body.serverPath });
    },
  );

  get(r.list.path, { access, query: r.list.query, response: r.list.response }, ({ ctx, query }) =>
    listImports(deps, ctx, query),
  );
  get(r.get.path, { access, params: r.get.params, response: r.get.response }, ({ ctx, params }) =>
    getImport(deps, ctx, params.id),
  );
  get(
    r.rows.path,
    { access, params: r.rows.params, query: r.rows.query, response: r.rows.response },
    ({ ctx, params, query }) => listRows(deps, ctx, params.id, query),
  );
  post(
    r.decide.path,
    { access, params: r.decide.params, body: r.decide.body, response: r.decide.response },
    ({ ctx, params, body }) => decideRows(deps, ctx, params.id, body),
  );
  post(r.accept.path, { access, params: r.accept.params, response: r.accept.response }, ({ ctx, params }) =>
    acceptImport(deps, ctx, params.id),
  );
  post(r.cancel.path, { access, params: r.cancel.params, response: r.cancel.response }, ({ ctx, params }) =>
    cancelImport(deps, ctx, params.id),
  );
  get(r.source.path, { access, params: r.source.params, response: r.source.response }, ({ ctx, params }) =>
    documentSourceOf(deps, ctx, params.id),
  );
}
