import type { LibraryRow } from '@edoc/contract/library';
import type { libraryListQuery } from '@edoc/contract/library';
import { FolderType } from '@edoc/contract/permissions';
import { viewKindOf } from '@edoc/contract/viewer';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { documents, documentVersions } from '../../db/schema/documents.ts';
import { libraryEntries } from '../../db/schema/library.ts';
import { projects } from '../../db/schema/projects.ts';
import { builtOnce } from '../../db/built-once.ts';
import type { Tx } from '../../db/client.ts';
import type { Deps } from '../../lib/deps.ts';
import { cappedCountOf, cappedTotal, likePattern } from '../../lib/sql.ts';
import type { ProjectContext } from '../../plugins/context.ts';
import { siteFilter } from '../../access/sites.ts';
import { certifiedOf } from '../document/document-list.service.ts';
import { certifiedColumn, nameMatch, nameOf } from '../document/document-list.statement.ts';
import { folderRights, projectFlags } from '../../access/folder-rights.ts';
import { inspectorShelf } from '../../access/inspector.policy.ts';

type ListQuery = z.infer<typeof libraryListQuery>;

const SORT = {
  name: documents.name,
  archivedAt: libraryEntries.archivedAt,
  effectiveDate: libraryEntries.effectiveDate,
  expirationDate: documents.expirationDate,
  fileCode: documents.fileCode,
} as const;

/** What makes two library pages one statement (the folder page's way: document-list.statement.ts); values apart. */
interface Shape {
  sort: ListQuery['sort'];
  ascending: boolean;
  sites: boolean;
  showSuperseded: boolean;
  showInvalid: boolean;
  name: boolean;
  inspector: boolean;
}

const keyOf = (s: Shape) =>
  `${s.sort}_${s.ascending ? 'a' : 'd'}_` +
  [s.sites, s.showSuperseded, s.showInvalid, s.name, s.inspector].map(Number).join('');

const p = (name: 'project' | 'folders' | 'sites' | 'pattern' | 'name' | 'limit' | 'offset') => sql.placeholder(name);

function matching(s: Shape) {
  return and(
    eq(libraryEntries.projectId, p('project')),
    sql`${libraryEntries.folderId} = any(${p('folders')})`,
    isNull(documents.deletedAt),
    s.sites ? siteFilter(p('sites')) : undefined,
    s.showSuperseded ? undefined : isNull(libraryEntries.supersededAt),
    s.showInvalid ? undefined : eq(libraryEntries.invalid, false),
    s.name ? nameMatch(p('pattern'), p('name')) : undefined,
    // The shelf (access/inspector.policy.ts) reads nothing of the caller but whether they inspect.
    inspectorShelf({ inspector: s.inspector ? { canDownload: false } : null }),
  );
}

const counting = (db: Tx, s: Shape) =>
  db
    .select({ one: sql`1` })
    .from(libraryEntries)
    .innerJoin(documents, eq(documents.id, libraryEntries.documentId))
    .where(matching(s));

/** The shape's entries counted up to the cap, for a page past the last, which has no row to carry it. */
const countStatement = (db: Tx, s: Shape) =>
  db.select({ n: cappedCountOf(counting(db, s)) }).from(sql`(select) as one`);

/**
 * The page of a shape with its count, the project's day and certified copies, built once (db/built-once.ts); the
 * folders' names come from the rights' read of the tree, not a join (each joined table is planned on every run).
 */
