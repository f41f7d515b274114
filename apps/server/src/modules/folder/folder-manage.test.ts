import { projectEntryRoutes } from '@edoc/contract/project-routes';
import { folderRoutes } from '@edoc/contract/folder-routes';
import { TrailType } from '@edoc/contract/enums';
import type { FolderNode, FolderTreeAnswer, UserFolderRights } from '@edoc/contract/folder';
import { FolderType } from '@edoc/contract/permissions';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folders, groups, projects, roles } from '../../db/schema/projects.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { createProjectWorld, joinProject, PASSWORD, type ProjectWorld, signIn } from '../../test/factories.ts';
import { trailOf } from '../../test/records.ts';
import { client } from '../../test/requests.ts';

let ctx: TestContext;
let w: ProjectWorld;
let other: ProjectWorld;
let mgr: { id: number; token: string };
let mgrRoleId: number;
let groupId: number;
let otherGroupId: number;

const flatten = (nodes: FolderNode[]): FolderNode[] => nodes.flatMap((n) => [n, ...flatten(n.children)]);
const byIch = (tree: FolderTreeAnswer) => new Map(flatten(tree.allFolderList).map((n) => [n.ichCode, n]));
const pmApi = () => client(ctx.app, w.pm.token);
const f = (code: string) => w.folderByIch.get(code)!;
const grant = (
  subjectType: 'user' | 'role' | 'group',
  subjectId: number,
  docKeys: string[],
  manageLevel = 0,
  libraryKeys: string[] = [],
) => ({
  subjectType,
  subjectId,
  docKeys,
  libraryKeys,
  manageLevel,
});

beforeAll(async () => {
  ctx = await createTestContext();
  w = await createProjectWorld(ctx, 'FM-1');
  other = await createProjectWorld(ctx, 'FM-2');
  const [role] = await ctx.db
    .insert(roles)
    .values({
      projectId: w.projectId,
      code: 'FOLDER_MGR',
      name: 'Folder manager',
      docKeys: ['viewDoc', 'createDoc', 'manageFolder'],
      libraryKeys: ['viewDoc'],
    })
    .returning();
  mgrRoleId = role.id;
  mgr = await joinProject(ctx, w, role.id);
  const [g] = await ctx.db
    .insert(groups)
    .values({ projectId: w.projectId, name: 'Monitors', memberIds: [w.staff.id] })
    .returning();
  groupId = g.id;
  const [og] = await ctx.db.insert(groups).values({ projectId: other.projectId, name: 'Other' }).returning();
  otherGroupId = og.id;
});
afterAll(() => ctx.close());

