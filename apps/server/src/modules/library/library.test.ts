import { spawnSync } from 'node:child_process';
import { DocStatus, TrailType } from '@edoc/contract/enums';
import { FolderType } from '@edoc/contract/permissions';
import { and, eq } from 'drizzle-orm';
import { PDFDocument, rgb } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, documentVersions } from '../../db/schema/documents.ts';
import { libraryEntries } from '../../db/schema/library.ts';
import { folders, projects } from '../../db/schema/projects.ts';
import { tasks } from '../../db/schema/workflow.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import {
  createProjectWorld,
  joinProject,
  SAMPLE,
  type ProjectPerson,
  type ProjectWorld,
} from '../../test/factories.ts';
import { trailOf } from '../../test/records.ts';
import { client } from '../../test/requests.ts';
import { activateDue } from './archive.service.ts';

// Issue 11: the library's transitions (DESIGN §6) through the HTTP API — archive 8 → 6/7, activation 7 → 6,
// recall 6 → 1, invalid marks, deletion by approval 6 → 9 → recycle bin / 6 — and what each refuses.
let ctx: TestContext;
let world: ProjectWorld;
let other: ProjectWorld;
let folder: number;
let pm2: ProjectPerson;
let n = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  world = await createProjectWorld(ctx, 'LIB-1');
  other = await createProjectWorld(ctx, 'LIB-2');
  folder = world.folderByIch.get('8.2.2')!;
  // No stage enabled: a document sent goes straight to 8 (processed, waiting to archive).
  await ctx.db
    .update(projects)
    .set({ reviewOpen: false, qcOpen: false, approveOpen: false })
    .where(eq(projects.id, world.projectId));
  pm2 = await joinProject(ctx, world, world.roleIds.STU_PM);
});
afterAll(() => ctx.close());

const as = (p: { token: string }) => client(ctx.app, p.token);
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const statusOf = async (id: number) =>
  (await ctx.db.select({ s: documents.status }).from(documents).where(eq(documents.id, id)))[0].s;

/** A document of `world` sent with no stage enabled: processed (8), the sender holding 'waiting to archive'. */
async function processedDocument(): Promise<number> {
  n += 1;
  const res = await as(world.pm).form(
    '/minio/file/save',
    { folderId: folder, name: `Plan ${n}` },
    { name: 'plan.pdf', content: SAMPLE.pdf() },
  );
  const fileId = res.json().data.fileId as number;
  const sent = await as(world.pm).post('/file/apply/save', { fileId, stages: [] });
  expect(sent.json()).toMatchObject({ data: { status: DocStatus.Processed } });
  return fileId;
}

