import { folderRoutes } from '@edoc/contract/folder-routes';
import { documentRoutes } from '@edoc/contract/document-routes';
import { and, eq, sql } from 'drizzle-orm';
import { COUNT_CAP } from '@edoc/contract/envelope';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs/promises';
import { documents, documentVersions } from '../../db/schema/documents.ts';
import { folderGrants, projects, roles, sites } from '../../db/schema/projects.ts';
import { sweepOrphanBlobs } from '../../storage/blob-sweep.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { createProjectWorld, joinProject, type ProjectWorld, SAMPLE } from '../../test/factories.ts';
import { trailOf } from '../../test/records.ts';
import { client, multipart } from '../../test/requests.ts';

let ctx: TestContext;
let world: ProjectWorld;
let protocolFolder: number;
let viewer: { token: string };

function upload(
  token: string,
  fields: Record<string, string | number | boolean>,
  file?: { name: string; content: Buffer },
) {
  return client(ctx.app, token).callUpload(documentRoutes.upload, { fields: fields, file: file });
}

beforeAll(async () => {
  ctx = await createTestContext();
  world = await createProjectWorld(ctx, 'DOC-1');
  protocolFolder = world.folderByIch.get('8.2.2')!;
  // A role that may view but not download or delete, granted on the protocol folder.
  const [role] = await ctx.db
    .insert(roles)
    .values({ projectId: world.projectId, code: 'VIEWER', name: 'Viewer', docKeys: ['viewDoc'] })
    .returning();
  await ctx.db.insert(folderGrants).values({
    folderId: protocolFolder,
    subjectType: 'role',
    subjectId: role.id,
    docKeys: ['viewDoc'],
    manageLevel: 0,
  });
  viewer = await joinProject(ctx, world, role.id);
});

afterAll(async () => {
  await ctx.close();
});

describe('creating a document with its file', () => {
  it('stores the file, lists it in its folder and writes a create trail row', async () => {
    const res = await upload(
      world.pm.token,
      { folderId: protocolFolder, name: '方案 Protocol', fileCode: 'PRT-001', effectiveDate: '2026-01-01' },
      { name: '方案 v1.pdf', content: SAMPLE.pdf() },
    );
    expect(res.json()).toMatchObject({ status: true });
    const { fileId } = res.data;
    const list = await client(ctx.app, world.pm.token).call(documentRoutes.list, {
      query: { folderId: protocolFolder },
    });
    expect(list.data.total).toBe(1);
    expect(list.data.data[0]).toMatchObject({
      fileId,
      file_name: '方案 Protocol',
      type: 'pdf',
      version_no: 'V1.0',
      file_code: 'PRT-001',
      status: 1,
      view: true,
    });
    const rows = await trailOf(ctx.db, 'document', fileId);
    expect(rows.map((r) => r.type)).toEqual([1]);
    expect(rows[0].newValue).toMatchObject({ fileName: '方案 v1.pdf', versionNo: 'V1.0' });
    // Issue 28: edoc's own document has no source; one an import brought names its system (the panel's Source tab).
    expect(list.data.data[0].sourceSystem).toBeNull();
    const imported = (source: string | null) =>
      ctx.db.update(documents).set({ sourceSystem: source }).where(eq(documents.id, fileId));
    await imported('VeevaCRO');
    const again = await client(ctx.app, world.pm.token).call(documentRoutes.list, { query: { fileId } });
    expect(again.data.data[0].sourceSystem).toBe('VeevaCRO');
    await imported(null);
  });

  it("refuses a second document of the same name in the folder, ignoring case: 'Duplicate file name!'", async () => {
    const res = await upload(
      world.pm.token,
      { folderId: protocolFolder, name: '方案 PROTOCOL' },
      { name: 'x.pdf', content: SAMPLE.pdf() },
    );
    expect(res.statusCode).toBe(409);
    expect(res.msg).toBe('Duplicate file name!');
    const check = await client(ctx.app, world.pm.token).call(documentRoutes.checkName, {
      body: {
        folderId: protocolFolder,
        name: '方案 protocol',
      },
    });
    expect(check.data).toEqual({ exists: true });
  });

  it('refuses a renamed executable and content that does not match its extension', async () => {
    const exe = await upload(
      world.pm.token,
      { folderId: protocolFolder, name: 'Tool' },
      { name: 'tool.pdf', content: SAMPLE.exe() },
    );
    expect(exe.statusCode).toBe(415);
    expect(exe.errorCode).toBe('file_type_not_allowed');
    const fake = await upload(
      world.pm.token,
      { folderId: protocolFolder, name: 'Fake' },
      { name: 'fake.docx', content: SAMPLE.pdf() },
    );
    expect(fake.statusCode).toBe(415);
  });

  it('limits other viewable types to 10 MB', async () => {
    const res = await upload(
      world.pm.token,
      { folderId: protocolFolder, name: 'Big' },
      { name: 'big.docx', content: SAMPLE.docx(10 * 1024 * 1024 + 1) },
    );
    expect(res.statusCode).toBe(413);
    expect(res.errorCode).toBe('file_too_large');
  });

  it('keeps to the allowed types of the project', async () => {
    await ctx.db
      .update(projects)
      .set({ allowedFileTypes: ['pdf'] })
      .where(eq(projects.id, world.projectId));
    const types = await client(ctx.app, world.staff.token).call(documentRoutes.types);
    expect(types.data).toEqual([{ file_type_code: 'pdf' }]);
    const res = await upload(
      world.pm.token,
      { folderId: protocolFolder, name: 'Form' },
      { name: 'form.docx', content: SAMPLE.docx() },
    );
    expect(res.statusCode).toBe(415);
    await ctx.db.update(projects).set({ allowedFileTypes: [] }).where(eq(projects.id, world.projectId));
  });

  it('names the bad field: dates in order, a site document names its site, a file is required', async () => {
    const dates = await upload(
      world.pm.token,
      { folderId: protocolFolder, name: 'Dated', effectiveDate: '2026-05-01', expirationDate: '2026-04-01' },
      { name: 'd.pdf', content: SAMPLE.pdf() },
    );
    expect(dates.statusCode).toBe(400);
    expect(dates.msg).toBe('The effective date cannot be after the expiration date!');
    const site = await upload(
      world.pm.token,
      { folderId: protocolFolder, name: 'Site doc', central: 'false' },
      { name: 's.pdf', content: SAMPLE.pdf() },
    );
    expect(site.statusCode).toBe(400);
    expect(site.msg).toBe('Site is required');
    const none = await upload(world.pm.token, { folderId: protocolFolder, name: 'No file' });
    expect(none.statusCode).toBe(400);
    expect(none.msg).toBe('File is required');
    const count = await ctx.db.select().from(documents).where(eq(documents.projectId, world.projectId));
    expect(count).toHaveLength(1);
  });

  it('refuses staff without createDoc on the folder, and a folder of another project', async () => {
    const staff = await upload(
      world.staff.token,
      { folderId: protocolFolder, name: 'Mine' },
      { name: 'm.pdf', content: SAMPLE.pdf() },
    );
    expect(staff.statusCode).toBe(403);
    const other = await createProjectWorld(ctx, 'DOC-2');
    const foreign = await upload(
      world.pm.token,
      { folderId: other.folderByIch.get('8.2.2')!, name: 'Foreign' },
      { name: 'f.pdf', content: SAMPLE.pdf() },
    );
    expect(foreign.statusCode).toBe(404);
  });
});

