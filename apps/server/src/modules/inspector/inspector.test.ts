import { workflowRoutes } from '@edoc/contract/workflow-routes';
import { viewerRoutes } from '@edoc/contract/viewer-routes';
import { trailRoutes } from '@edoc/contract/trail-routes';
import { projectEntryRoutes, projectRoutes } from '@edoc/contract/project-routes';
import { manageMemberRoutes } from '@edoc/contract/member-routes';
import { libraryRoutes } from '@edoc/contract/library-routes';
import { inspectorRoutes } from '@edoc/contract/inspector-routes';
import { folderRoutes } from '@edoc/contract/folder-routes';
import { downloadRoutes } from '@edoc/contract/download-routes';
import { documentRoutes } from '@edoc/contract/document-routes';
import { createHash } from 'node:crypto';
import { DocStatus } from '@edoc/contract/enums';
import { FolderType } from '@edoc/contract/permissions';
import { and, eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentVersions } from '../../db/schema/documents.ts';
import { inspectorGrants } from '../../db/schema/inspectors.ts';
import { createProjectUser, enterAsInspector, signIn, type ProjectPerson } from '../../test/factories.ts';
import { mailsTo, trailOf, waitForMail } from '../../test/records.ts';
import { trail } from '../../db/schema/trail.ts';
import { roles } from '../../db/schema/projects.ts';
import { users } from '../../db/schema/users.ts';
import { createLibraryWorld, day, type LibraryWorld } from '../../test/library-world.ts';

// Issue 11, inspector access: invited by a project administrator for some days, an inspector reads the valid
// archived documents of the library only, watermarked, every page in the trail, and nothing after the last day.

let L: LibraryWorld;
let inspector: ProjectPerson & { grantId: number };
/** Archived and valid (6); archived then marked obsolete; waiting for its effective date (7); a draft (1). */
const doc = { valid: 0, obsolete: 0, waiting: 0, draft: 0 };

beforeAll(async () => {
  L = await createLibraryWorld('INSP-1', true);
  const pdf = await PDFDocument.create();
  pdf.addPage([595, 842]).drawText('Monitoring plan', { x: 50, y: 780 });
  doc.valid = await L.processedDocument({}, Buffer.from(await pdf.save()));
  doc.obsolete = await L.processedDocument();
  doc.waiting = await L.processedDocument();
  for (const id of [doc.valid, doc.obsolete])
    await L.as(L.world.pm).call(libraryRoutes.archive, { body: { fileId: id } });
  await L.as(L.world.pm).call(libraryRoutes.markInvalid, { body: { fileId: doc.obsolete, fileInvalid: true } });
  await L.as(L.world.pm).call(libraryRoutes.archive, { body: { fileId: doc.waiting, startDate: day(30) } });
  const up = await L.as(L.world.pm).callUpload(documentRoutes.upload, {
    fields: { folderId: L.folder, name: 'Draft' },
    file: { name: 'd.pdf', content: Buffer.from('%PDF-1.4\n%%EOF\n') },
  });
  doc.draft = up.data.fileId;
  expect(await L.statusOf(doc.waiting)).toBe(DocStatus.WaitingActivation);
  inspector = await enterAsInspector(L.ctx, L.world);
});
afterAll(() => L.ctx.close());

const versionOf = async (fileId: number) =>
  (
    await L.ctx.db
      .select({ id: documentVersions.id })
      .from(documentVersions)
      .where(eq(documentVersions.documentId, fileId))
  )[0].id;

