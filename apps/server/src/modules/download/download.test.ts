import type { RouteInput } from '@edoc/contract/route';
import { downloadRoutes } from '@edoc/contract/download-routes';
import { documentRoutes } from '@edoc/contract/document-routes';
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentVersions, downloadTasks } from '../../db/schema/documents.ts';
import { folderGrants, folders, roles } from '../../db/schema/projects.ts';
import { sessions } from '../../db/schema/sessions.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { createProjectWorld, joinProject, type ProjectWorld, SAMPLE } from '../../test/factories.ts';
import { trailOf } from '../../test/records.ts';
import { client } from '../../test/requests.ts';
import { sweepExpiredDownloads } from './download.service.ts';
import { readZip } from '@edoc/test-support/zip-reader';

let ctx: TestContext;
let world: ProjectWorld;
let downloader: { id: number; token: string };
const folder = { top: 0, sub: 0, closed: 0 };
const doc = { chinese: 0, reportA: 0, reportB: 0, inSub: 0, inClosed: 0 };
const contents = new Map<number, Buffer>();

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
/** A distinct PDF each time, so every document has its own content and blob. */
const pdf = (tag: string) => Buffer.concat([SAMPLE.pdf(), Buffer.from(`% ${tag}\n`)]);

async function upload(folderId: number, name: string, fileName: string) {
  const content = pdf(`${name}-${fileName}`);
  const res = await client(ctx.app, world.pm.token).callUpload(documentRoutes.upload, {
    fields: { folderId, name },
    file: { name: fileName, content },
  });
  if (res.statusCode !== 200) throw new Error(`upload failed: ${res.body}`);
  const fileId = res.data.fileId;
  contents.set(fileId, content);
  return fileId;
}

type Row = { id: number; state: string; progress: number; size: number | null; error: string | null };

/** Waits for the packing job to finish the task and returns its list row. */
async function settled(token: string, id: number, timeoutMs = 20_000): Promise<Row> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const rows = (await client(ctx.app, token).call(downloadRoutes.taskList, { query: { all: 'true' } })).data
      .data as Row[];
    const row = rows.find((r) => r.id === id);
    if (row && row.state !== 'packing') return row;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`task ${id} still packing after ${timeoutMs} ms`);
}

const createTask = (token: string, payload: RouteInput<typeof downloadRoutes.createTask>['body']) =>
  client(ctx.app, token).call(downloadRoutes.createTask, { body: payload });

beforeAll(async () => {
  ctx = await createTestContext();
  world = await createProjectWorld(ctx, 'DL-1');
  const [top] = await ctx.db
    .insert(folders)
    .values({ projectId: world.projectId, name: '资料 Docs', sortOrder: 99 })
    .returning();
  const [sub] = await ctx.db
    .insert(folders)
    .values({ projectId: world.projectId, parentId: top.id, name: 'Sub' })
    .returning();
  const [closed] = await ctx.db
    .insert(folders)
    .values({ projectId: world.projectId, parentId: top.id, name: 'Closed' })
    .returning();
  Object.assign(folder, { top: top.id, sub: sub.id, closed: closed.id });
  doc.chinese = await upload(top.id, '方案', '方案 v1.pdf');
  // Entries are named after the documents (issue 12): two names that give the same file name are told apart.
  doc.reportA = await upload(top.id, 'Report', 'report-a.pdf');
  doc.reportB = await upload(top.id, 'Report.pdf', 'report-b.pdf');
  doc.inSub = await upload(sub.id, 'Sub doc', 'sub.pdf');
  doc.inClosed = await upload(closed.id, 'Closed doc', 'closed.pdf');
  // May download in the top folder and below it, except in "Closed", where a lower grant allows viewing only.
  const [role] = await ctx.db
    .insert(roles)
    .values({ projectId: world.projectId, code: 'DL', name: 'Downloader', docKeys: ['viewDoc', 'downDoc'] })
    .returning();
  await ctx.db.insert(folderGrants).values([
    { folderId: top.id, subjectType: 'role', subjectId: role.id, docKeys: ['viewDoc', 'downDoc'], manageLevel: 0 },
    { folderId: closed.id, subjectType: 'role', subjectId: role.id, docKeys: ['viewDoc'], manageLevel: 0 },
  ]);
  downloader = await joinProject(ctx, world, role.id);
});

afterAll(async () => {
  await ctx.close();
});

