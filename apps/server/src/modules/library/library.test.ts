import { workflowRoutes } from '@edoc/contract/workflow-routes';
import { libraryRoutes } from '@edoc/contract/library-routes';
import { folderRoutes } from '@edoc/contract/folder-routes';
import { documentRoutes } from '@edoc/contract/document-routes';
import { DocStatus, TrailType } from '@edoc/contract/enums';
import { FolderType } from '@edoc/contract/permissions';
import { TaskState } from '@edoc/contract/states';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, documentVersions } from '../../db/schema/documents.ts';
import { libraryEntries } from '../../db/schema/library.ts';
import { folders } from '../../db/schema/projects.ts';
import { tasks } from '../../db/schema/workflow.ts';
import { trailOf } from '../../test/records.ts';
import { SAMPLE } from '../../test/factories.ts';
import { activateDue } from './archive.service.ts';
import { createLibraryWorld, day, type LibraryWorld } from '../../test/library-world.ts';

// Issue 11: the library's transitions (DESIGN §6) through the HTTP API — archive 8 → 6/7, activation 7 → 6,
// recall 6 → 1, invalid marks, deletion by approval 6 → 9 → recycle bin / 6 — and what each refuses.

let L: LibraryWorld;
beforeAll(async () => {
  L = await createLibraryWorld('LIB-1');
});
afterAll(() => L.ctx.close());

describe('archiving', () => {
  it('needs a library folder of the same ICH code, or one chosen', async () => {
    const created = await L.as(L.world.pm).call(folderRoutes.create, { body: { name: 'No ICH code', parentId: 0 } });
    const id = await L.processedDocument({ folderId: String(created.data.folderId) });
    const refused = await L.as(L.world.pm).call(libraryRoutes.archive, { body: { fileId: id } });
    expect(refused.json()).toMatchObject({ errorCode: 'library_folder_required' });
    expect(refused.statusCode).toBe(409);
    expect(await L.statusOf(id)).toBe(DocStatus.Processed);
    const [named] = await L.ctx.db
      .select()
      .from(folders)
      .where(and(eq(folders.projectId, L.world.projectId), eq(folders.type, FolderType.Library)))
      .limit(1);
    const filed = await L.as(L.world.pm).call(libraryRoutes.archive, { body: { fileId: id, libraryFolderId: named.id } });
    expect(filed.data.status).toBe(DocStatus.Archived);
  });

  it('files the current version in the library (8 → 6), closes the archive task, and writes a publish row', async () => {
    const id = await L.processedDocument();
    expect(
      await L.ctx.db
        .select()
        .from(tasks)
        .where(and(eq(tasks.documentId, id), eq(tasks.kind, 'archive'))),
    ).toMatchObject([{ userId: L.world.pm.id, state: TaskState.Open }]);
    const res = await L.as(L.world.pm).call(libraryRoutes.archive, {
      body: { fileId: id, publishDate: day(0), startDate: day(0) },
    });
    expect(res.json()).toMatchObject({ status: true, data: { fileId: id, status: DocStatus.Archived } });
    const [entry] = await L.ctx.db.select().from(libraryEntries).where(eq(libraryEntries.documentId, id));
    const [twin] = await L.ctx.db.select().from(folders).where(eq(folders.id, entry.folderId));
    expect(twin).toMatchObject({ type: FolderType.Library, ichCode: '8.2.2' });
    expect(entry.activatedAt).not.toBeNull();
    // The library tree counts it; its folder cannot be deleted while it holds the record.
    type Node = { folderId: number; fileCount: number; children?: Node[] };
    const tree = (await L.as(L.world.pm).call(folderRoutes.tree0)).data as { library: Node[] };
    const find = (nodes: Node[]): Node | undefined =>
      nodes.map((x) => (x.folderId === twin.id ? x : find(x.children ?? []))).find(Boolean);
    expect(find(tree.library)?.fileCount).toBe(1);
    expect((await L.as(L.world.pm).call(folderRoutes.delete, { params: { id: twin.id } })).json()).toMatchObject({
      errorCode: 'folder_has_files',
    });
    expect(
      await L.ctx.db
        .select()
        .from(tasks)
        .where(and(eq(tasks.documentId, id), eq(tasks.kind, 'archive'))),
    ).toMatchObject([{ state: TaskState.Done, outcome: 'archive' }]);
    const rows = await trailOf(L.ctx.db, 'document', id);
    expect(rows.at(-1)).toMatchObject({
      type: TrailType.Publish,
      oldValue: { docStatus: DocStatus.Processed },
      newValue: { docStatus: DocStatus.Archived, libraryFolderId: twin.id, entryId: entry.id },
    });
  });

  it('refuses a document not processed, a caller without archiveDoc, another project and a stale version', async () => {
    const id = await L.processedDocument();
    const draft = (
      await L.as(L.world.pm).callUpload(documentRoutes.upload, {
        fields: { folderId: L.folder, name: `Draft ${Date.now()}` },
        file: {
          name: 'd.pdf',
          content: SAMPLE.pdf(),
        },
      })
    ).data.fileId;
    expect((await L.as(L.world.pm).call(libraryRoutes.archive, { body: { fileId: draft } })).json()).toMatchObject({
      errorCode: 'not_in_this_status',
    });
    const staff = await L.as(L.world.staff).call(libraryRoutes.archive, { body: { fileId: id } });
    expect([403, 404]).toContain(staff.statusCode);
    expect((await L.as(L.other.pm).call(libraryRoutes.archive, { body: { fileId: id } })).statusCode).toBe(404);
    expect(
      (await L.as(L.world.pm).call(libraryRoutes.archive, { body: { fileId: id, fileVersionId: 2 ** 31 - 1 } })).json(),
    ).toMatchObject({
      errorCode: 'version_not_current',
    });
    expect(await L.statusOf(id)).toBe(DocStatus.Processed);
    expect(await L.ctx.db.select().from(libraryEntries).where(eq(libraryEntries.documentId, id))).toEqual([]);
  });

  it('archives many at once, each on its own', async () => {
    const [a, b] = [await L.processedDocument(), await L.processedDocument()];
    const res = await L.as(L.world.pm).call(libraryRoutes.batchArchive, {
      body: {
        fileIds: [a, b, 2 ** 31 - 1],
        startDate: day(0),
      },
    });
    expect(res.data.results).toMatchObject([
      { fileId: a, ok: true },
      { fileId: b, ok: true },
      { fileId: 2 ** 31 - 1, ok: false, errorCode: 'not_found' },
    ]);
    expect([await L.statusOf(a), await L.statusOf(b)]).toEqual([DocStatus.Archived, DocStatus.Archived]);
  });
});