describe('inviting an inspector', () => {
  it('makes an account for a new e-mail, mails the password and the invitation, and lists the invitation', async () => {
    const email = `auditor.${process.pid}@agency.example`;
    const res = await L.as(L.world.pm).call(inspectorRoutes.invite, {
      body: {
        email,
        userName: 'Ann Auditor',
        startsOn: day(0),
        endsOn: day(7),
      },
    });
    expect(res.json()).toMatchObject({ status: true, data: { newAccount: true } });
    // One mail: the invitation with the new account's temporary password.
    const mail = await waitForMail(L.ctx, email);
    expect(mail).toContain('Inspection access to Project INSP-1');
    expect(mail).toMatch(/Temporary password: \S+/);
    expect(await mailsTo(L.ctx, email)).toHaveLength(1);
    const list = (await L.as(L.world.pm).call(inspectorRoutes.list)).data as Array<Record<string, unknown>>;
    expect(list.find((i) => i.email === email)).toMatchObject({ state: 'active', canDownload: false, endsOn: day(7) });
    // Inviting again changes the days; the trail keeps both.
    await L.as(L.world.pm).call(inspectorRoutes.invite, {
      body: {
        email,
        userName: 'Ann',
        startsOn: day(2),
        endsOn: day(9),
      },
    });
    const again = (await L.as(L.world.pm).call(inspectorRoutes.list)).data as Array<Record<string, unknown>>;
    expect(again.find((i) => i.email === email)).toMatchObject({ state: 'scheduled', startsOn: day(2) });
    const rows = await trailOf(L.ctx.db, 'inspector', res.data.id);
    expect(rows.map((r) => (r.newValue as { startsOn: string }).startsOn)).toEqual([day(0), day(2)]);
    // The account is the inspection's: never offered as a member, nor taken as one (issue 25).
    const [account] = await L.ctx.db.select().from(users).where(eq(users.email, email));
    const candidates = (await L.as(L.world.pm).call(manageMemberRoutes.candidates)).data as Array<{
      userId: number;
    }>;
    expect(candidates.length).toBeGreaterThan(0);
    expect(candidates.map((c) => c.userId)).not.toContain(account.id);
    const roleId = (await L.ctx.db.select().from(roles).where(eq(roles.projectId, L.world.projectId)))[0].id;
    const added = await L.as(L.world.pm).call(manageMemberRoutes.add, {
      body: { userId: account.id, roleId, siteIds: [] },
    });
    expect(added.json()).toMatchObject({ status: false, errorCode: 'user_not_exist' });
  });

  it('refuses a member of the project, an account of another company, and days the wrong way round', async () => {
    const invite = (email: string, startsOn = day(0), endsOn = day(1)) =>
      L.as(L.world.pm).call(inspectorRoutes.invite, { body: { email, userName: 'X', startsOn, endsOn } });
    expect((await invite(L.world.staff.email)).errorCode).toBe('inspector_is_member');
    expect((await invite(L.other.staff.email)).errorCode).toBe('inspector_other_company');
    const backwards = await invite('new.person@example.com', day(3), day(1));
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({ errorCode: 'start_after_end', data: { fields: [{ field: 'startsOn' }] } });
    expect((await L.as(L.world.staff).call(inspectorRoutes.list)).statusCode).toBe(403);
  });
});