describe('folder grants', () => {
  it('staff sees exactly the granted folders enabled, inherited below and overridden lower down, count 0 elsewhere', async () => {
    expect(
      (
        await pmApi().call(folderRoutes.saveGrants, {
          params: { folderId: f('8.2') },
          body: { grants: [grant('role', w.roleIds.STU_STAFF, ['viewDoc'])] },
        })
      ).statusCode,
    ).toBe(200);
    await pmApi().call(folderRoutes.saveGrants, {
      params: { folderId: f('8.3.1') },
      body: { grants: [grant('group', groupId, ['viewDoc', 'createDoc'])] },
    });
    // A user's own grant with no keys on 8.2.2 overrides the role grant inherited from 8.2.
    await pmApi().call(folderRoutes.saveGrants, {
      params: { folderId: f('8.2.2') },
      body: { grants: [grant('user', w.staff.id, [])] },
    });

    const tree = (await client(ctx.app, w.staff.token).call(folderRoutes.tree0)).data as FolderTreeAnswer;
    const nodes = byIch(tree);
    expect(nodes.get('8.2')).toMatchObject({ isEnabled: true, canCreateFile: false });
    expect(nodes.get('8.2.1')).toMatchObject({ isEnabled: true });
    expect(nodes.get('8.2.2')).toMatchObject({ isEnabled: false, fileCount: 0 });
    expect(nodes.get('8.3.1')).toMatchObject({ isEnabled: true, canCreateFile: true });
    expect(nodes.get('8.3')).toMatchObject({ isEnabled: false, fileCount: 0 });
    const enabled = flatten(tree.allFolderList)
      .filter((n) => n.isEnabled)
      .map((n) => n.folderId)
      .sort((a, b) => a - b);
    expect([...tree.permissionFolders].sort((a, b) => a - b)).toEqual(enabled);
    const under82 = flatten(tree.allFolderList.find((n) => n.ichCode === '8.2')!.children).length;
    expect(enabled).toHaveLength(1 + under82 - 1 + 1); // 8.2 and its subfolders but 8.2.2, plus 8.3.1

    const permission = (await client(ctx.app, w.staff.token).call(folderRoutes.createPermission)).data;
    expect(permission.permissionFolders).toEqual([f('8.3.1')]);
    const names = (await client(ctx.app, w.staff.token).call(folderRoutes.names)).data as Array<{
      folderId: number;
    }>;
    expect(names.map((n) => n.folderId).sort((a, b) => a - b)).toEqual(enabled);
  });

  it('shows a folder its own grants and the ones it inherits, with names', async () => {
    const res = await pmApi().call(folderRoutes.grants, { params: { folderId: f('8.2.2') } });
    expect(res.statusCode).toBe(200);
    const data = res.data;
    expect(data.own).toEqual([expect.objectContaining({ subjectType: 'user', subjectId: w.staff.id, docKeys: [] })]);
    expect(data.inherited).toEqual([
      expect.objectContaining({ subjectType: 'role', subjectName: expect.any(String), fromFolderId: f('8.2') }),
    ]);
  });

  it('refuses subjects and folders of another project, unknown keys and duplicate subjects, naming the field', async () => {
    const cases = [
      grant('role', other.roleIds.STU_STAFF, ['viewDoc']),
      grant('group', otherGroupId, ['viewDoc']),
      grant('user', other.staff.id, ['viewDoc']),
    ];
    for (const g of cases) {
      const res = await pmApi().call(folderRoutes.saveGrants, {
        params: { folderId: f('8.4') },
        body: { grants: [g] },
      });
      expect(res.statusCode).toBe(400);
      expect(res.msg).toBe('Grantee is invalid');
    }
    const twice = await pmApi().call(folderRoutes.saveGrants, {
      params: { folderId: f('8.4') },
      body: {
        grants: [grant('role', mgrRoleId, []), grant('role', mgrRoleId, ['viewDoc'])],
      },
    });
    expect(twice.msg).toBe('Grantee is invalid');
    const badKey = await pmApi().call(folderRoutes.saveGrants, {
      params: { folderId: f('8.4') },
      body: { grants: [grant('role', mgrRoleId, ['fly'])] },
    });
    expect(badKey.statusCode).toBe(400);
    expect(badKey.msg).toBe('Document rights is invalid');
    const foreign = await pmApi().call(folderRoutes.saveGrants, {
      params: { folderId: other.folderByIch.get('8.2')! },
      body: { grants: [] },
    });
    expect(foreign.statusCode).toBe(404);
    expect(
      (await pmApi().call(folderRoutes.rename, { params: { id: other.folderByIch.get('8.2')! }, body: { name: 'x' } }))
        .statusCode,
    ).toBe(404);
    const move = await pmApi().call(folderRoutes.move, {
      params: { id: f('8.4.1') },
      body: {
        parentId: other.folderByIch.get('8.2')!,
        index: 0,
      },
    });
    expect(move.msg).toBe('Parent folder is invalid');
  });

  it('lets only project administrators change grants or read rights by user', async () => {
    const res = await client(ctx.app, w.staff.token).call(folderRoutes.saveGrants, {
      params: { folderId: f('8.2') },
      body: { grants: [] },
    });
    expect(res.statusCode).toBe(403);
    expect(
      (await client(ctx.app, w.staff.token).call(folderRoutes.userRights, { params: { id: w.staff.id } })).statusCode,
    ).toBe(403);
  });

  it('shows a user effective rights on every folder', async () => {
    const res = await pmApi().call(folderRoutes.userRights, { params: { id: w.staff.id } });
    expect(res.statusCode).toBe(200);
    const data = res.data as UserFolderRights;
    expect(data.roleCode).toBe('STU_STAFF');
    const rights = new Map(data.folders.map((x) => [x.ichCode, x]));
    expect(rights.get('8.2.1')).toMatchObject({ isEnabled: true, docKeys: ['viewDoc'], manageFolder: 0 });
    expect(rights.get('8.2.2')!.isEnabled).toBe(false);
    expect(rights.get('8.3.1')).toMatchObject({ canCreateFile: true });
    expect(rights.get('8.3.1')!.path).toHaveLength(2);
    const pmRights = (await pmApi().call(folderRoutes.userRights, { params: { id: w.pm.id } }))
      .data as UserFolderRights;
    expect(pmRights.folders.every((x) => x.manageFolder === 3)).toBe(true);
    const stranger = await pmApi().call(folderRoutes.userRights, { params: { id: other.staff.id } });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.msg).toBe('The user is not a member of this project');
  });
});

