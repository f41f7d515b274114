import { TrailType } from '@edoc/contract/enums';
import { folderNameIn } from '@edoc/contract/folder';
import { FolderType } from '@edoc/contract/permissions';
import { tmfModelLabel, type TmfZoneView } from '@edoc/contract/tmf-model';
import { tmfFolderName, type TmfProjectSetup, type TmfUseResult } from '@edoc/contract/tmf-project';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { documents } from '../../db/schema/documents.ts';
import { folders, projects } from '../../db/schema/projects.ts';
import { tmfModels } from '../../db/schema/tmf-models.ts';
import { pathOf, projectFolders, type FolderRow } from '../../access/folder-rights.ts';
import type { Deps } from '../../lib/deps.ts';
import type { ProjectContext } from '../../plugins/context.ts';
import { regenerateIfStarted } from '../expected/expected-generate.ts';
import { recordTrail } from '../../trail/trail.service.ts';
import { readTree } from '../tmf-model/tmf-model-tree.ts';
import { assertModelChangeable, loadUsableModel, lockProject } from './tmf-project.policy.ts';

/** Live documents directly in each folder of the project. */
async function documentCounts(tx: Tx, projectId: number): Promise<Map<number, number>> {
  const rows = await tx
    .select({ folderId: documents.folderId, n: count() })
    .from(documents)
    .where(and(eq(documents.projectId, projectId), isNull(documents.deletedAt)))
    .groupBy(documents.folderId);
  return new Map(rows.filter((r) => r.folderId !== null).map((r) => [r.folderId!, r.n]));
}

/** GET /manage/tmf/setup: the project's model, its artifacts in the model's order, and the document tree's mapping. */
export async function tmfSetup(deps: Deps, ctx: ProjectContext): Promise<TmfProjectSetup> {
  return deps.db.transaction(async (tx) => {
    const [project] = await tx
      .select({ tmfModelId: projects.tmfModelId })
      .from(projects)
      .where(eq(projects.id, ctx.projectId));
    const [model] = project?.tmfModelId
      ? await tx.select().from(tmfModels).where(eq(tmfModels.id, project.tmfModelId))
      : [];
    const zones = model ? await readTree(tx, model.id) : [];
    const rows = await projectFolders(tx, ctx.projectId, FolderType.Work);
    const byId = new Map(rows.map((f) => [f.id, f]));
    const counts = await documentCounts(tx, ctx.projectId);
    return {
      model: model
        ? {
            id: model.id,
            name: model.name,
            version: model.version,
            source: model.source,
            company: model.companyId !== null,
          }
        : null,
      artifacts: zones.flatMap((z) =>
        z.sections.flatMap((s) =>
          s.artifacts.map((a) => ({
            id: a.id,
            number: a.number,
            nameEn: a.nameEn,
            nameZh: a.nameZh,
            zoneNumber: z.number,
            sectionNumber: s.number,
            levels: a.levels,
          })),
        ),
      ),
      folders: rows.map((f) => ({
        id: f.id,
        parentId: f.parentId,
        name: folderNameIn(ctx.lang, f.name, f.nameEn),
        path: pathOf(f.id, byId, ctx.lang).join(' / '),
        artifactId: f.artifactId,
        documentCount: counts.get(f.id) ?? 0,
      })),
    };
  });
}

/**
 * The number a folder stands for: its ICH code (the ICH directory template's folders carry one: 8.2.1), else the
 * number its name (or English name) begins with, followed by a space ("05.02.01 Trial Master File Plan").
 */
function numberOf(f: FolderRow): string | null {
  if (f.ichCode) return f.ichCode;
  const lead = /^(\d{1,2}(?:\.\d{1,2}){0,2}) /;
  return lead.exec(f.name)?.[1] ?? (f.nameEn ? (lead.exec(f.nameEn)?.[1] ?? null) : null);
}

type Named = { number: string; nameEn: string; nameZh: string | null };

/**
 * Builds zone → section → artifact folders in the document tree. A folder already mapped to the artifact, or one
 * that stands for its number wherever it is in the tree (numberOf), is reused and mapped; only what is missing is
 * created, and a zone's or section's folder only when a new folder needs it as its parent (the ICH template keeps its
 * sections 8.2 / 8.3 / 8.4 at the root, with no zone "8" above them, and stays so). New folders are named
 * "<number> <name>": the Chinese name (English where there is none) with the English one beside it, as the
 * directory templates name theirs, and go after their existing siblings.
 */