describe('packing selected documents', () => {
  let taskId: number;

  it('packs the current versions with folder paths, unique UTF-8 names and a manifest', async () => {
    const res = await createTask(world.pm.token, {
      name: '归档 Archive',
      fileIds: [doc.reportB, doc.chinese, doc.reportA],
    });
    expect(res.statusCode).toBe(200);
    taskId = res.data.id;
    const row = await settled(world.pm.token, taskId);
    expect(row).toMatchObject({ state: 'completed', progress: 100, error: null });

    const file = await client(ctx.app, world.pm.token).call(downloadRoutes.taskFile, { params: { id: taskId } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/zip');
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="__ Archive.zip"; filename*=UTF-8''${encodeURIComponent('归档 Archive.zip')}`,
    );
    expect(row.size).toBe(file.rawPayload.length);
    const entries = readZip(file.rawPayload);
    expect(entries.map((e) => e.name)).toEqual([
      '资料 Docs/Report.pdf',
      '资料 Docs/Report (2).pdf',
      '资料 Docs/方案.pdf',
      'manifest.csv',
    ]);
    expect(entries.every((e) => e.utf8)).toBe(true);
    const byName = new Map(entries.map((e) => [e.name, e.content]));
    expect(sha(byName.get('资料 Docs/方案.pdf')!)).toBe(sha(contents.get(doc.chinese)!));
    expect(sha(byName.get('资料 Docs/Report.pdf')!)).toBe(sha(contents.get(doc.reportA)!));
    expect(sha(byName.get('资料 Docs/Report (2).pdf')!)).toBe(sha(contents.get(doc.reportB)!));

    const manifest = byName.get('manifest.csv')!.toString('utf8');
    expect(manifest.startsWith('\uFEFF')).toBe(true);
    const lines = manifest.slice(1).trimEnd().split('\r\n');
    const size = (id: number) => contents.get(id)!.length;
    const hash = (id: number) => sha(contents.get(id)!);
    expect(lines).toEqual([
      'path,document name,version,sha256,size,status,certified copy',
      `资料 Docs/Report.pdf,Report,V1.0,${hash(doc.reportA)},${size(doc.reportA)},editing,`,
      `资料 Docs/Report (2).pdf,Report.pdf,V1.0,${hash(doc.reportB)},${size(doc.reportB)},editing,`,
      `资料 Docs/方案.pdf,方案,V1.0,${hash(doc.chinese)},${size(doc.chinese)},editing,`,
    ]);
  });

  it('serves a byte range of the zip and records creation and each download in the trail', async () => {
    const part = await client(ctx.app, world.pm.token).call(downloadRoutes.taskFile, {
      params: { id: taskId },
      headers: { range: 'bytes=0-3' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))).toBe(true);
    const rows = await trailOf(ctx.db, 'download_task', taskId);
    expect(rows.map((r) => r.type)).toEqual([1, 11, 11]);
    expect(rows[0].newValue).toMatchObject({
      name: '归档 Archive',
      documentIds: [doc.chinese, doc.reportA, doc.reportB].sort((a, b) => a - b),
    });
  });

  it('names the bad field: a name and something to pack are required', async () => {
    const noName = await createTask(world.pm.token, { name: ' ', fileIds: [doc.chinese] });
    expect(noName.statusCode).toBe(400);
    expect(noName.msg).toBe('Name is required');
    const nothing = await createTask(world.pm.token, { name: 'Empty', fileIds: [] });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.msg).toBe('Files is required');
  });
});

describe('packing a folder', () => {
  it('includes subfolders and leaves out documents of folders without downDoc', async () => {
    const res = await createTask(downloader.token, { name: 'Folder', folderId: folder.top });
    expect(res.statusCode).toBe(200);
    const id = res.data.id;
    expect(res.data.documentCount).toBe(4);
    expect(await settled(world.pm.token, id)).toMatchObject({ state: 'completed' });
    const [task] = await ctx.db.select().from(downloadTasks).where(eq(downloadTasks.id, id));
    expect(task.documentIds).not.toContain(doc.inClosed);
    const file = await client(ctx.app, downloader.token).call(downloadRoutes.taskFile, { params: { id } });
    expect(readZip(file.rawPayload).map((e) => e.name)).toContain('资料 Docs/Sub/Sub doc.pdf');
  });

  it('refuses documents the caller may not download, naming none of them', async () => {
    const named = await createTask(downloader.token, { name: 'Named', fileIds: [doc.chinese, doc.inClosed] });
    expect(named.statusCode).toBe(403);
    expect(named.msg).toBe('You do not have permission for this');
    expect(named.body).not.toContain('closed');
    const closed = await createTask(downloader.token, { name: 'Closed', folderId: folder.closed });
    expect(closed.statusCode).toBe(403);
    const staff = await createTask(world.staff.token, { name: 'Staff', fileIds: [doc.chinese] });
    expect(staff.statusCode).toBe(403);
    const foreign = await createTask(downloader.token, { name: 'Foreign', fileIds: [999_999] });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('whose tasks', () => {
  it("lists one's own tasks; all of the project only for project administrators", async () => {
    const mine = (await client(ctx.app, downloader.token).call(downloadRoutes.taskList)).data;
    expect(mine.data.every((r: { creatorId: number }) => r.creatorId === downloader.id)).toBe(true);
    expect(mine.total).toBeGreaterThan(0);
    const refused = await client(ctx.app, downloader.token).call(downloadRoutes.taskList, { query: { all: 'true' } });
    expect(refused.statusCode).toBe(403);
    const all = (await client(ctx.app, world.pm.token).call(downloadRoutes.taskList, { query: { all: 'true' } })).data;
    expect(all.data.some((r: { creatorId: number }) => r.creatorId === downloader.id)).toBe(true);
    const pmOwn = (await client(ctx.app, world.pm.token).call(downloadRoutes.taskList)).data;
    expect(pmOwn.data.some((r: { creatorId: number }) => r.creatorId === downloader.id)).toBe(false);
  });

  it("answers 404 for someone else's task; an administrator may delete any", async () => {
    const res = await createTask(world.pm.token, { name: 'PM only', fileIds: [doc.chinese] });
    const id = res.data.id;
    await settled(world.pm.token, id);
    expect((await client(ctx.app, downloader.token).call(downloadRoutes.taskFile, { params: { id } })).statusCode).toBe(
      404,
    );
    expect(
      (await client(ctx.app, downloader.token).call(downloadRoutes.deleteTask, { params: { id } })).statusCode,
    ).toBe(404);

    const theirs = await createTask(downloader.token, { name: 'Theirs', fileIds: [doc.chinese] });
    const theirId = theirs.data.id;
    await settled(world.pm.token, theirId);
    const del = await client(ctx.app, world.pm.token).call(downloadRoutes.deleteTask, { params: { id: theirId } });
    expect(del.json()).toMatchObject({ status: true });
    expect(await ctx.db.select().from(downloadTasks).where(eq(downloadTasks.id, theirId))).toHaveLength(0);
    expect((await trailOf(ctx.db, 'download_task', theirId)).map((r) => r.type)).toEqual([1, 3]);
  });
});

describe('failures and expiry', () => {
  it('ends a pack whose file content is missing as failed, with the reason', async () => {
    const gone = await upload(folder.sub, 'Gone', 'gone.pdf');
    const [v] = await ctx.db.select().from(documentVersions).where(eq(documentVersions.documentId, gone));
    await ctx.deps.blobs.remove(v.sha256);
    const res = await createTask(world.pm.token, { name: 'Broken', fileIds: [doc.chinese, gone] });
    const row = await settled(world.pm.token, res.data.id);
    expect(row).toMatchObject({ state: 'failed', error: 'File content is missing: gone.pdf', size: null });
    const file = await client(ctx.app, world.pm.token).call(downloadRoutes.taskFile, { params: { id: row.id } });
    expect(file.statusCode).toBe(409);
    expect(file.msg).toBe('The package is not ready yet');
  });

  it('lists an expired task as expired, refuses its download and sweeps its zip', async () => {
    const res = await createTask(world.pm.token, { name: 'Old', fileIds: [doc.inSub] });
    const id = res.data.id;
    await settled(world.pm.token, id);
    const [before] = await ctx.db.select().from(downloadTasks).where(eq(downloadTasks.id, id));
    expect(await ctx.deps.blobs.has(before.sha256!)).toBe(true);
    await ctx.db
      .update(downloadTasks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(downloadTasks.id, id));
    expect(await settled(world.pm.token, id)).toMatchObject({ state: 'expired' });
    const file = await client(ctx.app, world.pm.token).call(downloadRoutes.taskFile, { params: { id } });
    expect(file.statusCode).toBe(410);
    expect(file.msg).toBe('The download task has expired');
    expect(await sweepExpiredDownloads(ctx.db, ctx.deps.blobs, 0)).toBe(1);
    const [after] = await ctx.db.select().from(downloadTasks).where(eq(downloadTasks.id, id));
    expect(after.sha256).toBeNull();
    expect(await ctx.deps.blobs.has(before.sha256!)).toBe(false);
    expect(await settled(world.pm.token, id)).toMatchObject({ state: 'expired' });
  });
});

describe('a pack in English', () => {
  it('names the folders in the language of the person who asked (issue 26)', async () => {
    await ctx.db.update(folders).set({ nameEn: 'Documents' }).where(eq(folders.id, folder.top));
    await ctx.db.update(sessions).set({ lang: 'en-US' }).where(eq(sessions.userId, world.pm.id));
    try {
      const res = await createTask(world.pm.token, { name: 'English', fileIds: [doc.chinese, doc.inSub] });
      expect(res.statusCode).toBe(200);
      const id = res.data.id;
      expect(await settled(world.pm.token, id)).toMatchObject({ state: 'completed' });
      const file = await client(ctx.app, world.pm.token).call(downloadRoutes.taskFile, { params: { id } });
      expect(readZip(file.rawPayload).map((e) => e.name)).toEqual([
        'Documents/方案.pdf',
        'Documents/Sub/Sub doc.pdf',
        'manifest.csv',
      ]);
    } finally {
      await ctx.db.update(sessions).set({ lang: 'zh-CN' }).where(eq(sessions.userId, world.pm.id));
      await ctx.db.update(folders).set({ nameEn: null }).where(eq(folders.id, folder.top));
    }
  });
});
