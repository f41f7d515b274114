import { TrailType } from '@edoc/contract/enums';
import type { SiteBody, SiteItem } from '@edoc/contract/site';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { documents } from '../../db/schema/documents.ts';
import { countries, members, sites } from '../../db/schema/projects.ts';
import { fail } from '../../lib/app-error.ts';
import type { Deps } from '../../lib/deps.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { sessionProject } from '../project/project-settings.service.ts';
import type { ProjectContext } from '../../plugins/context.ts';
import { recordTrail } from '../../trail/trail.service.ts';
import { regenerateIfStarted } from '../expected/expected-generate.ts';

type SiteRow = typeof sites.$inferSelect;

const snapshot = (s: SiteRow) => ({ name: s.name, shortName: s.shortName, code: s.code });
/** The trail's snapshot: the country by its code (issue 27 part 3). */
const trailed = (s: SiteRow, countryCode: string | null) => ({ ...snapshot(s), country: countryCode });

/** GET /site/list: the entered project's sites, by code. */
export async function listSites(deps: Deps, ctx: ProjectContext): Promise<SiteItem[]> {
  const project = await sessionProject(deps.db, ctx);
  // Qualified by hand: drizzle leaves columns of a one-table query unqualified, which the subquery would capture.
  const memberCount = sql<number>`(select count(*)::int from ${members} m where m.project_id = "sites"."project_id" and "sites"."id" = any(m.site_ids))`;
  const rows = await deps.db
    .select({ s: sites, memberCount, countryCode: countries.code })
    .from(sites)
    .leftJoin(countries, eq(countries.id, sites.countryId))
    .where(eq(sites.projectId, project.id))
    .orderBy(asc(sites.code), asc(sites.id));
  return rows.map(({ s, memberCount: n, countryCode }) => ({
    siteId: s.id,
    ...snapshot(s),
    countryId: s.countryId,
    countryCode,
    memberCount: n,
  }));
}

async function assertCodeFree(tx: Tx, projectId: number, code: string, exceptId?: number) {
  const [clash] = await tx
    .select({ id: sites.id })
    .from(sites)
    .where(
      and(
        eq(sites.projectId, projectId),
        sql`lower(${sites.code}) = lower(${code})`,
        exceptId ? ne(sites.id, exceptId) : undefined,
      ),
    );
  if (clash) fail('site_code_exists');
}

// Two administrators saving the same code at once: the unique index answers for the slower one.
const duplicateCode = (err: unknown) => (isUniqueViolation(err) ? fail('site_code_exists') : Promise.reject(err));

/** A site of the entered project, locked for the change; another project's site id looks missing. */
async function loadSite(tx: Tx, projectId: number, siteId: number): Promise<SiteRow> {
  const [s] = await tx
    .select()
    .from(sites)
    .where(and(eq(sites.id, siteId), eq(sites.projectId, projectId)))
    .for('update');
  if (!s) fail('not_found');
  return s;
}

const valuesOf = (input: SiteBody) => ({
  name: input.name,
  shortName: input.shortName || null,
  code: input.code,
  ...(input.countryId !== undefined ? { countryId: input.countryId } : {}),
});

/** The code of a country of the project (null for none); another project's country is refused naming countryId. */
async function countryCodeOf(tx: Tx, projectId: number, countryId: number | null): Promise<string | null> {
  if (countryId === null) return null;
  const [row] = await tx
    .select({ code: countries.code })
    .from(countries)
    .where(and(eq(countries.id, countryId), eq(countries.projectId, projectId)))
    // Shared: a deletion of the country at the same moment waits for this site, then sees it.
    .for('share');
  if (!row) fail('not_in_project', { field: 'countryId' });
  return row.code;
}

export async function createSite(deps: Deps, ctx: ProjectContext, input: SiteBody) {
  return deps.db.transaction(async (tx) => {
    const project = await sessionProject(tx, ctx);
    await assertCodeFree(tx, project.id, input.code);
    const country = await countryCodeOf(tx, project.id, input.countryId ?? null);
    const [row] = await tx
      .insert(sites)
      .values({ projectId: project.id, ...valuesOf(input) })
      .returning()
      .catch(duplicateCode);
    await recordTrail(
      tx,
      { ...ctx.actor, companyId: project.companyId, projectId: project.id },
      { type: TrailType.SettingsChange, objectType: 'site', objectId: row.id, newValue: trailed(row, country) },
    );
    // Its site-level items (issue 27 part 4), when the project has started them.
    await regenerateIfStarted(tx, ctx.actor, project.id);
    return row.id;
  });
}

export async function updateSite(
  deps: Deps,
  ctx: ProjectContext,
  { siteId, input }: { siteId: number; input: SiteBody },
) {
  await deps.db.transaction(async (tx) => {
    const project = await sessionProject(tx, ctx);
    const before = await loadSite(tx, project.id, siteId);
    await assertCodeFree(tx, project.id, input.code, siteId);
    const countryBefore = await countryCodeOf(tx, project.id, before.countryId);
    const countryAfter =
      input.countryId === undefined ? countryBefore : await countryCodeOf(tx, project.id, input.countryId);
    const [after] = await tx
      .update(sites)
      .set(valuesOf(input))
      .where(eq(sites.id, siteId))
      .returning()
      .catch(duplicateCode);
    await recordTrail(
      tx,
      { ...ctx.actor, companyId: project.companyId, projectId: project.id },
      {
        type: TrailType.SettingsChange,
        objectType: 'site',
        objectId: siteId,
        oldValue: trailed(before, countryBefore),
        newValue: trailed(after, countryAfter),
      },
    );
    // Another country: due dates hanging on a country milestone follow (issue 27 part 4).
    if (after.countryId !== before.countryId) await regenerateIfStarted(tx, ctx.actor, project.id);
  });
}

/** Whether documents of the site exist, those in the recycle bin included (they may be restored). */
export async function siteHasFiles(tx: Tx, projectId: number, siteId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: documents.id })
    .from(documents)
    .where(and(eq(documents.projectId, projectId), eq(documents.siteId, siteId)))
    .limit(1);
  return row !== undefined;
}

/** Deletes a site without files; members limited to it lose it from their sites in the same transaction. */
export async function deleteSite(deps: Deps, ctx: ProjectContext, siteId: number) {
  await deps.db.transaction(async (tx) => {
    const project = await sessionProject(tx, ctx);
    const before = await loadSite(tx, project.id, siteId);
    if (await siteHasFiles(tx, project.id, siteId)) fail('site_has_files');
    const affected = await tx
      .update(members)
      .set({ siteIds: sql`array_remove(${members.siteIds}, ${siteId}::int)` })
      .where(and(eq(members.projectId, project.id), sql`${siteId}::int = any(${members.siteIds})`))
      .returning({ userId: members.userId });
    await tx.delete(sites).where(eq(sites.id, siteId));
    await recordTrail(
      tx,
      { ...ctx.actor, companyId: project.companyId, projectId: project.id },
      {
        type: TrailType.SettingsChange,
        objectType: 'site',
        objectId: siteId,
        oldValue: {
          ...trailed(before, await countryCodeOf(tx, project.id, before.countryId)),
          memberUserIds: affected.map((m) => m.userId),
        },
        reason: 'site deleted',
      },
    );
  });
}
