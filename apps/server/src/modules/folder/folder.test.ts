import { UserType } from '@edoc/contract/enums';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies } from '../../db/schema/companies.ts';
import { folderGrants, folders, groups, members, roles } from '../../db/schema/projects.ts';
import { bearer, createTestContext, createUser, signIn, type TestContext } from '../../test/context.ts';

let ctx: TestContext;
let projectId: number;
let pm: string;
let staff: string;
let staffId: number;
let outsider: string;
const byCode = new Map<string, number>();

const post = (token: string, url: string, payload: unknown = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: `/edoc${url}`,
    headers: bearer(token),
    payload: payload as Record<string, unknown>,
  });
const get = (token: string, url: string) =>
  ctx.app.inject({ method: 'GET', url: `/edoc${url}`, headers: bearer(token) });

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
  const user = await createUser(ctx.db, { userType: UserType.Project, companyId });
  const [role] = await ctx.db
    .select()
    .from(roles)
    .where(and(eq(roles.projectId, projectId), eq(roles.code, roleCode)));
  await ctx.db.insert(members).values({ projectId, userId: user.id, roleId: role.id });
  const token = await signIn(ctx, user.email);
  await post(token, '/common/study/entry', { studyId: projectId });
  return { token, user, role };
}

beforeAll(async () => {
  ctx = await createTestContext();
  const [company] = await ctx.db.insert(companies).values({ name: 'Folder Co' }).returning();
  const admin = await signIn(
    ctx,
    (await createUser(ctx.db, { userType: UserType.Company, companyId: company.id, isCompanyManager: true })).email,
  );
  const ich = ((await get(admin, '/template/directory/list')).json().data as Array<{ id: number }>)[0].id;
  projectId = (await post(admin, '/project/create', { code: 'F-1', name: 'Folders', directoryTemplateId: ich })).json()
    .data.studyId;
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
  outsider = await signIn(ctx, (await createUser(ctx.db, { userType: UserType.Project, companyId: company.id })).email);
});
afterAll(() => ctx.close());

describe('folder tree with permissions', () => {
  it('gives the project administrator every folder, enabled and manageable', async () => {
    const data = (await get(pm, '/folder/tree/0')).json().data;
    expect(data.manage).toBe(true);
    const all = flatten(data.allFolderList);
    expect(all).toHaveLength(56);
    expect(all.every((n) => n.isEnabled && n.manageFolder === 3)).toBe(true);
    expect(data.work).toHaveLength(3);
  });

  it('shows ordinary staff exactly the granted folders enabled, inherited downwards, overridden lower down', async () => {
    const data = (await get(staff, '/folder/tree/0')).json().data;
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
    expect((await get(outsider, '/folder/tree/0')).statusCode).toBe(403);
  });
});

describe('folder management', () => {
  it('creates, refuses duplicates among siblings (any case) and long titles, renames and deletes', async () => {
    const parentId = byCode.get('8.4')!;
    const created = await post(pm, '/folder/create', { parentId, name: 'Local documents', ichCode: '8.4.9' });
    expect(created.statusCode).toBe(200);
    const id = created.json().data.folderId as number;
    const dup = await post(pm, '/folder/create', { parentId, name: 'LOCAL documents' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().msg).toBe('Folder name already exists');
    expect(
      (await post(pm, '/folder/create', { parentId: byCode.get('8.3')!, name: 'Local documents' })).statusCode,
    ).toBe(200);
    const long = await post(pm, '/folder/create', { parentId, name: 'x'.repeat(129) });
    expect(long.json().msg).toBe('Name cannot exceed 128 characters');
    expect((await post(pm, `/folder/rename/${id}`, { name: 'Site documents' })).statusCode).toBe(200);
    const parentDelete = await post(pm, `/folder/delete/${parentId}`);
    expect(parentDelete.statusCode).toBe(409);
    expect((await post(pm, `/folder/delete/${id}`)).statusCode).toBe(200);
  });

  it('ordinary staff without a manage level cannot create, rename or delete', async () => {
    expect((await post(staff, '/folder/create', { parentId: byCode.get('8.2')!, name: 'Mine' })).statusCode).toBe(403);
    expect((await post(staff, `/folder/rename/${byCode.get('8.2.1')!}`, { name: 'Renamed' })).statusCode).toBe(403);
    expect((await post(staff, `/folder/delete/${byCode.get('8.2.1')!}`)).statusCode).toBe(403);
  });
});
