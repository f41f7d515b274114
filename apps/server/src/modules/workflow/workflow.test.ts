import { workflowRoutes } from '@edoc/contract/workflow-routes';
import { viewerRoutes } from '@edoc/contract/viewer-routes';
import { userRoutes } from '@edoc/contract/user-routes';
import { taskRoutes } from '@edoc/contract/task-routes';
import { projectEntryRoutes } from '@edoc/contract/project-routes';
import { manageMemberRoutes } from '@edoc/contract/member-routes';
import { documentRoutes } from '@edoc/contract/document-routes';
import { TaskState } from '@edoc/contract/states';
import { Stage } from '@edoc/contract/workflow';
import { DocStatus, TrailType } from '@edoc/contract/enums';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, documentVersions } from '../../db/schema/documents.ts';
import { folderGrants, members, roles } from '../../db/schema/projects.ts';
import { signatures, tasks } from '../../db/schema/workflow.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import {
  createProjectWorld,
  joinProject,
  PASSWORD,
  SAMPLE,
  type ProjectPerson,
  type ProjectWorld,
} from '../../test/factories.ts';
import { trailOf } from '../../test/records.ts';
import { client } from '../../test/requests.ts';

let ctx: TestContext;
let world: ProjectWorld;
let folder: number;
let r1: ProjectPerson;
let r2: ProjectPerson;
let qc: ProjectPerson;
let approver: ProjectPerson;
let n = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  world = await createProjectWorld(ctx, 'WF-1');
  folder = world.folderByIch.get('8.2.2')!;
  // One role that may review, check and approve, granted on the folder; four people hold it.
  const keys = ['viewDoc', 'reviewDoc', 'qcDoc', 'approveDoc'];
  const [role] = await ctx.db
    .insert(roles)
    .values({ projectId: world.projectId, code: 'REVIEWER', name: 'Reviewer', docKeys: keys })
    .returning();
  await ctx.db
    .insert(folderGrants)
    .values({ folderId: folder, subjectType: 'role', subjectId: role.id, docKeys: keys, manageLevel: 0 });
  [r1, r2, qc, approver] = [
    await joinProject(ctx, world, role.id),
    await joinProject(ctx, world, role.id),
    await joinProject(ctx, world, role.id),
    await joinProject(ctx, world, role.id),
  ];
});
afterAll(() => ctx.close());

const as = (p: { token: string }) => client(ctx.app, p.token);

async function newDocument(): Promise<number> {
  n += 1;
  const res = await as(world.pm).callUpload(documentRoutes.upload, {
    fields: { folderId: folder, name: `Protocol ${n}` },
    file: { name: 'p.pdf', content: SAMPLE.pdf() },
  });
  expect(res.statusCode).toBe(200);
  return res.data.fileId;
}

const route = (over: { allMustAct?: boolean; sign?: boolean } = {}) => [
  { stage: Stage.Review, userIds: [r1.id, r2.id], allMustAct: over.allMustAct ?? true },
  { stage: Stage.Qc, userIds: [qc.id] },
  { stage: Stage.Approval, userIds: [approver.id], signatureRequired: over.sign ?? true },
];
const statusOf = async (id: number) =>
  (await ctx.db.select({ s: documents.status }).from(documents).where(eq(documents.id, id)))[0].s;
const openTasksOf = (userId: number, documentId: number) =>
  ctx.db
    .select()
    .from(tasks)
    .where(and(eq(tasks.userId, userId), eq(tasks.documentId, documentId), eq(tasks.state, TaskState.Open)));

