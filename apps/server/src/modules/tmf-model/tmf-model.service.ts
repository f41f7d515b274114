import { TrailType, type Lang } from '@edoc/contract/enums';
import { tmfModelLabel, type TmfModelBody, type TmfModelDetail, type TmfModelItem } from '@edoc/contract/tmf-model';
import { and, count, eq, inArray, max, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { projects } from '../../db/schema/projects.ts';
import { tmfModels } from '../../db/schema/tmf-models.ts';
import { fail } from '../../lib/app-error.ts';
import type { Deps } from '../../lib/deps.ts';
import type { ActorContext } from '../../plugins/context.ts';
import { recordTrail, type TrailActor } from '../../trail/trail.service.ts';
import { assertCompanyExists } from '../company/company.policy.ts';
import {
  assertModel,
  loadOwnDraft,
  loadOwnModel,
  loadVisibleModel,
  visibleTo,
  type TmfModelRow,
} from './tmf-model.policy.ts';
import { checkRules, copyRules, writeRules } from './tmf-model-rules.ts';
import {
  canonicalTree,
  clearTree,
  countsOf,
  readTree,
  treeCounts,
  treeDiff,
  treeSha256,
  writeTree,
  type AnyZone,
} from './tmf-model-tree.ts';

/** The caller of a change: who acts (the trail) and in which language a refusal is worded. */
export type TmfModelCtx = ActorContext & { lang: Lang };

/** Serialises the name checks of one company's models (the unique index backs it; this gives the clear answer). */
const NAME_LOCK = 72_620_327;

const scoped = (actor: TrailActor, companyId: number): TrailActor => ({ ...actor, companyId, projectId: null });

/** Projects that use each model (issue 27 part 2 sets projects.tmf_model_id). */
async function projectCounts(tx: Tx, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: projects.tmfModelId, n: count() })
    .from(projects)
    .where(inArray(projects.tmfModelId, ids))
    .groupBy(projects.tmfModelId);
  return new Map(rows.map((r) => [r.id!, r.n]));
}

