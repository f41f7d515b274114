import { createHash } from 'node:crypto';
import { TMF_LEVELS, type TmfArtifactView, type TmfZoneView } from '@edoc/contract/tmf-model';
import { asc, count, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { tmfArtifacts, tmfSections, tmfZones } from '../../db/schema/tmf-models.ts';
import { readRules } from './tmf-model-rules.ts';

/**
 * A model's zones, sections and artifacts as rows: written whole (a draft's content is replaced, not patched) and read
 * back in their positions. Also the content's canonical form, which the trail fingerprints and the shipped model's
 * start-up check compares.
 */

/** Rows per INSERT: an artifact row has 15 parameters, and PostgreSQL takes at most 65,535 in one statement. */
const CHUNK = 1000;

async function insertChunked<T, R>(rows: T[], insert: (part: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(...(await insert(rows.slice(i, i + CHUNK))));
  return out;
}

const orNull = (s: string | null | undefined) => (s ? s : null);
/** Levels once each, in the Reference Model's order (trial, country, site). */
const levelsOf = (levels: readonly string[]) => TMF_LEVELS.filter((l) => levels.includes(l));

/** A model's content as a request gives it (optional fields absent), as the detail answers it (null) or canonical. */
interface AnyArtifact {
  number: string;
  nameEn: string;
  nameZh?: string | null;
  subArtifacts?: readonly string[];
  levels: readonly string[];
  core?: boolean;
  ichRef?: string | null;
  dateLabel?: string | null;
  review?: boolean;
  qc?: boolean;
  approval?: boolean;
}
interface AnySection {
  number: string;
  nameEn: string;
  nameZh?: string | null;
  artifacts: readonly AnyArtifact[];
}
export interface AnyZone {
  number: string;
  nameEn: string;
  nameZh?: string | null;
  sections: readonly AnySection[];
}

/** One artifact's content, every field present, in one key order: what two equal artifacts share. */
function canonicalArtifact(a: AnyArtifact) {
  return {
    number: a.number,
    nameEn: a.nameEn,
    nameZh: orNull(a.nameZh),
    subArtifacts: [...(a.subArtifacts ?? [])],
    levels: levelsOf(a.levels),
    core: a.core ?? false,
    ichRef: orNull(a.ichRef),
    dateLabel: orNull(a.dateLabel),
    review: a.review ?? false,
    qc: a.qc ?? false,
    approval: a.approval ?? false,
  };
}

/** The model's content without ids, in order. */
export function canonicalTree(zones: readonly AnyZone[]) {
  return zones.map((z) => ({
    number: z.number,
    nameEn: z.nameEn,
    nameZh: orNull(z.nameZh),
    sections: z.sections.map((s) => ({
      number: s.number,
      nameEn: s.nameEn,
      nameZh: orNull(s.nameZh),
      artifacts: s.artifacts.map(canonicalArtifact),
    })),
  }));
}

export const treeSha256 = (zones: readonly AnyZone[]) =>
  createHash('sha256')
    .update(JSON.stringify(canonicalTree(zones)))
    .digest('hex');

export function treeCounts(zones: readonly AnyZone[]) {
  const sections = zones.flatMap((z) => z.sections);
  return {
    zoneCount: zones.length,
    sectionCount: sections.length,
    artifactCount: sections.reduce((n, s) => n + s.artifacts.length, 0),
  };
}

/** Every zone, section and artifact by its number, as its own content (a zone without its sections…). */
function byNumber(zones: readonly AnyZone[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const z of canonicalTree(zones)) {
    out.set(z.number, JSON.stringify({ ...z, sections: undefined }));
    for (const s of z.sections) {
      out.set(s.number, JSON.stringify({ ...s, artifacts: undefined, zone: z.number }));
      for (const a of s.artifacts) out.set(a.number, JSON.stringify({ ...a, section: s.number }));
    }
  }
  return out;
}

/** The numbers a new content adds, removes and changes (a moved or renamed artifact is changed), for the trail. */
export function treeDiff(before: readonly AnyZone[], after: readonly AnyZone[]) {
  const old = byNumber(before);
  const now = byNumber(after);
  return {
    numbersAdded: [...now.keys()].filter((n) => !old.has(n)),
    numbersRemoved: [...old.keys()].filter((n) => !now.has(n)),
    numbersChanged: [...now].filter(([n, v]) => old.has(n) && old.get(n) !== v).map(([n]) => n),
  };
}

/** Writes a model's content into a model that has none (a new one, or a draft just emptied). */
export async function writeTree(tx: Tx, modelId: number, zones: readonly AnyZone[]): Promise<void> {
  const zoneRows = await insertChunked(
    zones.map((z, position) => ({ modelId, number: z.number, nameEn: z.nameEn, nameZh: orNull(z.nameZh), position })),
    (part) => tx.insert(tmfZones).values(part).returning({ id: tmfZones.id, number: tmfZones.number }),
  );
  const zoneIds = new Map(zoneRows.map((r) => [r.number, r.id]));
  const sections = zones.flatMap((z) =>
    z.sections.map((s, position) => ({ s, zoneId: zoneIds.get(z.number)!, position })),
  );
  const sectionRows = await insertChunked(
    sections.map(({ s, zoneId, position }) => ({
      modelId,
      zoneId,
      number: s.number,
      nameEn: s.nameEn,
      nameZh: orNull(s.nameZh),
      position,
    })),
    (part) => tx.insert(tmfSections).values(part).returning({ id: tmfSections.id, number: tmfSections.number }),
  );
  const sectionIds = new Map(sectionRows.map((r) => [r.number, r.id]));
  const artifacts = sections.flatMap(({ s }) =>
    s.artifacts.map((a, position) => ({
      ...canonicalArtifact(a),
      modelId,
      sectionId: sectionIds.get(s.number)!,
      position,
    })),
  );
  await insertChunked(artifacts, (part) => tx.insert(tmfArtifacts).values(part).returning({ id: tmfArtifacts.id }));
}

/** Removes a draft's content (the triggers refuse it for a published model). */
export async function clearTree(tx: Tx, modelId: number): Promise<void> {
  await tx.delete(tmfArtifacts).where(eq(tmfArtifacts.modelId, modelId));
  await tx.delete(tmfSections).where(eq(tmfSections.modelId, modelId));
  await tx.delete(tmfZones).where(eq(tmfZones.modelId, modelId));
}

/** A model's content as the detail answer gives it. */
export async function readTree(tx: Tx, modelId: number): Promise<TmfZoneView[]> {
  // One after another: inside a transaction the three share one connection.
  const zones = await tx.select().from(tmfZones).where(eq(tmfZones.modelId, modelId)).orderBy(asc(tmfZones.position));
  const sections = await tx
    .select()
    .from(tmfSections)
    .where(eq(tmfSections.modelId, modelId))
    .orderBy(asc(tmfSections.position));
  const artifacts = await tx
    .select()
    .from(tmfArtifacts)
    .where(eq(tmfArtifacts.modelId, modelId))
    .orderBy(asc(tmfArtifacts.position));
  const rules = await readRules(tx, modelId);
  const artifactsOf = new Map<number, TmfArtifactView[]>();
  for (const a of artifacts) {
    const list = artifactsOf.get(a.sectionId) ?? [];
    list.push({
      id: a.id,
      number: a.number,
      nameEn: a.nameEn,
      nameZh: a.nameZh,
      subArtifacts: a.subArtifacts,
      levels: a.levels,
      core: a.core,
      ichRef: a.ichRef,
      dateLabel: a.dateLabel,
      review: a.review,
      qc: a.qc,
      approval: a.approval,
      rules: rules.get(a.id) ?? [],
    });
    artifactsOf.set(a.sectionId, list);
  }
  return zones.map((z) => ({
    number: z.number,
    nameEn: z.nameEn,
    nameZh: z.nameZh,
    sections: sections
      .filter((s) => s.zoneId === z.id)
      .map((s) => ({ number: s.number, nameEn: s.nameEn, nameZh: s.nameZh, artifacts: artifactsOf.get(s.id) ?? [] })),
  }));
}

/** Zone, section and artifact counts of many models at once (the list). */
export async function countsOf(tx: Tx, modelIds: number[]) {
  const out = new Map<number, { zoneCount: number; sectionCount: number; artifactCount: number }>();
  for (const id of modelIds) out.set(id, { zoneCount: 0, sectionCount: 0, artifactCount: 0 });
  if (modelIds.length === 0) return out;
  const tally = async (
    table: typeof tmfZones | typeof tmfSections | typeof tmfArtifacts,
    key: 'zoneCount' | 'sectionCount' | 'artifactCount',
  ) => {
    const rows = await tx
      .select({ modelId: table.modelId, n: count() })
      .from(table)
      .where(inArray(table.modelId, modelIds))
      .groupBy(table.modelId);
    for (const r of rows) out.get(r.modelId)![key] = r.n;
  };
  await tally(tmfZones, 'zoneCount');
  await tally(tmfSections, 'sectionCount');
  await tally(tmfArtifacts, 'artifactCount');
  return out;
}
