import type { CountryBody, CountryItem } from '@edoc/contract/country';
import { TrailType } from '@edoc/contract/enums';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { documents } from '../../db/schema/documents.ts';
import { countries, sites } from '../../db/schema/projects.ts';
import { fail } from '../../lib/app-error.ts';
import type { Deps } from '../../lib/deps.ts';
import type { ProjectContext } from '../../plugins/context.ts';
import { recordTrail } from '../../trail/trail.service.ts';
import { regenerateIfStarted } from '../expected/expected-generate.ts';

/*
 * Issue 27 part 3: the entered project's countries (the projectAdmin gate admits the caller). A code is unique in
 * the project; a country keeps its sites, so it is deleted only once none is in it.
 */

type CountryRow = typeof countries.$inferSelect;
const snapshot = (c: CountryRow) => ({ code: c.code, name: c.name });

/** GET /manage/country/list: by code, with the number of the project's sites in each. */
export async function listCountries(deps: Deps, ctx: ProjectContext): Promise<CountryItem[]> {
  const siteCount = sql<number>`(select count(*)::int from ${sites} s where s.country_id = "countries"."id")`;
  const rows = await deps.db
    .select({ c: countries, siteCount })
    .from(countries)
    .where(eq(countries.projectId, ctx.projectId))
    .orderBy(asc(countries.code));
  return rows.map(({ c, siteCount: n }) => ({ id: c.id, ...snapshot(c), siteCount: n }));
}

async function assertCodeFree(tx: Tx, projectId: number, code: string, exceptId?: number) {
  const [clash] = await tx
    .select({ id: countries.id })
    .from(countries)
    .where(
      and(
        eq(countries.projectId, projectId),
        eq(countries.code, code),
        exceptId ? ne(countries.id, exceptId) : undefined,
      ),
    );
  if (clash) fail('country_code_exists', { field: 'code' });
}

// Two administrators saving the same code at once: the unique index answers for the slower one.
const duplicateCode = (err: unknown) =>
  isUniqueViolation(err) ? fail('country_code_exists', { field: 'code' }) : Promise.reject(err);

/** A country of the entered project, locked for the change; another project's looks missing. */
async function lockCountry(tx: Tx, projectId: number, id: number): Promise<CountryRow> {
  const [row] = await tx
    .select()
    .from(countries)
    .where(and(eq(countries.id, id), eq(countries.projectId, projectId)))
    .for('update');
  if (!row) fail('not_found');
  return row;
}

export async function createCountry(deps: Deps, ctx: ProjectContext, input: CountryBody): Promise<number> {
  return deps.db.transaction(async (tx) => {
    await assertCodeFree(tx, ctx.projectId, input.code);
    const [row] = await tx
      .insert(countries)
      .values({ projectId: ctx.projectId, code: input.code, name: input.name })
      .returning()
      .catch(duplicateCode);
    await recordTrail(tx, ctx.actor, {
      type: TrailType.Create,
      objectType: 'country',
      objectId: row.id,
      newValue: snapshot(row),
    });
    // Its country-level items (issue 27 part 4), when the project has started them.
    await regenerateIfStarted(tx, ctx.actor, ctx.projectId);
    return row.id;
  });
}

export async function updateCountry(
  deps: Deps,
  ctx: ProjectContext,
  { id, input }: { id: number; input: CountryBody },
) {
  await deps.db.transaction(async (tx) => {
    const before = await lockCountry(tx, ctx.projectId, id);
    await assertCodeFree(tx, ctx.projectId, input.code, id);
    const [after] = await tx
      .update(countries)
      .set({ code: input.code, name: input.name })
      .where(eq(countries.id, id))
      .returning()
      .catch(duplicateCode);
    if (after.code === before.code && after.name === before.name) return;
    await recordTrail(tx, ctx.actor, {
      type: TrailType.Update,
      objectType: 'country',
      objectId: id,
      oldValue: snapshot(before),
      newValue: snapshot(after),
    });
  });
}

/** Refused while a site is in it; its milestones go with it (the foreign key cascades). */
export async function deleteCountry(deps: Deps, ctx: ProjectContext, id: number) {
  await deps.db.transaction(async (tx) => {
    const before = await lockCountry(tx, ctx.projectId, id);
    const [site] = await tx.select({ id: sites.id }).from(sites).where(eq(sites.countryId, id)).limit(1);
    if (site) fail('country_has_sites');
    // Its documents (recycled ones too) keep it: they are filed at it (issue 27 part 4).
    const [doc] = await tx.select({ id: documents.id }).from(documents).where(eq(documents.countryId, id)).limit(1);
    if (doc) fail('country_has_documents');
    await tx.delete(countries).where(eq(countries.id, id));
    await recordTrail(tx, ctx.actor, {
      type: TrailType.Delete,
      objectType: 'country',
      objectId: id,
      oldValue: snapshot(before),
    });
  });
}
