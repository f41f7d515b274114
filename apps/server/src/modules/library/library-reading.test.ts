import { STAGES } from '@edoc/contract/workflow';
import { workflowRoutes } from '@edoc/contract/workflow-routes';
import { viewerRoutes } from '@edoc/contract/viewer-routes';
import { userRoutes } from '@edoc/contract/user-routes';
import { projectRoutes } from '@edoc/contract/project-routes';
import { libraryRoutes } from '@edoc/contract/library-routes';
import { documentRoutes } from '@edoc/contract/document-routes';
import { spawnSync } from 'node:child_process';
import { DocStatus } from '@edoc/contract/enums';
import { eq } from 'drizzle-orm';
import { PDFDocument, rgb } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents } from '../../db/schema/documents.ts';
import { libraryEntries } from '../../db/schema/library.ts';
import { folderGrants, projects, roles } from '../../db/schema/projects.ts';
import { mailsTo, trailOf } from '../../test/records.ts';
import { joinProject, SAMPLE } from '../../test/factories.ts';
import { mailExpiryNotices } from './expiry-mail.ts';
import { createLibraryWorld, day, type LibraryWorld } from '../../test/library-world.ts';

// Issue 11: reading the library — its list, thumbnails, the viewer for library readers — the expiry notices, and
// closing a project.

let L: LibraryWorld;
beforeAll(async () => {
  L = await createLibraryWorld('LIB-2', true);
});
afterAll(() => L.ctx.close());

describe('the library list', () => {
  it('shows current, valid entries with their library dates; invalid and superseded ones when asked', async () => {
    const id = await L.processedDocument();
    await L.as(L.world.pm).call(libraryRoutes.archive, { body: { fileId: id, publishDate: day(-1) } });
    type Row = {
      fileId: number;
      publish_date: string;
      takeFileInvalid: boolean;
      superseded: boolean;
      abilities: string[];
    };
    const list = async (p: { token: string }, shown: { showInvalid?: boolean; showSuperseded?: boolean } = {}) =>
      (await L.as(p).call(libraryRoutes.list, { query: { pageSize: 200, ...shown } })).data;
    const mine = (await list(L.world.pm)).data.filter((r) => r.fileId === id);
    expect(mine).toMatchObject([{ publish_date: day(-1), takeFileInvalid: false, superseded: false }]);
    expect(mine[0].abilities).toContain('recallDoc');
    // Ordinary staff hold no library viewDoc in this project: nothing.
    expect((await list(L.world.staff)).total).toBe(0);
    // Another project sees none of it.
    expect((await list(L.other.pm)).data.some((r) => r.fileId === id)).toBe(false);

    await L.as(L.world.pm).call(libraryRoutes.markInvalid, { body: { fileId: id, fileInvalid: true } });
    expect((await list(L.world.pm)).data.some((r) => r.fileId === id)).toBe(false);
    expect((await list(L.world.pm, { showInvalid: true })).data.find((r) => r.fileId === id)?.takeFileInvalid).toBe(
      true,
    );
    const work = (
      await L.as(L.world.pm).call(documentRoutes.list, { query: { folderId: L.folder, pageSize: 200 } })
    ).json().data.data as Row[];
    expect(work.find((r) => r.fileId === id)?.takeFileInvalid).toBe(true);

    await L.as(L.world.pm).call(libraryRoutes.markInvalid, { body: { fileId: id, fileInvalid: false } });
    await L.as(L.world.pm).call(libraryRoutes.recall, { query: { fileId: id } });
    await L.as(L.world.pm).call(workflowRoutes.send, { body: { fileId: id, stages: [] } });
    await L.as(L.world.pm).call(libraryRoutes.archive, { body: { fileId: id } });
    expect((await list(L.world.pm)).data.filter((r) => r.fileId === id)).toHaveLength(1);
    const all = (await list(L.world.pm, { showSuperseded: true })).data.filter((r) => r.fileId === id);
    expect(all.map((r) => r.superseded).sort()).toEqual([false, true]);
    // A page past the last has no row to carry the count; the total is counted on its own (issue 30's statement).
    const { total } = await list(L.world.pm, { showSuperseded: true });
    const past = (await L.as(L.world.pm).call(libraryRoutes.list, { query: { showSuperseded: true, pageNum: 99 } }))
      .data;
    expect(past).toMatchObject({ data: [], total });
  });
});

