import { userRoutes } from '@edoc/contract/user-routes';
import { folderRoutes } from '@edoc/contract/folder-routes';
import { documentRoutes } from '@edoc/contract/document-routes';
import { FolderType } from '@edoc/contract/permissions';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folderGrants, folders, projects, roles, sites } from '../../db/schema/projects.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import {
  createProjectWorld,
  joinProject,
  SAMPLE,
  type ProjectPerson,
  type ProjectWorld,
} from '../../test/factories.ts';
import { client } from '../../test/requests.ts';

// Issue 14: the SPEC §7 calls GET /folder/workspace/list and GET /folder/upload/auth, and folder counts that never
// count what a site member may not see.
let ctx: TestContext;
let world: ProjectWorld;
let protocol: number; // 8.2.2: viewer may view and create
let brochure: number; // 8.2.1: viewer may only view
let reader: ProjectPerson; // site member of site A, viewDoc + createDoc on the protocol folder, viewDoc on the brochure
let siteA: number;
let siteB: number;

const file = (token: string, folderId: number, name: string, site?: number) =>
  client(ctx.app, token).callUpload(documentRoutes.upload, {
    fields: { folderId, name, ...(site ? { central: false, siteId: site } : {}) },
    file: { name: `${name}.pdf`, content: SAMPLE.pdf() },
  });

beforeAll(async () => {
  ctx = await createTestContext();
  world = await createProjectWorld(ctx, 'WS-1');
  protocol = world.folderByIch.get('8.2.2')!;
  brochure = world.folderByIch.get('8.2.1')!;
  [siteA, siteB] = (
    await ctx.db
      .insert(sites)
      .values([
        { projectId: world.projectId, code: 'A', name: 'Site A' },
        { projectId: world.projectId, code: 'B', name: 'Site B' },
      ])
      .returning()
  ).map((s) => s.id);
  const [role] = await ctx.db
    .insert(roles)
    .values({ projectId: world.projectId, code: 'READER', name: 'Reader', docKeys: ['viewDoc', 'createDoc'] })
    .returning();
  await ctx.db.insert(folderGrants).values([
    { folderId: protocol, subjectType: 'role', subjectId: role.id, docKeys: ['viewDoc', 'createDoc'], manageLevel: 0 },
    { folderId: brochure, subjectType: 'role', subjectId: role.id, docKeys: ['viewDoc'], manageLevel: 0 },
  ]);
  reader = await joinProject(ctx, world, role.id, [siteA]);
  for (const [name, site] of [
    ['central', undefined],
    ['at A', siteA],
    ['at B', siteB],
    ['at B too', siteB],
  ] as const) {
    expect((await file(world.pm.token, protocol, name, site)).statusCode).toBe(200);
  }
});
afterAll(() => ctx.close());

describe('GET /folder/workspace/list', () => {
  it('lists only the work folders the caller may view, counting only documents of their sites', async () => {
    const res = await client(ctx.app, reader.token).call(folderRoutes.workspaceList);
    expect(res.statusCode).toBe(200);
    const list = res.data as Array<{ folderId: number; fileCount: number; path: string[]; type: number }>;
    expect(list.map((f) => f.folderId).sort()).toEqual([brochure, protocol].sort());
    expect(list.find((f) => f.folderId === protocol)).toMatchObject({ fileCount: 2, canCreateFile: true });
    expect(list.find((f) => f.folderId === brochure)).toMatchObject({ fileCount: 0, canCreateFile: false });
    expect(list.every((f) => f.type === FolderType.Work && f.path.length > 0)).toBe(true);
  });

  it('gives the project administrator every work folder and every document', async () => {
    const list = (await client(ctx.app, world.pm.token).call(folderRoutes.workspaceList)).data as Array<{
      folderId: number;
      fileCount: number;
    }>;
    const work = await ctx.db
      .select({ id: folders.id })
      .from(folders)
      .where(and(eq(folders.projectId, world.projectId), eq(folders.type, FolderType.Work)));
    expect(list).toHaveLength(work.length);
    expect(list.find((f) => f.folderId === protocol)!.fileCount).toBe(4);
  });

  it('counts the folder tree by the same rule: a site member never sees a count of another site', async () => {
    const tree = (await client(ctx.app, reader.token).call(folderRoutes.tree0)).data.allFolderList;
    const find = (nodes: Array<{ folderId: number; fileCount: number; children: unknown[] }>): number | undefined => {
      for (const n of nodes) {
        if (n.folderId === protocol) return n.fileCount;
        const inner = find(n.children as typeof nodes);
        if (inner !== undefined) return inner;
      }
    };
    expect(find(tree)).toBe(2);
  });
});

describe('GET /folder/upload/auth', () => {
  const auth = (who: ProjectPerson, folderId: number | string) =>
    client(ctx.app, who.token).call(documentRoutes.uploadAuth, { query: { folderId } });

  it('allows a folder where the caller may create, with the types and limits the upload applies', async () => {
    await ctx.db
      .update(projects)
      .set({ allowedFileTypes: ['pdf', 'docx'] })
      .where(eq(projects.id, world.projectId));
    const res = await auth(reader, protocol);
    expect(res.statusCode).toBe(200);
    expect(res.data).toMatchObject({
      folderId: protocol,
      canUpload: true,
      reason: null,
      allowedTypes: ['pdf', 'docx'],
      maxBytes: { pdf: 50 * 1024 * 1024, viewable: 10 * 1024 * 1024, other: ctx.deps.config.UPLOAD_MAX_BYTES },
    });
    await ctx.db.update(projects).set({ allowedFileTypes: [] }).where(eq(projects.id, world.projectId));
  });

  it('says why not, in the caller language: no create right, a library folder', async () => {
    expect((await auth(reader, brochure)).data).toMatchObject({
      canUpload: false,
      reason: 'You do not have permission for this',
    });
    await client(ctx.app, reader.token).call(userRoutes.setLang, { body: { lang: 'zh' } });
    expect((await auth(reader, brochure)).data.reason).toBe('没有权限');
    await client(ctx.app, reader.token).call(userRoutes.setLang, { body: { lang: 'en-US' } });
    const [library] = await ctx.db
      .insert(folders)
      .values({ projectId: world.projectId, type: FolderType.Library, name: '文件库', nameEn: 'Library' })
      .returning();
    expect((await auth(world.pm, library.id)).data).toMatchObject({
      canUpload: false,
      reason: 'A library folder holds archived documents only: upload into a workspace folder',
    });
  });

  it('refuses a folder of another project as not found, and a bad id naming the field', async () => {
    const other = await createProjectWorld(ctx, 'WS-2');
    const foreign = (await auth(reader, other.folderByIch.get('8.2.2')!)).statusCode;
    expect(foreign).toBe(404);
    for (const bad of ['x', '0', '-3', '']) {
      const res = await auth(reader, bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().data.fields[0].field).toBe('folderId');
    }
  });

  it('answers a closed project: readable, no upload', async () => {
    await ctx.db.update(projects).set({ closed: true }).where(eq(projects.id, world.projectId));
    try {
      const res = await auth(reader, protocol);
      expect(res.statusCode).toBe(200);
      expect(res.data).toMatchObject({ canUpload: false, reason: expect.stringContaining('closed') });
    } finally {
      await ctx.db.update(projects).set({ closed: false }).where(eq(projects.id, world.projectId));
    }
  });
});