describe('archiving', () => {
  it('needs a library folder of the same ICH code, or one chosen', async () => {
    const id = await processedDocument();
    const refused = await as(world.pm).post('/file/archive', { fileId: id });
    expect(refused.json()).toMatchObject({ errorCode: 'library_folder_required' });
    expect(refused.statusCode).toBe(409);
    // The ICH template applied to the library tree gives every workspace folder its library twin.
    const templates = (await as(world.admin).get('/template/directory/list')).json().data as Array<{
      id: number;
      shipped: boolean;
    }>;
    const applied = await as(world.pm).post('/folder/template/apply', {
      templateId: templates.find((t) => t.shipped)!.id,
      type: FolderType.Library,
    });
    expect(applied.statusCode).toBe(200);
    expect(await statusOf(id)).toBe(DocStatus.Processed);
  });

  it('files the current version in the library (8 → 6), closes the archive task, and writes a publish row', async () => {
    const id = await processedDocument();
    expect(
      await ctx.db
        .select()
        .from(tasks)
        .where(and(eq(tasks.documentId, id), eq(tasks.kind, 'archive'))),
    ).toMatchObject([{ userId: world.pm.id, state: 0 }]);
    const res = await as(world.pm).post('/file/archive', { fileId: id, publishDate: day(0), startDate: day(0) });
    expect(res.json()).toMatchObject({ status: true, data: { fileId: id, status: DocStatus.Archived } });
    const [entry] = await ctx.db.select().from(libraryEntries).where(eq(libraryEntries.documentId, id));
    const [twin] = await ctx.db.select().from(folders).where(eq(folders.id, entry.folderId));
    expect(twin).toMatchObject({ type: FolderType.Library, ichCode: '8.2.2' });
    expect(entry.activatedAt).not.toBeNull();
    // The library tree counts it; its folder cannot be deleted while it holds the record.
    type Node = { folderId: number; fileCount: number; children?: Node[] };
    const tree = (await as(world.pm).get('/folder/tree/0')).json().data as { library: Node[] };
    const find = (nodes: Node[]): Node | undefined =>
      nodes.map((x) => (x.folderId === twin.id ? x : find(x.children ?? []))).find(Boolean);
    expect(find(tree.library)?.fileCount).toBe(1);
    expect((await as(world.pm).post(`/folder/delete/${twin.id}`)).json()).toMatchObject({
      errorCode: 'folder_has_files',
    });
    expect(
      await ctx.db
        .select()
        .from(tasks)
        .where(and(eq(tasks.documentId, id), eq(tasks.kind, 'archive'))),
    ).toMatchObject([{ state: 1, outcome: 'archive' }]);
    const rows = await trailOf(ctx.db, 'document', id);
    expect(rows.at(-1)).toMatchObject({
      type: TrailType.Publish,
      oldValue: { docStatus: DocStatus.Processed },
      newValue: { docStatus: DocStatus.Archived, libraryFolderId: twin.id, entryId: entry.id },
    });
  });

  it('refuses a document not processed, a caller without archiveDoc, another project and a stale version', async () => {
    const id = await processedDocument();
    const draft = (
      await as(world.pm).form(
        '/minio/file/save',
        { folderId: folder, name: `Draft ${n}` },
        {
          name: 'd.pdf',
          content: SAMPLE.pdf(),
        },
      )
    ).json().data.fileId as number;
    expect((await as(world.pm).post('/file/archive', { fileId: draft })).json()).toMatchObject({
      errorCode: 'not_in_this_status',
    });
    const staff = await as(world.staff).post('/file/archive', { fileId: id });
    expect([403, 404]).toContain(staff.statusCode);
    expect((await as(other.pm).post('/file/archive', { fileId: id })).statusCode).toBe(404);
    expect((await as(world.pm).post('/file/archive', { fileId: id, fileVersionId: 2 ** 31 - 1 })).json()).toMatchObject(
      {
        errorCode: 'version_not_current',
      },
    );
    expect(await statusOf(id)).toBe(DocStatus.Processed);
    expect(await ctx.db.select().from(libraryEntries).where(eq(libraryEntries.documentId, id))).toEqual([]);
  });

  it('archives many at once, each on its own', async () => {
    const [a, b] = [await processedDocument(), await processedDocument()];
    const res = await as(world.pm).post('/file/batch/archived', { fileIds: [a, b, 2 ** 31 - 1], startDate: day(0) });
    expect(res.json().data.results).toMatchObject([
      { fileId: a, ok: true },
      { fileId: b, ok: true },
      { fileId: 2 ** 31 - 1, ok: false, errorCode: 'not_found' },
    ]);
    expect([await statusOf(a), await statusOf(b)]).toEqual([DocStatus.Archived, DocStatus.Archived]);
  });
});

describe('the library list', () => {
  it('shows current, valid entries with their library dates; invalid and superseded ones when asked', async () => {
    const id = await processedDocument();
    await as(world.pm).post('/file/archive', { fileId: id, publishDate: day(-1) });
    type Row = {
      fileId: number;
      publish_date: string;
      takeFileInvalid: boolean;
      superseded: boolean;
      abilities: string[];
    };
    const list = async (p: { token: string }, q = '') =>
      (await as(p).get(`/folder/library/file/list?pageSize=200${q}`)).json().data as { data: Row[]; total: number };
    const mine = (await list(world.pm)).data.filter((r) => r.fileId === id);
    expect(mine).toMatchObject([{ publish_date: day(-1), takeFileInvalid: false, superseded: false }]);
    expect(mine[0].abilities).toContain('recallDoc');
    // Ordinary staff hold no library viewDoc in this project: nothing.
    expect((await list(world.staff)).total).toBe(0);
    // Another project sees none of it.
    expect((await list(other.pm)).data.some((r) => r.fileId === id)).toBe(false);

    await as(world.pm).post('/folder/file/invalid', { fileId: id, fileInvalid: true });
    expect((await list(world.pm)).data.some((r) => r.fileId === id)).toBe(false);
    expect((await list(world.pm, '&showInvalid=true')).data.find((r) => r.fileId === id)?.takeFileInvalid).toBe(true);
    const work = (await as(world.pm).get(`/folder/workspace/file/list?folderId=${folder}&pageSize=200`)).json().data
      .data as Row[];
    expect(work.find((r) => r.fileId === id)?.takeFileInvalid).toBe(true);

    await as(world.pm).post('/folder/file/invalid', { fileId: id, fileInvalid: false });
    await as(world.pm).get(`/file/recall?fileId=${id}`);
    await as(world.pm).post('/file/apply/save', { fileId: id, stages: [] });
    await as(world.pm).post('/file/archive', { fileId: id });
    expect((await list(world.pm)).data.filter((r) => r.fileId === id)).toHaveLength(1);
    const all = (await list(world.pm, '&showSuperseded=true')).data.filter((r) => r.fileId === id);
    expect(all.map((r) => r.superseded).sort()).toEqual([false, true]);
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
    const up = await as(world.pm).form(
      '/minio/file/save',
      { folderId: folder, name: 'Half black' },
      { name: 'half.pdf', content: Buffer.from(await made.save()) },
    );
    const { fileId, fileVersionId } = up.json().data as { fileId: number; fileVersionId: number };
    await as(world.pm).post('/file/apply/save', { fileId, stages: [] });
    await as(world.pm).post('/file/archive', { fileId });
    const picture = await as(world.pm).get(`/folder/library/file/picture?fileVersionId=${fileVersionId}`);
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/png');
    const { data, info } = await sharp(picture.rawPayload).greyscale().raw().toBuffer({ resolveWithObject: true });
    expect(info.width).toBe(240);
    // The top half of the page is black, the bottom white: the picture is of this page.
    expect(data[Math.floor(info.height / 4) * info.width + 120]).toBeLessThan(40);
    expect(data[Math.floor((info.height * 3) / 4) * info.width + 120]).toBeGreaterThan(215);
    // The same picture from the workspace; none for another project or a reader without library viewDoc.
    const again = await as(world.pm).get(`/folder/workspace/file/picture?fileVersionId=${fileVersionId}`);
    expect(again.rawPayload.equals(picture.rawPayload)).toBe(true);
    expect((await as(other.pm).get(`/folder/library/file/picture?fileVersionId=${fileVersionId}`)).statusCode).toBe(
      404,
    );
    expect((await as(world.staff).get(`/folder/library/file/picture?fileVersionId=${fileVersionId}`)).statusCode).toBe(
      403,
    );
    // A draft (never archived) has no library picture.
    const draft = await as(world.pm).form(
      '/minio/file/save',
      { folderId: folder, name: 'Unarchived' },
      {
        name: 'u.pdf',
        content: Buffer.from(await made.save()),
      },
    );
    const draftVersion = draft.json().data.fileVersionId as number;
    expect((await as(world.pm).get(`/folder/library/file/picture?fileVersionId=${draftVersion}`)).statusCode).toBe(404);
  });
});