const pageOf = builtOnce(
  (db: Tx, s: Shape) =>
    db
      .select({
        e: {
          id: libraryEntries.id,
          folderId: libraryEntries.folderId,
          effectiveDate: libraryEntries.effectiveDate,
          publishDate: libraryEntries.publishDate,
          archivedAt: libraryEntries.archivedAt,
          invalid: libraryEntries.invalid,
          supersededAt: libraryEntries.supersededAt,
        },
        d: {
          id: documents.id,
          name: documents.name,
          fileCode: documents.fileCode,
          ichCode: documents.ichCode,
          status: documents.status,
          comment: documents.comment,
          expirationDate: documents.expirationDate,
        },
        v: {
          id: documentVersions.id,
          extension: documentVersions.extension,
          versionNo: documentVersions.versionNo,
          size: documentVersions.size,
        },
        creator: nameOf(documents.createdBy),
        certified: certifiedColumn(documentVersions.id),
        // The project's calendar day (library-access.ts projectToday), once, in the same statement.
        today: sql<string>`(select to_char((now() at time zone p.time_zone)::date, 'YYYY-MM-DD')
          from ${projects} p where p.id = ${p('project')})`,
        counted: cappedCountOf(counting(db, s)),
      })
      .from(libraryEntries)
      .innerJoin(documents, eq(documents.id, libraryEntries.documentId))
      .innerJoin(documentVersions, eq(documentVersions.id, libraryEntries.versionId))
      .where(matching(s))
      .orderBy(s.ascending ? asc(SORT[s.sort]) : desc(SORT[s.sort]), desc(libraryEntries.id))
      .limit(p('limit'))
      .offset(p('offset')),
  keyOf,
);

/**
 * A page of the library: the archived versions in the folders whose library viewDoc the caller holds (the workspace
 * folders for a project without a library tree), of live documents on sites the caller sees. Current entries only
 * unless superseded ones are asked for; obsolete ones only when asked for.
 */
export async function listLibrary(deps: Deps, ctx: ProjectContext, query: ListQuery) {
  // Outside a transaction, in two statements when the session brought the rights (issue 30; the folder page's way,
  // document-list.service.ts): the rights, then the page with its count, the project's day and certified copies.
  const tx = deps.db;
  const libraryFolder = ctx.auth.rights?.libraryFolder ?? (await projectFlags(tx, ctx.projectId)).libraryFolder;
  const { rows, rights, siteIds } = await folderRights(tx, ctx, libraryFolder ? FolderType.Library : FolderType.Work);
  const readable = rows.filter((f) => rights.get(f.id)?.libraryKeys.includes('viewDoc')).map((f) => f.id);
  const folderIds = query.folderId ? readable.filter((id) => id === query.folderId) : readable;
  if (folderIds.length === 0) return { data: [] as LibraryRow[], total: 0, capped: false };
  const shape: Shape = {
    sort: query.sort,
    ascending: query.order === 'asc',
    sites: !!siteIds,
    showSuperseded: query.showSuperseded,
    showInvalid: query.showInvalid,
    name: !!query.name,
    inspector: !!ctx.inspector,
  };
  const values = {
    project: ctx.projectId,
    folders: folderIds,
    sites: siteIds,
    pattern: query.name ? likePattern(query.name) : null,
    name: query.name,
    limit: query.pageSize,
    offset: (query.pageNum - 1) * query.pageSize,
  };
  const page = await pageOf(tx, shape).execute(values);
  const folderById = new Map(rows.map((f) => [f.id, f]));
  const data: LibraryRow[] = page.map(({ e, d, v, creator, certified, today }) => ({
    entryId: e.id,
    fileId: d.id,
    fileVersionId: v.id,
    folderId: e.folderId,
    folder: folderById.get(e.folderId)?.name ?? '',
    folderEn: folderById.get(e.folderId)?.nameEn ?? null,
    file_name: d.name,
    type: v.extension,
    version_no: v.versionNo,
    file_code: d.fileCode,
    ich_code: d.ichCode,
    status: d.status,
    comment: d.comment,
    username: creator ?? '',
    effective_date: e.effectiveDate,
    expiration_date: d.expirationDate,
    publish_date: e.publishDate,
    archivedtime: e.archivedAt.toISOString(),
    expired: !!d.expirationDate && d.expirationDate < today,
    takeFileInvalid: e.invalid,
    superseded: e.supersededAt !== null,
    size: v.size,
    view: viewKindOf(v.extension) !== null,
    certifiedCopy: certifiedOf(certified),
    abilities: rights.get(e.folderId)?.libraryKeys ?? [],
  }));
  // A page past the last has no row to carry the count.
  const counted = page[0]?.counted ?? (await countStatement(tx, shape).execute(values))[0]?.n ?? 0;
  const { total, capped } = cappedTotal(counted);
  return { data, total, capped };
}
