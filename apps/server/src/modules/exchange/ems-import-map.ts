import type { ImportProblemCode, ImportTarget } from '@edoc/contract/exchange-import';
import type { FolderRights } from '@edoc/contract/permissions';
import { eq, sql } from 'drizzle-orm';
import { projectFolders, rightsOfUser } from '../../access/folder-rights.ts';
import type { Tx } from '../../db/client.ts';
import { countries, projects, sites } from '../../db/schema/projects.ts';
import { tmfArtifacts } from '../../db/schema/tmf-models.ts';
import { alpha2Of } from './ems-countries.ts';

/*
 * Where an EMS object goes in the project (docs/exchange.md, part 2): ARTIFACTNUMBER → the project's model artifact
 * and the first folder mapped to it; COUNTRYID (alpha-3) → the project's country; SITEID / SITESYSTEMID → the
 * project's site by code; a live document with the same OBJECTID → conflict. The problems that depend on the target
 * are recomputed whenever the user corrects it, so this is the one place that says what blocks a row.
 */

export interface Problem {
  code: ImportProblemCode;
  params: Record<string, string>;
}
export interface ImportOptions {
  createCountries: boolean;
  createSites: boolean;
}
/** The parts of a row's source the mapping reads. */
export interface SourceRef {
  level: string;
  countryId: string | null;
  siteId: string | null;
  siteSystemId: string | null;
  artifactNumber: string;
}
/** As stored: the folder's name in both languages (the answer gives the reader's), and the conflict's document. */
export type StoredTarget = ImportTarget & { existingDocumentId?: number | null; folderNameEn?: string | null };

/** Problems the target decides; the others (files, dates) are the package's and stay as found. */
export const TARGET_CODES: readonly ImportProblemCode[] = [
  'unknown_artifact',
  'no_folder',
  'unknown_country',
  'unknown_site',
  'no_rights',
];
const BLOCKING: readonly ImportProblemCode[] = [
  ...TARGET_CODES,
  'missing_file',
  'checksum_mismatch',
  'unreadable_file',
  'no_version',
];

/** Whether a problem keeps its row from being filed, given the import's options. */
export function isBlocking(p: Problem, options: ImportOptions): boolean {
  if (p.code === 'unknown_country') return !(options.createCountries && p.params.creatable === 'yes');
  if (p.code === 'unknown_site') return !options.createSites;
  return BLOCKING.includes(p.code);
}

export interface MapContext {
  artifacts: Map<string, number>;
  folderOfArtifact: Map<number, { id: number; name: string; nameEn: string | null }>;
  folders: Map<number, { name: string; nameEn: string | null; artifactId: number | null }>;
  countries: Map<string, number>;
  sites: Map<string, { id: number; countryId: number | null }>;
  rights: Map<number, FolderRights> | null;
}

/** What the mapping needs of the project, read once per preview or decision. */
export async function mapContext(
  tx: Tx,
  projectId: number,
  user: { userId: number; fullAccess: boolean },
): Promise<MapContext> {
  const [project] = await tx.select({ modelId: projects.tmfModelId }).from(projects).where(eq(projects.id, projectId));
  const arts = project?.modelId
    ? await tx
        .select({ id: tmfArtifacts.id, number: tmfArtifacts.number })
        .from(tmfArtifacts)
        .where(eq(tmfArtifacts.modelId, project.modelId))
    : [];
  const rows = await projectFolders(tx, projectId, 0);
  const folderOfArtifact = new Map<number, { id: number; name: string; nameEn: string | null }>();
  // projectFolders is in tree order: the first folder mapped to an artifact is the one nearest the top.
  for (const f of rows) if (f.artifactId && !folderOfArtifact.has(f.artifactId)) folderOfArtifact.set(f.artifactId, f);
  const cs = await tx.select().from(countries).where(eq(countries.projectId, projectId));
  const ss = await tx.select().from(sites).where(eq(sites.projectId, projectId));
  return {
    artifacts: new Map(arts.map((a) => [a.number, a.id])),
    folderOfArtifact,
    folders: new Map(rows.map((f) => [f.id, { name: f.name, nameEn: f.nameEn, artifactId: f.artifactId }])),
    countries: new Map(cs.map((c) => [c.code.toUpperCase(), c.id])),
    sites: new Map(ss.map((s) => [s.code, { id: s.id, countryId: s.countryId }])),
    rights: await rightsOfUser(tx, projectId, { ...user, rows }),
  };
}

