import type { MilestoneLevel, MilestoneSaveBody } from '@edoc/contract/milestone';
import { and, eq, isNull, or } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { milestoneTypes } from '../../db/schema/milestones.ts';
import { countries, sites } from '../../db/schema/projects.ts';
import { fail } from '../../lib/app-error.ts';

/*
 * The rules of a milestone's save (the projectAdmin gate admits the caller): a type the project sees (shipped or its
 * company's), and a place that fits the type's level: the trial (no country, no site), a country of the project, or
 * a site of the project. Each refusal names the field that is wrong.
 */

export type Place = {
  countryId: number | null;
  siteId: number | null;
  countryCode: string | null;
  siteCode: string | null;
};

/** A type shipped or of the company; another company's, or none, is refused naming typeId. */
export async function loadType(tx: Tx, companyId: number, typeId: number) {
  const [type] = await tx
    .select()
    .from(milestoneTypes)
    .where(
      and(eq(milestoneTypes.id, typeId), or(isNull(milestoneTypes.companyId), eq(milestoneTypes.companyId, companyId))),
    );
  if (!type) fail('invalid_value', { field: 'typeId' });
  return type;
}

/** The place the body names, checked against the level; the country or site is locked against its deletion. */
export async function loadPlace(
  tx: Tx,
  projectId: number,
  level: MilestoneLevel,
  body: Pick<MilestoneSaveBody, 'countryId' | 'siteId'>,
): Promise<Place> {
  const countryId = body.countryId ?? null;
  const siteId = body.siteId ?? null;
  if (level !== 'country' && countryId !== null) fail('milestone_level_mismatch', { field: 'countryId' });
  if (level !== 'site' && siteId !== null) fail('milestone_level_mismatch', { field: 'siteId' });
  if (level === 'country') {
    if (countryId === null) fail('required_choice', { field: 'countryId' });
    const [c] = await tx
      .select({ code: countries.code })
      .from(countries)
      .where(and(eq(countries.id, countryId), eq(countries.projectId, projectId)))
      .for('share');
    if (!c) fail('not_in_project', { field: 'countryId' });
    return { countryId, siteId: null, countryCode: c.code, siteCode: null };
  }
  if (level === 'site') {
    if (siteId === null) fail('required_choice', { field: 'siteId' });
    const [s] = await tx
      .select({ code: sites.code })
      .from(sites)
      .where(and(eq(sites.id, siteId), eq(sites.projectId, projectId)))
      .for('share');
    if (!s) fail('not_in_project', { field: 'siteId' });
    return { countryId: null, siteId, countryCode: null, siteCode: s.code };
  }
  return { countryId: null, siteId: null, countryCode: null, siteCode: null };
}
