import { tmfProjectRoutes } from '@edoc/contract/tmf-project-routes';
import type { QualityIssueCategory, QualityIssueState } from '@edoc/contract/quality-issue';
import { documents, documentVersions } from '../db/schema/documents.ts';
import { expectedItemDocuments, expectedItems } from '../db/schema/expected.ts';
import { countries, folderGrants, roles, sites } from '../db/schema/projects.ts';
import { qualityIssues } from '../db/schema/quality.ts';
import { documentRoutes, routeStages } from '../db/schema/workflow.ts';
import type { TestContext } from './context.ts';
import { createProjectWorld, joinProject, type ProjectPerson, type ProjectWorld } from './factories.ts';
import { client } from './requests.ts';
import { ichModel } from './tmf-project-fixture.ts';

/*
 * The small world of the TMF health tests (issue 27 part 6), written straight into the tables parts 4 and 5 fill, so
 * each figure can be worked out by hand (tmf-health.test.ts does, next to each assertion). Days are counted back from
 * today (UTC): `ago(5)` is five days before today, at noon.
 *
 * Artifacts of the ICH model: A 8.2.1 (section 8.2), B 8.3.12 (8.3), C 8.4.4 (8.4). Countries CN, US; sites S1, S2 in
 * CN, S3 in US. Items (removed 8 never counts):
 *   1 A trial filed due −10 (d1)   2 A trial open due −5          3 A trial open due +10      4 A site S1 filed due −3 (d2)
 *   5 A site S3 open, no due       6 B site S1 not applicable     7 B site S2 open due −1      8 B site S2 removed due −20
 *   9 C trial filed, no due (d3)   10 A country CN open due −2
 * Documents (artifact, place, document date → filed on, creator): d1 A trial −40 → −5 pm; d2 A S1 −12 → −2 staff;
 * d3 C trial −30 → 0 pm; d4 B S2 −32 → 0 staff; d5 A without a date; d6 B S2 deleted; d7 without an artifact.
 * QC stages: d1 rejected −6 then passed −4; d2 passed −1; d3 pending, and a review stage passed; d4 rejected −1.
 * Issues: d1 missing_signature open, wrong_date resolved; d2 missing_signature verified, illegible open; d6 other open.
 */

const DAY = 86_400_000;
export const dayOf = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);
const at = (offset: number) => new Date(`${dayOf(offset)}T12:00:00Z`);

export interface HealthWorld {
  world: ProjectWorld;
  countryIds: { CN: number; US: number };
  siteIds: { S1: number; S2: number; S3: number };
  artifacts: { A: number; B: number; C: number };
  items: number[];
  docs: number[];
  /** A member granted viewDoc on the folders of A and B, limited to site S1; one with the same grants, no sites;
   * one who may view no folder. */
  siteMember: ProjectPerson;
  folderMember: ProjectPerson;
  blind: ProjectPerson;
}

