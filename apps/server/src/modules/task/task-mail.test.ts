import { workflowRoutes } from '@edoc/contract/workflow-routes';
import { userRoutes } from '@edoc/contract/user-routes';
import { documentRoutes } from '@edoc/contract/document-routes';
import { Stage } from '@edoc/contract/workflow';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folderGrants, roles } from '../../db/schema/projects.ts';
import { users } from '../../db/schema/users.ts';
import { tasks } from '../../db/schema/workflow.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import {
  createProjectWorld,
  joinProject,
  SAMPLE,
  type ProjectPerson,
  type ProjectWorld,
} from '../../test/factories.ts';
import { mailsTo } from '../../test/records.ts';
import { client } from '../../test/requests.ts';
import { mailNewTasks, mailReminders } from './task-mail.ts';

let ctx: TestContext;
let world: ProjectWorld;
let folder: number;
let reviewer: ProjectPerson;
let checker: ProjectPerson;
const mailDeps = () => ({ db: ctx.db, jobs: ctx.deps.jobs, publicUrl: 'https://edoc.example' });

beforeAll(async () => {
  ctx = await createTestContext();
  world = await createProjectWorld(ctx, 'TM-1');
  folder = world.folderByIch.get('8.2.2')!;
  const keys = ['viewDoc', 'reviewDoc', 'qcDoc', 'approveDoc'];
  const [role] = await ctx.db
    .insert(roles)
    .values({ projectId: world.projectId, code: 'REV', name: 'Reviewer', docKeys: keys })
    .returning();
  await ctx.db
    .insert(folderGrants)
    .values({ folderId: folder, subjectType: 'role', subjectId: role.id, docKeys: keys, manageLevel: 0 });
  reviewer = await joinProject(ctx, world, role.id);
  checker = await joinProject(ctx, world, role.id);
  await ctx.db.update(users).set({ lang: 'en-US' }).where(eq(users.id, reviewer.id));
});
afterAll(() => ctx.close());

/** Mails settle through the job queue into the outbox. */
async function mailsSettled(to: string, count: number): Promise<string[]> {
  for (let i = 0; i < 100; i++) {
    const mails = await mailsTo(ctx, to);
    if (mails.length >= count) return mails;
    await new Promise((r) => setTimeout(r, 100));
  }
  return mailsTo(ctx, to);
}

async function sendFor(name: string, dueDate?: string) {
  const pm = client(ctx.app, world.pm.token);
  const saved = await pm.callUpload(documentRoutes.upload, {
    fields: { folderId: folder, name },
    file: { name: 'x.pdf', content: SAMPLE.pdf() },
  });
  const fileId = saved.data.fileId;
  const stages = [
    { stage: Stage.Review, userIds: [reviewer.id], dueDate },
    { stage: Stage.Qc, userIds: [checker.id] },
    { stage: Stage.Approval, userIds: [checker.id] },
  ];
  expect((await pm.call(workflowRoutes.send, { body: { fileId, stages } })).json()).toMatchObject({ status: true });
  return fileId;
}

describe('task e-mails', () => {
  it('announce a new task once, in the assignee language, with a link to the document', async () => {
    const fileId = await sendFor('Protocol v2');
    expect(await mailNewTasks(mailDeps())).toBeGreaterThanOrEqual(1);
    expect(await mailNewTasks(mailDeps())).toBe(0);
    const [mail] = await mailsSettled(reviewer.email, 1);
    expect(mail).toContain('"Protocol v2" is waiting for you (to review)');
    expect(mail).toContain(`https://edoc.example/view?fileId=${fileId}`);
    await new Promise((r) => setTimeout(r, 500));
    expect(await mailsTo(ctx, reviewer.email)).toHaveLength(1);
  });

  it('respect the project alerts: a kind turned off is not mailed', async () => {
    const me = client(ctx.app, reviewer.token);
    const saved = await me.call(userRoutes.saveProjectAlert, {
      body: { studyId: world.projectId, kinds: ['qc', 'approve'] },
    });
    expect(saved.statusCode).toBe(200);
    const before = (await mailsTo(ctx, reviewer.email)).length;
    await sendFor('Consent form');
    await mailNewTasks(mailDeps());
    await new Promise((r) => setTimeout(r, 500));
    expect(await mailsTo(ctx, reviewer.email)).toHaveLength(before);
    await me.call(userRoutes.saveProjectAlert, { body: { studyId: world.projectId, kinds: ['review'] } });
  });

  it('remind of a due date tomorrow and of an overdue task, each once', async () => {
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const before = (await mailsTo(ctx, reviewer.email)).length;
    const soon = await sendFor('Monitoring report', day(1));
    const late = await sendFor('Site CV', day(2));
    await mailNewTasks(mailDeps());
    // The late one's due date passes (rows written as the calendar would have them).
    await ctx.db
      .update(tasks)
      .set({ dueDate: day(-1) })
      .where(and(eq(tasks.documentId, late), eq(tasks.userId, reviewer.id)));
    expect(await mailReminders(mailDeps())).toBe(2);
    expect(await mailReminders(mailDeps())).toBe(0);
    const mails = await mailsSettled(reviewer.email, before + 4);
    const text = mails.slice(before).join('\n');
    expect(text).toContain('"Monitoring report" is due tomorrow');
    expect(text).toContain('"Site CV" is overdue');
    expect(soon).toBeGreaterThan(0);
  });
});
