import type { Lang } from '@edoc/contract/enums';
import type { TmfGroupBy } from '@edoc/contract/tmf-health';
import { tmfName } from '@edoc/contract/tmf-model';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { countries, sites } from '../../db/schema/projects.ts';
import { tmfArtifacts, tmfSections, tmfZones } from '../../db/schema/tmf-models.ts';
import { users } from '../../db/schema/users.ts';

/*
 * The label of each group key of the summary, in the caller's language, and the groups' order: a model's zones,
 * sections and artifacts by their position; countries by code, sites by code, people by name; levels trial,
 * country, site. A key that names nothing (no country, no site) reads "None" and comes last.
 */

const LEVELS: Record<string, readonly [string, string]> = {
  trial: ['试验', 'Trial'],
  country: ['国家', 'Country'],
  site: ['中心', 'Site'],
};
const NONE = ['无', 'None'] as const;

export interface Labelled {
  label: string;
  order: number;
}

const idsOf = (keys: string[]) => keys.filter((k) => /^\d+$/.test(k)).map(Number);

/** Label and order of each key. */
export async function groupLabels(
  tx: Tx,
  by: TmfGroupBy,
  keys: string[],
  ctx: { lang: Lang; modelId: number; projectId: number },
): Promise<Map<string, Labelled>> {
  const pick = (pair: readonly [string, string]) => pair[ctx.lang === 'en-US' ? 1 : 0];
  const out = new Map<string, Labelled>(keys.map((k) => [k, { label: pick(NONE), order: Number.MAX_SAFE_INTEGER }]));
  const put = (rows: Array<{ id: number; label: string }>) =>
    rows.forEach((r, order) => out.has(String(r.id)) && out.set(String(r.id), { label: r.label, order }));
  const ids = idsOf(keys);
  const named = (r: { number: string; nameEn: string; nameZh: string | null }) => `${r.number} ${tmfName(r, ctx.lang)}`;
  switch (by) {
    case 'level':
      Object.keys(LEVELS).forEach((k, order) => out.has(k) && out.set(k, { label: pick(LEVELS[k]), order }));
      break;
    case 'zone': {
      const rows = await tx
        .select()
        .from(tmfZones)
        .where(eq(tmfZones.modelId, ctx.modelId))
        .orderBy(asc(tmfZones.position));
      put(rows.map((r) => ({ id: r.id, label: named(r) })));
      break;
    }
    case 'section': {
      const rows = await tx
        .select({
          id: tmfSections.id,
          number: tmfSections.number,
          nameEn: tmfSections.nameEn,
          nameZh: tmfSections.nameZh,
        })
        .from(tmfSections)
        .innerJoin(tmfZones, eq(tmfZones.id, tmfSections.zoneId))
        .where(eq(tmfSections.modelId, ctx.modelId))
        .orderBy(asc(tmfZones.position), asc(tmfSections.position));
      put(rows.map((r) => ({ id: r.id, label: named(r) })));
      break;
    }
    case 'artifact': {
      const rows = await tx
        .select({
          id: tmfArtifacts.id,
          number: tmfArtifacts.number,
          nameEn: tmfArtifacts.nameEn,
          nameZh: tmfArtifacts.nameZh,
        })
        .from(tmfArtifacts)
        .innerJoin(tmfSections, eq(tmfSections.id, tmfArtifacts.sectionId))
        .innerJoin(tmfZones, eq(tmfZones.id, tmfSections.zoneId))
        .where(eq(tmfArtifacts.modelId, ctx.modelId))
        .orderBy(asc(tmfZones.position), asc(tmfSections.position), asc(tmfArtifacts.position));
      put(rows.map((r) => ({ id: r.id, label: named(r) })));
      break;
    }
    case 'country': {
      const rows = await tx
        .select({ id: countries.id, code: countries.code, name: countries.name })
        .from(countries)
        .where(eq(countries.projectId, ctx.projectId))
        .orderBy(asc(countries.code));
      put(rows.map((r) => ({ id: r.id, label: `${r.code} ${r.name}` })));
      break;
    }
    case 'site': {
      const rows = await tx
        .select({ id: sites.id, name: sites.name })
        .from(sites)
        .where(eq(sites.projectId, ctx.projectId))
        .orderBy(asc(sites.code), asc(sites.id));
      put(rows.map((r) => ({ id: r.id, label: r.name })));
      break;
    }
    case 'person': {
      const rows = ids.length
        ? await tx
            .select({ id: users.id, label: users.name })
            .from(users)
            .where(inArray(users.id, ids))
            .orderBy(asc(users.name), asc(users.id))
        : [];
      put(rows);
      break;
    }
  }
  return out;
}