describe('activation', () => {
  it('waits (7) until the effective date, then activates once even with two workers at once', async () => {
    const id = await processedDocument();
    const res = await as(world.pm).post('/file/archive', { fileId: id, startDate: day(3) });
    expect(res.json().data.status).toBe(DocStatus.WaitingActivation);
    await activateDue(ctx.db, new Date(Date.now() + 86_400_000));
    expect(await statusOf(id)).toBe(DocStatus.WaitingActivation);
    // The clock the test controls: four days on, two workers run the job at once.
    const later = new Date(Date.now() + 4 * 86_400_000);
    await Promise.all([activateDue(ctx.db, later), activateDue(ctx.db, later)]);
    expect(await statusOf(id)).toBe(DocStatus.Archived);
    const activations = (await trailOf(ctx.db, 'document', id)).filter(
      (r) => (r.newValue as { activated?: boolean } | null)?.activated,
    );
    expect(activations).toHaveLength(1);
    expect(activations[0]).toMatchObject({ actorId: null, type: TrailType.Update });
  });
});

describe('an archived document', () => {
  it('is locked: no edit, rename or delete', async () => {
    const id = await processedDocument();
    await as(world.pm).post('/file/archive', { fileId: id });
    const rename = await as(world.pm).post('/file/rename/a', { fileId: id, name: 'Changed' });
    expect(rename.statusCode).toBe(409);
    const edit = await as(world.pm).form(
      '/minio/file/edit/a',
      { fileId: id },
      { name: 'x.pdf', content: SAMPLE.pdf() },
    );
    expect(edit.statusCode).toBe(409);
    const del = await as(world.pm).post('/file/delete/a', { fileId: id, folderId: folder, deleteAllVersion: true });
    expect(del.statusCode).toBe(409);
    expect(await statusOf(id)).toBe(DocStatus.Archived);
  });

  it('is recalled as a new draft version (6 → 1); the archived entry stays until the next archive supersedes it', async () => {
    const id = await processedDocument();
    await as(world.pm).post('/file/archive', { fileId: id });
    expect((await as(world.staff).get(`/file/recall?fileId=${id}`)).statusCode).toBeGreaterThanOrEqual(403);
    const recalled = await as(world.pm).get(`/file/recall?fileId=${id}`);
    expect(recalled.json()).toMatchObject({ data: { status: DocStatus.Editing } });
    const versions = await ctx.db.select().from(documentVersions).where(eq(documentVersions.documentId, id));
    expect(versions.map((v) => v.versionNo)).toEqual(['V1.0', 'V1.1']);
    expect(versions[1].sha256).toBe(versions[0].sha256);
    expect((await as(world.pm).get(`/file/recall?fileId=${id}`)).json()).toMatchObject({
      errorCode: 'not_in_this_status',
    });
    await as(world.pm).post('/file/apply/save', { fileId: id, stages: [] });
    await as(world.pm).post('/file/archive', { fileId: id });
    const entries = await ctx.db.select().from(libraryEntries).where(eq(libraryEntries.documentId, id));
    expect(entries.map((e) => [e.versionId, e.supersededAt !== null])).toEqual([
      [versions[0].id, true],
      [versions[1].id, false],
    ]);
  });

  it('is marked invalid and valid again by invalidDoc holders only', async () => {
    const id = await processedDocument();
    await as(world.pm).post('/file/archive', { fileId: id });
    expect((await as(world.staff).post('/folder/file/invalid', { fileId: id, fileInvalid: true })).statusCode).toBe(
      403,
    );
    expect((await as(world.pm).post('/folder/file/invalid', { fileId: id, fileInvalid: true })).statusCode).toBe(200);
    expect((await as(world.pm).post('/folder/file/invalid', { fileId: id, fileInvalid: true })).json()).toMatchObject({
      errorCode: 'no_change',
    });
    const [entry] = await ctx.db.select().from(libraryEntries).where(eq(libraryEntries.documentId, id));
    expect(entry.invalid).toBe(true);
  });

  it('is deleted only by the approver named in an application (6 → 9 → 6, then → recycle bin)', async () => {
    const id = await processedDocument();
    await as(world.pm).post('/file/archive', { fileId: id });
    const apply = (approverId: number, reason = 'Duplicate of the signed copy') =>
      as(world.pm).post('/file/delete/apply', { fileId: id, approverId, reason });
    expect((await apply(world.pm.id)).json()).toMatchObject({ errorCode: 'deletion_approver_invalid' });
    expect((await apply(world.staff.id)).json()).toMatchObject({ errorCode: 'deletion_approver_invalid' });
    expect((await apply(pm2.id, '')).statusCode).toBe(400);
    const first = await apply(pm2.id);
    expect(first.json()).toMatchObject({ data: { status: DocStatus.DeletionInApproval } });
    const applyId = first.json().data.applyId as number;
    expect(
      await ctx.db
        .select()
        .from(tasks)
        .where(and(eq(tasks.documentId, id), eq(tasks.kind, 'deleteApproval'))),
    ).toMatchObject([{ userId: pm2.id, state: 0 }]);
    // Only the named approver decides.
    expect((await as(world.pm).get(`/file/delete/${id}/${applyId}/a?pass=true`)).statusCode).toBe(403);
    expect((await as(pm2).get(`/file/delete/${id}/${applyId}/a?pass=false&comment=Keep`)).json()).toMatchObject({
      data: { status: DocStatus.Archived },
    });
    expect((await as(pm2).get(`/file/delete/${id}/${applyId}/a?pass=true`)).statusCode).toBe(409);

    const second = (await apply(pm2.id)).json().data.applyId as number;
    expect((await as(pm2).get(`/file/delete/${id}/${second}/a?pass=true`)).statusCode).toBe(200);
    const [doc] = await ctx.db.select().from(documents).where(eq(documents.id, id));
    expect(doc.deletedAt).not.toBeNull();
    const types = (await trailOf(ctx.db, 'document', id)).map((r) => r.type);
    expect(types.slice(-5)).toEqual([
      TrailType.Publish,
      TrailType.Update,
      TrailType.Update,
      TrailType.Update,
      TrailType.Delete,
    ]);
  });
});