describe('review, QC and approval', () => {
  it('takes a document from editing through every stage to processed, signed', async () => {
    const id = await newDocument();
    const sent = await as(world.pm).call(workflowRoutes.send, { body: { fileId: id, stages: route() } });
    expect(sent.json()).toMatchObject({ status: true, data: { fileId: id, status: DocStatus.InReview } });
    expect(await openTasksOf(r1.id, id)).toMatchObject([{ kind: 'review' }]);

    // "All must act": the first pass keeps the stage open.
    expect(
      (await as(r1).call(workflowRoutes.decide, { params: { id }, body: { pass: true, comment: 'Fine' } })).statusCode,
    ).toBe(200);
    expect(await statusOf(id)).toBe(DocStatus.InReview);
    expect((await as(r2).call(workflowRoutes.decide, { params: { id }, body: { pass: true } })).data.status).toBe(
      DocStatus.InQc,
    );
    expect(await openTasksOf(qc.id, id)).toMatchObject([{ kind: 'qc' }]);
    expect((await as(qc).call(workflowRoutes.decide, { params: { id }, body: { pass: true } })).data.status).toBe(
      DocStatus.InApproval,
    );

    // The action panel: what the table allows each person now.
    const detail = async (p: { token: string }) => (await as(p).call(viewerRoutes.detail, { params: { id } })).data;
    expect(await detail(approver)).toMatchObject({
      actions: ['pass', 'reject'],
      signing: { required: true, needsEmail: true },
    });
    expect((await detail(world.pm)).actions).toEqual([]);
    // The approval asks for a signature: the password, and the e-mail at the session's first signing.
    const sign = (signature?: object) => as(approver).post(`/file/audit/${id}/a`, { pass: true, signature });
    expect((await sign()).json()).toMatchObject({ errorCode: 'required' });
    expect((await sign({ password: PASSWORD, confirmed: false })).json()).toMatchObject({
      errorCode: 'signature_not_confirmed',
    });
    expect((await sign({ password: PASSWORD, confirmed: true })).json()).toMatchObject({ errorCode: 'required' });
    const wrong = await sign({ email: approver.email, password: 'nope', confirmed: true });
    expect(wrong.json()).toMatchObject({ errorCode: 'wrong_password' });
    expect(await statusOf(id)).toBe(DocStatus.InApproval);
    const done = await sign({ email: approver.email, password: PASSWORD, confirmed: true, timeZone: 'Asia/Shanghai' });
    expect(done.json().data.status).toBe(DocStatus.Processed);

    const [version] = await ctx.db.select().from(documentVersions).where(eq(documentVersions.documentId, id));
    const [signature] = await ctx.db.select().from(signatures).where(eq(signatures.documentId, id));
    expect(signature).toMatchObject({
      userId: approver.id,
      meaning: 'approved',
      contentSha256: version.sha256,
      timeZone: 'Asia/Shanghai',
    });
    const types = (await trailOf(ctx.db, 'document', id)).map((r) => r.type);
    expect(types).toEqual([
      TrailType.Create,
      TrailType.SendToReview,
      TrailType.Review,
      TrailType.Review,
      TrailType.QualityCheck,
      TrailType.Sign,
      TrailType.Approve,
    ]);
    // The timeline shows the route with each decision and the signature, valid for the current content.
    const flow = (await as(world.pm).call(workflowRoutes.history, { params: { id } })).data;
    expect(flow).toHaveLength(1);
    expect(flow[0].stages.map((s) => [s.stage, s.state])).toEqual([
      [3, 1],
      [4, 1],
      [5, 1],
    ]);
    expect(flow[0].stages[2].assignees[0].signature).toMatchObject({
      meaning: 'approved',
      contentSha256: version.sha256,
      appliesToCurrent: true,
    });
    // Signatures are records: the database refuses to change them.
    await expect(ctx.db.update(signatures).set({ meaning: 'reviewed' })).rejects.toThrow();
  });

  it('sends a rejected document back to its sender, with the reason', async () => {
    const id = await newDocument();
    await as(world.pm).call(workflowRoutes.send, { body: { fileId: id, stages: route() } });
    expect((await as(r1).call(workflowRoutes.decide, { params: { id }, body: { pass: false } })).statusCode).toBe(400);
    const rejected = await as(r1).call(workflowRoutes.decide, {
      params: { id },
      body: { pass: false, comment: 'Wrong site list' },
    });
    expect(rejected.data.status).toBe(DocStatus.Editing);
    expect(await openTasksOf(world.pm.id, id)).toMatchObject([{ kind: 'rejected' }]);
    expect(await openTasksOf(r2.id, id)).toEqual([]);
    const [row] = (await trailOf(ctx.db, 'document', id)).filter((r) => r.type === TrailType.Review);
    expect(row.reason).toBe('Wrong site list');
    // Fixed and sent again: a new route.
    const again = await as(world.pm).call(workflowRoutes.send, { body: { fileId: id, stages: route() } });
    expect(again.data.status).toBe(DocStatus.InReview);
    expect(await openTasksOf(world.pm.id, id)).toEqual([]);
  });

  it('lets the sender withdraw until someone acted, and a passer retract while others are pending', async () => {
    const id = await newDocument();
    await as(world.pm).call(workflowRoutes.send, { body: { fileId: id, stages: route() } });
    expect((await as(world.pm).call(workflowRoutes.undo, { params: { id } })).data.status).toBe(DocStatus.Editing);
    await as(world.pm).call(workflowRoutes.send, { body: { fileId: id, stages: route() } });
    await as(r1).call(workflowRoutes.decide, { params: { id }, body: { pass: true } });
    expect((await as(world.pm).call(workflowRoutes.undo, { params: { id } })).json()).toMatchObject({
      errorCode: 'already_acted',
    });
    expect((await as(r1).call(workflowRoutes.undo, { params: { id } })).statusCode).toBe(200);
    expect(await openTasksOf(r1.id, id)).toMatchObject([{ kind: 'review' }]);
    expect(await statusOf(id)).toBe(DocStatus.InReview);
  });

  it('refuses what the table does not allow, changing nothing', async () => {
    const id = await newDocument();
    expect((await as(r1).call(workflowRoutes.decide, { params: { id }, body: { pass: true } })).json()).toMatchObject({
      errorCode: 'not_in_this_status',
    });
    // Staff hold no reviewDoc on the folder: a route naming them is refused.
    const bad = [{ stage: Stage.Review, userIds: [world.staff.id] }, ...route().slice(1)];
    expect((await as(world.pm).call(workflowRoutes.send, { body: { fileId: id, stages: bad } })).json()).toMatchObject({
      errorCode: 'route_changed',
    });
    // The route must name exactly the project's enabled stages.
    const short = route().slice(0, 2);
    expect((await as(world.pm).call(workflowRoutes.send, { body: { fileId: id, stages: short } })).statusCode).toBe(
      400,
    );
    expect(await statusOf(id)).toBe(DocStatus.Editing);
    expect((await trailOf(ctx.db, 'document', id)).map((r) => r.type)).toEqual([TrailType.Create]);
  });
});

