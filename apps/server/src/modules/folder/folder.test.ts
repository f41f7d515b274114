import { projectEntryRoutes, projectRoutes } from '@edoc/contract/project-routes';
import { folderRoutes } from '@edoc/contract/folder-routes';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies } from '../../db/schema/companies.ts';
import { folderGrants, folders, groups, members, roles } from '../../db/schema/projects.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { createCompanyAdmin, createProjectUser, signIn } from '../../test/factories.ts';
import { client } from '../../test/requests.ts';

let ctx: TestContext;
let projectId: number;
let pm: string;
let staff: string;
let staffId: number;
let outsider: string;
const byCode = new Map<string, number>();

interface Node {
  folderId: number;
  ichCode: string | null;
  isEnabled: boolean;
  fileCount: number;
  manageFolder: number;
  canCreateFile: boolean;
  children: Node[];
}
const flatten = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flatten(n.children)]);

async function member(companyId: number, roleCode: string) {
  const user = await createProjectUser(ctx.db, companyId);
  const [role] = await ctx.db
    .select()
    .from(roles)
    .where(and(eq(roles.projectId, projectId), eq(roles.code, roleCode)));
  await ctx.db.insert(members).values({ projectId, userId: user.id, roleId: role.id });
  const token = await signIn(ctx, user.email);
  await client(ctx.app, token).call(projectEntryRoutes.enter, { body: { studyId: projectId } });
  return { token, user, role };
}

beforeAll(async () => {
  ctx = await createTestContext();
  const [company] = await ctx.db.insert(companies).values({ name: 'Folder Co' }).returning();
  const admin = await signIn(ctx, (await createCompanyAdmin(ctx.db, company.id)).email);
  const ich = ((await client(ctx.app, admin).call(projectRoutes.directoryTemplates)).data as Array<{ id: number }>)[0]
    .id;
  projectId = (
    await client(ctx.app, admin).call(projectRoutes.create, {
      body: { code: 'F-1', name: 'Folders', directoryTemplateId: ich },
    })
  ).data.studyId;
  for (const f of await ctx.db.select().from(folders).where(eq(folders.projectId, projectId)))
    byCode.set(f.ichCode!, f.id);
  pm = (await member(company.id, 'STU_PM')).token;
  const s = await member(company.id, 'STU_STAFF');
  staff = s.token;
  staffId = s.user.id;
  await ctx.db.insert(folderGrants).values({
    folderId: byCode.get('8.2')!,
    subjectType: 'role',
    subjectId: s.role.id,
    docKeys: ['viewDoc', 'createDoc'],
  });
  const [group] = await ctx.db
    .insert(groups)
    .values({ projectId, name: 'Monitors', memberIds: [s.user.id] })
    .returning();
  await ctx.db
    .insert(folderGrants)
    .values({ folderId: byCode.get('8.3.10')!, subjectType: 'group', subjectId: group.id, docKeys: ['viewDoc'] });
  await ctx.db
    .insert(folderGrants)
    .values({ folderId: byCode.get('8.2.18')!, subjectType: 'user', subjectId: s.user.id, docKeys: [] });
  outsider = await signIn(ctx, (await createProjectUser(ctx.db, company.id)).email);
});
afterAll(() => ctx.close());

describe('folder tree with permissions', () => {
  it('gives the project administrator every folder, enabled and manageable', async () => {
    const data = (await client(ctx.app, pm).call(folderRoutes.tree0)).data;
    expect(data.manage).toBe(true);
    const all = flatten(data.allFolderList);
    expect(all).toHaveLength(56);
    expect(all.every((n) => n.isEnabled && n.manageFolder === 3)).toBe(true);
    expect(data.work).toHaveLength(3);
  });

  it('shows ordinary staff exactly the granted folders enabled, inherited downwards, overridden lower down', async () => {
    const data = (await client(ctx.app, staff).call(folderRoutes.tree0)).data;
    expect(data.manage).toBe(false);
    expect(data.work).toBeUndefined();
    const all = new Map(flatten(data.allFolderList).map((n) => [n.ichCode, n]));
    expect(all.get('8.2')).toMatchObject({ isEnabled: true, canCreateFile: true, manageFolder: 0 });
    expect(all.get('8.2.1')).toMatchObject({ isEnabled: true, canCreateFile: true });
    expect(all.get('8.2.18')).toMatchObject({ isEnabled: false, fileCount: 0 }); // user grant with no keys overrides
    expect(all.get('8.3')!.isEnabled).toBe(false);
    expect(all.get('8.3.10')).toMatchObject({ isEnabled: true, canCreateFile: false }); // via the group
    expect(all.get('8.4.8')!.isEnabled).toBe(false);
    const enabled = new Set(data.permissionFolders as number[]);
    expect(enabled.has(byCode.get('8.2.5')!)).toBe(true);
    expect(enabled.has(byCode.get('8.4.1')!)).toBe(false);
    expect(staffId).toBeGreaterThan(0);
  });

  it('refuses folder calls before a project is entered', async () => {
    expect((await client(ctx.app, outsider).call(folderRoutes.tree0)).statusCode).toBe(403);
  });
});

describe('folder management', () => {
  it('creates, refuses duplicates among siblings (any case) and long titles, renames and deletes', async () => {
    const parentId = byCode.get('8.4')!;
    const created = await client(ctx.app, pm).call(folderRoutes.create, {
      body: {
        parentId,
        name: 'Local documents',
        ichCode: '8.4.9',
      },
    });
    expect(created.statusCode).toBe(200);
    const id = created.data.folderId;
    const dup = await client(ctx.app, pm).call(folderRoutes.create, { body: { parentId, name: 'LOCAL documents' } });
    expect(dup.statusCode).toBe(409);
    expect(dup.msg).toBe('Folder name already exists');
    expect(
      (
        await client(ctx.app, pm).call(folderRoutes.create, {
          body: { parentId: byCode.get('8.3')!, name: 'Local documents' },
        })
      ).statusCode,
    ).toBe(200);
    const long = await client(ctx.app, pm).call(folderRoutes.create, { body: { parentId, name: 'x'.repeat(129) } });
    expect(long.msg).toBe('Name cannot exceed 128 characters');
    expect(
      (await client(ctx.app, pm).call(folderRoutes.rename, { params: { id }, body: { name: 'Site documents' } }))
        .statusCode,
    ).toBe(200);
    const parentDelete = await client(ctx.app, pm).call(folderRoutes.delete, { params: { id: parentId } });
    expect(parentDelete.statusCode).toBe(409);
    expect((await client(ctx.app, pm).call(folderRoutes.delete, { params: { id } })).statusCode).toBe(200);
  });

  it('ordinary staff without a manage level cannot create, rename or delete', async () => {
    expect(
      (await client(ctx.app, staff).call(folderRoutes.create, { body: { parentId: byCode.get('8.2')!, name: 'Mine' } }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await client(ctx.app, staff).call(folderRoutes.rename, {
          params: { id: byCode.get('8.2.1')! },
          body: { name: 'Renamed' },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await client(ctx.app, staff).call(folderRoutes.delete, { params: { id: byCode.get('8.2.1')! } })).statusCode,
    ).toBe(403);
  });
});
