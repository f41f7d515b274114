import { DocStatus } from '@edoc/contract/enums';
import { libraryRoutes } from '@edoc/contract/library-routes';
import { qualityIssueRoutes as r } from '@edoc/contract/quality-issue-routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailsTo } from '../../test/records.ts';
import { mailNewTasks } from '../task/task-mail.ts';
import { createIssueWorld, type IssueWorld } from '../../test/quality-issue-fixture.ts';

// Issue 27 part 5: unfinished quality issues hold a document back from the library; an issue on a site's document
// is seen only by who sees that site; the assignee of a new issue is mailed as a new task's assignee is.

let W: IssueWorld;
beforeAll(async () => {
  W = await createIssueWorld('QI-2');
}, 120_000);
afterAll(() => W.ctx.close());

const archive = (fileId: number) => W.as(W.world.pm).call(libraryRoutes.archive, { body: { fileId } });

describe('archiving a document with quality issues', () => {
  it('is refused while an issue is open or resolved, with the count, and allowed once verified', async () => {
    const doc = await W.processedDocument();
    const id = await W.raise(W.checker, { documentId: doc });
    await W.raise(W.world.pm, { documentId: doc });
    const refused = await archive(doc);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ errorCode: 'quality_issues_open' });
    expect(refused.msg).toContain('2 quality issue');
    expect(await W.statusOf(doc)).toBe(DocStatus.Processed);

    await W.as(W.author).call(r.resolve, { params: { id }, body: { resolution: 'Fixed' } });
    const [second] = (await W.as(W.world.pm).call(r.list, { query: { documentId: doc, state: 'open' } })).data.items;
    await W.as(W.world.pm).call(r.waive, { params: { id: second.id }, body: { reason: 'Not needed' } });
    // One resolved, awaiting its raiser's verification, still holds it back.
    expect((await archive(doc)).json()).toMatchObject({ errorCode: 'quality_issues_open' });
    expect((await W.as(W.checker).call(r.verify, { params: { id } })).statusCode).toBe(200);
    const filed = await archive(doc);
    expect(filed.statusCode).toBe(200);
    expect(filed.data.status).toBe(DocStatus.Archived);
  });

  it('is allowed after a waiver; a batch archive reports the refusal per document', async () => {
    const held = await W.processedDocument();
    const free = await W.processedDocument();
    const id = await W.raise(W.checker, { documentId: held });
    const batch = await W.as(W.world.pm).call(libraryRoutes.batchArchive, { body: { fileIds: [held, free] } });
    expect(batch.data.results).toEqual([
      expect.objectContaining({ fileId: held, ok: false, errorCode: 'quality_issues_open' }),
      expect.objectContaining({ fileId: free, ok: true }),
    ]);
    expect((await W.as(W.world.pm).call(r.waive, { params: { id }, body: { reason: 'Accepted' } })).statusCode).toBe(
      200,
    );
    expect((await archive(held)).statusCode).toBe(200);
  });
});

describe("a site document's issues", () => {
  it('are not seen by a member of another site: the list leaves them out, a step or a raise is 404', async () => {
    const doc = await W.processedDocument({ central: 'false', siteId: String(W.siteIds[0]) });
    const id = await W.raise(W.checker, { documentId: doc });
    const theirs = await W.as(W.siteChecker).call(r.list, { query: {} });
    expect(theirs.data.items.map((i) => i.documentId)).not.toContain(doc);
    const own = await W.as(W.siteChecker).call(r.list, { query: { documentId: doc } });
    expect(own.data).toMatchObject({ total: 0, canRaise: false });
    const reassign = await W.as(W.siteChecker).call(r.reassign, { params: { id }, body: { assigneeId: W.author.id } });
    expect(reassign.statusCode).toBe(404);
    const raise = await W.as(W.siteChecker).call(r.create, {
      body: { documentId: doc, category: 'other', comment: 'x', assigneeId: W.author.id },
    });
    expect(raise.statusCode).toBe(404);
    // Nor may one be assigned to them.
    const toSite = await W.as(W.checker).call(r.create, {
      body: { documentId: doc, category: 'other', comment: 'x', assigneeId: W.siteChecker.id },
    });
    expect(toSite.json()).toMatchObject({ errorCode: 'quality_issue_assignee' });
  });
});

describe('the mail of a new issue', () => {
  it('tells the assignee, as a new task is told', async () => {
    const doc = await W.processedDocument();
    await W.raise(W.checker, { documentId: doc, assigneeId: W.author2.id });
    await mailNewTasks({ db: W.ctx.db, jobs: W.ctx.deps.jobs, publicUrl: 'https://edoc.example' });
    let mails: string[] = [];
    for (let i = 0; i < 100 && mails.length === 0; i++) {
      mails = await mailsTo(W.ctx, W.author2.email);
      if (mails.length === 0) await new Promise((done) => setTimeout(done, 100));
    }
    expect(mails.join('\n')).toMatch(/quality issue to resolve|质量问题待处理/);
  });
});
