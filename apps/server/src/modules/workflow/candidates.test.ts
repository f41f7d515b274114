import { workflowRoutes } from '@edoc/contract/workflow-routes';
import { documentRoutes } from '@edoc/contract/document-routes';
import { Stage, STAGES } from '@edoc/contract/workflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folderGrants, roles } from '../../db/schema/projects.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { createProjectWorld, joinProject, SAMPLE, type ProjectWorld } from '../../test/factories.ts';
import { client } from '../../test/requests.ts';

let ctx: TestContext;
let world: ProjectWorld;
afterAll(() => ctx.close());
beforeAll(async () => {
  ctx = await createTestContext();
  world = await createProjectWorld(ctx, 'WF-C');
});

describe('GET /file/assignees/{id}', () => {
  it('names, per enabled stage, exactly the members holding its key on the folder — and sending them is accepted', async () => {
    const folder = world.folderByIch.get('8.2.2')!;
    const role = async (code: string, keys: string[]) => {
      const [r] = await ctx.db
        .insert(roles)
        .values({ projectId: world.projectId, code, name: code, docKeys: keys })
        .returning();
      await ctx.db
        .insert(folderGrants)
        .values({ folderId: folder, subjectType: 'role', subjectId: r.id, docKeys: keys, manageLevel: 0 });
      return r.id;
    };
    const reviewer = await joinProject(ctx, world, await role('REV', ['viewDoc', 'reviewDoc']));
    const viewer = await joinProject(ctx, world, await role('VIEW', ['viewDoc']));
    const pm = client(ctx.app, world.pm.token);
    const saved = await pm.callUpload(documentRoutes.upload, {
      fields: { folderId: folder, name: 'Candidates' },
      file: { name: 'c.pdf', content: SAMPLE.pdf() },
    });
    const fileId = saved.data.fileId;

    const res = await pm.call(workflowRoutes.assignees, { params: { id: fileId } });
    expect(res.statusCode).toBe(200);
    const stages = res.data as { stage: number; users: { id: number }[] }[];
    expect(stages.map((s) => s.stage)).toEqual([3, 4, 5]);
    const review = stages[0].users.map((u) => u.id);
    expect(review).toContain(reviewer.id);
    expect(review).not.toContain(viewer.id);
    expect(stages[1].users.map((u) => u.id)).not.toContain(reviewer.id);

    // The list and the send rule agree: a route built from it is accepted.
    const pick = (i: number) => [stages[i].users[0].id];
    const sent = await pm.call(workflowRoutes.send, {
      body: {
        fileId,
        stages: [
          { stage: Stage.Review, userIds: [reviewer.id] },
          { stage: Stage.Qc, userIds: pick(1) },
          { stage: Stage.Approval, userIds: pick(2) },
        ],
      },
    });
    expect(sent.json()).toMatchObject({ status: true });

    // A new document in the folder may be created for those who may view it there, not for oneself.
    const recipients = (await pm.call(workflowRoutes.recipients, { query: { folderId: folder } }))
      .json()
      .data.map((u: { id: number }) => u.id);
    expect(recipients).toEqual(expect.arrayContaining([reviewer.id, viewer.id]));
    expect(recipients).not.toContain(world.pm.id);
    expect((await pm.call(workflowRoutes.recipients, { query: { folderId: 999999 } })).statusCode).toBe(404);

    // Someone without viewDoc on its folder is refused, as the viewer refuses them.
    expect(
      (await client(ctx.app, world.staff.token).call(workflowRoutes.assignees, { params: { id: fileId } })).statusCode,
    ).toBe(403);
  });
});

describe('GET /file/words/{fileId}/{routeId}/a', () => {
  it("is one request's discussion: its comments and each decision's comment or reason, oldest first", async () => {
    const folder = world.folderByIch.get('8.2.2')!;
    const pm = client(ctx.app, world.pm.token);
    const saved = await pm.callUpload(documentRoutes.upload, {
      fields: { folderId: folder, name: 'Talk' },
      file: { name: 't.pdf', content: SAMPLE.pdf() },
    });
    const fileId = saved.data.fileId;
    const me = [world.pm.id];
    const stages = STAGES.map((stage) => ({ stage, userIds: me }));
    await pm.call(workflowRoutes.send, { body: { fileId, stages } });
    const [{ routeId }] = (await pm.call(workflowRoutes.history, { params: { id: fileId } })).data as {
      routeId: number;
    }[];
    expect(
      (await pm.call(documentRoutes.addWord, { body: { fileId, routeId, text: 'Please check page 3' } })).statusCode,
    ).toBe(200);
    await pm.call(documentRoutes.addWord, { body: { fileId, text: 'A comment on the document, not on the request' } });
    await pm.call(workflowRoutes.decide, {
      params: { id: fileId },
      body: { pass: false, comment: 'Page 3 is missing the date' },
    });

    const res = await pm.call(workflowRoutes.requestWords, { params: { fileId, routeId } });
    expect(res.statusCode).toBe(200);
    expect(res.data.map((w: { text: string; decision: string | null }) => [w.text, w.decision])).toEqual([
      ['Please check page 3', null],
      ['Page 3 is missing the date', 'reject'],
    ]);
    // Another document's request is not found, through either call.
    const other = await pm.callUpload(documentRoutes.upload, {
      fields: { folderId: folder, name: 'Other' },
      file: { name: 'o.pdf', content: SAMPLE.pdf() },
    });
    const otherId = other.data.fileId;
    expect((await pm.call(workflowRoutes.requestWords, { params: { fileId: otherId, routeId } })).statusCode).toBe(404);
    expect((await pm.call(documentRoutes.addWord, { body: { fileId: otherId, routeId, text: 'x' } })).statusCode).toBe(
      404,
    );
  });
});