/** The live documents of the project carrying these object ids (a conflict each). */
export async function existingObjects(tx: Tx, projectId: number, objectIds: string[]): Promise<Map<string, number>> {
  if (objectIds.length === 0) return new Map();
  // An imported document by the id its source gave it; one made here by the id edoc's export gives it
  // (<project code>-D<id>), so a package of this very project, sent back, conflicts with what it came from. The ids
  // travel as one JSON parameter: a package's 100,000 would pass the protocol's 65,535 parameters.
  const rows = await tx.execute<{ id: number; object_id: string }>(sql`
    select d.id, coalesce(d.source_object_id, p.code || '-D' || d.id) as object_id
    from documents d join projects p on p.id = d.project_id
    where d.project_id = ${projectId} and d.deleted_at is null
      and coalesce(d.source_object_id, p.code || '-D' || d.id) in
        (select jsonb_array_elements_text(${JSON.stringify(objectIds)}::jsonb))`);
  return new Map(rows.rows.map((r) => [r.object_id, r.id]));
}

const LEVEL_OF: Record<string, ImportTarget['level']> = { Trial: 'trial', Country: 'country', Site: 'site' };

/** The first target of an object: the mapping's result before any correction. */
export function mapTarget(
  m: MapContext,
  src: SourceRef,
  base: { name: string; documentDate: string | null; expiryDate: string | null },
): StoredTarget {
  const artifactId = m.artifacts.get(src.artifactNumber) ?? null;
  const folder = artifactId ? m.folderOfArtifact.get(artifactId) : undefined;
  const level = LEVEL_OF[src.level] ?? 'trial';
  const site = level === 'site' ? (m.sites.get(src.siteId ?? '') ?? m.sites.get(src.siteSystemId ?? '')) : undefined;
  const alpha2 = src.countryId ? alpha2Of(src.countryId) : null;
  const countryId = site?.countryId ?? (alpha2 ? (m.countries.get(alpha2) ?? null) : null);
  return {
    artifactId,
    folderId: folder?.id ?? null,
    folderName: folder?.name ?? null,
    folderNameEn: folder?.nameEn ?? null,
    level,
    countryId: level === 'trial' ? null : countryId,
    siteId: site?.id ?? null,
    ...base,
  };
}

/** The problems a target has, given what the package said (its artifact number, country and site codes). */
export function targetProblems(m: MapContext, src: SourceRef, t: StoredTarget): Problem[] {
  const out: Problem[] = [];
  if (t.folderId === null) {
    if (t.artifactId === null) out.push({ code: 'unknown_artifact', params: { number: src.artifactNumber } });
    else out.push({ code: 'no_folder', params: { number: src.artifactNumber } });
  } else {
    const r = m.rights?.get(t.folderId);
    if (!r?.isEnabled || !r.docKeys.includes('importDoc'))
      out.push({ code: 'no_rights', params: { folder: m.folders.get(t.folderId)?.name ?? String(t.folderId) } });
  }
  if (t.level !== 'trial' && t.countryId === null && t.siteId === null) {
    const code = src.countryId ?? '';
    out.push({ code: 'unknown_country', params: { code, creatable: alpha2Of(code) ? 'yes' : 'no' } });
  }
  if (t.level === 'site' && t.siteId === null)
    out.push({ code: 'unknown_site', params: { code: src.siteId ?? src.siteSystemId ?? '' } });
  return out;
}