describe('folder manage levels', () => {
  it('level 2 may rename and reorder inside its folder but not create subfolders; level 3 may', async () => {
    const mgrApi = client(ctx.app, mgr.token);
    await pmApi().call(folderRoutes.saveGrants, {
      params: { folderId: f('8.3') },
      body: { grants: [grant('user', mgr.id, ['viewDoc'], 2)] },
    });
    expect(
      (await mgrApi.call(folderRoutes.rename, { params: { id: f('8.3.2') }, body: { name: 'Renamed by manager' } }))
        .statusCode,
    ).toBe(200);
    expect(
      (await mgrApi.call(folderRoutes.move, { params: { id: f('8.3.2') }, body: { parentId: f('8.3'), index: 0 } }))
        .statusCode,
    ).toBe(200);
    expect((await mgrApi.call(folderRoutes.create, { body: { parentId: f('8.3'), name: 'New' } })).statusCode).toBe(
      403,
    );
    expect(
      (await mgrApi.call(folderRoutes.rename, { params: { id: f('8.2.1') }, body: { name: 'Elsewhere' } })).statusCode,
    ).toBe(403);
    expect(
      (await mgrApi.call(folderRoutes.saveGrants, { params: { folderId: f('8.3') }, body: { grants: [] } })).statusCode,
    ).toBe(403);
    expect((await mgrApi.call(folderRoutes.grants, { params: { folderId: f('8.3') } })).statusCode).toBe(403);

    await pmApi().call(folderRoutes.saveGrants, {
      params: { folderId: f('8.3') },
      body: { grants: [grant('user', mgr.id, ['viewDoc'], 3)] },
    });
    const created = await mgrApi.call(folderRoutes.create, { body: { parentId: f('8.3'), name: 'New' } });
    expect(created.statusCode).toBe(200);
    expect((await mgrApi.call(folderRoutes.create, { body: { parentId: 0, name: 'Root level' } })).statusCode).toBe(
      403,
    );
  });
});

