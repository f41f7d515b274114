import { manageMemberRoutes } from '@edoc/contract/member-routes';
import { qualityIssueRoutes as r } from '@edoc/contract/quality-issue-routes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members } from '../../db/schema/projects.ts';
import { joinProject } from '../../test/factories.ts';
import { createIssueWorld, type IssueWorld } from '../../test/quality-issue-fixture.ts';

// Issue 27 part 5: quality issues, their cycle, their state machine, who may take each step, their Home tasks and
// their trail on the document (archiving and site visibility: quality-issue-archive.test.ts).

let W: IssueWorld;
beforeAll(async () => {
  W = await createIssueWorld('QI-1');
}, 120_000);
afterAll(() => W.ctx.close());

const issueOf = async (who: { token: string }, documentId: number, id: number) =>
  (await W.as(who).call(r.list, { query: { documentId } })).data.items.find((i) => i.id === id)!;

describe('a quality issue from raising to verification', () => {
  it('is raised by a checker, resolved by its assignee, verified by its raiser, with tasks and trail', async () => {
    const doc = await W.processedDocument();
    const versionNo = await W.versionOf(doc);
    const id = await W.raise(W.checker, { documentId: doc, versionNo, page: 2 });

    const asAuthor = await W.as(W.author).call(r.list, { query: { documentId: doc } });
    expect(asAuthor.data).toMatchObject({ total: 1, canRaise: false });
    expect(asAuthor.data.items[0]).toMatchObject({
      id,
      documentId: doc,
      versionNo,
      page: 2,
      category: 'missing_signature',
      comment: 'Page 2 is not signed',
      state: 'open',
      raisedBy: { id: W.checker.id },
      assignee: { id: W.author.id },
      resolution: null,
      waivedBy: null,
      abilities: { resolve: true, verify: false, reopen: false, waive: false, reassign: false },
    });
    const asChecker = await W.as(W.checker).call(r.list, { query: { documentId: doc } });
    expect(asChecker.data.canRaise).toBe(true);
    expect(asChecker.data.items[0].abilities).toEqual({
      resolve: false,
      verify: false,
      reopen: false,
      waive: false,
      reassign: true,
    });
    expect(await W.pendingTasks(W.author, doc, 'qualityIssue')).toBe(1);

    const resolved = await W.as(W.author).call(r.resolve, {
      params: { id },
      body: { resolution: 'Signed page added' },
    });
    expect(resolved.statusCode).toBe(200);
    expect(await W.pendingTasks(W.author, doc, 'qualityIssue')).toBe(0);
    expect(await W.pendingTasks(W.checker, doc, 'qualityVerify')).toBe(1);
    expect(await issueOf(W.checker, doc, id)).toMatchObject({
      state: 'resolved',
      resolution: 'Signed page added',
      abilities: { verify: true, reopen: true, reassign: false },
    });

    expect((await W.as(W.checker).call(r.verify, { params: { id } })).statusCode).toBe(200);
    const verified = await issueOf(W.author, doc, id);
    expect(verified.state).toBe('verified');
    expect(verified.verifiedAt).not.toBeNull();
    expect(Object.values(verified.abilities).some(Boolean)).toBe(false);
    expect(await W.pendingTasks(W.checker, doc, 'qualityVerify')).toBe(0);

    const steps = await W.stepsOf(doc, id);
    expect(steps.map((s) => s.issueStep)).toEqual(['raise', 'resolve', 'verify']);
    expect(steps[0]).toMatchObject({
      issueCategory: 'missing_signature',
      issueState: 'open',
      assigneeId: W.author.id,
      versionNo,
      page: 2,
      comment: 'Page 2 is not signed',
    });
    expect(steps[1]).toMatchObject({ issueState: 'resolved', resolution: 'Signed page added' });
  });

  it('filters by state and by the caller: assigned to me, raised by me', async () => {
    const doc = await W.processedDocument();
    const mine = await W.raise(W.checker, { documentId: doc });
    const theirs = await W.raise(W.world.pm, { documentId: doc, assigneeId: W.author2.id });
    const ids = async (who: { token: string }, query: Record<string, unknown>) =>
      (await W.as(who).call(r.list, { query: { documentId: doc, ...query } })).data.items.map((i) => i.id);
    expect(await ids(W.author, { assignedToMe: true })).toEqual([mine]);
    expect(await ids(W.author2, { assignedToMe: true })).toEqual([theirs]);
    expect(await ids(W.checker, { raisedByMe: true })).toEqual([mine]);
    expect(await ids(W.world.pm, { state: 'open' })).toEqual([theirs, mine]);
    expect(await ids(W.world.pm, { state: 'verified' })).toEqual([]);
  });
});