describe("an inspector's visit", () => {
  it('sees the project in the picker, and only the valid archived documents of the library', async () => {
    const picker = (await L.as(inspector).call(projectEntryRoutes.list)).data.data as Array<Record<string, unknown>>;
    expect(picker).toMatchObject([{ study_id: L.world.projectId, inspector: true, closed: false }]);
    const list = (await L.as(inspector).call(libraryRoutes.list, { query: { pageSize: 200, showInvalid: 'true' } }))
      .data;
    expect(list.data.map((r: { fileId: number }) => r.fileId)).toEqual([doc.valid]);
    const tree = (await L.as(inspector).call(folderRoutes.tree, { query: { type: FolderType.Library } })).data;
    const flat = (nodes: Array<{ type: number; fileCount: number; children: unknown[] }>): typeof nodes =>
      nodes.flatMap((n) => [n, ...flat(n.children as typeof nodes)]);
    const folders = flat(tree.allFolderList);
    expect(folders.every((f) => f.type === FolderType.Library)).toBe(true);
    // Each folder counts its subfolders' documents too: over the top folders, the one document once.
    expect(tree.allFolderList.reduce((sum: number, f: { fileCount: number }) => sum + f.fileCount, 0)).toBe(1);
    const work = await L.as(inspector).call(folderRoutes.tree, { query: { type: FolderType.Work } });
    expect(work.data.allFolderList).toEqual([]);
  });

  it('reads an archived document watermarked, with its trail, and nothing else', async () => {
    const detail = (await L.as(inspector).call(viewerRoutes.detail, { params: { id: doc.valid } })).data;
    expect(detail).toMatchObject({ fileId: doc.valid, canDownload: false, actions: [] });
    const versionId = await versionOf(doc.valid);
    expect((await L.as(inspector).call(viewerRoutes.state, { params: { id: versionId } })).statusCode).toBe(200);
    const shown = await L.as(inspector).call(viewerRoutes.view, { params: { id: versionId } });
    expect(shown.statusCode).toBe(200);
    // Not the stored bytes: the copy with the inspector's name burned in.
    const [stored] = await L.ctx.db.select().from(documentVersions).where(eq(documentVersions.id, versionId));
    expect(createHash('sha256').update(shown.rawPayload).digest('hex')).not.toBe(stored.sha256);
    expect(shown.rawPayload.includes(Buffer.from('%PDF'))).toBe(true);
    expect((await L.as(inspector).call(trailRoutes.fileTrail, { query: { fileId: doc.valid } })).statusCode).toBe(200);
    // Its reviews and approvals are part of the record too.
    expect((await L.as(inspector).call(workflowRoutes.history, { params: { id: doc.valid } })).statusCode).toBe(200);
    for (const id of [doc.obsolete, doc.waiting, doc.draft]) {
      expect([403, 404]).toContain((await L.as(inspector).call(viewerRoutes.detail, { params: { id } })).statusCode);
      expect([403, 404]).toContain(
        (await L.as(inspector).call(trailRoutes.fileTrail, { query: { fileId: id } })).statusCode,
      );
      expect([403, 404]).toContain((await L.as(inspector).call(workflowRoutes.history, { params: { id } })).statusCode);
    }
    for (const [method, url] of [
      ['GET', `/folder/workspace/file/list?folderId=${L.folder}`],
      ['GET', '/task/list'],
      ['GET', `/file/recall?fileId=${doc.valid}`],
      ['POST', '/file/archive'],
    ] as const) {
      const res = method === 'GET' ? await L.as(inspector).get(url) : await L.as(inspector).post(url, {});
      expect(res.statusCode, url).toBe(403);
    }
    // No download without the invitation saying so.
    const ticket = await L.as(inspector).call(downloadRoutes.ticket, { body: { kind: 'document', fileId: doc.valid } });
    expect(ticket.statusCode).toBe(403);
  });

  it('leaves a row in the trail for every page opened', async () => {
    const before = await L.ctx.db
      .select()
      .from(trail)
      .where(and(eq(trail.actorId, inspector.id)));
    await L.as(inspector).call(libraryRoutes.list, { query: { pageNum: 1 } });
    await L.as(inspector).call(viewerRoutes.detail, { params: { id: doc.valid } });
    const after = await L.ctx.db
      .select()
      .from(trail)
      .where(and(eq(trail.actorId, inspector.id)));
    const pages = after.slice(before.length).map((r) => [r.objectType, (r.newValue as { page: string }).page]);
    expect(pages).toEqual([
      ['inspection', '/edoc/folder/library/file/list'],
      ['inspection', '/edoc/file/:id'],
    ]);
  });

  it('downloads only when the invitation allows it', async () => {
    const downloader = await enterAsInspector(L.ctx, L.world, { canDownload: true });
    expect((await L.as(downloader).call(viewerRoutes.detail, { params: { id: doc.valid } })).data.canDownload).toBe(
      true,
    );
    const ticket = await L.as(downloader).call(downloadRoutes.ticket, {
      body: { kind: 'document', fileId: doc.valid },
    });
    expect(ticket.statusCode).toBe(200);
    const file = await L.ctx.app.inject({ method: 'GET', url: ticket.data.url });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
  });

  it('ends after the last day, when revoked, and does not start before the first', async () => {
    const late = await enterAsInspector(L.ctx, L.world);
    await L.ctx.db
      .update(inspectorGrants)
      .set({ endsOn: day(-1) })
      .where(eq(inspectorGrants.id, late.grantId));
    const ended = await L.as(late).call(libraryRoutes.list);
    expect(ended.statusCode).toBe(403);
    expect(ended.errorCode).toBe('inspector_access_ended');
    expect((await L.as(late).call(projectEntryRoutes.list)).data.data).toEqual([]);

    const revoked = await enterAsInspector(L.ctx, L.world);
    expect((await L.as(L.world.pm).call(inspectorRoutes.revoke, { params: { id: revoked.grantId } })).statusCode).toBe(
      200,
    );
    expect((await L.as(revoked).call(libraryRoutes.list)).errorCode).toBe('inspector_access_ended');

    const early = await createProjectUser(L.ctx.db, L.world.companyId);
    await L.as(L.world.pm).call(inspectorRoutes.invite, {
      body: {
        email: early.email,
        userName: early.name,
        startsOn: day(2),
        endsOn: day(5),
      },
    });
    const token = await signIn(L.ctx, early.email);
    expect(
      (await L.as({ token }).call(projectEntryRoutes.enter, { body: { studyId: L.world.projectId } })).statusCode,
    ).toBe(404);
  });
});

