import { TrailType } from '@edoc/contract/enums';
import type { ExportOptions, ExportSelection } from '@edoc/contract/exchange';
import { and, asc, eq, gte, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { documents, downloadTasks } from '../../db/schema/documents.ts';
import { tmfExpectedRules } from '../../db/schema/expected.ts';
import { milestones, milestoneTypes } from '../../db/schema/milestones.ts';
import { countries, projects, sites } from '../../db/schema/projects.ts';
import { tmfArtifacts, tmfModels } from '../../db/schema/tmf-models.ts';
import { fail } from '../../lib/app-error.ts';
import type { Deps } from '../../lib/deps.ts';
import { folderRights } from '../../access/folder-rights.ts';
import { siteFilter, visibleSites } from '../../access/sites.ts';
import type { ProjectContext } from '../../plugins/context.ts';
import { recordTrail } from '../../trail/trail.service.ts';
import { queuePack } from '../download/download.service.ts';

/** The export's instant as the standard's TRANSFERID: yyyyMMddHHmmss, UTC. */
export const transferIdOf = (at: Date) => at.toISOString().replace(/\D/g, '').slice(0, 14);

/** Trial: neither site nor country; country: a country and no site; site: a site. */
const levelFilter = (l: string): SQL =>
  l === 'site'
    ? isNotNull(documents.siteId)
    : l === 'country'
      ? and(isNull(documents.siteId), isNotNull(documents.countryId))!
      : and(isNull(documents.siteId), isNull(documents.countryId))!;

/**
 * The documents an export packs, through the caller's rights exactly as the download center's: live documents of
 * folders where the caller holds viewDoc and downDoc, of the sites they see; then the selection's filters. A filter
 * naming ids of another project simply matches nothing. Ordered by id: the pack pages through them by it.
 */
async function selectedDocuments(tx: Tx, ctx: ProjectContext, s: ExportSelection, modelId: number): Promise<number[]> {
  const { rights } = await folderRights(tx, ctx, undefined);
  const mayDownload = [...rights]
    .filter(([, r]) => r.isEnabled && r.docKeys.includes('viewDoc') && r.docKeys.includes('downDoc'))
    .map(([id]) => id);
  if (mayDownload.length === 0) fail('exchange_export_empty');
  const levels = (s.levels ?? []).map(levelFilter);
  const filters: Array<SQL | undefined> = [
    eq(documents.projectId, ctx.projectId),
    isNull(documents.deletedAt),
    inArray(documents.folderId, mayDownload),
    siteFilter(await visibleSites(tx, ctx)),
    s.artifactIds?.length ? inArray(documents.artifactId, s.artifactIds) : undefined,
    levels.length ? or(...levels) : undefined,
    s.countryIds?.length ? inArray(documents.countryId, s.countryIds) : undefined,
    s.siteIds?.length ? inArray(documents.siteId, s.siteIds) : undefined,
    s.statuses?.length ? inArray(documents.status, s.statuses) : undefined,
    s.milestoneId ? await milestoneFilter(tx, ctx.projectId, modelId, s.milestoneId) : undefined,
    s.documentDateFrom ? gte(documents.documentDate, s.documentDateFrom) : undefined,
    s.documentDateTo ? lte(documents.documentDate, s.documentDateTo) : undefined,
  ];
  const rows = await tx
    .select({ id: documents.id })
    .from(documents)
    .where(and(...filters))
    .orderBy(asc(documents.id));
  return rows.map((r) => r.id);
}

/**
 * The documents of a milestone: those of the artifacts and places of the expected items it anchors — the model's
 * rules naming its type's code, at the place the expected list dates them from it (expected-generate.ts): a site
 * milestone, that site's site-level documents; a country milestone, that country's country-level documents and its
 * sites' site-level ones; a trial milestone, the rule's level anywhere. None: matches nothing.
 */
async function milestoneFilter(tx: Tx, projectId: number, modelId: number, milestoneId: number): Promise<SQL> {
  const [m] = await tx
    .select({
      code: milestoneTypes.code,
      level: milestoneTypes.level,
      countryId: milestones.countryId,
      siteId: milestones.siteId,
    })
    .from(milestones)
    .innerJoin(milestoneTypes, eq(milestoneTypes.id, milestones.typeId))
    .where(and(eq(milestones.id, milestoneId), eq(milestones.projectId, projectId)));
  if (!m) fail('invalid_value', { field: 'milestoneId' });
  const rules = await tx
    .select({ artifactId: tmfExpectedRules.artifactId, level: tmfExpectedRules.level })
    .from(tmfExpectedRules)
    .where(and(eq(tmfExpectedRules.modelId, modelId), eq(tmfExpectedRules.milestoneCode, m.code)));
  const sitesOfCountry =
    m.countryId === null
      ? []
      : (await tx.select({ id: sites.id }).from(sites).where(eq(sites.countryId, m.countryId))).map((r) => r.id);
  const matches = rules.flatMap((r): SQL[] => {
    const artifact = eq(documents.artifactId, r.artifactId);
    if (m.level === 'site')
      return r.level === 'site' && m.siteId !== null ? [and(artifact, eq(documents.siteId, m.siteId))!] : [];
    if (m.level === 'country') {
      if (r.level === 'country' && m.countryId !== null)
        return [and(artifact, levelFilter('country'), eq(documents.countryId, m.countryId))!];
      if (r.level === 'site' && sitesOfCountry.length)
        return [and(artifact, inArray(documents.siteId, sitesOfCountry))!];
      return [];
    }
    return [and(artifact, levelFilter(r.level))!];
  });
  return matches.length ? or(...matches)! : sql`false`;
}

/** The selection as the trail shows it: artifacts by number, countries and sites by code (ids mean nothing later). */
async function selectionText(tx: Tx, projectId: number, s: ExportSelection) {
  const join = (values: string[]) => (values.length ? values.sort().join(', ') : null);
  const artifacts = s.artifactIds?.length
    ? await tx.select({ v: tmfArtifacts.number }).from(tmfArtifacts).where(inArray(tmfArtifacts.id, s.artifactIds))
    : [];
  const countryCodes = s.countryIds?.length
    ? await tx
        .select({ v: countries.code })
        .from(countries)
        .where(and(eq(countries.projectId, projectId), inArray(countries.id, s.countryIds)))
    : [];
  const siteCodes = s.siteIds?.length
    ? await tx
        .select({ v: sites.code })
        .from(sites)
        .where(and(eq(sites.projectId, projectId), inArray(sites.id, s.siteIds)))
    : [];
  const [milestone] = s.milestoneId
    ? await tx
        .select({ code: milestoneTypes.code, country: countries.code, site: sites.code })
        .from(milestones)
        .innerJoin(milestoneTypes, eq(milestoneTypes.id, milestones.typeId))
        .leftJoin(countries, eq(countries.id, milestones.countryId))
        .leftJoin(sites, eq(sites.id, milestones.siteId))
        .where(and(eq(milestones.id, s.milestoneId), eq(milestones.projectId, projectId)))
    : [];
  return {
    artifacts: join(artifacts.map((a) => a.v)),
    milestone: milestone ? [milestone.code, milestone.site ?? milestone.country].filter(Boolean).join(' ') : null,
    levels: s.levels ?? [],
    countries: join(countryCodes.map((c) => c.v)),
    sites: join(siteCodes.map((c) => c.v)),
    statuses: s.statuses ?? [],
    documentDateFrom: s.documentDateFrom ?? null,
    documentDateTo: s.documentDateTo ?? null,
    allVersions: s.allVersions,
  };
}

/** GET /exchange/export/options: the model's artifacts, the project's countries and the sites the caller sees. */
export async function exportOptionsOf(deps: Deps, ctx: ProjectContext): Promise<ExportOptions> {
  return deps.db.transaction(async (tx) => {
    const [head] = await tx
      .select({ id: tmfModels.id, name: tmfModels.name, version: tmfModels.version })
      .from(projects)
      .innerJoin(tmfModels, eq(tmfModels.id, projects.tmfModelId))
      .where(eq(projects.id, ctx.projectId));
    const seen = await visibleSites(tx, ctx);
    const artifacts = head
      ? await tx
          .select({
            id: tmfArtifacts.id,
            number: tmfArtifacts.number,
            nameEn: tmfArtifacts.nameEn,
            nameZh: tmfArtifacts.nameZh,
          })
          .from(tmfArtifacts)
          .where(eq(tmfArtifacts.modelId, head.id))
          .orderBy(asc(tmfArtifacts.number))
      : [];
    const marks = await tx
      .select({
        id: milestones.id,
        nameEn: milestoneTypes.nameEn,
        nameZh: milestoneTypes.nameZh,
        level: milestoneTypes.level,
        country: countries.code,
        site: sites.code,
        siteId: milestones.siteId,
      })
      .from(milestones)
      .innerJoin(milestoneTypes, eq(milestoneTypes.id, milestones.typeId))
      .leftJoin(countries, eq(countries.id, milestones.countryId))
      .leftJoin(sites, eq(sites.id, milestones.siteId))
      .where(eq(milestones.projectId, ctx.projectId))
      .orderBy(asc(milestones.id));
    return {
      // A member limited to sites sees the milestones of the trial, the countries and their own sites.
      milestones: marks
        .filter((m) => !seen || m.siteId === null || seen.includes(m.siteId))
        .map((m) => ({ id: m.id, nameEn: m.nameEn, nameZh: m.nameZh, level: m.level, place: m.site ?? m.country })),
      model: head ?? null,
      artifacts,
      countries: await tx
        .select({ id: countries.id, code: countries.code, name: countries.name })
        .from(countries)
        .where(eq(countries.projectId, ctx.projectId))
        .orderBy(asc(countries.code)),
      sites: await tx
        .select({ id: sites.id, code: sites.code, name: sites.name })
        .from(sites)
        .where(and(eq(sites.projectId, ctx.projectId), seen ? inArray(sites.id, seen) : undefined))
        .orderBy(asc(sites.code)),
    };
  });
}

/**
 * POST /exchange/export: the task (a download-center row of kind ems / inspection) with its selection and documents,
 * and the trail row saying who exported what, in one transaction; the pack runs after the commit (ems-export-pack.ts).
 */
export async function createExport(deps: Deps, ctx: ProjectContext, body: ExportSelection) {
  const now = new Date();
  const task = await deps.db.transaction(async (tx) => {
    const [project] = await tx
      .select({ code: projects.code, modelId: projects.tmfModelId })
      .from(projects)
      .where(eq(projects.id, ctx.projectId));
    if (project.modelId === null) fail('exchange_export_no_model');
    const documentIds = await selectedDocuments(tx, ctx, body, project.modelId);
    if (documentIds.length === 0) fail('exchange_export_empty');
    const name = `${project.code}-${body.kind === 'ems' ? 'EMS' : 'inspection'}-${transferIdOf(now)}`;
    const [row] = await tx
      .insert(downloadTasks)
      .values({
        projectId: ctx.projectId,
        userId: ctx.auth.user.id,
        name,
        documentIds,
        kind: body.kind,
        selection: body,
        createdAt: now,
        expiresAt: new Date(now.getTime() + deps.config.DOWNLOAD_TASK_DAYS * 86_400_000),
        lang: ctx.lang,
      })
      .returning();
    await recordTrail(tx, ctx.actor, {
      type: TrailType.View,
      objectType: 'exchange_export',
      objectId: row.id,
      newValue: {
        kind: body.kind,
        name,
        ...(await selectionText(tx, ctx.projectId, body)),
        documentsExported: documentIds.length,
        documentIds,
      },
    });
    return row;
  });
  return queuePack(deps, task);
}
