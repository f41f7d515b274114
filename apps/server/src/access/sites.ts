import { and, eq, inArray, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { documents } from '../db/schema/documents.ts';
import { members } from '../db/schema/projects.ts';
import type { ProjectContext } from '../plugins/context.ts';

/**
 * Site documents are seen only by members of that site (DESIGN §5); a member without sites is central and
 * sees all. Project administrators see everything. Answers null for "no limit".
 */
export async function visibleSites(tx: Tx, ctx: ProjectContext): Promise<number[] | null> {
  if (ctx.fullAccess) return null;
  // Read with the session for a route with preloadRights (db/rights-inputs.ts): no query of its own.
  if (ctx.auth.rights) return sitesOf(false, ctx.auth.rights.member?.siteIds);
  const [m] = await tx
    .select({ siteIds: members.siteIds })
    .from(members)
    .where(and(eq(members.projectId, ctx.projectId), eq(members.userId, ctx.auth.user.id)));
  return sitesOf(false, m?.siteIds);
}

/** The rule on a membership's sites: null (all) for project administration, no membership or no limit. */
export const sitesOf = (fullAccess: boolean, siteIds: number[] | undefined): number[] | null =>
  !fullAccess && siteIds && siteIds.length > 0 ? siteIds : null;

/** The documents of these sites (null: all) and the central ones; the sites may be a prepared statement's parameter. */
export function siteFilter(siteIds: number[] | Placeholder | null): SQL | undefined {
  if (!siteIds) return undefined;
  const ofSites = Array.isArray(siteIds)
    ? inArray(documents.siteId, siteIds)
    : sql`${documents.siteId} = any(${siteIds})`;
  return or(eq(documents.central, true), ofSites);
}

/** Whether a member limited to these sites (null: all) sees the document (DESIGN §5: central, or one of theirs). */
export const seesSite = (sites: number[] | null, doc: { central: boolean; siteId: number | null }) =>
  !sites || doc.central || (doc.siteId !== null && sites.includes(doc.siteId));
