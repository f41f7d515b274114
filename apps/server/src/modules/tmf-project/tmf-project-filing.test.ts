import { documentRoutes } from '@edoc/contract/document-routes';
import { projectEntryRoutes } from '@edoc/contract/project-routes';
import { latestToday } from '@edoc/contract/tmf-project';
import { tmfProjectRoutes as r } from '@edoc/contract/tmf-project-routes';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents } from '../../db/schema/documents.ts';
import { folders } from '../../db/schema/projects.ts';
import { trail } from '../../db/schema/trail.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { createProjectWorld, SAMPLE, signIn, type ProjectWorld } from '../../test/factories.ts';
import { client } from '../../test/requests.ts';
import { companyModel, ichModel } from '../../test/tmf-project-fixture.ts';

let ctx: TestContext;
let world: ProjectWorld;
let other: ProjectWorld;
let ich: Awaited<ReturnType<typeof ichModel>>;
let plainFolder: number;

beforeAll(async () => {
  ctx = await createTestContext();
  world = await createProjectWorld(ctx, 'TMFF-1');
  other = await createProjectWorld(ctx, 'TMFF-2');
  ich = await ichModel(ctx);
  const [plain] = await ctx.db
    .insert(folders)
    .values({ projectId: world.projectId, name: 'Correspondence', sortOrder: 99 })
    .returning();
  plainFolder = plain.id;
  const used = await client(ctx.app, world.pm.token).call(r.use, { body: { modelId: ich.id } });
  if (used.statusCode !== 200) throw new Error(used.body);
}, 120_000);
afterAll(() => ctx.close());

const pm = () => client(ctx.app, world.pm.token);
const folderOf = (ich: string) => world.folderByIch.get(ich)!;
let n = 0;
const upload = (folderId: number, more: Record<string, string> = {}) =>
  pm().callUpload(documentRoutes.upload, {
    fields: { folderId, name: `Doc ${++n}`, ...more },
    file: { name: 'a.pdf', content: SAMPLE.pdf() },
  });
const docRow = async (id: number) => (await ctx.db.select().from(documents).where(eq(documents.id, id)))[0];
const listRow = async (fileId: number) =>
  (await pm().call(documentRoutes.list, { query: { fileId } })).data.data.find((d) => d.fileId === fileId)!;

describe('documents carry their artifact and their date', () => {
  it('a document created in a mapped folder carries its artifact; the list answers it with the date', async () => {
    const created = await upload(folderOf('8.2.1'), { documentDate: '2026-01-15' });
    const { fileId } = created.data;
    expect(await listRow(fileId)).toMatchObject({
      artifactId: ich.artifacts.get('8.2.1'),
      artifactNumber: '8.2.1',
      documentDate: '2026-01-15',
    });
    const [row] = await ctx.db
      .select()
      .from(trail)
      .where(and(eq(trail.objectType, 'document'), eq(trail.objectId, String(fileId))));
    expect(row.newValue).toMatchObject({ artifact: '8.2.1', documentDate: '2026-01-15' });
  });

  it('a subfolder of a mapped folder files under its artifact; an unmapped folder under none', async () => {
    const [sub] = await ctx.db
      .insert(folders)
      .values({ projectId: world.projectId, parentId: folderOf('8.2.5'), name: 'Superseded' })
      .returning();
    expect((await docRow((await upload(sub.id)).data.fileId)).artifactId).toBe(ich.artifacts.get('8.2.5'));
    const plain = await docRow((await upload(plainFolder)).data.fileId);
    expect(plain).toMatchObject({ artifactId: null, documentDate: null });
  });

  it('a moved document takes the target folder’s artifact, or none', async () => {
    const { fileId } = (await upload(folderOf('8.2.1'))).data;
    await pm().call(documentRoutes.move, { params: { fileId, folderId: plainFolder } });
    expect((await docRow(fileId)).artifactId).toBeNull();
    await pm().call(documentRoutes.moveMany, { body: { fileIds: [fileId], folderId: folderOf('8.2.7') } });
    expect((await docRow(fileId)).artifactId).toBe(ich.artifacts.get('8.2.7'));
  });

  it('a document restored into another folder takes that folder’s artifact', async () => {
    const { fileId } = (await upload(folderOf('8.2.1'))).data;
    expect((await pm().call(documentRoutes.delete, { body: { fileId } })).statusCode).toBe(200);
    const restored = await pm().call(documentRoutes.restore, {
      params: { id: fileId },
      body: { folderId: plainFolder },
    });
    expect(restored.statusCode).toBe(200);
    expect(await docRow(fileId)).toMatchObject({ folderId: plainFolder, artifactId: null });
  });

  it('edits the document date and clears it with an empty value', async () => {
    const { fileId } = (await upload(plainFolder)).data;
    const edit = (documentDate: string) => pm().callUpload(documentRoutes.edit, { fields: { fileId, documentDate } });
    expect((await edit('2025-12-31')).statusCode).toBe(200);
    expect((await listRow(fileId)).documentDate).toBe('2025-12-31');
    expect((await edit('')).statusCode).toBe(200);
    expect((await docRow(fileId)).documentDate).toBeNull();
  });

  it('refuses a date in the future or before 1900, naming the document date in the caller’s language', async () => {
    const tomorrow = new Date(Date.parse(latestToday()) + 86_400_000).toISOString().slice(0, 10);
    const future = await upload(plainFolder, { documentDate: tomorrow });
    expect(future.statusCode).toBe(400);
    expect(future.msg).toBe('Document date cannot be later than today');
    const zh = client(ctx.app, await signIn(ctx, world.pm.email, undefined, 'zh-CN'));
    await zh.call(projectEntryRoutes.enter, { body: { studyId: world.projectId } });
    const old = await zh.callUpload(documentRoutes.upload, {
      fields: { folderId: plainFolder, name: 'Old', documentDate: '1899-12-31' },
      file: { name: 'a.pdf', content: SAMPLE.pdf() },
    });
    expect(old.statusCode).toBe(400);
    expect(old.msg).toContain('文档日期');
    const { fileId } = (await upload(plainFolder)).data;
    const edited = await pm().callUpload(documentRoutes.edit, { fields: { fileId, documentDate: tomorrow } });
    expect(edited.statusCode).toBe(400);
    expect(edited.msg).toContain('Document date');
    expect((await docRow(fileId)).documentDate).toBeNull();
  });
});

