import { reportRoutes } from '@edoc/contract/report-routes';
import type { RouteInput } from '@edoc/contract/route';
import { DocStatus } from '@edoc/contract/enums';
import { StageState, TaskState } from '@edoc/contract/states';
import { Stage } from '@edoc/contract/workflow';
import { eq } from 'drizzle-orm';
import { documents, documentVersions } from '../db/schema/documents.ts';
import { libraryEntries } from '../db/schema/library.ts';
import { folderGrants, projects, roles, sites } from '../db/schema/projects.ts';
import { sessions } from '../db/schema/sessions.ts';
import { documentRoutes, routeStages, tasks } from '../db/schema/workflow.ts';
import type { TestContext } from './context.ts';
import { createProjectWorld, joinProject, type ProjectPerson, type ProjectWorld } from './factories.ts';
import { client } from './requests.ts';

/**
 * A project in Asia/Shanghai whose every report figure is known (issue 14). Rows are written directly, with the
 * timestamps that give known days; instants near midnight UTC land on the next Shanghai day on purpose.
 */
export const ZONE = 'Asia/Shanghai';

/** A day counted from today in the project's zone (YYYY-MM-DD). */
export function zoneDay(offset = 0): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date());
  return new Date(Date.parse(`${today}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
}

export interface ReportWorld extends ProjectWorld {
  doc: Record<'a1' | 'a2' | 'a3' | 'b1' | 'b2' | 'gone', number>;
  folderA: number;
  folderB: number;
  s1: number;
  s2: number;
  /** A member who may view folder A only (a user grant on it; no grant elsewhere). */
  narrow: ProjectPerson;
}

const at = (iso: string) => new Date(iso);

export async function buildReportWorld(ctx: TestContext, code: string): Promise<ReportWorld> {
  const world = await createProjectWorld(ctx, code);
  const db = ctx.db;
  await db.update(projects).set({ timeZone: ZONE }).where(eq(projects.id, world.projectId));
  const folderA = world.folderByIch.get('8.2.1')!;
  const folderB = world.folderByIch.get('8.2.2')!;
  const [s1, s2] = await db
    .insert(sites)
    .values([
      { projectId: world.projectId, name: 'Peking Union', code: 'S1' },
      { projectId: world.projectId, name: 'Ruijin', code: 'S2' },
    ])
    .returning();
  const by = world.pm.id;
  const make = async (
    name: string,
    folderId: number,
    over: Partial<typeof documents.$inferInsert>,
    extension: string,
  ): Promise<number> => {
    const [d] = await db
      .insert(documents)
      .values({ projectId: world.projectId, folderId, name, createdBy: by, ...over })
      .returning();
    const [v] = await db
      .insert(documentVersions)
      .values({
        documentId: d.id,
        versionNo: 'V1.0',
        sha256: `${name}-sha`.padEnd(64, '0'),
        size: 1000,
        fileName: `${name}.${extension}`,
        extension,
        mimeType: 'application/octet-stream',
        createdBy: by,
      })
      .returning();
    await db.update(documents).set({ currentVersionId: v.id }).where(eq(documents.id, d.id));
    return d.id;
  };
  const site = (id: number) => ({ central: false, siteId: id });
  // Filed (created) on the Shanghai days: a1 2026-01-10, a2 2026-02-01 (17:00 UTC the day before), a3 02-15,
  // b1 02-20, b2 03-05; "gone" sits in the recycle bin and counts nowhere.
  const doc = {
    a1: await make(
      'Protocol',
      folderA,
      { status: DocStatus.Editing, createdAt: at('2026-01-10T02:00:00Z'), expirationDate: zoneDay(5) },
      'pdf',
    ),
    a2: await make(
      'Consent',
      folderA,
      { status: DocStatus.Editing, ...site(s1.id), createdAt: at('2026-01-31T17:00:00Z'), expirationDate: zoneDay(-1) },
      'pdf',
    ),
    a3: await make(
      'Brochure',
      folderA,
      { status: DocStatus.Archived, ...site(s1.id), createdAt: at('2026-02-15T00:00:00Z') },
      'docx',
    ),
    b1: await make(
      'Monitoring',
      folderB,
      {
        status: DocStatus.InReview,
        ...site(s2.id),
        createdAt: at('2026-02-20T04:00:00Z'),
        expirationDate: zoneDay(40),
      },
      'pdf',
    ),
    b2: await make('Budget', folderB, { status: DocStatus.Archived, createdAt: at('2026-03-05T04:00:00Z') }, 'xlsx'),
    gone: await make(
      'Deleted',
      folderA,
      { status: DocStatus.Editing, createdAt: at('2026-01-12T04:00:00Z'), deletedAt: new Date() },
      'pdf',
    ),
  };
  const versionOf = async (id: number) =>
    (await db.select().from(documents).where(eq(documents.id, id)))[0]!.currentVersionId!;
  // Archived: a3 effective 02-20, archived 02-25 Shanghai (5 days); b2 effective 03-01, archived 2026-03-10T17:00Z,
  // which is 03-11 in Shanghai (10 days).
  for (const [id, effective, archived] of [
    [doc.a3, '2026-02-20', '2026-02-25T03:00:00Z'],
    [doc.b2, '2026-03-01', '2026-03-10T17:00:00Z'],
  ] as const)
    await db.insert(libraryEntries).values({
      projectId: world.projectId,
      documentId: id,
      versionId: await versionOf(id),
      folderId: folderA,
      publishDate: effective,
      effectiveDate: effective,
      archivedBy: by,
      archivedAt: at(archived),
      activatedAt: at(archived),
    });
  // Stages with known days. Review: 2, 4, 6 (one rejected); QC: 1.5 (rejected), 1; approval: 2.5 (rejected).
  const route = async (documentId: number, stages: Array<[number, string, string, number]>, reached?: number) => {
    const [r] = await db
      .insert(documentRoutes)
      .values({ projectId: world.projectId, documentId, versionId: await versionOf(documentId), senderId: by })
      .returning();
    for (const [stage, opened, closed, state] of stages)
      await db.insert(routeStages).values({ routeId: r.id, stage, state, openedAt: at(opened), closedAt: at(closed) });
    if (reached) await db.insert(routeStages).values({ routeId: r.id, stage: reached });
  };
  await route(
    doc.b1,
    [
      [Stage.Review, '2026-02-21T00:00:00Z', '2026-02-23T00:00:00Z', StageState.Passed],
      [Stage.Qc, '2026-02-23T00:00:00Z', '2026-02-24T12:00:00Z', StageState.Rejected],
    ],
    Stage.Approval,
  );
  await route(doc.a1, [
    [Stage.Review, '2026-01-11T00:00:00Z', '2026-01-15T00:00:00Z', StageState.Passed],
    [Stage.Qc, '2026-01-15T00:00:00Z', '2026-01-16T00:00:00Z', StageState.Passed],
    [Stage.Approval, '2026-01-16T00:00:00Z', '2026-01-18T12:00:00Z', StageState.Rejected],
  ]);
  await route(doc.a2, [[Stage.Review, '2026-02-02T00:00:00Z', '2026-02-08T00:00:00Z', StageState.Rejected]]);
  // Open tasks: the pm has three (one 3 days overdue), the staff member one (1 day overdue); done and recycled
  // documents' tasks count nowhere.
  const task = (
    userId: number,
    documentId: number,
    kind: string,
    dueDate: string | null,
    state: number = TaskState.Open,
  ) => db.insert(tasks).values({ projectId: world.projectId, documentId, userId, kind, dueDate, state });
  await task(world.pm.id, doc.b1, 'review', zoneDay(-3));
  await task(world.pm.id, doc.a1, 'edit', zoneDay(2));
  await task(world.pm.id, doc.a2, 'approve', null);
  await task(world.staff.id, doc.b1, 'qc', zoneDay(-1));
  await task(world.staff.id, doc.a1, 'review', zoneDay(-9), TaskState.Done);
  await task(world.staff.id, doc.gone, 'edit', zoneDay(-9));

  // A member whose role may view, granted that on folder A alone (a grant gives only keys the role holds).
  const [bare] = await db
    .insert(roles)
    .values({ projectId: world.projectId, code: 'NARROW', name: 'Narrow', docKeys: ['viewDoc'], libraryKeys: [] })
    .returning();
  const narrow = await joinProject(ctx, world, bare.id);
  await db
    .insert(folderGrants)
    .values({ folderId: folderA, subjectType: 'user', subjectId: narrow.id, docKeys: ['viewDoc'], libraryKeys: [] });
  return { ...world, doc, folderA, folderB, s1: s1.id, s2: s2.id, narrow };
}

/** Switches a signed-in person's session to a language (the session's language wins over Accept-Language). */
export const speak = (ctx: TestContext, person: ProjectPerson, lang: 'zh-CN' | 'en-US') =>
  ctx.db.update(sessions).set({ lang }).where(eq(sessions.userId, person.id));

/** GET a report's data as the person; throws on anything but 200. */
export async function report(ctx: TestContext, token: string, query: RouteInput<typeof reportRoutes.data>['query']) {
  const res = await client(ctx.app, token).call(reportRoutes.data, { query });
  if (res.statusCode !== 200) throw new Error(`report failed: ${res.body}`);
  return res.data;
}
