import type { ExpectedCreateBody } from '@edoc/contract/expected';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { countries, projects, sites } from '../../db/schema/projects.ts';
import { tmfArtifacts } from '../../db/schema/tmf-models.ts';
import { fail } from '../../lib/app-error.ts';
import { loadItems } from './expected-snapshot.ts';

/*
 * The rules of a person's action on expected documents (the gate admitted the caller): an item of the entered
 * project, not removed; a new item's artifact of the project's model at one of its levels, at a place of that level.
 * Each refusal of the body names its field.
 */

/** The project's live item, locked for the change; another project's or a removed one is not found. */
export async function loadOwnItem(tx: Tx, projectId: number, id: number) {
  const [item] = await loadItems(tx, [id], true);
  if (!item || item.projectId !== projectId || item.removedAt) fail('not_found');
  return item;
}

/** A country of the project (a country-level document's, an item's), locked against its deletion; else 400. */
export async function countryOfProject(tx: Tx, projectId: number, countryId: number) {
  const [c] = await tx
    .select({ id: countries.id, code: countries.code })
    .from(countries)
    .where(and(eq(countries.id, countryId), eq(countries.projectId, projectId)))
    .for('share');
  if (!c) fail('not_in_project', { field: 'countryId' });
  return c;
}

/** The place of a new item: a country of the project for a country item, a site of the project for a site item. */
export async function checkNewItem(tx: Tx, projectId: number, body: ExpectedCreateBody) {
  const [artifact] = await tx
    .select({ levels: tmfArtifacts.levels })
    .from(tmfArtifacts)
    .innerJoin(projects, eq(projects.tmfModelId, tmfArtifacts.modelId))
    .where(and(eq(tmfArtifacts.id, body.artifactId), eq(projects.id, projectId)));
  if (!artifact) fail('tmf_artifact_not_in_model', { field: 'artifactId' });
  if (!artifact.levels.includes(body.level)) fail('invalid_value', { field: 'level' });
  const countryId = body.countryId ?? null;
  const siteId = body.siteId ?? null;
  if (body.level !== 'country' && countryId !== null) fail('invalid_value', { field: 'countryId' });
  if (body.level !== 'site' && siteId !== null) fail('invalid_value', { field: 'siteId' });
  if (body.level === 'country') {
    if (countryId === null) fail('required_choice', { field: 'countryId' });
    await countryOfProject(tx, projectId, countryId);
  }
  if (body.level === 'site') {
    if (siteId === null) fail('required_choice', { field: 'siteId' });
    const [s] = await tx
      .select({ id: sites.id })
      .from(sites)
      .where(and(eq(sites.id, siteId), eq(sites.projectId, projectId)))
      .for('share');
    if (!s) fail('not_in_project', { field: 'siteId' });
  }
  return { countryId, siteId };
}
