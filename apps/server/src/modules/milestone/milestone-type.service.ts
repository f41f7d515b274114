import { TrailType } from '@edoc/contract/enums';
import type { MilestoneTypeBody, MilestoneTypeItem } from '@edoc/contract/milestone';
import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { milestones, milestoneTypes } from '../../db/schema/milestones.ts';
import { fail } from '../../lib/app-error.ts';
import type { Deps } from '../../lib/deps.ts';
import type { ActorContext } from '../../plugins/context.ts';
import { recordTrail, type TrailActor } from '../../trail/trail.service.ts';
import { assertCompanyExists } from '../company/company.policy.ts';

/*
 * A company's own milestone types (issue 27 part 3 stretch), kept by its administrator beside the shipped ones,
 * which nobody changes here (another company's type, or a shipped one, is "not found" to update and delete). A code
 * is unique among the company's and the shipped types, so a project never lists two types of one code.
 */

type TypeRow = typeof milestoneTypes.$inferSelect;
const snapshot = (t: TypeRow) => ({
  code: t.code,
  nameEn: t.nameEn,
  nameZh: t.nameZh,
  level: t.level,
  position: t.position,
});
const scoped = (actor: TrailActor, companyId: number): TrailActor => ({ ...actor, companyId, projectId: null });

/** GET /milestone-type/list: shipped and the company's, by position. */
export async function listMilestoneTypes(deps: Deps, companyId: number): Promise<MilestoneTypeItem[]> {
  await assertCompanyExists(deps.db, companyId);
  const rows = await deps.db
    .select()
    .from(milestoneTypes)
    .where(or(isNull(milestoneTypes.companyId), eq(milestoneTypes.companyId, companyId)))
    .orderBy(asc(milestoneTypes.position), asc(milestoneTypes.id));
  return rows.map((t) => ({ id: t.id, ...snapshot(t), company: t.companyId !== null }));
}

/** Serialises one company's code checks (the unique index backs them; this gives the clear answer). */
async function assertCodeFree(tx: Tx, companyId: number, code: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(72620328, ${companyId}::int)`);
  const [clash] = await tx
    .select({ id: milestoneTypes.id })
    .from(milestoneTypes)
    .where(
      and(eq(milestoneTypes.code, code), or(isNull(milestoneTypes.companyId), eq(milestoneTypes.companyId, companyId))),
    );
  if (clash) fail('milestone_type_code_exists', { field: 'code' });
}
const duplicateCode = (err: unknown) =>
  isUniqueViolation(err) ? fail('milestone_type_code_exists', { field: 'code' }) : Promise.reject(err);

async function lockOwnType(tx: Tx, companyId: number, id: number): Promise<TypeRow> {
  const [row] = await tx
    .select()
    .from(milestoneTypes)
    .where(and(eq(milestoneTypes.id, id), eq(milestoneTypes.companyId, companyId)))
    .for('update');
  if (!row) fail('not_found');
  return row;
}

async function inUse(tx: Tx, typeId: number): Promise<boolean> {
  const [row] = await tx.select({ id: milestones.id }).from(milestones).where(eq(milestones.typeId, typeId)).limit(1);
  return row !== undefined;
}

export async function createMilestoneType(
  deps: Deps,
  ctx: ActorContext,
  { companyId, body }: { companyId: number; body: MilestoneTypeBody },
): Promise<number> {
  return deps.db.transaction(async (tx) => {
    await assertCompanyExists(tx, companyId);
    await assertCodeFree(tx, companyId, body.code);
    const [row] = await tx
      .insert(milestoneTypes)
      .values({ companyId, ...body })
      .returning()
      .catch(duplicateCode);
    await recordTrail(tx, scoped(ctx.actor, companyId), {
      type: TrailType.Create,
      objectType: 'milestone_type',
      objectId: row.id,
      newValue: snapshot(row),
    });
    return row.id;
  });
}

export async function updateMilestoneType(
  deps: Deps,
  ctx: ActorContext,
  { companyId, id, body }: { companyId: number; id: number; body: MilestoneTypeBody },
) {
  await deps.db.transaction(async (tx) => {
    const before = await lockOwnType(tx, companyId, id);
    if (body.code !== before.code) fail('milestone_type_code_fixed', { field: 'code' });
    // A dated type keeps its level: its milestones' places (country, site) are those of that level.
    if (body.level !== before.level && (await inUse(tx, id))) fail('milestone_type_in_use');
    const [after] = await tx
      .update(milestoneTypes)
      .set(body)
      .where(eq(milestoneTypes.id, id))
      .returning()
      .catch(duplicateCode);
    if (JSON.stringify(snapshot(before)) === JSON.stringify(snapshot(after))) return;
    await recordTrail(tx, scoped(ctx.actor, companyId), {
      type: TrailType.Update,
      objectType: 'milestone_type',
      objectId: id,
      oldValue: snapshot(before),
      newValue: snapshot(after),
    });
  });
}

export async function deleteMilestoneType(
  deps: Deps,
  ctx: ActorContext,
  { companyId, id }: { companyId: number; id: number },
) {
  await deps.db.transaction(async (tx) => {
    const before = await lockOwnType(tx, companyId, id);
    if (await inUse(tx, id)) fail('milestone_type_in_use');
    await tx.delete(milestoneTypes).where(eq(milestoneTypes.id, id));
    await recordTrail(tx, scoped(ctx.actor, companyId), {
      type: TrailType.Delete,
      objectType: 'milestone_type',
      objectId: id,
      oldValue: snapshot(before),
    });
  });
}
