import { workflowRoutes } from '@edoc/contract/workflow-routes';
import { editingRoutes } from '@edoc/contract/editing-routes';
import { documentRoutes } from '@edoc/contract/document-routes';
import { TrailType } from '@edoc/contract/enums';
import { asc, eq } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from 'webdav';
import { documentVersions } from '../../db/schema/documents.ts';
import { editSessions } from '../../db/schema/editing.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { createProjectWorld, type ProjectPerson, type ProjectWorld } from '../../test/factories.ts';
import { docx, editingWorld, type EditingWorld } from '../../test/editing-fixture.ts';
import { closeAbandoned } from '../../access/edit-session-close.ts';
import { trailOf } from '../../test/records.ts';
import { client } from '../../test/requests.ts';

// Issue 15: editing sessions are the document's lock; WebDAV is what a desktop suite speaks to them.
let ctx: TestContext;
let world: ProjectWorld;
let editor: ProjectPerson; // may edit the folder, like the pm
let newDocx: EditingWorld['newDocx'];
let origin: string; // where the app listens, for the WebDAV client

const as = (p: { token: string }) => client(ctx.app, p.token);

const start = (p: ProjectPerson, fileId: number, mode: 'wopi' | 'webdav' | 'checkout' = 'webdav') =>
  as(p).call(editingRoutes.start, { body: { fileId, mode } });
const versionsOf = (fileId: number) =>
  ctx.db
    .select()
    .from(documentVersions)
    .where(eq(documentVersions.documentId, fileId))
    .orderBy(asc(documentVersions.id));
const davOf = (webdavUrl: string) => {
  const url = new URL(webdavUrl);
  const dir = url.pathname.slice(0, url.pathname.lastIndexOf('/') + 1);
  return { dav: createClient(`${origin}${dir}`), file: decodeURIComponent(url.pathname.slice(dir.length)) };
};