describe('moving folders', () => {
  it('refuses a move into the folder itself or its subtree, and across trees', async () => {
    for (const target of [f('8.2'), f('8.2.1')]) {
      const res = await pmApi().call(folderRoutes.move, {
        params: { id: f('8.2') },
        body: { parentId: target, index: 0 },
      });
      expect(res.statusCode).toBe(400);
      expect(res.msg).toBe('A folder cannot be moved into itself or one of its subfolders');
    }
    const zh = client(ctx.app, await signIn(ctx, w.pm.email, PASSWORD, 'zh-CN'));
    await zh.call(projectEntryRoutes.enter, { body: { studyId: w.projectId } });
    const res = await zh.call(folderRoutes.move, {
      params: { id: f('8.3') },
      body: { parentId: f('8.3.1'), index: 0 },
    });
    expect(res.json()).toMatchObject({
      errorCode: 'folder_move_invalid',
      msg: '不能把文件夹移动到它自己或它的子文件夹下',
    });
    const dup = await zh.call(folderRoutes.create, { body: { parentId: f('8.3'), name: 'x'.repeat(129) } });
    expect(dup.msg).toBe('名称不能超过128个字符');
  });

  it('reorders siblings and keeps the order; moves under a new parent refusing a name already there', async () => {
    const first = f('8.4.3');
    expect(
      (await pmApi().call(folderRoutes.move, { params: { id: first }, body: { parentId: f('8.4'), index: 0 } }))
        .statusCode,
    ).toBe(200);
    const tree = (await pmApi().call(folderRoutes.tree0)).data as FolderTreeAnswer;
    const kids = tree.work!.find((n) => n.ichCode === '8.4')!.children.map((n) => n.ichCode);
    expect(kids.slice(0, 3)).toEqual(['8.4.3', '8.4.1', '8.4.2']);

    await pmApi().call(folderRoutes.create, { body: { parentId: f('8.3'), name: 'Twin' } });
    const twin = (await pmApi().call(folderRoutes.create, { body: { parentId: f('8.4'), name: 'TWIN' } })).data
      .folderId;
    const clash = await pmApi().call(folderRoutes.move, {
      params: { id: twin },
      body: { parentId: f('8.3'), index: 0 },
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.msg).toBe('Folder name already exists');
    await pmApi().call(folderRoutes.rename, { params: { id: twin }, body: { name: 'Moved' } });
    expect(
      (await pmApi().call(folderRoutes.move, { params: { id: twin }, body: { parentId: f('8.3'), index: 1 } }))
        .statusCode,
    ).toBe(200);
    const [row] = await ctx.db.select().from(folders).where(eq(folders.id, twin));
    expect(row).toMatchObject({ parentId: f('8.3'), sortOrder: 1 });

    const trail = await trailOf(ctx.db, 'folder', twin);
    const move = trail.find((t) => t.type === TrailType.Move)!;
    expect(move.oldValue).toMatchObject({ parentId: f('8.4') });
    expect(move.newValue).toMatchObject({ parentId: f('8.3'), sortOrder: 1 });
  });
});

describe('directory templates', () => {
  it('saves the tree as a company template once per name, and applies templates skipping existing names', async () => {
    const saved = await pmApi().call(folderRoutes.saveTemplate, { body: { name: 'Our tree' } });
    expect(saved.statusCode).toBe(200);
    const again = await pmApi().call(folderRoutes.saveTemplate, { body: { name: 'OUR TREE' } });
    expect(again.statusCode).toBe(409);
    expect(again.msg).toBe('Template name already exists');
    // Issue 12, defect 3: the project administrator lists them too (the company administrator's list was 403).
    const list = (await pmApi().call(folderRoutes.templateList)).data as Array<{
      id: number;
      name: string;
      type: number;
      shipped: boolean;
    }>;
    const ours = list.find((t) => t.name === 'Our tree')!;
    expect(ours).toMatchObject({ type: 2, shipped: false });
    const ich = list.find((t) => t.shipped)!;

    // 8.3.2 was renamed above, so the template's own 8.3.2 comes back once; then nothing is missing.
    const back = await pmApi().call(folderRoutes.applyTemplate, { body: { templateId: ich.id } });
    expect(back.data).toEqual({ created: 1 });
    const noop = await pmApi().call(folderRoutes.applyTemplate, { body: { templateId: ich.id } });
    expect(noop.data).toEqual({ created: 0 });
    await pmApi().call(folderRoutes.delete, { params: { id: f('8.4.8') } });
    const one = await pmApi().call(folderRoutes.applyTemplate, { body: { templateId: ich.id } });
    expect(one.data).toEqual({ created: 1 });
    const library = await pmApi().call(folderRoutes.applyTemplate, {
      body: { templateId: ours.id, type: FolderType.Library },
    });
    expect(library.data.created).toBeGreaterThan(50);
    const tree = (await pmApi().call(folderRoutes.tree0)).data as FolderTreeAnswer;
    expect(flatten(tree.library!).some((n) => n.folderName === 'Renamed by manager')).toBe(true);

    const foreign = await client(ctx.app, other.pm.token).call(folderRoutes.applyTemplate, {
      body: { templateId: ours.id },
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.msg).toBe('Template is invalid');
    expect(
      (await client(ctx.app, w.staff.token).call(folderRoutes.saveTemplate, { body: { name: 'Mine' } })).statusCode,
    ).toBe(403);

    const trail = await trailOf(ctx.db, 'folder_template_apply', ich.id);
    expect(trail.at(-1)!.oldValue).toMatchObject({ folderCount: expect.any(Number) });
    expect((trail.at(-1)!.newValue as { added: string[] }).added).toHaveLength(1);
  });
});

describe('projects without a library tree', () => {
  it('refuses library folders and shows only the work tree', async () => {
    await ctx.db.update(projects).set({ libraryFolder: false }).where(eq(projects.id, other.projectId));
    const api = client(ctx.app, other.pm.token);
    const res = await api.call(folderRoutes.create, {
      body: { parentId: 0, type: FolderType.Library, name: 'Library root' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.msg).toBe('Type is invalid');
    const tree = (await api.call(folderRoutes.tree0)).data as FolderTreeAnswer;
    expect(tree).toMatchObject({ libraryFolder: false, library: [] });
    expect(tree.work).toHaveLength(3);
  });
});

describe('trail of folder changes', () => {
  it('records create, rename, delete and grant changes with old and new values', async () => {
    const id = (await pmApi().call(folderRoutes.create, { body: { parentId: f('8.2'), name: 'Audit me' } })).data
      .folderId;
    await pmApi().call(folderRoutes.rename, { params: { id }, body: { name: 'Audited', ichCode: '8.2.99' } });
    await pmApi().call(folderRoutes.saveGrants, {
      params: { folderId: id },
      body: { grants: [grant('group', groupId, ['viewDoc'])] },
    });
    await pmApi().call(folderRoutes.saveGrants, { params: { folderId: id }, body: { grants: [] } });
    await pmApi().call(folderRoutes.delete, { params: { id } });
    const rows = await trailOf(ctx.db, 'folder', id);
    expect(rows.map((r) => r.type)).toEqual([TrailType.Create, TrailType.Update, TrailType.Delete]);
    expect(rows[1].oldValue).toMatchObject({ name: 'Audit me', ichCode: null });
    expect(rows[1].newValue).toMatchObject({ name: 'Audited', ichCode: '8.2.99' });
    const grants = await trailOf(ctx.db, 'folder_grants', id);
    expect(grants).toHaveLength(2);
    expect(grants[0]).toMatchObject({ type: TrailType.PermissionChange, oldValue: { grants: [] } });
    expect(grants[1].oldValue).toMatchObject({ grants: [{ subjectType: 'group', subjectId: groupId }] });
    expect(grants[1].newValue).toMatchObject({ grants: [] });
    const left = await ctx.db
      .select()
      .from(folders)
      .where(and(eq(folders.projectId, w.projectId), eq(folders.id, id)));
    expect(left).toHaveLength(0);
  });

  it('searches folders by name or ICH code as a flat list and as a pruned tree', async () => {
    const list = (await pmApi().call(folderRoutes.searchList, { query: { searchValue: '8.2.1', type: 0 } }))
      .data as Array<{
      ichCode: string;
      path: string[];
    }>;
    expect(list.map((x) => x.ichCode)).toContain('8.2.1');
    expect(list.every((x) => x.ichCode.startsWith('8.2.1'))).toBe(true);
    const tree = (await pmApi().call(folderRoutes.searchTree, { query: { searchValue: '8.3.1', type: 0 } }))
      .data as FolderTreeAnswer;
    expect(tree.allFolderList.map((n) => n.ichCode)).toEqual(['8.3']);
    expect(tree.allFolderList[0].children.map((n) => n.ichCode)).toContain('8.3.1');
  });
});