function itemOf(row: TmfModelRow, counts: ReturnType<typeof treeCounts>, projectCount: number): TmfModelItem {
  return {
    id: row.id,
    name: row.name,
    version: row.version,
    state: row.state,
    source: row.source,
    shipped: row.companyId === null,
    ...counts,
    projectCount,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A version as the trail keeps it: what it is, its size and its content's fingerprint. */
function snapshot(row: Pick<TmfModelRow, 'name' | 'version' | 'state' | 'source'>, zones: readonly AnyZone[]) {
  return {
    name: row.name,
    version: row.version,
    state: row.state,
    source: row.source,
    ...treeCounts(zones),
    treeSha256: treeSha256(zones),
  };
}

/** The shipped models first, then the company's by name and version. */
export async function listTmfModels(deps: Deps, companyId: number): Promise<TmfModelItem[]> {
  const rows = await deps.db
    .select()
    .from(tmfModels)
    .where(visibleTo(companyId))
    .orderBy(sql`${tmfModels.companyId} nulls first`, sql`lower(${tmfModels.name})`, tmfModels.version, tmfModels.id);
  const ids = rows.map((r) => r.id);
  const [counts, used] = await Promise.all([countsOf(deps.db, ids), projectCounts(deps.db, ids)]);
  return rows.map((r) => itemOf(r, counts.get(r.id)!, used.get(r.id) ?? 0));
}

export async function getTmfModel(deps: Deps, companyId: number, id: number): Promise<TmfModelDetail> {
  const row = await loadVisibleModel(deps.db, companyId, id);
  const zones = await readTree(deps.db, id);
  const used = await projectCounts(deps.db, [id]);
  return { ...itemOf(row, treeCounts(zones), used.get(id) ?? 0), zones };
}

async function assertNameFree(tx: Tx, companyId: number, name: string, version: number, exceptId?: number) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${NAME_LOCK}, ${companyId})`);
  const [clash] = await tx
    .select({ id: tmfModels.id })
    .from(tmfModels)
    .where(
      and(
        eq(tmfModels.companyId, companyId),
        sql`lower(${tmfModels.name}) = lower(${name})`,
        eq(tmfModels.version, version),
        exceptId ? ne(tmfModels.id, exceptId) : undefined,
      ),
    );
  if (clash) fail('tmf_model_name_exists');
}

/** A new draft, version 1, typed in the browser or read from a workbook (origin says which). */
export async function createTmfModel(
  deps: Deps,
  ctx: TmfModelCtx,
  { companyId, body, origin }: { companyId: number; body: TmfModelBody; origin: 'created' | 'imported' },
): Promise<number> {
  assertModel(body, ctx.lang);
  return deps.db.transaction(async (tx) => {
    await assertCompanyExists(tx, companyId);
    await assertNameFree(tx, companyId, body.name, 1);
    await checkRules(tx, companyId, body.zones);
    const [row] = await tx
      .insert(tmfModels)
      .values({ companyId, name: body.name, source: body.source || null, createdBy: ctx.actor.actorId })
      .returning();
    await writeTree(tx, row.id, body.zones);
    await writeRules(tx, row.id, body.zones);
    await recordTrail(tx, scoped(ctx.actor, companyId), {
      type: TrailType.Create,
      objectType: 'tmf_model',
      objectId: row.id,
      newValue: { ...snapshot(row, body.zones), origin },
    });
    return row.id;
  });
}

/** A draft's name, source and whole content replaced. */
export async function updateTmfModel(
  deps: Deps,
  ctx: TmfModelCtx,
  { companyId, id, body }: { companyId: number; id: number; body: TmfModelBody },
): Promise<void> {
  assertModel(body, ctx.lang);
  await deps.db.transaction(async (tx) => {
    const before = await loadOwnDraft(tx, companyId, id);
    await assertNameFree(tx, companyId, body.name, before.version, id);
    await checkRules(tx, companyId, body.zones);
    const old = await readTree(tx, id);
    const [after] = await tx
      .update(tmfModels)
      .set({ name: body.name, source: body.source || null, updatedAt: new Date() })
      .where(eq(tmfModels.id, id))
      .returning();
    await clearTree(tx, id);
    await writeTree(tx, id, body.zones);
    await writeRules(tx, id, body.zones);
    await recordTrail(tx, scoped(ctx.actor, companyId), {
      type: TrailType.Update,
      objectType: 'tmf_model',
      objectId: id,
      oldValue: snapshot(before, old),
      newValue: { ...snapshot(after, body.zones), ...treeDiff(old, body.zones) },
    });
  });
}

/** Freezes a draft: from now on projects may use it, and it changes no more. */
export async function publishTmfModel(
  deps: Deps,
  ctx: TmfModelCtx,
  { companyId, id }: { companyId: number; id: number },
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const before = await loadOwnDraft(tx, companyId, id);
    const zones = await readTree(tx, id);
    const [after] = await tx
      .update(tmfModels)
      .set({ state: 'published', updatedAt: new Date() })
      .where(eq(tmfModels.id, id))
      .returning();
    await recordTrail(tx, scoped(ctx.actor, companyId), {
      type: TrailType.Publish,
      objectType: 'tmf_model',
      objectId: id,
      oldValue: snapshot(before, zones),
      newValue: snapshot(after, zones),
    });
  });
}

/**
 * A copy of a version (the company's own or a shipped one, published or not) as the company's new draft of the same
 * name, numbered after the company's highest version of that name.
 */
export async function newTmfModelVersion(
  deps: Deps,
  ctx: TmfModelCtx,
  { companyId, id }: { companyId: number; id: number },
): Promise<number> {
  return deps.db.transaction(async (tx) => {
    await assertCompanyExists(tx, companyId);
    const from = await loadVisibleModel(tx, companyId, id);
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${NAME_LOCK}, ${companyId})`);
    const [highest] = await tx
      .select({ version: max(tmfModels.version) })
      .from(tmfModels)
      .where(and(eq(tmfModels.companyId, companyId), sql`lower(${tmfModels.name}) = lower(${from.name})`));
    const zones = canonicalTree(await readTree(tx, id));
    const [row] = await tx
      .insert(tmfModels)
      .values({
        companyId,
        name: from.name,
        version: (highest?.version ?? 0) + 1,
        source: from.source,
        basedOnId: from.id,
        createdBy: ctx.actor.actorId,
      })
      .returning();
    await writeTree(tx, row.id, zones);
    await copyRules(tx, from.id, row.id);
    await recordTrail(tx, scoped(ctx.actor, companyId), {
      type: TrailType.Create,
      objectType: 'tmf_model',
      objectId: row.id,
      newValue: { ...snapshot(row, zones), origin: 'version', basedOn: tmfModelLabel(from) },
    });
    return row.id;
  });
}

/** A version no project uses, draft or published, goes with its content. */
export async function deleteTmfModel(
  deps: Deps,
  ctx: TmfModelCtx,
  { companyId, id }: { companyId: number; id: number },
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const before = await loadOwnModel(tx, companyId, id);
    if (((await projectCounts(tx, [id])).get(id) ?? 0) > 0) fail('tmf_model_in_use');
    const zones = await readTree(tx, id);
    await tx.delete(tmfModels).where(eq(tmfModels.id, id));
    await recordTrail(tx, scoped(ctx.actor, companyId), {
      type: TrailType.Delete,
      objectType: 'tmf_model',
      objectId: id,
      oldValue: snapshot(before, zones),
    });
  });
}
