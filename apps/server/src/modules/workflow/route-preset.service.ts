import { TrailType } from '@edoc/contract/enums';
import { ROUTE_PRESET_MAX, type RoutePresetBody, type RoutePresetRenameBody } from '@edoc/contract/workflow-requests';
import { and, asc, count, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { groups, sites } from '../../db/schema/projects.ts';
import { routePresets } from '../../db/schema/workflow.ts';
import { fail } from '../../lib/app-error.ts';
import type { Deps } from '../../lib/deps.ts';
import type { ProjectContext } from '../../plugins/context.ts';
import { recordTrail } from '../../trail/trail.service.ts';

/** The project's route presets (DESIGN §6), oldest first. */
export async function listRoutePresets(deps: Deps, ctx: ProjectContext) {
  const rows = await deps.db
    .select()
    .from(routePresets)
    .where(eq(routePresets.projectId, ctx.projectId))
    .orderBy(asc(routePresets.id));
  return rows.map((t) => ({
    id: t.id,
    name: t.name,
    siteId: t.siteId,
    groupId: t.groupId,
    stages: t.route as RoutePresetBody['stages'],
    createdBy: t.createdBy,
  }));
}

/**
 * A named preset of a route, for a site, a group or the whole project: at most five for each ('Template can be
 * created Max 5!'). The count is taken under a lock on the project's presets, so two creates at once cannot make six.
 */
export async function createRoutePreset(deps: Deps, ctx: ProjectContext, body: RoutePresetBody) {
  return deps.db.transaction(async (tx) => {
    if (body.siteId) {
      const [s] = await tx
        .select({ id: sites.id })
        .from(sites)
        .where(and(eq(sites.id, body.siteId), eq(sites.projectId, ctx.projectId)));
      if (!s) fail('invalid_value', { field: 'siteId' });
    }
    if (body.groupId) {
      const [g] = await tx
        .select({ id: groups.id })
        .from(groups)
        .where(and(eq(groups.id, body.groupId), eq(groups.projectId, ctx.projectId)));
      if (!g) fail('invalid_value', { field: 'groupId' });
    }
    await tx.execute(sqlLock(ctx.projectId));
    const owner = scopeOf(body);
    await requireNameFree(tx, ctx.projectId, { owner, name: body.name });
    const [{ n }] = await tx
      .select({ n: count() })
      .from(routePresets)
      .where(and(eq(routePresets.projectId, ctx.projectId), owner));
    if (n >= ROUTE_PRESET_MAX) fail('template_limit');
    const [row] = await tx
      .insert(routePresets)
      .values({
        projectId: ctx.projectId,
        siteId: body.siteId ?? null,
        groupId: body.groupId ?? null,
        name: body.name,
        route: body.stages,
        createdBy: ctx.auth.user.id,
      })
      .returning();
    await recordTrail(tx, ctx.actor, {
      type: TrailType.Create,
      objectType: 'route_template',
      objectId: row.id,
      newValue: { name: row.name, stages: body.stages },
    });
    return { id: row.id };
  });
}

/**
 * Renames a preset (its creator or a project administrator), refusing a name another preset of its site, group or
 * project already has: the picker shows names alone (issue 26).
 */
export async function renameRoutePreset(deps: Deps, ctx: ProjectContext, id: number, body: RoutePresetRenameBody) {
  await deps.db.transaction(async (tx) => {
    await tx.execute(sqlLock(ctx.projectId));
    const t = await ownPreset(tx, ctx, id);
    if (t.name === body.name) return;
    await requireNameFree(tx, ctx.projectId, { owner: scopeOf(t), name: body.name, exceptId: t.id });
    await tx.update(routePresets).set({ name: body.name }).where(eq(routePresets.id, t.id));
    await recordTrail(tx, ctx.actor, {
      type: TrailType.Update,
      objectType: 'route_template',
      objectId: t.id,
      oldValue: { name: t.name },
      newValue: { name: body.name },
    });
  });
}

/** Its creator or a project administrator removes a preset. */
export async function deleteRoutePreset(deps: Deps, ctx: ProjectContext, id: number) {
  await deps.db.transaction(async (tx) => {
    const t = await ownPreset(tx, ctx, id);
    await tx.delete(routePresets).where(eq(routePresets.id, t.id));
    await recordTrail(tx, ctx.actor, {
      type: TrailType.Delete,
      objectType: 'route_template',
      objectId: t.id,
      oldValue: { name: t.name, stages: t.route as unknown[] },
    });
  });
}

/** A preset of the project, locked, that the caller may change: its creator's, or any for a project administrator. */
async function ownPreset(tx: Tx, ctx: ProjectContext, id: number) {
  const [t] = await tx
    .select()
    .from(routePresets)
    .where(and(eq(routePresets.id, id), eq(routePresets.projectId, ctx.projectId)))
    .for('update');
  if (!t) fail('not_found');
  if (t.createdBy !== ctx.auth.user.id && !ctx.fullAccess) fail('forbidden');
  return t;
}

/** The presets a limit and a name are counted among: the site's, else the group's, else the whole project's. */
function scopeOf(p: { siteId?: number | null; groupId?: number | null }) {
  if (p.siteId) return eq(routePresets.siteId, p.siteId);
  if (p.groupId) return eq(routePresets.groupId, p.groupId);
  return and(isNull(routePresets.siteId), isNull(routePresets.groupId));
}

/** Names compare as the picker reads them: case and surrounding spaces aside. Taken under the presets' lock. */
async function requireNameFree(
  tx: Tx,
  projectId: number,
  { owner, name, exceptId }: { owner: SQL | undefined; name: string; exceptId?: number },
) {
  const [same] = await tx
    .select({ id: routePresets.id })
    .from(routePresets)
    .where(
      and(
        eq(routePresets.projectId, projectId),
        owner,
        sql`lower(btrim(${routePresets.name})) = lower(btrim(${name}))`,
        exceptId === undefined ? undefined : ne(routePresets.id, exceptId),
      ),
    )
    .limit(1);
  if (same) fail('route_preset_name_exists', { name: name.trim() });
}

const sqlLock = (projectId: number) =>
  sql`SELECT pg_advisory_xact_lock(hashtextextended(${'route_templates:' + projectId}, 0))`;