beforeAll(async () => {
  ctx = await createTestContext();
  ({ world, editor, newDocx } = await editingWorld(ctx, 'ED-1'));
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(() => ctx.close());

describe('editing in the desktop suite through WebDAV', () => {
  it('LOCK, GET, PUT and UNLOCK by a real WebDAV client make one new version, marked online, in the trail', async () => {
    const fileId = await newDocx();
    const res = await start(editor, fileId);
    expect(res.statusCode).toBe(200);
    const session = res.data;
    expect(session).toMatchObject({ mode: 'webdav', userId: editor.id, changed: false, fileName: 'plan-1.docx' });
    expect(session.officeUri).toBe(`ms-word:ofe|u|${session.webdavUrl}`);
    const { dav, file } = davOf(session.webdavUrl!);
    const listed = await dav.getDirectoryContents('/');
    expect(Array.isArray(listed) && listed.map((f) => f.basename)).toEqual(['plan-1.docx']);
    const lock = await dav.lock(file);
    expect(Buffer.from((await dav.getFileContents(file)) as ArrayBuffer).toString()).toContain('first');
    // Autosaves: two PUTs, one version at the end.
    for (const text of ['second', 'third']) {
      const put = await dav.putFileContents(file, docx(text), { headers: { If: `(<${lock.token}>)` } });
      expect(put).toBe(true);
    }
    expect(await versionsOf(fileId)).toHaveLength(1);
    expect((await as(editor).call(editingRoutes.exists, { params: { id: fileId } })).data.session!.changed).toBe(true);
    await dav.unlock(file, lock.token);
    const versions = await versionsOf(fileId);
    expect(versions.map((v) => [v.versionNo, v.source])).toEqual([
      ['V1.0', null],
      ['V1.1', 'online'],
    ]);
    const rows = (await trailOf(ctx.db, 'document', fileId)).filter((r) => r.type === TrailType.OnlineEdit);
    expect(rows.map((r) => r.newValue)).toEqual([
      expect.objectContaining({ editMode: 'webdav', versionNo: 'V1.0', holderId: editor.id }),
      expect.objectContaining({ editMode: 'webdav', versionNo: 'V1.1', outcome: 'saved', sha256: versions[1].sha256 }),
    ]);
    expect(rows[1].oldValue).toMatchObject({ versionNo: 'V1.0' });
    // The session is over: its address answers nothing more.
    await expect(dav.getFileContents(file)).rejects.toThrow(/410/);
  });

  it('refuses a PUT without the lock another client holds, and a second LOCK', async () => {
    const fileId = await newDocx();
    const { webdavUrl } = (await start(editor, fileId)).data;
    const { dav, file } = davOf(webdavUrl!);
    await dav.lock(file);
    await expect(dav.putFileContents(file, docx('sneaky'))).rejects.toThrow(/423/);
    await expect(dav.lock(file)).rejects.toThrow(/423/);
  });

  it('ends a session whose content did not change without a version: no change in the document', async () => {
    const fileId = await newDocx();
    await start(editor, fileId);
    const ended = await as(editor).call(editingRoutes.end, { params: { id: fileId } });
    expect(ended.data).toEqual({ outcome: 'unchanged', fileVersionId: null, versionNo: null });
    expect(await versionsOf(fileId)).toHaveLength(1);
  });
});

describe('one editor at a time', () => {
  it('refuses a second user with who holds it and since when, and shows them the holder', async () => {
    const fileId = await newDocx();
    expect((await start(editor, fileId)).statusCode).toBe(200);
    const second = await start(world.pm, fileId);
    expect(second.statusCode).toBe(423);
    expect(second.msg).toMatch(/is editing this document \(since \d{4}-\d\d-\d\d \d\d:\d\d UTC\)/);
    expect(second.json().data.holder).toMatchObject({ userId: editor.id });
    const seen = (await as(world.pm).call(editingRoutes.exists, { params: { id: fileId } })).data;
    expect(seen).toMatchObject({ exists: true, mine: false, session: null, holder: { userId: editor.id } });
    // The holder reopening the page gets the same session back.
    expect((await start(editor, fileId)).data.uniqueSymbol).toBe(await symbolOf(fileId));
  });

  it('names the document of a session link (SPEC §2 uniqueSymbol) to members of its project only', async () => {
    const fileId = await newDocx();
    const symbol = (await start(editor, fileId)).data.uniqueSymbol;
    const seen = await as(world.pm).call(editingRoutes.separateView, { query: { uniqueSymbol: symbol } });
    expect(seen.statusCode).toBe(200);
    expect(seen.data).toMatchObject({ fileId, exists: true, mine: false, holder: { userId: editor.id } });
    expect(
      (await as(world.pm).call(editingRoutes.separateView, { query: { uniqueSymbol: 'no-such-session-symbol-here' } }))
        .statusCode,
    ).toBe(404);
    const elsewhere = await createProjectWorld(ctx, 'ED-2');
    expect(
      (await as(elsewhere.pm).call(editingRoutes.separateView, { query: { uniqueSymbol: symbol } })).statusCode,
    ).toBe(404);
  });

  it('refuses a new version, sending, renaming, moving and deleting while locked, the holder included', async () => {
    const fileId = await newDocx();
    await start(editor, fileId);
    const locked = [
      await as(world.pm).callUpload(documentRoutes.edit, {
        fields: { fileId },
        file: { name: 'x.docx', content: docx('other') },
      }),
      await as(world.pm).call(documentRoutes.rename, { body: { fileId, name: 'Renamed' } }),
      await as(editor).call(documentRoutes.rename, { body: { fileId, name: 'Renamed' } }),
      await as(world.pm).call(workflowRoutes.send, { body: { fileId, stages: [] } }),
      await as(world.pm).call(documentRoutes.move, { params: { fileId, folderId: world.folderByIch.get('8.2.1') } }),
      await as(world.pm).call(documentRoutes.delete, { body: { fileId, deleteAllVersion: true } }),
    ];
    expect(locked.map((r) => [r.statusCode, r.errorCode])).toEqual(locked.map(() => [423, 'document_locked']));
    expect(await versionsOf(fileId)).toHaveLength(1);
  });

  it('lets another user take an expired lock, keeping what the first had saved as a version', async () => {
    const fileId = await newDocx();
    const first = (await start(editor, fileId)).data;
    const { dav, file } = davOf(first.webdavUrl!);
    await dav.putFileContents(file, docx('saved before leaving'));
    await ctx.db
      .update(editSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(editSessions.documentId, fileId));
    expect((await as(world.pm).call(editingRoutes.exists, { params: { id: fileId } })).data.exists).toBe(false);
    const taken = await start(world.pm, fileId);
    expect(taken.statusCode).toBe(200);
    const versions = await versionsOf(fileId);
    expect(versions.map((v) => [v.versionNo, v.source, v.createdBy])).toEqual([
      ['V1.0', null, world.pm.id],
      ['V1.1', 'online', editor.id],
    ]);
    const [expired] = await ctx.db.select().from(editSessions).where(eq(editSessions.symbol, first.uniqueSymbol));
    expect(expired.outcome).toBe('expired');
  });

  it('closes an abandoned session in the workers’ round, its saves a version, once however many workers run', async () => {
    const fileId = await newDocx();
    const { webdavUrl } = (await start(editor, fileId)).data;
    const { dav, file } = davOf(webdavUrl!);
    await dav.putFileContents(file, docx('saved, then the laptop closed'));
    await ctx.db
      .update(editSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(editSessions.documentId, fileId));
    const counts = await Promise.all([closeAbandoned(ctx.db, ctx.deps.blobs), closeAbandoned(ctx.db, ctx.deps.blobs)]);
    expect(counts[0] + counts[1]).toBeGreaterThanOrEqual(1);
    expect((await versionsOf(fileId)).map((v) => [v.versionNo, v.source])).toEqual([
      ['V1.0', null],
      ['V1.1', 'online'],
    ]);
    const [s] = await ctx.db.select().from(editSessions).where(eq(editSessions.documentId, fileId));
    expect(s.outcome).toBe('expired');
  });

  it('lets a project administrator end someone else’s session (in the trail), but not another member', async () => {
    const fileId = await newDocx();
    await start(world.pm, fileId);
    expect((await as(editor).call(editingRoutes.end, { params: { id: fileId } })).statusCode).toBe(403);
    await as(world.pm).call(editingRoutes.end, { params: { id: fileId }, query: { discard: 'true' } });
    await start(editor, fileId);
    const ended = await as(world.pm).call(editingRoutes.end, { params: { id: fileId } });
    expect(ended.data.outcome).toBe('ended_by_admin');
    const last = (await trailOf(ctx.db, 'document', fileId)).at(-1)!;
    expect(last).toMatchObject({ type: TrailType.OnlineEdit, actorId: world.pm.id });
    expect(last.newValue).toMatchObject({ outcome: 'ended_by_admin' });
  });
});

async function symbolOf(fileId: number) {
  const [s] = await ctx.db
    .select()
    .from(editSessions)
    .where(eq(editSessions.documentId, fileId))
    .orderBy(asc(editSessions.id));
  return s.symbol;
}
