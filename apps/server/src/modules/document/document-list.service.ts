import type { CertifiedCopyShown } from '@edoc/contract/certified-copy';
import type { FileRow } from '@edoc/contract/document';
import type { EditHolder } from '@edoc/contract/editing';
import { DocStatus } from '@edoc/contract/enums';
import { isViewableType } from '@edoc/contract/file-rules';
import type { z } from 'zod';
import type { fileListQuery } from '@edoc/contract/document';
import { builtOnce, namedOnce } from '../../db/built-once.ts';
import type { Deps } from '../../lib/deps.ts';
import { cappedTotal } from '../../lib/sql.ts';
import { docAbilitiesOf, folderRights } from '../../access/folder-rights.ts';
import { holderOf } from '../../access/edit-lock.ts';
import { certifiedShown } from '../certified-copy/certified-copy-read.ts';
import type { ProjectContext } from '../../plugins/context.ts';
import {
  countStatement,
  keyOfShape,
  pageIdsStatement,
  rowsStatement,
  shapeOf,
  valuesOf,
  type CertifiedJson,
  type LockJson,
} from './document-list.statement.ts';

type ListQuery = z.infer<typeof fileListQuery>;

/** The lock as lists show it (access/edit-lock.ts holderOf), from the statement's JSON. */
function lockOf(l: LockJson | null): EditHolder | null {
  if (!l) return null;
  const { userId, mode, startedAt, expiresAt } = l;
  return holderOf({ userId, mode, startedAt: new Date(startedAt), expiresAt: new Date(expiresAt) }, l.userName);
}

/** The certified copy as lists show it (certified-copy-read.ts certifiedShown), from the statement's JSON. */
export function certifiedOf(c: CertifiedJson | null): CertifiedCopyShown | null {
  if (!c) return null;
  return certifiedShown({ certifiedAt: new Date(c.certifiedAt), sha256: c.sha256, pages: c.pages }, c.by);
}

/** The page's ids of a shape, built once; the rows they show, one named statement (db/built-once.ts). */
const pageIdsOf = builtOnce(pageIdsStatement, keyOfShape);
const rowsOf = namedOnce('document_list_rows', rowsStatement);

/** A page of the live documents the caller may see, in one folder or across every enabled one. */
export async function listDocuments(deps: Deps, ctx: ProjectContext, query: ListQuery) {
  // Outside a transaction (issue 30: its BEGIN and COMMIT were two of the request's round trips): the count and the
  // page may each see a change committed between them, as a page read a moment later would.
  const tx = deps.db;
  const { rows, rights, siteIds } = await folderRights(tx, ctx, 0);
  const enabled = rows.filter((f) => rights.get(f.id)?.isEnabled).map((f) => f.id);
  const folderIds = query.folderId ? enabled.filter((id) => id === query.folderId) : enabled;
  if (folderIds.length === 0) return { data: [] as FileRow[], total: 0, capped: false };
  const shape = shapeOf(query, siteIds);
  const values = valuesOf(query, { projectId: ctx.projectId, userId: ctx.auth.user.id, folderIds, siteIds });
  // Two statements, not one (issue 30): the ids are planned for the values, the rows by them are planned once.
  const ids = await pageIdsOf(tx, shape).execute(values);
  const page = ids.length
    ? await rowsOf(tx).execute({
        ids: ids.map((r) => r.id),
        project: values.project,
        folders: folderIds,
        now: values.now,
      })
    : [];
  const folderById = new Map(rows.map((f) => [f.id, f]));
  const data: FileRow[] = page.map(
    ({ d, versionId, extension, versionNo, size, artifactNumber, countryCode, ...more }) => {
      const folder = d.folderId ? folderById.get(d.folderId) : undefined;
      return {
        fileId: d.id,
        fileVersionId: versionId,
        folderId: d.folderId,
        folder: folder?.name ?? null,
        folderEn: folder?.nameEn ?? null,
        file_name: d.name,
        type: extension ?? '',
        fileType: extension ?? '',
        effective_date: d.effectiveDate,
        expiration_date: d.expirationDate,
        version_no: versionNo,
        file_code: d.fileCode,
        ich_code: d.ichCode,
        artifactId: d.artifactId,
        artifactNumber,
        documentDate: d.documentDate,
        siteId: d.siteId,
        countryId: d.countryId,
        countryCode,
        status: d.status,
        comment: d.comment,
        username: more.creator ?? '',
        createdtime: d.createdAt.toISOString(),
        updatedtime: d.updatedAt.toISOString(),
        size,
        view: extension
          ? isViewableType(extension) || ['png', 'jpg', 'jpeg', 'gif', 'txt', 'csv'].includes(extension)
          : false,
        takeFileInvalid: more.invalid,
        receiverName: d.status === DocStatus.WaitingReceive ? more.receiverName : null,
        lock: lockOf(more.lock),
        abilities: docAbilitiesOf(d.folderId ? rights.get(d.folderId) : undefined),
        sourceSystem: d.sourceSystem,
        certifiedCopy: certifiedOf(more.certified),
      };
    },
  );
  // A page past the last has no row to carry the count.
  const counted = ids[0]?.counted ?? (await countStatement(tx, shape).execute(values))[0]?.n ?? 0;
  const { total, capped } = cappedTotal(counted);
  return { data, total, capped };
}