describe('the state machine', () => {
  it('refuses a step from a state that does not allow it (409), and walks reopen, reassign and waive', async () => {
    const doc = await W.processedDocument();
    const id = await W.raise(W.checker, { documentId: doc });
    const stateRefusal = (res: { statusCode: number; json: () => unknown }) => {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ errorCode: 'quality_issue_state' });
    };
    stateRefusal(await W.as(W.checker).call(r.verify, { params: { id } }));
    stateRefusal(await W.as(W.checker).call(r.reopen, { params: { id }, body: { comment: 'No' } }));
    await W.as(W.author).call(r.resolve, { params: { id }, body: { resolution: 'Done' } });
    stateRefusal(await W.as(W.author).call(r.resolve, { params: { id }, body: { resolution: 'Again' } }));
    stateRefusal(await W.as(W.checker).call(r.reassign, { params: { id }, body: { assigneeId: W.author2.id } }));

    const reopened = await W.as(W.checker).call(r.reopen, { params: { id }, body: { comment: 'Still unsigned' } });
    expect(reopened.statusCode).toBe(200);
    expect((await issueOf(W.author, doc, id)).state).toBe('open');
    expect(await W.pendingTasks(W.checker, doc, 'qualityVerify')).toBe(0);
    expect(await W.pendingTasks(W.author, doc, 'qualityIssue')).toBe(1);

    const moved = await W.as(W.checker).call(r.reassign, { params: { id }, body: { assigneeId: W.author2.id } });
    expect(moved.statusCode).toBe(200);
    expect(await W.pendingTasks(W.author, doc, 'qualityIssue')).toBe(0);
    expect(await W.pendingTasks(W.author2, doc, 'qualityIssue')).toBe(1);
    expect((await issueOf(W.author2, doc, id)).assignee.id).toBe(W.author2.id);

    const waived = await W.as(W.world.pm).call(r.waive, { params: { id }, body: { reason: 'Superseded by V2' } });
    expect(waived.statusCode).toBe(200);
    expect(await issueOf(W.world.pm, doc, id)).toMatchObject({
      state: 'waived',
      waivedBy: { id: W.world.pm.id },
      waiveReason: 'Superseded by V2',
    });
    expect(await W.pendingTasks(W.author2, doc, 'qualityIssue')).toBe(0);
    stateRefusal(await W.as(W.author2).call(r.resolve, { params: { id }, body: { resolution: 'Late' } }));
    stateRefusal(await W.as(W.world.pm).call(r.waive, { params: { id }, body: { reason: 'Twice' } }));

    const steps = await W.stepsOf(doc, id);
    expect(steps.map((s) => s.issueStep)).toEqual(['raise', 'resolve', 'reopen', 'reassign', 'waive']);
    expect(steps[2]).toMatchObject({ issueState: 'open', comment: 'Still unsigned' });
    expect(steps[3]).toMatchObject({ assigneeId: W.author2.id });
    expect(steps[4]).toMatchObject({ issueState: 'waived', reason: 'Superseded by V2' });
  });
});