describe('thumbnails', () => {
  it('draws the first page of an archived PDF once, for library readers of its folder only', async () => {
    if (spawnSync('pdftoppm', ['-v']).status !== 0) {
      if (process.env.CI === 'true') throw new Error('thumbnails need poppler-utils (pdftoppm), and CI=true');
      console.warn('\n*** SKIPPING thumbnails: install poppler-utils (pdftoppm) ***\n');
      return;
    }
    const made = await PDFDocument.create();
    made.addPage([595, 842]).drawRectangle({ x: 0, y: 421, width: 595, height: 421, color: rgb(0, 0, 0) });
    const up = await L.as(L.world.pm).callUpload(documentRoutes.upload, {
      fields: { folderId: L.folder, name: 'Half black' },
      file: { name: 'half.pdf', content: Buffer.from(await made.save()) },
    });
    const { fileId, fileVersionId } = up.data as { fileId: number; fileVersionId: number };
    await L.as(L.world.pm).call(workflowRoutes.send, { body: { fileId, stages: [] } });
    await L.as(L.world.pm).call(libraryRoutes.archive, { body: { fileId } });
    const picture = await L.as(L.world.pm).call(libraryRoutes.picture, { query: { fileVersionId } });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/png');
    const { data, info } = await sharp(picture.rawPayload).greyscale().raw().toBuffer({ resolveWithObject: true });
    expect(info.width).toBe(240);
    // The top half of the page is black, the bottom white: the picture is of this page.
    expect(data[Math.floor(info.height / 4) * info.width + 120]).toBeLessThan(40);
    expect(data[Math.floor((info.height * 3) / 4) * info.width + 120]).toBeGreaterThan(215);
    // The same picture from the workspace; none for another project or a reader without library viewDoc.
    const again = await L.as(L.world.pm).call(viewerRoutes.picture, { query: { fileVersionId } });
    expect(again.rawPayload.equals(picture.rawPayload)).toBe(true);
    expect((await L.as(L.other.pm).call(libraryRoutes.picture, { query: { fileVersionId } })).statusCode).toBe(404);
    expect((await L.as(L.world.staff).call(libraryRoutes.picture, { query: { fileVersionId } })).statusCode).toBe(403);
    // A draft (never archived) has no library picture.
    const draft = await L.as(L.world.pm).callUpload(documentRoutes.upload, {
      fields: { folderId: L.folder, name: 'Unarchived' },
      file: {
        name: 'u.pdf',
        content: Buffer.from(await made.save()),
      },
    });
    const draftVersion = draft.data.fileVersionId;
    expect(
      (await L.as(L.world.pm).call(libraryRoutes.picture, { query: { fileVersionId: draftVersion } })).statusCode,
    ).toBe(404);
  });
});

describe('the viewer for a reader of the library only', () => {
  it('shows the archived versions, never the drafts, with the library keys standing in', async () => {
    const made = await PDFDocument.create();
    made.addPage([595, 842]).drawText('Archived plan', { x: 50, y: 780 });
    const id = await L.processedDocument({}, Buffer.from(await made.save()));
    await L.as(L.world.pm).call(libraryRoutes.archive, { body: { fileId: id } });
    const [entry] = await L.ctx.db.select().from(libraryEntries).where(eq(libraryEntries.documentId, id));
    // A reader: library viewDoc on the library twin of 8.2.2, nothing in the workspace.
    const [role] = await L.ctx.db
      .insert(roles)
      .values({ projectId: L.world.projectId, code: 'LIB_READER', name: 'Library reader', libraryKeys: ['viewDoc'] })
      .returning();
    await L.ctx.db.insert(folderGrants).values({
      folderId: entry.folderId,
      subjectType: 'role',
      subjectId: role.id,
      docKeys: [],
      libraryKeys: ['viewDoc'],
      manageLevel: 0,
    });
    const reader = await joinProject(L.ctx, L.world, role.id);
    const detail = await L.as(reader).call(viewerRoutes.detail, { params: { id } });
    expect(detail.json()).toMatchObject({
      data: {
        status: DocStatus.Archived,
        version: { fileVersionId: entry.versionId },
        canDownload: false,
        actions: [],
      },
    });
    expect((await L.as(reader).call(viewerRoutes.state, { params: { id: entry.versionId } })).data.state).toBe('ready');
    const seen = await L.as(reader).call(viewerRoutes.view, { params: { id: entry.versionId } });
    expect(seen.statusCode).toBe(200);
    // The project administrator may recall, refile or retitle it (library keys) or apply for its deletion; the
    // reader none of these.
    const pmDetail = (await L.as(L.world.pm).call(viewerRoutes.detail, { params: { id } })).data;
    expect(pmDetail.actions).toEqual(['recall', 'refile', 'retitle', 'applyDelete']);
    // Where the record is filed: a move in the library starts there (the web offers every other folder).
    expect(pmDetail.libraryFolderId).toBe(entry.folderId);

    // Recalled: the draft is the workspace's, not the reader's; the archived version stays readable.
    await L.as(L.world.pm).call(libraryRoutes.recall, { query: { fileId: id } });
    const [doc] = await L.ctx.db.select().from(documents).where(eq(documents.id, id));
    // A draft again: no longer a record filed in the library.
    expect((await L.as(L.world.pm).call(viewerRoutes.detail, { params: { id } })).data.libraryFolderId).toBeNull();
    expect((await L.as(reader).call(viewerRoutes.detail, { params: { id } })).data.version.fileVersionId).toBe(
      entry.versionId,
    );
    expect(
      (await L.as(reader).call(viewerRoutes.detail, { params: { id }, query: { fileVersionId: doc.currentVersionId } }))
        .statusCode,
    ).toBe(403);
    expect((await L.as(reader).call(viewerRoutes.view, { params: { id: doc.currentVersionId } })).statusCode).toBe(403);
    expect((await L.as(reader).call(viewerRoutes.view, { params: { id: entry.versionId } })).statusCode).toBe(200);
    // Another project's reader: nothing.
    expect((await L.as(L.other.pm).call(viewerRoutes.detail, { params: { id } })).statusCode).toBe(404);
  });

  it('offers the named approver, and only them, the decision on a deletion', async () => {
    const id = await L.processedDocument();
    await L.as(L.world.pm).call(libraryRoutes.archive, { body: { fileId: id } });
    await L.as(L.world.pm).call(libraryRoutes.applyDelete, {
      body: { fileId: id, approverId: L.pm2.id, reason: 'Superseded copy' },
    });
    const seen = (await L.as(L.pm2).call(viewerRoutes.detail, { params: { id } })).data;
    expect(seen.actions).toEqual(['approveDelete', 'rejectDelete']);
    expect(seen.deletion).toMatchObject({ reason: 'Superseded copy', approverName: expect.any(String) });
    expect((await L.as(L.world.pm).call(viewerRoutes.detail, { params: { id } })).data.actions).toEqual([]);
    // The decision is taken with the application the detail names.
    const decided = await L.as(L.pm2).call(libraryRoutes.decideDelete, {
      params: { fileId: id, applyId: seen.deletion!.applyId },
      query: { pass: 'false' },
    });
    expect(decided.json()).toMatchObject({ data: { status: DocStatus.Archived } });
  });
});

