import { documentRoutes } from '@edoc/contract/document-routes';
import { TrailType } from '@edoc/contract/enums';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectedItems } from '../../db/schema/expected.ts';
import { webhookDeliveries, webhooks } from '../../db/schema/identity.ts';
import { folderGrants } from '../../db/schema/projects.ts';
import { tmfArtifacts } from '../../db/schema/tmf-models.ts';
import { tasks } from '../../db/schema/workflow.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { createProjectWorld, type ProjectWorld, SAMPLE } from '../../test/factories.ts';
import { client } from '../../test/requests.ts';
import { recordTrail } from '../../trail/trail.service.ts';
import { queueTrailEvents } from './webhook-events.ts';
import { queueOverdueEvents } from './webhook-overdue.ts';

/**
 * The events that are not a document's own trail row (issue 29 part 5): a task opened by a workflow step, a task
 * and an expected document falling overdue (a day passing writes nothing), an import's end. Each is queued once.
 */
let ctx: TestContext;
let world: ProjectWorld;
let hookId: number;
let documentId: number;

const queued = async () =>
  (await ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, hookId))).map((d) => ({
    event: d.event,
    object: (d.payload as { object: Record<string, unknown> }).object,
  }));

beforeAll(async () => {
  ctx = await createTestContext();
  world = await createProjectWorld(ctx, 'HOOK-E');
  const up = await client(ctx.app, world.pm.token).callUpload(documentRoutes.upload, {
    fields: { folderId: world.folderByIch.get('8.2.2')!, name: 'Brochure' },
    file: { name: 'b.pdf', content: SAMPLE.pdf() },
  });
  documentId = up.data.fileId;
  const [hook] = await ctx.db
    .insert(webhooks)
    .values({
      companyId: world.companyId,
      projectId: world.projectId,
      url: 'https://receiver.example/x',
      secret: 's',
      events: ['task.created', 'task.overdue', 'expected.overdue', 'exchange_import.finished'],
      createdBy: world.pm.id,
    })
    .returning();
  hookId = hook.id;
  await queueTrailEvents(ctx.db); // cursors start at the end of history
  await queueOverdueEvents(ctx.db, '2026-01-10');
}, 120_000);
afterAll(() => ctx.close());

describe('webhook events beyond the trail', () => {
  it('task.created: the tasks the step that wrote the document row opened, once', async () => {
    await ctx.db.transaction(async (tx) => {
      await tx.insert(tasks).values({ projectId: world.projectId, documentId, userId: world.staff.id, kind: 'review' });
      const step = { docStatus: 1 };
      const actor = { actorId: world.pm.id, actorName: 'PM', companyId: world.companyId, projectId: world.projectId };
      // Two rows of one step: the task is still announced once.
      for (const type of [TrailType.Withdraw, TrailType.Withdraw] as const)
        await recordTrail(tx, actor, {
          type,
          objectType: 'document',
          objectId: documentId,
          oldValue: step,
          newValue: step,
        });
    });
    // A task opened by another transaction (without a row of its document) is not this step's.
    await ctx.db.insert(tasks).values({ projectId: world.projectId, documentId, userId: world.pm.id, kind: 'edit' });
    await queueTrailEvents(ctx.db);
    const got = await queued();
    expect(got).toEqual([
      {
        event: 'task.created',
        object: expect.objectContaining({
          type: 'task',
          kind: 'review',
          assignee: expect.objectContaining({ id: world.staff.id }),
          document: { id: documentId, name: 'Brochure' },
        }),
      },
    ]);
    await ctx.db.delete(webhookDeliveries);
  });

  it('task.created from a real upload handed to a recipient (its receive task)', async () => {
    // The recipient must see the folder.
    await ctx.db.insert(folderGrants).values({
      folderId: world.folderByIch.get('8.2.2')!,
      subjectType: 'role',
      subjectId: world.roleIds.STU_STAFF,
      docKeys: ['viewDoc'],
    });
    const up = await client(ctx.app, world.pm.token).callUpload(documentRoutes.upload, {
      fields: { folderId: world.folderByIch.get('8.2.2')!, name: 'Handed over', assigneeId: world.staff.id },
      file: { name: 'h.pdf', content: SAMPLE.pdf() },
    });
    expect(up.statusCode, up.body).toBe(200);
    await queueTrailEvents(ctx.db);
    expect(await queued()).toEqual([
      {
        event: 'task.created',
        object: expect.objectContaining({
          kind: 'receive',
          assignee: expect.objectContaining({ id: world.staff.id }),
          document: { id: up.data.fileId, name: 'Handed over' },
        }),
      },
    ]);
    await ctx.db.delete(webhookDeliveries);
  });

  it('task.overdue and expected.overdue: once, the day after the due date', async () => {
    const [artifact] = await ctx.db.select().from(tmfArtifacts).limit(1);
    await ctx.db
      .insert(tasks)
      .values({ projectId: world.projectId, documentId, userId: world.staff.id, kind: 'qc', dueDate: '2026-01-10' });
    await ctx.db
      .insert(expectedItems)
      .values({ projectId: world.projectId, artifactId: artifact.id, level: 'trial', dueDate: '2026-01-10' });
    // Due today is not overdue yet; nor was anything before the first round announced.
    expect(await queueOverdueEvents(ctx.db, '2026-01-10')).toBe(0);
    expect(await queueOverdueEvents(ctx.db, '2026-01-11')).toBe(2);
    expect(await queueOverdueEvents(ctx.db, '2026-01-11')).toBe(0);
    expect(await queueOverdueEvents(ctx.db, '2026-01-12')).toBe(0);
    const got = await queued();
    expect(got.map((g) => g.event).sort()).toEqual(['expected.overdue', 'task.overdue']);
    expect(got.find((g) => g.event === 'task.overdue')!.object).toMatchObject({ kind: 'qc', dueDate: '2026-01-10' });
    expect(got.find((g) => g.event === 'expected.overdue')!.object).toMatchObject({
      type: 'expected_item',
      level: 'trial',
      artifact: artifact.number,
    });
    await ctx.db.delete(webhookDeliveries);
  });

  it("exchange_import.finished: an import's end written by the worker, which names only the project", async () => {
    const end = { packageName: 'p.zip', sourceSystem: null, objects: 3, accepted: 3, filed: 3, failed: 0 };
    const actor = { actorId: world.pm.id, actorName: 'PM', projectId: world.projectId };
    await recordTrail(ctx.db, actor, {
      type: TrailType.Update,
      objectType: 'exchange_import',
      objectId: 5,
      newValue: { state: 'done', ...end },
    });
    await recordTrail(ctx.db, actor, {
      type: TrailType.Update,
      objectType: 'exchange_import',
      objectId: 6,
      newValue: { state: 'cancelled', ...end },
    });
    await queueTrailEvents(ctx.db);
    expect(await queued()).toEqual([
      { event: 'exchange_import.finished', object: expect.objectContaining({ id: '5', state: 'done', filed: 3 }) },
    ]);
  });
});