describe('a closed project', () => {
  it('is offered, entered and read by its members, and nothing in it changes', async () => {
    const other = L.other;
    expect((await L.as(other.admin).call(projectRoutes.close, { params: { id: other.projectId } })).statusCode).toBe(
      200,
    );
    const picker = (await L.as(other.staff).call(projectEntryRoutes.list)).data.data;
    expect(picker).toMatchObject([{ study_id: other.projectId, closed: true }]);
    const entered = await L.as(other.staff).call(projectEntryRoutes.enter, { body: { studyId: other.projectId } });
    expect(entered.data).toMatchObject({ closed: true, inspector: null });
    expect((await L.as(other.pm).call(documentRoutes.list)).statusCode).toBe(200);
    const upload = await L.as(other.pm).callUpload(documentRoutes.upload, {
      fields: { folderId: other.folderByIch.get('8.2.2')!, name: 'Late' },
      file: { name: 'late.pdf', content: Buffer.from('%PDF-1.4\n%%EOF\n') },
    });
    expect(upload.statusCode).toBe(403);
    expect(upload.errorCode).toBe('project_closed');
    expect((await L.as(other.pm).call(libraryRoutes.recall, { query: { fileId: 1 } })).errorCode).toBe(
      'project_closed',
    );
    // Inspectors are still invited: a closed trial is what they come to read.
    const invited = await L.as(other.pm).call(inspectorRoutes.invite, {
      body: {
        email: `closed.${process.pid}@agency.example`,
        userName: 'Late inspector',
        startsOn: day(0),
        endsOn: day(3),
      },
    });
    expect(invited.statusCode).toBe(200);
    expect((await L.as(other.admin).call(projectRoutes.reopen, { params: { id: other.projectId } })).statusCode).toBe(
      200,
    );
    const reopened = await L.as(other.pm).callUpload(documentRoutes.upload, {
      fields: { folderId: other.folderByIch.get('8.2.2')!, name: 'Late' },
      file: { name: 'late.pdf', content: Buffer.from('%PDF-1.4\n%%EOF\n') },
    });
    expect(reopened.statusCode).toBe(200);
  });
});