describe('downloading', () => {
  let fileId: number;
  beforeAll(async () => {
    const [doc] = await ctx.db
      .select()
      .from(documents)
      .where(and(eq(documents.projectId, world.projectId), eq(documents.folderId, protocolFolder)));
    fileId = doc.id;
  });

  it('streams the file with its UTF-8 name, whole or by range', async () => {
    const whole = await client(ctx.app, world.pm.token).call(documentRoutes.download, { query: { fileId } });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(SAMPLE.pdf())).toBe(true);
    // Named after the document, not the uploaded file (issue 12, defect 7).
    expect(whole.headers['content-disposition']).toBe(
      `attachment; filename="__ Protocol.pdf"; filename*=UTF-8''${encodeURIComponent('方案 Protocol.pdf')}`,
    );
    const part = await client(ctx.app, world.pm.token).call(documentRoutes.download, {
      query: { fileId },
      headers: { range: 'bytes=0-7' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe('%PDF-1.4');
    expect(part.headers['content-range']).toBe(`bytes 0-7/${SAMPLE.pdf().length}`);
  });

  it('finds it by name, file code or whole ICH code (taken from the folder)', async () => {
    const find = async (name: string) =>
      (await client(ctx.app, world.pm.token).call(documentRoutes.list, { query: { name } }))
        .json()
        .data.data.map((r: { fileId: number }) => r.fileId);
    expect(await find('protocol')).toEqual([fileId]);
    expect(await find('PRT-0')).toEqual([fileId]);
    expect(await find('8.2.2')).toEqual([fileId]);
    expect(await find('8.2.3')).toEqual([]);
  });

  it('filters by status, creator and creation days; a start after the end is refused', async () => {
    const count = async (q: string) =>
      (await client(ctx.app, world.pm.token).get(`/folder/workspace/file/list?${q}`)).json().data.total;
    const today = new Date().toISOString().slice(0, 10);
    expect(await count('status=1')).toBe(1);
    expect(await count('status=6')).toBe(0);
    expect(await count(`creatorId=${world.pm.id}`)).toBe(1);
    expect(await count(`creatorId=${world.staff.id}`)).toBe(0);
    // One document by id (the side panel's read), and nothing for an id that is not a live document here.
    expect(await count(`fileId=${fileId}`)).toBe(1);
    expect(await count(`fileId=${fileId + 100000}`)).toBe(0);
    expect(await count(`startDate=${today}&endDate=${today}`)).toBe(1);
    expect(await count('endDate=2000-01-01')).toBe(0);
    const bad = await client(ctx.app, world.pm.token).call(documentRoutes.list, {
      query: { startDate: '2026-02-01', endDate: '2026-01-01' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.msg).toBe('Start time cannot be later than end time');
  });

  it('shows the document to a viewer but refuses the download without downDoc', async () => {
    const list = await client(ctx.app, viewer.token).call(documentRoutes.list);
    expect(list.data.data.map((r: { fileId: number }) => r.fileId)).toEqual([fileId]);
    expect(list.data.data[0].abilities).toEqual(['viewDoc']);
    const down = await client(ctx.app, viewer.token).call(documentRoutes.download, { query: { fileId } });
    expect(down.statusCode).toBe(403);
  });

  it('hides it from staff without a grant and from other projects', async () => {
    expect((await client(ctx.app, world.staff.token).call(documentRoutes.list)).data.total).toBe(0);
    const one = await client(ctx.app, world.staff.token).call(documentRoutes.list, { query: { fileId } });
    expect(one.data.total).toBe(0);
    const down = await client(ctx.app, world.staff.token).call(documentRoutes.download, { query: { fileId } });
    expect(down.statusCode).toBe(403);
  });
});

describe('an upload cut off half way', () => {
  it('leaves no document, no version, no temporary file, and no blob once the sweep has run', async () => {
    const before = await ctx.db.select().from(documents);
    const body = multipart(
      { folderId: protocolFolder, name: 'Cut off' },
      { name: 'cut.pdf', content: Buffer.alloc(256 * 1024, 0x25) },
    );
    // The connection ends inside the file part: no closing boundary ever arrives.
    const res = await client(ctx.app, world.pm.token).post(
      '/minio/file/save',
      body.payload.subarray(0, body.payload.length - 100_000),
      body.headers,
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errorCode).toBe('upload_incomplete');
    expect(await ctx.db.select().from(documents)).toHaveLength(before.length);
    // The answer may leave while the broken file stream is still being torn down: its temp file goes right after.
    await expect.poll(() => fs.readdir(ctx.deps.config.tmpDir).catch(() => []), { timeout: 3000 }).toEqual([]);
    await sweepOrphanBlobs(ctx.db, ctx.deps.blobs, 0);
    const referenced = new Set((await ctx.db.select().from(documentVersions)).map((v) => v.sha256));
    const stored: string[] = [];
    for await (const sha of ctx.deps.blobs.list()) stored.push(sha);
    expect(stored.filter((sha) => !referenced.has(sha))).toEqual([]);
  });
});

// Last, so the project-wide listings asserted above are not changed by these documents.
describe('sites', () => {
  it('lets a member limited to site S1 file for S1 and centrally, never for S2 (issue 9)', async () => {
    // Its own folder, so the listings the tests below assert stay as they were.
    const consentFolder = world.folderByIch.get('8.2.3')!;
    const [s1, s2] = await ctx.db
      .insert(sites)
      .values([
        { projectId: world.projectId, name: 'Site 1', code: 'S1' },
        { projectId: world.projectId, name: 'Site 2', code: 'S2' },
      ])
      .returning();
    const [role] = await ctx.db
      .insert(roles)
      .values({ projectId: world.projectId, code: 'SITE_CRA', name: 'Site CRA', docKeys: ['viewDoc', 'createDoc'] })
      .returning();
    await ctx.db.insert(folderGrants).values({
      folderId: consentFolder,
      subjectType: 'role',
      subjectId: role.id,
      docKeys: ['viewDoc', 'createDoc'],
      manageLevel: 0,
    });
    const cra = await joinProject(ctx, world, role.id, [s1.id]);
    const file = () => ({ name: 'site.pdf', content: SAMPLE.pdf() });
    const forS2 = await upload(
      cra.token,
      { folderId: consentFolder, name: 'For S2', central: false, siteId: s2.id },
      file(),
    );
    expect(forS2.statusCode).toBe(403);
    expect(await ctx.db.select().from(documents).where(eq(documents.name, 'For S2'))).toEqual([]);
    const forS1 = await upload(
      cra.token,
      { folderId: consentFolder, name: 'For S1', central: false, siteId: s1.id },
      file(),
    );
    expect(forS1.statusCode).toBe(200);
    expect((await upload(cra.token, { folderId: consentFolder, name: 'Central' }, file())).statusCode).toBe(200);

    // The name check answers only about what the caller may see: S2's document is not S1's member's business.
    const s2Doc = { folderId: consentFolder, name: 'S2 only', central: false, siteId: s2.id };
    expect((await upload(world.pm.token, s2Doc, file())).statusCode).toBe(200);
    const check = (token: string) =>
      client(ctx.app, token).call(documentRoutes.checkName, { body: { folderId: consentFolder, name: 's2 ONLY' } });
    expect((await check(world.pm.token)).data).toEqual({ exists: true });
    expect((await check(cra.token)).data).toEqual({ exists: false });
    expect(
      (
        await client(ctx.app, cra.token).call(documentRoutes.checkName, {
          body: { folderId: consentFolder, name: 'central' },
        })
      ).json().data,
    ).toEqual({ exists: true });
  });
});

describe('content type', () => {
  it('is chosen by the server from the checked extension, never the type the uploader claimed (issue 9)', async () => {
    const folderId = world.folderByIch.get('8.2.4')!;
    const saved = await client(ctx.app, world.pm.token).callUpload(documentRoutes.upload, {
      fields: { folderId, name: 'Claims to be a page' },
      file: { name: 'page.pdf', content: SAMPLE.pdf(), type: 'text/html' },
    });
    expect(saved.statusCode).toBe(200);
    const down = await client(ctx.app, world.pm.token).call(documentRoutes.download, {
      query: { fileId: saved.data.fileId },
    });
    expect(down.headers['content-type']).toBe('application/pdf');
    expect(down.headers['x-content-type-options']).toBe('nosniff');
  });
});

// Last, as the tests above count the project's documents.
describe('version numbers', () => {
  it("gives a document sent with a blank version number the project's first one (issue 12)", async () => {
    const res = await upload(
      world.pm.token,
      { folderId: world.folderByIch.get('8.3.1')!, name: 'Blank version', versionNo: '' },
      { name: 'b.pdf', content: SAMPLE.pdf() },
    );
    const list = await client(ctx.app, world.pm.token).call(documentRoutes.list, {
      query: { folderId: world.folderByIch.get('8.3.1')! },
    });
    const row = (list.data.data as Array<{ fileId: number; version_no: string }>).find(
      (r) => r.fileId === res.data.fileId,
    );
    expect(row?.version_no).toBe('V1.0');
  });
});

describe('a large project (issue 13)', () => {
  it('counts up to 10,000 and says there are more, and still serves the 500th page newest first', async () => {
    const big = await createProjectWorld(ctx, 'BIG-1');
    const full = big.folderByIch.get('8.2.1')!;
    await ctx.db.execute(sql`
      insert into documents (project_id, folder_id, name, created_by, updated_at)
      select ${big.projectId}, ${full}, 'Bulk ' || g, ${big.pm.id}, now() - make_interval(secs => g)
      from generate_series(1, ${COUNT_CAP + 1}) as g`);
    const list = async (query: string) =>
      (await client(ctx.app, big.pm.token).get(`/folder/workspace/file/list?${query}`)).json().data as {
        data: Array<{ file_name: string }>;
        total: number;
        capped: boolean;
      };
    expect(await list('pageSize=20')).toMatchObject({ total: COUNT_CAP, capped: true });
    // The folder tree counts it up to the cap too: more is COUNT_CAP + 1, which the web shows as "10,000+".
    const tree = (await client(ctx.app, big.pm.token).call(folderRoutes.tree)).data as {
      allFolderList: Array<{ folderId: number; fileCount: number; children: unknown[] }>;
    };
    const flat = (nodes: Array<{ folderId: number; fileCount: number; children: unknown[] }>): typeof nodes =>
      nodes.flatMap((n) => [n, ...flat(n.children as typeof nodes)]);
    const counts = new Map(flat(tree.allFolderList).map((n) => [n.folderId, n.fileCount]));
    expect(counts.get(full)).toBe(COUNT_CAP + 1);
    expect(counts.get(big.folderByIch.get('8.2.2')!)).toBe(0);
    // A folder counts its subfolders' documents too (issue 26), capped the same way: every ancestor reads more.
    const parents = new Map(flat(tree.allFolderList).map((n) => [n.folderId, (n as { parentId?: number }).parentId]));
    for (let up = parents.get(full); up; up = parents.get(up)) expect(counts.get(up)).toBe(COUNT_CAP + 1);
    expect(parents.get(full)).toBeTruthy();
    const deep = await list('pageSize=20&pageNum=500');
    expect(deep.data.map((r) => r.file_name)).toEqual(Array.from({ length: 20 }, (_, i) => `Bulk ${9981 + i}`));
    // A smaller set is counted exactly.
    expect(await list('pageSize=20&name=Bulk 1000')).toMatchObject({ total: 3, capped: false }); // 1000, 10000, 10001
  });
});