describe('created for someone else', () => {
  it('waits for its recipient, who receives it once', async () => {
    n += 1;
    const created = await as(world.pm).callUpload(documentRoutes.upload, {
      fields: { folderId: folder, name: `For r1 ${n}`, assigneeId: r1.id },
      file: { name: 'p.pdf', content: SAMPLE.pdf() },
    });
    const id = created.data.fileId;
    expect(await statusOf(id)).toBe(DocStatus.WaitingReceive);
    expect(await openTasksOf(r1.id, id)).toMatchObject([{ kind: 'receive', senderId: world.pm.id }]);
    expect((await as(r2).call(workflowRoutes.receive, { params: { id } })).statusCode).toBe(403);
    const receives = await Promise.all([
      as(r1).call(workflowRoutes.receive, { params: { id } }),
      as(r1).call(workflowRoutes.receive, { params: { id } }),
    ]);
    expect(receives.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(receives.find((r) => r.statusCode === 409)!.json()).toMatchObject({ errorCode: 'already_received' });
    expect(await statusOf(id)).toBe(DocStatus.Editing);
    expect(await openTasksOf(r1.id, id)).toMatchObject([{ kind: 'edit' }]);
    // Someone who may not see the folder cannot be the recipient.
    const refused = await as(world.pm).callUpload(documentRoutes.upload, {
      fields: { folderId: folder, name: `For staff ${n}`, assigneeId: world.staff.id },
      file: { name: 'p.pdf', content: SAMPLE.pdf() },
    });
    expect(refused.json()).toMatchObject({ errorCode: 'invalid_value' });
  });
});

describe('what is in review does not change', () => {
  it('refuses renaming, new versions, removing versions and deleting until the route ends', async () => {
    const id = await newDocument();
    await as(world.pm).call(workflowRoutes.send, { body: { fileId: id, stages: route() } });
    const pm = as(world.pm);
    expect(
      (await pm.call(documentRoutes.rename, { body: { fileId: id, name: 'Renamed in review' } })).json(),
    ).toMatchObject({
      errorCode: 'not_in_this_status',
    });
    const upload = await pm.callUpload(documentRoutes.edit, {
      fields: { fileId: id },
      file: { name: 'p2.pdf', content: SAMPLE.pdf() },
    });
    expect(upload.statusCode).toBe(409);
    expect((await pm.call(documentRoutes.delete, { body: { fileId: id } })).json()).toMatchObject({
      errorCode: 'not_in_this_status',
    });
    expect(await statusOf(id)).toBe(DocStatus.InReview);
    // Withdrawn, it may change again.
    await pm.call(workflowRoutes.undo, { params: { id } });
    expect((await pm.call(documentRoutes.rename, { body: { fileId: id, name: `Renamed ${id}` } })).statusCode).toBe(
      200,
    );
  });
});

describe('at once', () => {
  it('lets exactly one of two passes, two sends or a pass and a withdrawal win', async () => {
    const id = await newDocument();
    const send = () =>
      as(world.pm).call(workflowRoutes.send, { body: { fileId: id, stages: route({ allMustAct: false }) } });
    const sends = (await Promise.all([send(), send()])).map((r) => r.statusCode).sort();
    expect(sends).toEqual([200, 409]);
    const passes = await Promise.all([
      as(r1).call(workflowRoutes.decide, { params: { id }, body: { pass: true } }),
      as(r2).call(workflowRoutes.decide, { params: { id }, body: { pass: true } }),
    ]);
    expect(passes.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await statusOf(id)).toBe(DocStatus.InQc);
    expect((await trailOf(ctx.db, 'document', id)).filter((r) => r.type === TrailType.Review)).toHaveLength(1);
  });
});

describe('batches', () => {
  it('sends many documents with one route and passes many tasks at once, each on its own', async () => {
    const ids = [await newDocument(), await newDocument()];
    const inReview = await newDocument();
    await as(world.pm).call(workflowRoutes.send, { body: { fileId: inReview, stages: route() } });
    const sent = await as(world.pm).call(workflowRoutes.batch, {
      body: {
        action: 'send',
        fileIds: [...ids, inReview],
        stages: route({ allMustAct: false }),
      },
    });
    expect(sent.data.results).toEqual([
      { fileId: ids[0], ok: true, errorCode: null, msg: null },
      { fileId: ids[1], ok: true, errorCode: null, msg: null },
      { fileId: inReview, ok: false, errorCode: 'not_in_this_status', msg: expect.stringContaining('refresh') },
    ]);
    const passed = await as(r1).call(workflowRoutes.batch, {
      body: { action: 'pass', fileIds: ids, comment: 'Batch' },
    });
    expect(passed.data.results.map((r: { ok: boolean }) => r.ok)).toEqual([true, true]);
    for (const id of ids) expect(await statusOf(id)).toBe(DocStatus.InQc);
  });
});

describe('people and their tasks', () => {
  it('counts open tasks in the project picker', async () => {
    const id = await newDocument();
    const before = (await as(qc).call(projectEntryRoutes.list, { query: { pageNum: 1, pageSize: 1000 } })).data.data;
    const count = (list: Array<{ study_id: number; taskNum: number }>) =>
      list.find((p) => p.study_id === world.projectId)!.taskNum;
    await as(world.pm).call(workflowRoutes.send, { body: { fileId: id, stages: route({ allMustAct: false }) } });
    await as(r1).call(workflowRoutes.decide, { params: { id }, body: { pass: true } });
    const after = (await as(qc).call(projectEntryRoutes.list, { query: { pageNum: 1, pageSize: 1000 } })).data.data;
    expect(count(after)).toBe(count(before) + 1);
    // Home: the QC task is pending for the checker, the review is processed for the reviewer with its decision.
    const pending = (await as(qc).call(taskRoutes.list, { query: { state: 'pending' } })).data;
    expect(pending.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ fileId: id, kind: 'qc', folderPath: expect.stringMatching(/.+ \/ .+/) }),
      ]),
    );
    const processed = (await as(r1).call(taskRoutes.list, { query: { state: 'processed' } })).data;
    expect(processed.data).toEqual(
      expect.arrayContaining([expect.objectContaining({ fileId: id, kind: 'review', outcome: 'pass' })]),
    );
  });

  it('filters the home list by task state and sorts it on the server, as the table pages there', async () => {
    const [a, b] = [await newDocument(), await newDocument()];
    for (const id of [a, b]) await as(world.pm).call(workflowRoutes.send, { body: { fileId: id, stages: route() } });
    const list = async (q: string) =>
      (await as(r1).get(`/task/list?state=pending&pageSize=500&${q}`)).json().data as {
        total: number;
        data: Array<{ fileId: number; kind: string; folderPath: string }>;
      };
    const reviews = await list('kind=review');
    expect(reviews.data.map((t) => t.fileId)).toEqual(expect.arrayContaining([a, b]));
    expect(reviews.data.every((t) => t.kind === 'review')).toBe(true);
    expect((await list('kind=archive')).total).toBe(0);
    // The folder path in the caller's language (the session's, which the language switch sets), as the tree shows it.
    const pathIn = async (lang: string) => {
      await as(r1).call(userRoutes.setLang, { body: { lang } });
      return (await list('kind=review')).data[0];
    };
    // Every folder of the path, not only the first: 8.2 and 8.2.2 of the ICH template, each with both names.
    expect((await pathIn('en-US')).folderPath).toBe(
      'Before the clinical phase of the trial / Signed protocol and amendments, and sample case report form',
    );
    expect((await pathIn('zh-CN')).folderPath).toBe('临床试验开始前 / 已签署的试验方案、修正案及病例报告表样本');
    const up = (await list('kind=review&sort=fileName&order=asc')).data.map((t) => t.fileId);
    const down = (await list('kind=review&sort=fileName&order=desc')).data.map((t) => t.fileId);
    expect(down).toEqual([...up].reverse());
    expect((await as(r1).get('/task/list?sort=kind')).statusCode).toBe(400);
  });

  it("refuses to change the rights of someone with open tasks, and hands a leaver's tasks to an administrator", async () => {
    const id = await newDocument();
    await as(world.pm).call(workflowRoutes.send, { body: { fileId: id, stages: route() } });
    const [seat] = await ctx.db
      .select({ id: members.id, roleId: members.roleId })
      .from(members)
      .where(and(eq(members.projectId, world.projectId), eq(members.userId, r2.id)));
    const change = await as(world.pm).call(manageMemberRoutes.update, {
      params: { id: seat.id },
      body: {
        roleId: world.roleIds.STU_STAFF,
        siteIds: [],
      },
    });
    expect(change.statusCode).toBe(409);
    expect(change.json()).toMatchObject({ errorCode: 'user_has_tasks' });
    expect(change.json().data).toEqual(
      expect.arrayContaining([expect.objectContaining({ fileId: id, kind: 'review' })]),
    );

    expect((await as(world.pm).call(manageMemberRoutes.remove, { params: { id: seat.id } })).statusCode).toBe(200);
    expect(await openTasksOf(r2.id, id)).toEqual([]);
    expect(await openTasksOf(world.pm.id, id)).toMatchObject([{ kind: 'review' }]);
    const [removal] = (await trailOf(ctx.db, 'member', seat.id)).slice(-1);
    expect(removal.oldValue).toMatchObject({ tasksHandedOver: expect.any(Number) });
    // The administrator now decides in r2's place: with r1, the stage where all must act completes.
    await as(r1).call(workflowRoutes.decide, { params: { id }, body: { pass: true } });
    expect((await as(world.pm).call(workflowRoutes.decide, { params: { id }, body: { pass: true } })).data.status).toBe(
      DocStatus.InQc,
    );
  });
});