describe('activation', () => {
  it('waits (7) until the effective date, then activates once even with two workers at once', async () => {
    const id = await L.processedDocument();
    const res = await L.as(L.world.pm).call(libraryRoutes.archive, { body: { fileId: id, startDate: day(3) } });
    expect(res.data.status).toBe(DocStatus.WaitingActivation);
    await activateDue(L.ctx.db, new Date(Date.now() + 86_400_000));
    expect(await L.statusOf(id)).toBe(DocStatus.WaitingActivation);
    // The clock the test controls: four days on, two workers run the job at once.
    const later = new Date(Date.now() + 4 * 86_400_000);
    await Promise.all([activateDue(L.ctx.db, later), activateDue(L.ctx.db, later)]);
    expect(await L.statusOf(id)).toBe(DocStatus.Archived);
    const activations = (await trailOf(L.ctx.db, 'document', id)).filter(
      (r) => (r.newValue as { activated?: boolean } | null)?.activated,
    );
    expect(activations).toHaveLength(1);
    expect(activations[0]).toMatchObject({ actorId: null, type: TrailType.Update });
  });
});

describe('an archived document', () => {
  it('is locked: no edit, rename or delete', async () => {
    const id = await L.processedDocument();
    await L.as(L.world.pm).call(libraryRoutes.archive, { body: { fileId: id } });
    const rename = await L.as(L.world.pm).call(documentRoutes.rename, { body: { fileId: id, name: 'Changed' } });
    expect(rename.statusCode).toBe(409);
    const edit = await L.as(L.world.pm).callUpload(documentRoutes.edit, {
      fields: { fileId: id },
      file: { name: 'x.pdf', content: SAMPLE.pdf() },
    });
    expect(edit.statusCode).toBe(409);
    const [version] = await L.ctx.db.select().from(documentVersions).where(eq(documentVersions.documentId, id));
    const label = await L.as(L.world.pm).call(documentRoutes.labelVersion, {
      body: { fileVersionId: version.id, label: 'Final' },
    });
    expect(label.statusCode).toBe(409);
    const del = await L.as(L.world.pm).call(documentRoutes.delete, {
      body: {
        fileId: id,
        folderId: L.folder,
        deleteAllVersion: true,
      },
    });
    expect(del.statusCode).toBe(409);
    expect(await L.statusOf(id)).toBe(DocStatus.Archived);
  });

  it('is recalled as a new draft version (6 → 1); the archived entry stays until the next archive supersedes it', async () => {
    const id = await L.processedDocument();
    await L.as(L.world.pm).call(libraryRoutes.archive, { body: { fileId: id } });
    expect(
      (await L.as(L.world.staff).call(libraryRoutes.recall, { query: { fileId: id } })).statusCode,
    ).toBeGreaterThanOrEqual(403);
    const recalled = await L.as(L.world.pm).call(libraryRoutes.recall, { query: { fileId: id } });
    expect(recalled.json()).toMatchObject({ data: { status: DocStatus.Editing } });
    const versions = await L.ctx.db.select().from(documentVersions).where(eq(documentVersions.documentId, id));
    expect(versions.map((v) => v.versionNo)).toEqual(['V1.0', 'V1.1']);
    expect(versions[1].sha256).toBe(versions[0].sha256);
    expect((await L.as(L.world.pm).call(libraryRoutes.recall, { query: { fileId: id } })).json()).toMatchObject({
      errorCode: 'not_in_this_status',
    });
    await L.as(L.world.pm).call(workflowRoutes.send, { body: { fileId: id, stages: [] } });
    await L.as(L.world.pm).call(libraryRoutes.archive, { body: { fileId: id } });
    const entries = await L.ctx.db.select().from(libraryEntries).where(eq(libraryEntries.documentId, id));
    expect(entries.map((e) => [e.versionId, e.supersededAt !== null])).toEqual([
      [versions[0].id, true],
      [versions[1].id, false],
    ]);
  });

  it('is marked invalid and valid again by invalidDoc holders only', async () => {
    const id = await L.processedDocument();
    await L.as(L.world.pm).call(libraryRoutes.archive, { body: { fileId: id } });
    expect(
      (await L.as(L.world.staff).call(libraryRoutes.markInvalid, { body: { fileId: id, fileInvalid: true } }))
        .statusCode,
    ).toBe(403);
    expect(
      (await L.as(L.world.pm).call(libraryRoutes.markInvalid, { body: { fileId: id, fileInvalid: true } })).statusCode,
    ).toBe(200);
    expect(
      (await L.as(L.world.pm).call(libraryRoutes.markInvalid, { body: { fileId: id, fileInvalid: true } })).json(),
    ).toMatchObject({
      errorCode: 'no_change',
    });
    const [entry] = await L.ctx.db.select().from(libraryEntries).where(eq(libraryEntries.documentId, id));
    expect(entry.invalid).toBe(true);
  });

  it('is deleted only by the approver named in an application (6 → 9 → 6, then → recycle bin)', async () => {
    const id = await L.processedDocument();
    await L.as(L.world.pm).call(libraryRoutes.archive, { body: { fileId: id } });
    const apply = (approverId: number, reason = 'Duplicate of the signed copy') =>
      L.as(L.world.pm).call(libraryRoutes.applyDelete, { body: { fileId: id, approverId, reason } });
    expect((await apply(L.world.pm.id)).json()).toMatchObject({ errorCode: 'deletion_approver_invalid' });
    expect((await apply(L.world.staff.id)).json()).toMatchObject({ errorCode: 'deletion_approver_invalid' });
    expect((await apply(L.pm2.id, '')).statusCode).toBe(400);
    const first = await apply(L.pm2.id);
    expect(first.json()).toMatchObject({ data: { status: DocStatus.DeletionInApproval } });
    const applyId = first.data.applyId;
    expect(
      await L.ctx.db
        .select()
        .from(tasks)
        .where(and(eq(tasks.documentId, id), eq(tasks.kind, 'deleteApproval'))),
    ).toMatchObject([{ userId: L.pm2.id, state: TaskState.Open }]);
    // Only the named approver decides.
    expect(
      (
        await L.as(L.world.pm).call(libraryRoutes.decideDelete, {
          params: { fileId: id, applyId },
          query: { pass: 'true' },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await L.as(L.pm2).call(libraryRoutes.decideDelete, {
          params: { fileId: id, applyId },
          query: { pass: 'false', comment: 'Keep' },
        })
      ).json(),
    ).toMatchObject({
      data: { status: DocStatus.Archived },
    });
    expect(
      (await L.as(L.pm2).call(libraryRoutes.decideDelete, { params: { fileId: id, applyId }, query: { pass: 'true' } }))
        .statusCode,
    ).toBe(409);

    const second = (await apply(L.pm2.id)).data.applyId;
    expect(
      (
        await L.as(L.pm2).call(libraryRoutes.decideDelete, {
          params: { fileId: id, applyId: second },
          query: { pass: 'true' },
        })
      ).statusCode,
    ).toBe(200);
    const [doc] = await L.ctx.db.select().from(documents).where(eq(documents.id, id));
    expect(doc.deletedAt).not.toBeNull();
    const types = (await trailOf(L.ctx.db, 'document', id)).map((r) => r.type);
    expect(types.slice(-5)).toEqual([
      TrailType.Publish,
      TrailType.Update,
      TrailType.Update,
      TrailType.Update,
      TrailType.Delete,
    ]);
  });
});
