import { Decision, StageState, TaskState } from '@edoc/contract/states';
import { Stage } from '@edoc/contract/workflow';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folderGrants, projects, roles } from '../../db/schema/projects.ts';
import { documentRoutes, routeStages, stageAssignees, tasks } from '../../db/schema/workflow.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import {
  createProjectWorld,
  joinProject,
  SAMPLE,
  type ProjectPerson,
  type ProjectWorld,
} from '../../test/factories.ts';
import { client } from '../../test/requests.ts';

let ctx: TestContext;
let world: ProjectWorld;
let folder: number;
let r1: ProjectPerson;
let r2: ProjectPerson;
let r3: ProjectPerson;
let n = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  world = await createProjectWorld(ctx, 'WF-RJ');
  folder = world.folderByIch.get('8.2.2')!;
  // Review alone: a route names the stages the project enables.
  await ctx.db.update(projects).set({ qcOpen: false, approveOpen: false }).where(eq(projects.id, world.projectId));
  const keys = ['viewDoc', 'reviewDoc', 'qcDoc', 'approveDoc'];
  const [role] = await ctx.db
    .insert(roles)
    .values({ projectId: world.projectId, code: 'REVIEWER', name: 'Reviewer', docKeys: keys })
    .returning();
  await ctx.db
    .insert(folderGrants)
    .values({ folderId: folder, subjectType: 'role', subjectId: role.id, docKeys: keys, manageLevel: 0 });
  [r1, r2, r3] = [
    await joinProject(ctx, world, role.id),
    await joinProject(ctx, world, role.id),
    await joinProject(ctx, world, role.id),
  ];
});
afterAll(() => ctx.close());

const as = (p: { token: string }) => client(ctx.app, p.token);

async function sentForReview(allMustAct: boolean): Promise<number> {
  n += 1;
  const res = await as(world.pm).form(
    '/minio/file/save',
    { folderId: folder, name: `Round ${n}` },
    { name: 'p.pdf', content: SAMPLE.pdf() },
  );
  const fileId = res.json().data.fileId as number;
  const sent = await as(world.pm).post('/file/apply/save', {
    fileId,
    stages: [{ stage: Stage.Review, userIds: [r1.id, r2.id, r3.id], allMustAct }],
  });
  expect(sent.json().status, sent.body).toBe(true);
  return fileId;
}

type Flow = Array<{ stages: Array<{ state: number | null; assignees: Array<{ userId: number; decision: number }> }> }>;
const decisions = async (fileId: number) => {
  const flow = (await as(world.pm).get(`/file/flow/${fileId}`)).json().data as Flow;
  const stage = flow[0].stages[0];
  return { state: stage.state, by: Object.fromEntries(stage.assignees.map((a) => [a.userId, a.decision])) };
};

describe('a closed round in the flow (issue 26 item 2)', () => {
  it('reads the others of a rejected stage as not needed, their tasks cancelled, a retracted pass too', async () => {
    const fileId = await sentForReview(true);
    expect((await as(r1).post(`/file/audit/${fileId}/a`, { pass: true })).statusCode).toBe(200);
    // r1 takes the pass back: they were to act again when r2 rejected.
    expect((await as(r1).post(`/file/undo/${fileId}/a`)).json().status).toBe(true);
    expect((await as(r2).post(`/file/audit/${fileId}/a`, { pass: false, comment: 'Wrong site' })).statusCode).toBe(200);
    expect(await decisions(fileId)).toEqual({
      state: StageState.Rejected,
      by: { [r1.id]: Decision.NotNeeded, [r2.id]: Decision.Rejected, [r3.id]: Decision.NotNeeded },
    });
    const left = await ctx.db
      .select({ state: tasks.state })
      .from(tasks)
      .where(and(eq(tasks.documentId, fileId), eq(tasks.userId, r3.id)));
    expect(left).toEqual([{ state: TaskState.Cancelled }]);
    // The rows themselves say so, not only the flow's reading of them.
    const stored = await ctx.db
      .select({ userId: stageAssignees.userId, decision: stageAssignees.decision })
      .from(stageAssignees)
      .innerJoin(routeStages, eq(routeStages.id, stageAssignees.stageId))
      .innerJoin(documentRoutes, eq(documentRoutes.id, routeStages.routeId))
      .where(eq(documentRoutes.documentId, fileId));
    expect(Object.fromEntries(stored.map((a) => [a.userId, a.decision]))).toEqual({
      [r1.id]: Decision.NotNeeded,
      [r2.id]: Decision.Rejected,
      [r3.id]: Decision.NotNeeded,
    });
  });

  it('reads the others of a stage one pass completed as not needed', async () => {
    const fileId = await sentForReview(false);
    expect((await as(r2).post(`/file/audit/${fileId}/a`, { pass: true })).statusCode).toBe(200);
    expect(await decisions(fileId)).toEqual({
      state: StageState.Passed,
      by: { [r1.id]: Decision.NotNeeded, [r2.id]: Decision.Passed, [r3.id]: Decision.NotNeeded },
    });
  });

  it("keeps an open stage's assignees pending", async () => {
    const fileId = await sentForReview(true);
    expect((await as(r3).post(`/file/audit/${fileId}/a`, { pass: true })).statusCode).toBe(200);
    expect(await decisions(fileId)).toEqual({
      state: StageState.Open,
      by: { [r1.id]: Decision.Pending, [r2.id]: Decision.Pending, [r3.id]: Decision.Passed },
    });
  });
});