describe('route presets', () => {
  it('keeps at most five per site, group or project, even when asked at once', async () => {
    const preset = (name: string) => ({ name, stages: route() });
    const made = await Promise.all(
      Array.from({ length: 7 }, (_, i) =>
        as(world.pm).call(workflowRoutes.createPreset, { body: preset(`Preset ${i}`) }),
      ),
    );
    expect(made.filter((r) => r.statusCode === 200)).toHaveLength(5);
    expect(made.find((r) => r.statusCode !== 200)!.json()).toMatchObject({
      errorCode: 'template_limit',
      msg: 'Template can be created Max 5!',
    });
    const list = (await as(r1).call(workflowRoutes.presetList)).data as Array<{ id: number; stages: unknown[] }>;
    expect(list).toHaveLength(5);
    expect(list[0].stages).toHaveLength(3);
    // Only its creator or a project administrator removes one.
    expect((await as(r1).call(workflowRoutes.deletePreset, { params: { id: list[0].id } })).statusCode).toBe(403);
    expect((await as(world.pm).call(workflowRoutes.deletePreset, { params: { id: list[0].id } })).statusCode).toBe(200);
    expect((await as(world.pm).call(workflowRoutes.createPreset, { body: preset('Again') })).statusCode).toBe(200);
  });
});