describe('who may', () => {
  it('raise: QC rights on the folder or a project administrator, for a member who may read the document', async () => {
    const doc = await W.processedDocument();
    const body = { documentId: doc, category: 'other' as const, comment: 'x', assigneeId: W.author.id };
    expect((await W.as(W.author).call(r.create, { body })).statusCode).toBe(403);
    // The plain staff member reads no document of the folder: it is not there for them.
    expect((await W.as(W.world.staff).call(r.create, { body })).statusCode).toBe(404);
    const toStaff = await W.as(W.checker).call(r.create, { body: { ...body, assigneeId: W.world.staff.id } });
    expect(toStaff.statusCode).toBe(400);
    expect(toStaff.json()).toMatchObject({ errorCode: 'quality_issue_assignee' });
    expect(toStaff.body).toContain('Recipient');
    const toOutsider = await W.as(W.checker).call(r.create, { body: { ...body, assigneeId: W.other.pm.id } });
    expect(toOutsider.json()).toMatchObject({ errorCode: 'quality_issue_assignee' });
    const badVersion = await W.as(W.checker).call(r.create, { body: { ...body, versionNo: 'V9.9' } });
    expect(badVersion.statusCode).toBe(400);
    expect(badVersion.json()).toMatchObject({ errorCode: 'quality_issue_version' });
    expect((await W.as(W.checker).call(r.create, { body: { ...body, page: 0 } })).statusCode).toBe(400);
    expect((await W.as(W.other.pm).call(r.create, { body })).statusCode).toBe(404);
    expect((await W.as(W.world.pm).call(r.create, { body })).statusCode).toBe(200);
  });

  it('take the steps: only the assignee resolves, only the raiser verifies, an administrator waives', async () => {
    const doc = await W.processedDocument();
    const id = await W.raise(W.checker, { documentId: doc });
    const resolve = (who: { token: string }) =>
      W.as(who).call(r.resolve, { params: { id }, body: { resolution: 'Fixed' } });
    expect((await resolve(W.author2)).statusCode).toBe(403);
    expect((await resolve(W.checker)).statusCode).toBe(403);
    expect((await W.as(W.checker).call(r.waive, { params: { id }, body: { reason: 'No' } })).statusCode).toBe(403);
    expect(
      (await W.as(W.author).call(r.reassign, { params: { id }, body: { assigneeId: W.author2.id } })).statusCode,
    ).toBe(403);
    // Another project's administrator does not see it at all.
    expect((await resolve(W.other.pm)).statusCode).toBe(404);
    expect((await W.as(W.other.pm).call(r.list, { query: {} })).data.total).toBe(0);
    expect((await resolve(W.author)).statusCode).toBe(200);
    expect((await W.as(W.author).call(r.verify, { params: { id } })).statusCode).toBe(403);
    expect((await W.as(W.world.pm).call(r.verify, { params: { id } })).statusCode).toBe(403);
    expect((await W.as(W.checker).call(r.verify, { params: { id } })).statusCode).toBe(200);
  });
});

describe('a removed member', () => {
  it('hands their open issue over with its task to the administrator who removes them, in the trail', async () => {
    const leaving = await joinProject(W.ctx, W.world, W.writerRole);
    const doc = await W.processedDocument();
    const id = await W.raise(W.checker, { documentId: doc, assigneeId: leaving.id });
    const [row] = await W.ctx.db.select().from(members).where(eq(members.userId, leaving.id));
    const removed = await W.as(W.world.pm).call(manageMemberRoutes.remove, { params: { id: row.id } });
    expect(removed.statusCode).toBe(200);
    expect(await issueOf(W.world.pm, doc, id)).toMatchObject({
      assignee: { id: W.world.pm.id },
      abilities: { resolve: true },
    });
    expect(await W.pendingTasks(W.world.pm, doc, 'qualityIssue')).toBe(1);
    expect((await W.stepsOf(doc, id)).map((s) => s.issueStep)).toEqual(['raise', 'reassign']);
  });

  it('leaves a resolved issue they raised unverified, without a task, for an administrator to waive', async () => {
    const raiser = await joinProject(W.ctx, W.world, W.qcRole);
    const doc = await W.processedDocument();
    const id = await W.raise(raiser, { documentId: doc });
    await W.as(W.author).call(r.resolve, { params: { id }, body: { resolution: 'Fixed' } });
    const [row] = await W.ctx.db.select().from(members).where(eq(members.userId, raiser.id));
    expect((await W.as(W.world.pm).call(manageMemberRoutes.remove, { params: { id: row.id } })).statusCode).toBe(200);
    expect(await W.pendingTasks(W.world.pm, doc, 'qualityVerify')).toBe(0);
    expect((await issueOf(W.world.pm, doc, id)).abilities).toMatchObject({ verify: false, waive: true });
    const waived = await W.as(W.world.pm).call(r.waive, { params: { id }, body: { reason: 'Raiser left' } });
    expect(waived.statusCode).toBe(200);
  });
});