describe('mapping a folder', () => {
  it('maps a folder to another artifact and back to none; the documents in it follow', async () => {
    const folderId = folderOf('8.2.2');
    const { fileId } = (await upload(folderId)).data;
    expect((await docRow(fileId)).artifactId).toBe(ich.artifacts.get('8.2.2'));
    const to = ich.artifacts.get('8.2.3')!;
    expect((await pm().call(r.map, { params: { id: folderId }, body: { artifactId: to } })).statusCode).toBe(200);
    expect((await docRow(fileId)).artifactId).toBe(to);
    const [row] = await ctx.db
      .select()
      .from(trail)
      .where(and(eq(trail.objectType, 'folder_artifact'), eq(trail.objectId, String(folderId))));
    expect(row.oldValue).toMatchObject({ artifact: '8.2.2' });
    expect(row.newValue).toMatchObject({ artifact: '8.2.3', documentsFiled: 1 });
    await pm().call(r.map, { params: { id: folderId }, body: { artifactId: null } });
    expect((await docRow(fileId)).artifactId).toBeNull();
    const [folder] = await ctx.db.select().from(folders).where(eq(folders.id, folderId));
    expect(folder.artifactId).toBeNull();
  });

  it('maps an unmapped folder: its documents without an artifact take it', async () => {
    const { fileId } = (await upload(plainFolder)).data;
    const artifactId = ich.artifacts.get('8.3.1')!;
    await pm().call(r.map, { params: { id: plainFolder }, body: { artifactId } });
    expect((await docRow(fileId)).artifactId).toBe(artifactId);
    await pm().call(r.map, { params: { id: plainFolder }, body: { artifactId: null } });
  });

  it("refuses another model's artifact (400 naming artifactId) and another project's folder (404)", async () => {
    const foreign = await companyModel(ctx, world, 'Not used');
    const bad = await pm().call(r.map, {
      params: { id: folderOf('8.2.4') },
      body: { artifactId: foreign.artifacts.get('01.01.01')! },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.msg).toBe("Artifact is not an artifact of the project's TMF model");
    const elsewhere = other.folderByIch.get('8.2.1')!;
    const hidden = await pm().call(r.map, { params: { id: elsewhere }, body: { artifactId: null } });
    expect(hidden.statusCode).toBe(404);
    const [folder] = await ctx.db
      .select()
      .from(folders)
      .where(eq(folders.id, folderOf('8.2.4')));
    expect(folder.artifactId).toBe(ich.artifacts.get('8.2.4'));
  });

  it('refuses another model once a document carries an artifact (409, both languages)', async () => {
    const model = await companyModel(ctx, world, 'Later TMF');
    const refused = await pm().call(r.use, { body: { modelId: model.id } });
    expect(refused.statusCode).toBe(409);
    expect(refused.errorCode).toBe('tmf_model_change_filed');
    expect(refused.msg).toBe(
      'Documents of the project are filed under artifacts: it cannot change to another TMF model',
    );
    const zh = client(ctx.app, await signIn(ctx, world.pm.email, undefined, 'zh-CN'));
    await zh.call(projectEntryRoutes.enter, { body: { studyId: world.projectId } });
    expect((await zh.call(r.use, { body: { modelId: model.id } })).msg).toBe(
      '项目已有文档归入工件，不能改用另一个TMF模型',
    );
    // The same model again is still fine: nothing to change.
    expect((await pm().call(r.use, { body: { modelId: ich.id } })).statusCode).toBe(200);
  });
});
