import { TrailType } from '@edoc/contract/enums';
import type { MilestoneList, MilestoneRow, MilestoneSaveBody, MilestoneType } from '@edoc/contract/milestone';
import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { milestones, milestoneTypes } from '../../db/schema/milestones.ts';
import { countries, sites } from '../../db/schema/projects.ts';
import type { Deps } from '../../lib/deps.ts';
import type { ProjectContext } from '../../plugins/context.ts';
import { recordTrail } from '../../trail/trail.service.ts';
import { loadPlace, loadType, type Place } from './milestone.policy.ts';
import { regenerateIfStarted } from '../expected/expected-generate.ts';

/** The types the project sees: the shipped ones and (later) its company's own, by position. */
export async function visibleTypes(tx: Tx, companyId: number): Promise<MilestoneType[]> {
  return tx
    .select({
      id: milestoneTypes.id,
      code: milestoneTypes.code,
      nameEn: milestoneTypes.nameEn,
      nameZh: milestoneTypes.nameZh,
      level: milestoneTypes.level,
      position: milestoneTypes.position,
    })
    .from(milestoneTypes)
    .where(or(isNull(milestoneTypes.companyId), eq(milestoneTypes.companyId, companyId)))
    .orderBy(asc(milestoneTypes.position), asc(milestoneTypes.id));
}

const placeKey = (typeId: number, countryId: number | null, siteId: number | null) =>
  `${typeId}:${countryId ?? 0}:${siteId ?? 0}`;

/**
 * GET /manage/milestone/list: every cell of the grid, stored or not: each trial-level type once, then each country
 * (by code) with the country-level types, then each site (by code) with the site-level ones.
 */
export async function listMilestones(deps: Deps, ctx: ProjectContext): Promise<MilestoneList> {
  return deps.db.transaction(async (tx) => {
    const types = await visibleTypes(tx, ctx.auth.user.companyId!);
    const projectCountries = await tx
      .select({ id: countries.id })
      .from(countries)
      .where(eq(countries.projectId, ctx.projectId))
      .orderBy(asc(countries.code));
    const projectSites = await tx
      .select({ id: sites.id })
      .from(sites)
      .where(eq(sites.projectId, ctx.projectId))
      .orderBy(asc(sites.code), asc(sites.id));
    const stored = await tx.select().from(milestones).where(eq(milestones.projectId, ctx.projectId));
    const byPlace = new Map(stored.map((m) => [placeKey(m.typeId, m.countryId, m.siteId), m]));
    const rows: MilestoneRow[] = [];
    const cell = (t: MilestoneType, countryId: number | null, siteId: number | null) => {
      const m = byPlace.get(placeKey(t.id, countryId, siteId));
      rows.push({
        typeId: t.id,
        level: t.level,
        countryId,
        siteId,
        planned: m?.planned ?? null,
        actual: m?.actual ?? null,
        updatedAt: m ? m.updatedAt.toISOString() : null,
      });
    };
    const ofLevel = (level: MilestoneType['level']) => types.filter((t) => t.level === level);
    for (const t of ofLevel('trial')) cell(t, null, null);
    for (const c of projectCountries) for (const t of ofLevel('country')) cell(t, c.id, null);
    for (const s of projectSites) for (const t of ofLevel('site')) cell(t, null, s.id);
    return { types, rows };
  });
}

/** The stored row of one place, locked; undefined while none was saved. */
async function lockRow(tx: Tx, projectId: number, typeId: number, place: Place) {
  const [row] = await tx
    .select()
    .from(milestones)
    .where(
      and(
        eq(milestones.projectId, projectId),
        eq(milestones.typeId, typeId),
        sql`coalesce(${milestones.countryId}, 0) = ${place.countryId ?? 0}`,
        sql`coalesce(${milestones.siteId}, 0) = ${place.siteId ?? 0}`,
      ),
    )
    .for('update');
  return row;
}

/**
 * POST /manage/milestone/save: one cell's dates, inserted the first time and updated after; a save that changes
 * nothing writes nothing. The trail row holds the dates before and after, in the same transaction.
 */
export async function saveMilestone(deps: Deps, ctx: ProjectContext, input: MilestoneSaveBody): Promise<void> {
  const attempt = () =>
    deps.db.transaction(async (tx) => {
      const type = await loadType(tx, ctx.auth.user.companyId!, input.typeId);
      const place = await loadPlace(tx, ctx.projectId, type.level, input);
      const before = await lockRow(tx, ctx.projectId, type.id, place);
      const planned = input.planned;
      const actual = input.actual;
      if ((before?.planned ?? null) === planned && (before?.actual ?? null) === actual) return;
      const values = { planned, actual, updatedBy: ctx.auth.user.id, updatedAt: new Date() };
      const [row] = before
        ? await tx.update(milestones).set(values).where(eq(milestones.id, before.id)).returning()
        : await tx
            .insert(milestones)
            .values({
              projectId: ctx.projectId,
              typeId: type.id,
              countryId: place.countryId,
              siteId: place.siteId,
              ...values,
            })
            .returning();
      const at = { milestone: type.code, country: place.countryCode, site: place.siteCode };
      await recordTrail(tx, ctx.actor, {
        type: TrailType.Update,
        objectType: 'milestone',
        objectId: row.id,
        oldValue: { ...at, planned: before?.planned ?? null, actual: before?.actual ?? null },
        newValue: { ...at, planned, actual },
      });
      // Due dates hang on milestones (issue 27 part 4).
      await regenerateIfStarted(tx, ctx.actor, ctx.projectId, type.code);
    });
  // Two first saves of one cell at once: the unique index refuses the slower insert; it runs again and updates.
  await attempt().catch((err: unknown) => (isUniqueViolation(err) ? attempt() : Promise.reject(err)));
}