async function buildTree(tx: Tx, projectId: number, zones: TmfZoneView[]) {
  const rows = await projectFolders(tx, projectId, FolderType.Work);
  const byArtifact = new Map<number, FolderRow>();
  const byNumber = new Map<string, FolderRow>();
  for (const f of rows) {
    if (f.artifactId !== null && !byArtifact.has(f.artifactId)) byArtifact.set(f.artifactId, f);
    const number = numberOf(f);
    // A folder mapped to another artifact by hand keeps that mapping: it does not stand for its number any more.
    if (number && f.artifactId === null && !byNumber.has(number)) byNumber.set(number, f);
  }
  let created = 0;
  const toMap: { folderId: number; artifactId: number }[] = [];
  const nextOrder = async (parentId: number | null) => {
    const [row] = await tx
      .select({ next: sql<number>`coalesce(max(${folders.sortOrder}) + 1, 0)::int` })
      .from(folders)
      .where(
        and(
          eq(folders.projectId, projectId),
          eq(folders.type, FolderType.Work),
          parentId === null ? isNull(folders.parentId) : eq(folders.parentId, parentId),
        ),
      );
    return row.next;
  };
  const create = async (row: Named, parentId: number | null): Promise<number | null> => {
    const [inserted] = await tx
      .insert(folders)
      .values({
        projectId,
        type: FolderType.Work,
        parentId,
        name: tmfFolderName(row, 'zh-CN'),
        nameEn: tmfFolderName(row, 'en-US'),
        sortOrder: await nextOrder(parentId),
      })
      // A sibling of that very name stands there already (mapped to something else by hand): leave it be.
      .onConflictDoNothing()
      .returning({ id: folders.id });
    if (inserted) created++;
    return inserted?.id ?? null;
  };
  /** A folder for `row` under `parent()`, found or (only when asked) created: its id, or null. */
  const place = (row: Named, parent: () => Promise<number | null>) => {
    let id: number | null | undefined = byNumber.get(row.number)?.id;
    return async () => {
      if (id === undefined) id = await create(row, await parent());
      return id;
    };
  };
  for (const zone of zones) {
    const zoneFolder = place(zone, async () => null);
    for (const section of zone.sections) {
      const sectionFolder = place(section, zoneFolder);
      for (const artifact of section.artifacts) {
        if (byArtifact.has(artifact.id)) continue;
        const found = byNumber.get(artifact.number);
        const folderId = found ? found.id : await create(artifact, await sectionFolder());
        if (folderId !== null) toMap.push({ folderId, artifactId: artifact.id });
      }
    }
  }
  for (const { folderId, artifactId } of toMap)
    await tx.update(folders).set({ artifactId }).where(eq(folders.id, folderId));
  return { created, mapped: toMap.length };
}

/**
 * POST /manage/tmf/use: the project uses the model, and its document tree follows it (buildTree). Choosing another
 * model first drops the old one's mappings (refused once documents carry its artifacts); choosing the same again
 * fills in what is missing, and when nothing was, changes nothing and writes no trail row.
 */
export async function useTmfModel(deps: Deps, ctx: ProjectContext, modelId: number): Promise<TmfUseResult> {
  return deps.db.transaction(async (tx) => {
    const project = await lockProject(tx, ctx.projectId);
    const model = await loadUsableModel(tx, project.companyId, modelId);
    const [previous] = project.tmfModelId
      ? await tx.select().from(tmfModels).where(eq(tmfModels.id, project.tmfModelId))
      : [];
    const changing = project.tmfModelId !== model.id;
    if (changing && project.tmfModelId !== null) {
      await assertModelChangeable(tx, ctx.projectId);
      await tx
        .update(folders)
        .set({ artifactId: null })
        .where(and(eq(folders.projectId, ctx.projectId), sql`${folders.artifactId} is not null`));
    }
    if (changing) await tx.update(projects).set({ tmfModelId: model.id }).where(eq(projects.id, ctx.projectId));
    const result = await buildTree(tx, ctx.projectId, await readTree(tx, model.id));
    if (changing || result.created > 0 || result.mapped > 0)
      await recordTrail(tx, ctx.actor, {
        type: TrailType.SettingsChange,
        objectType: 'project_tmf_model',
        objectId: ctx.projectId,
        oldValue: { model: previous ? tmfModelLabel(previous) : null },
        newValue: { model: tmfModelLabel(model), foldersCreated: result.created, foldersMapped: result.mapped },
      });
    // Another model expects other documents (issue 27 part 4), when the project has started its items.
    if (changing) await regenerateIfStarted(tx, ctx.actor, ctx.projectId);
    return result;
  });
}
