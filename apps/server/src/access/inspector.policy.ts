import { API_BASE } from '@edoc/contract/limits';
import { DocStatus } from '@edoc/contract/enums';
import { FolderType, inspectorRights, type FolderRights } from '@edoc/contract/permissions';
import { and, eq, type SQL } from 'drizzle-orm';
import { documents } from '../db/schema/documents.ts';
import { libraryEntries } from '../db/schema/library.ts';
import type { InspectorUse, ProjectContext } from '../plugins/context.ts';

/**
 * What an inspector or auditor may read (issue 11), in one place. An inspector is not a member: they enter the
 * project as INSPECTOR for the days of their invitation (plugins/auth.ts reads them on every request) and read
 * the library's documents archived and in force, with their versions, signature pages and trail, and nothing else.
 */

/**
 * The routes an inspector may call, by method and path as declared (without /edoc); every other route refuses
 * them (plugins/context.ts), and the authorisation matrix (test/authorization.test.ts) holds the server to this
 * list. 'page': each answered call is a view row in the trail (modules/inspector/inspection-trail.ts): a library
 * page, a document's detail or trail. 'read': nothing more is recorded (thumbnails, lookups, polling, content
 * whose opening is already recorded). No route declares the flag itself.
 */
export const INSPECTOR_ROUTES: Readonly<Record<string, InspectorUse>> = {
  // the file library
  'GET /folder/library/file/list': 'page',
  'GET /folder/library/file/picture': 'read',
  'GET /folder/tree/0': 'read',
  'GET /folder/tree/list': 'read',
  // what the library's filters and columns name
  'GET /file/types': 'read',
  'GET /site/list': 'read',
  'GET /tag/list': 'read',
  // a document: its detail, its trail and its reviews and approvals
  'GET /file/:id': 'page',
  'GET /audit/find_file_audits': 'page',
  'GET /file/flow/:id': 'read',
  // the viewer: it writes its own view row when a version is opened
  'GET /minio/file/state/:id': 'read',
  'GET /minio/file/process/:id': 'read',
  'GET /file/view/:id': 'read',
  // downloads, when the invitation grants them (the ticket's link acts in the session it was issued in)
  'POST /download/ticket': 'read',
  'GET /download/ticket/:token': 'read',
};

/**
 * The route's entry in INSPECTOR_ROUTES; `url` as Fastify knows the route (with /edoc). HEAD is GET's own
 * shadow route (Fastify answers it with the GET handler), so it is what GET is.
 */
export function inspectorUseOf(method: string, url: string): InspectorUse | undefined {
  const path = url.startsWith(API_BASE) ? url.slice(API_BASE.length) : url;
  return INSPECTOR_ROUTES[`${method === 'HEAD' ? 'GET' : method} ${path}`];
}

/**
 * The shelf (issue 11): the library entries of documents archived and in force (status 6), not marked obsolete;
 * nothing waiting for its effective date, recalled for revision or in deletion approval. Undefined for a member,
 * whom folder grants and sites limit instead.
 */
export function inspectorShelf(ctx: Pick<ProjectContext, 'inspector'>): SQL | undefined {
  if (!ctx.inspector) return undefined;
  return and(eq(documents.status, DocStatus.Archived), eq(libraryEntries.invalid, false));
}

/** The tree the shelf's documents are filed in: the library tree, or the work tree of a project without one. */
export const inspectorFolderType = (libraryFolder: boolean): number =>
  libraryFolder ? FolderType.Library : FolderType.Work;

/**
 * An inspector's rights on each folder of that tree, whatever grants say: reading the documents and their trail,
 * downloading only when the invitation grants it (the contract's inspectorRights, which the web shows too).
 */
export const inspectorFolderRights = (inspector: { canDownload: boolean }): FolderRights =>
  inspectorRights(inspector.canDownload);