export async function healthWorld(ctx: TestContext, code: string): Promise<HealthWorld> {
  const world = await createProjectWorld(ctx, code);
  const ich = await ichModel(ctx);
  const used = await client(ctx.app, world.pm.token).call(tmfProjectRoutes.use, { body: { modelId: ich.id } });
  if (used.statusCode !== 200) throw new Error(used.body);
  const db = ctx.db;
  const projectId = world.projectId;
  const artifacts = { A: ich.artifacts.get('8.2.1')!, B: ich.artifacts.get('8.3.12')!, C: ich.artifacts.get('8.4.4')! };
  const [cn, us] = await db
    .insert(countries)
    .values([
      { projectId, code: 'CN', name: 'China' },
      { projectId, code: 'US', name: 'United States' },
    ])
    .returning();
  const [s1, s2, s3] = await db
    .insert(sites)
    .values([
      { projectId, name: 'Site One', code: 'S1', countryId: cn.id },
      { projectId, name: 'Site Two', code: 'S2', countryId: cn.id },
      { projectId, name: 'Site Three', code: 'S3', countryId: us.id },
    ])
    .returning();

  const folder = world.folderByIch.get('8.2.1')!;
  const doc = async (v: Partial<typeof documents.$inferInsert> & { offset?: number }) => {
    const { offset = 0, ...rest } = v;
    const [row] = await db
      .insert(documents)
      .values({
        projectId,
        folderId: folder,
        name: `D${Math.random()}`,
        createdBy: world.pm.id,
        createdAt: at(offset),
        ...rest,
      })
      .returning();
    return row.id;
  };
  const d1 = await doc({ name: 'd1', artifactId: artifacts.A, documentDate: dayOf(-40), offset: -5 });
  const d2 = await doc({
    name: 'd2',
    artifactId: artifacts.A,
    documentDate: dayOf(-12),
    offset: -2,
    siteId: s1.id,
    central: false,
    createdBy: world.staff.id,
  });
  const d3 = await doc({ name: 'd3', artifactId: artifacts.C, documentDate: dayOf(-30) });
  const d4 = await doc({
    name: 'd4',
    artifactId: artifacts.B,
    documentDate: dayOf(-32),
    siteId: s2.id,
    central: false,
    createdBy: world.staff.id,
  });
  const d5 = await doc({ name: 'd5', artifactId: artifacts.A });
  const d6 = await doc({
    name: 'd6',
    artifactId: artifacts.B,
    documentDate: dayOf(-3),
    siteId: s2.id,
    central: false,
    deletedAt: new Date(),
  });
  const d7 = await doc({ name: 'd7', documentDate: dayOf(-100) });

  const item = async (v: Partial<typeof expectedItems.$inferInsert>) =>
    (
      await db
        .insert(expectedItems)
        .values({ projectId, artifactId: artifacts.A, level: 'trial', ...v })
        .returning()
    )[0].id;
  const filed = { state: 'filed' as const, filedAt: new Date() };
  const items = [
    await item({ ...filed, dueDate: dayOf(-10) }),
    await item({ dueDate: dayOf(-5), occurrence: 2 }),
    await item({ dueDate: dayOf(10), occurrence: 3 }),
    await item({ ...filed, level: 'site', siteId: s1.id, dueDate: dayOf(-3) }),
    await item({ level: 'site', siteId: s3.id }),
    await item({ artifactId: artifacts.B, level: 'site', siteId: s1.id, state: 'not_applicable', reason: 'None held' }),
    await item({ artifactId: artifacts.B, level: 'site', siteId: s2.id, dueDate: dayOf(-1) }),
    await item({
      artifactId: artifacts.B,
      level: 'site',
      siteId: s2.id,
      dueDate: dayOf(-20),
      occurrence: 2,
      removedAt: new Date(),
    }),
    await item({ ...filed, artifactId: artifacts.C }),
    await item({ level: 'country', countryId: cn.id, dueDate: dayOf(-2) }),
  ];
  await db.insert(expectedItemDocuments).values([
    { itemId: items[0], documentId: d1 },
    { itemId: items[3], documentId: d2 },
    { itemId: items[8], documentId: d3 },
  ]);

  const stage = async (documentId: number, stages: Array<[number, number | null, number | null]>) => {
    const [version] = await db
      .insert(documentVersions)
      .values({
        documentId,
        versionNo: 'V1.0',
        sha256: 'x',
        size: 1,
        fileName: 'a.pdf',
        extension: 'pdf',
        mimeType: 'application/pdf',
        createdBy: world.pm.id,
      })
      .returning();
    const [route] = await db
      .insert(documentRoutes)
      .values({ projectId, documentId, versionId: version.id, senderId: world.pm.id })
      .returning();
    for (const [n, state, closed] of stages)
      await db
        .insert(routeStages)
        .values({ routeId: route.id, stage: n, state, closedAt: closed === null ? null : at(closed) });
  };
  await stage(d1, [[4, 2, -6]]);
  await stage(d1, [[4, 1, -4]]);
  await stage(d2, [[4, 1, -1]]);
  await stage(d3, [
    [3, 1, -1],
    [4, 0, null],
  ]);
  await stage(d4, [[4, 2, -1]]);

  const issue = (documentId: number, category: QualityIssueCategory, state: QualityIssueState) => ({
    projectId,
    documentId,
    category,
    state,
    comment: 'c',
    raisedBy: world.pm.id,
    assigneeId: world.staff.id,
  });
  await db
    .insert(qualityIssues)
    .values([
      issue(d1, 'missing_signature', 'open'),
      issue(d1, 'wrong_date', 'resolved'),
      issue(d2, 'missing_signature', 'verified'),
      issue(d2, 'illegible', 'open'),
      issue(d6, 'other', 'open'),
    ]);

  const [reader] = await db
    .insert(roles)
    .values({ projectId, code: 'TMF_READER', name: 'Reader', docKeys: ['viewDoc'] })
    .returning();
  for (const ichCode of ['8.2.1', '8.3.12'])
    await db.insert(folderGrants).values({
      folderId: world.folderByIch.get(ichCode)!,
      subjectType: 'role',
      subjectId: reader.id,
      docKeys: ['viewDoc'],
    });
  const [nobody] = await db.insert(roles).values({ projectId, code: 'NOBODY', name: 'Nobody' }).returning();
  return {
    world,
    countryIds: { CN: cn.id, US: us.id },
    siteIds: { S1: s1.id, S2: s2.id, S3: s3.id },
    artifacts,
    items,
    docs: [d1, d2, d3, d4, d5, d6, d7],
    siteMember: await joinProject(ctx, world, reader.id, [s1.id]),
    folderMember: await joinProject(ctx, world, reader.id),
    blind: await joinProject(ctx, world, nobody.id),
  };
}
