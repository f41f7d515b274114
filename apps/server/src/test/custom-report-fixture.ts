import type { ReportDefinitionInput } from '@edoc/contract/custom-report';
import { documentRoutes as documentCalls } from '@edoc/contract/document-routes';
import { DATASET_FIELDS } from '@edoc/contract/custom-report-fields';
import { DocStatus } from '@edoc/contract/enums';
import { StageState, TaskState } from '@edoc/contract/states';
import { Stage } from '@edoc/contract/workflow';
import { eq, inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import { documents, documentVersions } from '../db/schema/documents.ts';
import { folderGrants, roles, sites } from '../db/schema/projects.ts';
import { documentRoutes, routeStages, tasks } from '../db/schema/workflow.ts';
import type { TestContext } from './context.ts';
import { createProjectWorld, joinProject, SAMPLE, type ProjectPerson, type ProjectWorld } from './factories.ts';
import { client } from './requests.ts';

/**
 * A project whose figures the custom-report tests know by heart. The administrator (pm) files five documents:
 *
 *   folder 8.2.1 (A): A1 archived (6), A2 editing (1), A3 archived for site S2
 *   folder 8.2.2 (B): B1 archived, B2 in review (3) for site S1
 *
 * `aOnly` may view (and read the trail of) folder A only, at every site; `siteOne` may view both folders but is
 * limited to site S1; `staff` holds no grant at all. Workflow rows: review of A1 passed, QC of A2 pending, review of
 * B1 rejected (its QC never reached); tasks: review of A1 done, QC of A2 open, review of B1 open. B1 has a second
 * version "V9".
 */
export interface ReportWorld extends ProjectWorld {
  folderA: number;
  folderB: number;
  aOnly: ProjectPerson;
  siteOne: ProjectPerson;
  doc: Record<'A1' | 'A2' | 'A3' | 'B1' | 'B2', number>;
  firstVersionNo: string;
}

export async function reportWorld(ctx: TestContext, code: string): Promise<ReportWorld> {
  const world = await createProjectWorld(ctx, code);
  const folderA = world.folderByIch.get('8.2.1')!;
  const folderB = world.folderByIch.get('8.2.2')!;
  const [s1, s2] = await ctx.db
    .insert(sites)
    .values([
      { projectId: world.projectId, name: 'Site One', code: 'S1' },
      { projectId: world.projectId, name: 'Site Two', code: 'S2' },
    ])
    .returning();
  const keys = ['viewDoc', 'viewTrailDoc'];
  const [roleA, roleAll] = await ctx.db
    .insert(roles)
    .values([
      { projectId: world.projectId, code: 'A_ONLY', name: 'Folder A', docKeys: keys },
      { projectId: world.projectId, code: 'ALL', name: 'Everything', docKeys: keys },
    ])
    .returning();
  const grant = (folderId: number, roleId: number) => ({
    folderId,
    subjectType: 'role' as const,
    subjectId: roleId,
    docKeys: keys,
    manageLevel: 0,
  });
  await ctx.db
    .insert(folderGrants)
    .values([grant(folderA, roleA!.id), grant(folderA, roleAll!.id), grant(folderB, roleAll!.id)]);
  const aOnly = await joinProject(ctx, world, roleA!.id);
  const siteOne = await joinProject(ctx, world, roleAll!.id, [s1!.id]);

  const pm = client(ctx.app, world.pm.token);
  const file = async (folderId: number, name: string, siteId?: number) => {
    const fields = siteId ? { folderId, name, central: false, siteId } : { folderId, name };
    const saved = await pm.callUpload(documentCalls.upload, {
      fields,
      file: { name: `${name}.pdf`, content: SAMPLE.pdf() },
    });
    expect(saved.statusCode).toBe(200);
    return saved.data.fileId;
  };
  const doc = {
    A1: await file(folderA, 'A1'),
    A2: await file(folderA, 'A2'),
    A3: await file(folderA, 'A3', s2!.id),
    B1: await file(folderB, 'B1'),
    B2: await file(folderB, 'B2', s1!.id),
  };
  await ctx.db
    .update(documents)
    .set({ status: DocStatus.Archived })
    .where(inArray(documents.id, [doc.A1, doc.A3, doc.B1]));
  await ctx.db.update(documents).set({ status: DocStatus.InReview }).where(eq(documents.id, doc.B2));

  const [v1] = await ctx.db.select().from(documentVersions).where(eq(documentVersions.documentId, doc.B1));
  await ctx.db.insert(documentVersions).values({ ...v1!, id: undefined, versionNo: 'V9', createdAt: new Date() });

  const versionOf = async (documentId: number) =>
    (await ctx.db.select().from(documentVersions).where(eq(documentVersions.documentId, documentId)))[0]!.id;
  const route = async (documentId: number, stages: Array<{ stage: number; state: number | null }>) => {
    const [r] = await ctx.db
      .insert(documentRoutes)
      .values({ projectId: world.projectId, documentId, versionId: await versionOf(documentId), senderId: world.pm.id })
      .returning();
    await ctx.db.insert(routeStages).values(
      stages.map((s) => ({
        routeId: r!.id,
        stage: s.stage,
        state: s.state,
        openedAt: s.state === null ? null : new Date(),
        closedAt: s.state === StageState.Passed || s.state === StageState.Rejected ? new Date() : null,
      })),
    );
  };
  await route(doc.A1, [{ stage: Stage.Review, state: StageState.Passed }]);
  await route(doc.A2, [{ stage: Stage.Qc, state: StageState.Open }]);
  await route(doc.B1, [
    { stage: Stage.Review, state: StageState.Rejected },
    { stage: Stage.Qc, state: null },
  ]);
  const task = (documentId: number, kind: string, state: number) => ({
    projectId: world.projectId,
    documentId,
    userId: world.pm.id,
    kind,
    state,
  });
  await ctx.db
    .insert(tasks)
    .values([
      task(doc.A1, 'review', TaskState.Done),
      task(doc.A2, 'qc', TaskState.Open),
      task(doc.B1, 'review', TaskState.Open),
    ]);
  return { ...world, folderA, folderB, aOnly, siteOne, doc, firstVersionNo: v1!.versionNo };
}

/** A definition with the defaults filled as the web sends them. */
export const definition = (
  over: Partial<ReportDefinitionInput> & Pick<ReportDefinitionInput, 'dataset'>,
): ReportDefinitionInput => ({
  columns: [DATASET_FIELDS[over.dataset][0]!.key],
  filters: [],
  measure: { fn: 'count' },
  chartType: 'bar',
  limit: 200,
  ...over,
});

/** The groups of a run as { key: value }, for exact comparison. */
export const groupsOf = (data: { groups: Array<{ key: string | number | null; value: number }> | null }) =>
  Object.fromEntries((data.groups ?? []).map((g) => [String(g.key), g.value]));
