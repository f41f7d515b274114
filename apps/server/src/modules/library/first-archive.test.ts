import { DocStatus, TrailType } from '@edoc/contract/enums';
import { folderRoutes } from '@edoc/contract/folder-routes';
import { libraryRoutes } from '@edoc/contract/library-routes';
import { FolderType } from '@edoc/contract/permissions';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folderGrants, folders } from '../../db/schema/projects.ts';
import { PASSWORD, signIn } from '../../test/factories.ts';
import { createLibraryWorld, type LibraryWorld } from '../../test/library-world.ts';
import { trailOf } from '../../test/records.ts';
import { client } from '../../test/requests.ts';

// Issue 26 item 1: a new project (the demo's) has its file library on and no library folder. Its first archive
// used to dead-end on "choose the library folder" with nothing to choose.

let L: LibraryWorld;
beforeAll(async () => {
  L = await createLibraryWorld('AR-1', false);
});
afterAll(() => L.ctx.close());

const treeOf = (type: number) =>
  L.ctx.db
    .select()
    .from(folders)
    .where(and(eq(folders.projectId, L.world.projectId), eq(folders.type, type)))
    .orderBy(asc(folders.id));

describe('the first archive of a project whose library has no folder (issue 26 item 1)', () => {
  it('makes the library tree from the workspace with its grants, once, and files the documents by ICH code', async () => {
    // Staff may read 8.2.2's archived documents: a grant with library keys on the workspace folder.
    const granted = await L.as(L.world.pm).call(folderRoutes.saveGrants, {
      params: { folderId: L.folder },
      body: {
        grants: [
          { subjectType: 'user', subjectId: L.world.staff.id, docKeys: ['viewDoc'], libraryKeys: ['viewDoc'] },
        ],
      },
    });
    expect(granted.statusCode).toBe(200);
    expect(await treeOf(FolderType.Library)).toEqual([]);
    const [a, b] = [await L.processedDocument(), await L.processedDocument()];

    // Two first archives at once make one tree.
    const answers = await Promise.all(
      [a, b].map((fileId) => L.as(L.world.pm).call(libraryRoutes.archive, { body: { fileId } })),
    );
    expect(answers.map((r) => r.data?.status)).toEqual([DocStatus.Archived, DocStatus.Archived]);
    const work = await treeOf(FolderType.Work);
    const library = await treeOf(FolderType.Library);
    const shape = (rows: typeof work) => {
      const byId = new Map(rows.map((f) => [f.id, f]));
      return rows.map((f) => [f.name, f.nameEn, f.ichCode, f.sortOrder, f.parentId && byId.get(f.parentId)!.name]);
    };
    expect(library.length).toBe(work.length);
    expect(shape(library)).toEqual(shape(work));

    // Filed in 8.2.2's twin, which staff reads through the copied grant.
    const twin = library.find((f) => f.ichCode === '8.2.2')!;
    const read = await L.as(L.world.staff).call(libraryRoutes.list, { query: { folderId: twin.id } });
    expect(read.data.data.map((r) => r.fileId).sort()).toEqual([a, b].sort());
    const copied = await L.ctx.db
      .select()
      .from(folderGrants)
      .where(inArray(folderGrants.folderId, [twin.id]));
    expect(copied).toMatchObject([{ subjectType: 'user', subjectId: L.world.staff.id, libraryKeys: ['viewDoc'] }]);

    // Each folder and the grant set are trail rows, as when made by hand.
    expect(await trailOf(L.ctx.db, 'folder', twin.id)).toMatchObject([
      { type: TrailType.Create, newValue: { type: FolderType.Library, ichCode: '8.2.2' } },
    ]);
    expect(await trailOf(L.ctx.db, 'folder_grants', twin.id)).toMatchObject([
      { type: TrailType.PermissionChange, oldValue: { grants: [] }, newValue: { grants: [{ subjectType: 'user' }] } },
    ]);

    // A later archive leaves the tree as it is.
    const c = await L.processedDocument();
    expect((await L.as(L.world.pm).call(libraryRoutes.archive, { body: { fileId: c } })).statusCode).toBe(200);
    expect((await treeOf(FolderType.Library)).length).toBe(work.length);
  });

  it('refuses a folder with no ICH twin, saying what to do and who can do it, in both languages', async () => {
    const created = await L.as(L.world.pm).call(folderRoutes.create, { body: { name: 'Vendor letters', parentId: 0 } });
    const id = await L.processedDocument({ folderId: String(created.data.folderId) });
    const en = await L.as(L.world.pm).call(libraryRoutes.archive, { body: { fileId: id } });
    expect(en.statusCode).toBe(409);
    expect(en.errorCode).toBe('library_folder_required');
    expect(en.msg).toBe(
      'No library folder has this ICH code: choose the library folder to archive into. If none fits, a project ' +
        'administrator adds one, with its grants, under Management → Folder Management',
    );
    const zhToken = await signIn(L.ctx, L.world.pm.email, PASSWORD, 'zh-CN');
    await client(L.ctx.app, zhToken).post('/common/study/entry', { studyId: L.world.projectId });
    const zh = await client(L.ctx.app, zhToken).call(libraryRoutes.archive, { body: { fileId: id } });
    expect(zh.msg).toBe(
      '文件库中没有相同ICH编码的目录：请选择归档目录。没有合适的目录时，请项目管理员在“管理 → 文件夹管理”中添加文件库目录并为其授权',
    );
    expect(await L.statusOf(id)).toBe(DocStatus.Processed);
    // Named, it is filed there.
    const named = (await treeOf(FolderType.Library))[0].id;
    const filed = await L.as(L.world.pm).call(libraryRoutes.archive, { body: { fileId: id, libraryFolderId: named } });
    expect(filed.data.status).toBe(DocStatus.Archived);
  });
});