describe('expiry', () => {
  const stamp = Date.now().toString(36);
  it('tells the owner and the project administrators once, the notice days before, as their alerts choose', async () => {
    const up = await L.as(L.world.pm).callUpload(documentRoutes.upload, {
      fields: { folderId: L.folder, name: `Expiring ${stamp}`, expirationDate: day(20) },
      file: { name: 'e.pdf', content: SAMPLE.pdf() },
    });
    const fileId = up.data.fileId;
    await L.as(L.world.pm).call(workflowRoutes.send, { body: { fileId, stages: [] } });
    await L.as(L.world.pm).call(libraryRoutes.archive, { body: { fileId } });
    // L.pm2 turns the expiry e-mail off for this project.
    const kinds = ['receive', 'review', 'qc', 'approve', 'archive', 'deletion'];
    expect(
      (await L.as(L.pm2).call(userRoutes.saveProjectAlert, { body: { studyId: L.world.projectId, kinds } })).statusCode,
    ).toBe(200);
    const deps = { db: L.ctx.db, jobs: L.ctx.deps.jobs, publicUrl: 'https://edoc.example' };
    // 20 days ahead is outside a 10-day notice; inside the default 30.
    await L.ctx.db.update(projects).set({ expiryNoticeDays: 10 }).where(eq(projects.id, L.world.projectId));
    await mailExpiryNotices(deps);
    const subject = `Expiring ${stamp}`;
    const mine = async (email: string) => (await mailsTo(L.ctx, email)).filter((m) => m.includes(subject));
    expect(await mine(L.world.pm.email)).toEqual([]);
    await L.ctx.db.update(projects).set({ expiryNoticeDays: 30 }).where(eq(projects.id, L.world.projectId));
    await Promise.all([mailExpiryNotices(deps), mailExpiryNotices(deps)]);
    for (let i = 0; i < 100 && (await mine(L.world.pm.email)).length === 0; i++)
      await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 500));
    expect(await mine(L.world.pm.email)).toHaveLength(1);
    expect(await mine(L.pm2.email)).toEqual([]);
    expect(await mine(L.world.staff.email)).toEqual([]);
  });
});

describe('closing a project', () => {
  it('is refused while a document is in a workflow, naming it; closes and reopens once none is', async () => {
    const up = await L.as(L.other.pm).callUpload(documentRoutes.upload, {
      fields: { folderId: L.other.folderByIch.get('8.2.2')!, name: 'In review' },
      file: { name: 'r.pdf', content: SAMPLE.pdf() },
    });
    const fileId = up.data.fileId;
    const stages = STAGES.map((stage) => ({ stage, userIds: [L.other.pm.id] }));
    expect((await L.as(L.other.pm).call(workflowRoutes.send, { body: { fileId, stages } })).statusCode).toBe(200);
    const refused = await L.as(L.other.admin).call(projectRoutes.close, { params: { id: L.other.projectId } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      errorCode: 'project_has_workflow',
      data: [{ fileId, fileName: 'In review', status: DocStatus.InReview }],
    });
    expect((await L.as(L.other.pm).call(workflowRoutes.undo, { params: { id: fileId } })).statusCode).toBe(200);
    expect(
      (await L.as(L.other.admin).call(projectRoutes.close, { params: { id: L.other.projectId } })).statusCode,
    ).toBe(200);
    expect(
      (await L.as(L.other.admin).call(projectRoutes.reopen, { params: { id: L.other.projectId } })).statusCode,
    ).toBe(200);
    const rows = await trailOf(L.ctx.db, 'project', L.other.projectId);
    expect(rows.slice(-2).map((r) => r.newValue)).toEqual([{ closed: true }, { closed: false }]);
  });
});
