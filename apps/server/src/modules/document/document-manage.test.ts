import { siteRoutes } from '@edoc/contract/site-routes';
import { folderRoutes } from '@edoc/contract/folder-routes';
import { documentRoutes } from '@edoc/contract/document-routes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentVersions } from '../../db/schema/documents.ts';
import { folderGrants, roles } from '../../db/schema/projects.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { createProjectWorld, joinProject, type ProjectWorld, SAMPLE } from '../../test/factories.ts';
import { trailOf } from '../../test/records.ts';
import { client } from '../../test/requests.ts';

let ctx: TestContext;
let world: ProjectWorld;
let folderA: number;
let folderB: number;
let editor: { id: number; token: string };

function send(
  url: string,
  token: string,
  fields: Record<string, string | number>,
  file?: { name: string; content: Buffer },
) {
  return client(ctx.app, token).form(url, fields, file);
}

async function newDocument(name: string, content = SAMPLE.pdf(), folderId = folderA) {
  const res = await send('/minio/file/save', world.pm.token, { folderId, name }, { name: `${name}.pdf`, content });
  expect(res.json().status, res.body).toBe(true);
  return res.json().data as { fileId: number; fileVersionId: number };
}

const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n%%EOF\n`);

beforeAll(async () => {
  ctx = await createTestContext();
  world = await createProjectWorld(ctx, 'DM-1');
  folderA = world.folderByIch.get('8.2.1')!;
  folderB = world.folderByIch.get('8.2.2')!;
  // An editor: may view, create and edit in both folders, but not delete.
  const keys = ['viewDoc', 'createDoc', 'editDoc', 'viewVersionDoc', 'downDoc'];
  const [role] = await ctx.db
    .insert(roles)
    .values({ projectId: world.projectId, code: 'EDITOR', name: 'Editor', docKeys: keys })
    .returning();
  for (const folderId of [folderA, folderB])
    await ctx.db.insert(folderGrants).values({ folderId, subjectType: 'role', subjectId: role.id, docKeys: keys });
  editor = await joinProject(ctx, world, role.id);
});

afterAll(async () => {
  await ctx.close();
});

describe('versions', () => {
  it('a new file makes the next version; the same content again is "no change in the document"', async () => {
    const { fileId } = await newDocument('Brochure', pdf('one'));
    const same = await send('/minio/file/edit/a', editor.token, { fileId }, { name: 'b.pdf', content: pdf('one') });
    expect(same.statusCode).toBe(400);
    expect(same.json().msg).toBe('No change in the document');
    const next = await send('/minio/file/edit/a', editor.token, { fileId }, { name: 'b2.pdf', content: pdf('two') });
    expect(next.json().data).toEqual({ fileId, versionNo: 'V1.1' });
    const versions = (await client(ctx.app, editor.token).call(documentRoutes.versions, { query: { fileId } })).data;
    expect(versions.map((v: { versionNo: string; current: boolean }) => [v.versionNo, v.current])).toEqual([
      ['V1.1', true],
      ['V1.0', false],
    ]);
    const others = await client(ctx.app, editor.token).call(documentRoutes.otherVersions, {
      query: { fileId, fileVersionId: versions[0].fileVersionId },
    });
    expect(others.data.map((v: { versionNo: string }) => v.versionNo)).toEqual(['V1.0']);
    // Each version stays downloadable as it was.
    const first = await client(ctx.app, editor.token).call(documentRoutes.download, {
      query: { fileId, fileVersionId: versions[1].fileVersionId },
    });
    expect(first.body).toBe(pdf('one').toString());
  });

  it('edits metadata alone, checking the dates and the name', async () => {
    const { fileId } = await newDocument('Consent');
    const bad = await send('/minio/file/edit/a', editor.token, {
      fileId,
      effectiveDate: '2027-01-02',
      expirationDate: '2027-01-01',
    });
    expect(bad.json().msg).toBe('The effective date cannot be after the expiration date!');
    const taken = await send('/minio/file/edit/a', editor.token, { fileId, name: 'BROCHURE' });
    expect(taken.json().msg).toBe('Duplicate file name!');
    const done = await send('/minio/file/edit/a', editor.token, { fileId, comment: 'signed copy' });
    expect(done.json().data.versionNo).toBe('V1.0');
    const rows = await trailOf(ctx.db, 'document', fileId);
    expect(rows.at(-1)).toMatchObject({ type: 2, oldValue: { comment: null }, newValue: { comment: 'signed copy' } });
  });

  it('labels a version, and deletes a version only while another remains, by deleteDoc', async () => {
    const { fileId } = await newDocument('Budget', pdf('b1'));
    await send('/minio/file/edit/a', world.pm.token, { fileId }, { name: 'b.pdf', content: pdf('b2') });
    const [v2, v1] = (await client(ctx.app, world.pm.token).call(documentRoutes.versions, { query: { fileId } })).data;
    const label = await client(ctx.app, editor.token).call(documentRoutes.labelVersion, {
      body: {
        fileVersionId: v1.fileVersionId,
        label: 'draft',
      },
    });
    expect(label.json().status).toBe(true);
    expect(
      (await client(ctx.app, editor.token).call(documentRoutes.deleteVersion, { params: { id: v2.fileVersionId } }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await client(ctx.app, world.pm.token).call(documentRoutes.deleteVersion, { params: { id: v2.fileVersionId } })
      ).json().status,
    ).toBe(true);
    const last = await client(ctx.app, world.pm.token).call(documentRoutes.deleteVersion, {
      params: { id: v1.fileVersionId },
    });
    expect(last.statusCode).toBe(409);
    const left = (await client(ctx.app, world.pm.token).call(documentRoutes.versions, { query: { fileId } })).data;
    expect(left).toMatchObject([{ fileVersionId: v1.fileVersionId, label: 'draft', current: true }]);
  });
});

describe('rename, move and comments', () => {
  it('renames, refusing a taken name', async () => {
    const { fileId } = await newDocument('Old name');
    expect(
      (await client(ctx.app, editor.token).call(documentRoutes.rename, { body: { fileId, name: 'Brochure' } }))
        .statusCode,
    ).toBe(409);
    expect(
      (await client(ctx.app, editor.token).call(documentRoutes.rename, { body: { fileId, name: 'New name' } })).json()
        .status,
    ).toBe(true);
  });

  it('moves many at once, all or none, with a move trail row each', async () => {
    const a = await newDocument('Move me 1');
    const b = await newDocument('Move me 2');
    await newDocument('Move me 2', SAMPLE.pdf(), folderB);
    const clash = await client(ctx.app, editor.token).call(documentRoutes.moveMany, {
      body: {
        fileIds: [a.fileId, b.fileId],
        folderId: folderB,
      },
    });
    expect(clash.statusCode).toBe(409);
    const list = async (folderId: number) =>
      (await client(ctx.app, editor.token).call(documentRoutes.list, { query: { folderId, pageSize: 50 } }))
        .json()
        .data.data.map((r: { file_name: string }) => r.file_name);
    expect(await list(folderB)).toEqual(['Move me 2']);
    const single = await client(ctx.app, editor.token).call(documentRoutes.move, {
      params: { fileId: a.fileId, folderId: folderB },
    });
    expect(single.json().status).toBe(true);
    expect((await list(folderB)).sort()).toEqual(['Move me 1', 'Move me 2']);
    expect((await trailOf(ctx.db, 'document', a.fileId)).at(-1)).toMatchObject({
      type: 14,
      newValue: { folderId: folderB },
    });
  });

  it('keeps comments per document, in order', async () => {
    const { fileId } = await newDocument('Commented');
    await client(ctx.app, editor.token).call(documentRoutes.addWord, { body: { fileId, text: '请核对签名页' } });
    await client(ctx.app, world.pm.token).call(documentRoutes.addWord, { body: { fileId, text: 'Checked' } });
    const words = (await client(ctx.app, editor.token).call(documentRoutes.words, { params: { id: fileId } })).data;
    expect(words.map((w: { text: string }) => w.text)).toEqual(['请核对签名页', 'Checked']);
  });
});

describe('recycle bin', () => {
  it("needs deleteDoc; a deleted document leaves the list and waits in its deleter's recycle bin", async () => {
    const { fileId } = await newDocument('To recycle');
    expect(
      (await client(ctx.app, editor.token).call(documentRoutes.delete, { body: { fileId, deleteAllVersion: true } }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await client(ctx.app, world.pm.token).call(documentRoutes.delete, { body: { fileId, deleteAllVersion: true } })
      ).json().status,
    ).toBe(true);
    const list = (
      await client(ctx.app, world.pm.token).call(documentRoutes.list, { query: { folderId: folderA, pageSize: 50 } })
    ).data.data;
    expect(list.some((r: { fileId: number }) => r.fileId === fileId)).toBe(false);
    const bin = (await client(ctx.app, world.pm.token).call(documentRoutes.recycled)).data;
    expect(bin[0]).toMatchObject({ fileId, file_name: 'To recycle', folderId: folderA });
    expect((await client(ctx.app, editor.token).call(documentRoutes.recycled)).data).toEqual([]);
    // The name is free again while it sits in the bin; restoring then refuses the clash.
    await newDocument('To recycle');
    const clash = await client(ctx.app, world.pm.token).call(documentRoutes.restore, { params: { id: fileId } });
    expect(clash.statusCode).toBe(409);
    const elsewhere = await client(ctx.app, world.pm.token).call(documentRoutes.restore, {
      params: { id: fileId },
      body: {
        folderId: folderB,
      },
    });
    expect(elsewhere.json().status).toBe(true);
  });

  it('purges for good: rows gone, blob removed only when no other version uses it, trail kept', async () => {
    const shared = pdf('shared content');
    const a = await newDocument('Purge A', shared);
    await newDocument('Purge B', shared);
    const own = await newDocument('Purge C', pdf('only mine'));
    for (const d of [a, own])
      await client(ctx.app, world.pm.token).call(documentRoutes.delete, {
        body: { fileId: d.fileId, deleteAllVersion: true },
      });
    const [sharedSha] = await ctx.db.select().from(documentVersions).where(eq(documentVersions.documentId, a.fileId));
    const [ownSha] = await ctx.db.select().from(documentVersions).where(eq(documentVersions.documentId, own.fileId));
    expect(
      (await client(ctx.app, editor.token).call(documentRoutes.purge, { params: { id: a.fileId } })).statusCode,
    ).toBe(403);
    for (const d of [a, own])
      expect(
        (await client(ctx.app, world.pm.token).call(documentRoutes.purge, { params: { id: d.fileId } })).json().status,
      ).toBe(true);
    expect(await ctx.deps.blobs.has(sharedSha.sha256)).toBe(true);
    expect(await ctx.deps.blobs.has(ownSha.sha256)).toBe(false);
    expect((await trailOf(ctx.db, 'document', own.fileId)).at(-1)).toMatchObject({
      type: 3,
      newValue: { purged: true },
    });
  });
});

describe('what documents hold in place', () => {
  it("a folder or a site with documents cannot be deleted: 'current folder contains files'", async () => {
    const site = (
      await client(ctx.app, world.pm.token).call(siteRoutes.create, { body: { name: 'Peking Union', code: 'PU' } })
    ).data;
    const siteId = site.siteId as number;
    const folder = (
      await client(ctx.app, world.pm.token).call(folderRoutes.create, { body: { name: 'Site files', parentId: 0 } })
    ).data.folderId;
    await send(
      '/minio/file/save',
      world.pm.token,
      { folderId: folder, name: 'CV', central: 'false', siteId },
      { name: 'cv.pdf', content: SAMPLE.pdf() },
    );
    const delFolder = await client(ctx.app, world.pm.token).call(folderRoutes.delete, { params: { id: folder } });
    expect(delFolder.statusCode).toBe(409);
    expect(delFolder.msg).toBe('The current folder contains files and cannot be deleted');
    const delSite = await client(ctx.app, world.pm.token).call(siteRoutes.delete, { params: { id: siteId } });
    expect(delSite.statusCode).toBe(409);
    expect(delSite.errorCode).toBe('site_has_files');
  });
});