describe('closing a project', () => {
  it('is refused while a document is in a workflow, naming it; closes and reopens once none is', async () => {
    const up = await as(other.pm).form(
      '/minio/file/save',
      { folderId: other.folderByIch.get('8.2.2')!, name: 'In review' },
      { name: 'r.pdf', content: SAMPLE.pdf() },
    );
    const fileId = up.json().data.fileId as number;
    const stages = [3, 4, 5].map((stage) => ({ stage, userIds: [other.pm.id] }));
    expect((await as(other.pm).post('/file/apply/save', { fileId, stages })).statusCode).toBe(200);
    const refused = await as(other.admin).post(`/project/close/${other.projectId}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      errorCode: 'project_has_workflow',
      data: [{ fileId, fileName: 'In review', status: DocStatus.InReview }],
    });
    expect((await as(other.pm).post(`/file/undo/${fileId}/a`)).statusCode).toBe(200);
    expect((await as(other.admin).post(`/project/close/${other.projectId}`)).statusCode).toBe(200);
    expect((await as(other.admin).post(`/project/reopen/${other.projectId}`)).statusCode).toBe(200);
    const rows = await trailOf(ctx.db, 'project', other.projectId);
    expect(rows.slice(-2).map((r) => r.newValue)).toEqual([{ closed: true }, { closed: false }]);
  });
});
