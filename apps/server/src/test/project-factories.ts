import { and, eq } from 'drizzle-orm';
import { folders, members, roles } from '../db/schema/projects.ts';
import { createCompany, createCompanyAdmin, createProjectUser } from './company-factories.ts';
import { bearer, signIn, type TestContext } from './context.ts';

/** A signed-in person with the session already inside the project (POST /common/study/entry done). */
export interface ProjectPerson {
  id: number;
  email: string;
  token: string;
}

export interface ProjectWorld {
  companyId: number;
  projectId: number;
  /** Company administrator, signed in but not entered into the project. */
  admin: ProjectPerson;
  /** STU_PM and STU_STAFF members, entered into the project. */
  pm: ProjectPerson;
  staff: ProjectPerson;
  roleIds: { STU_PM: number; STU_STAFF: number };
  /** Work-tree folder ids by ICH code (8.2.1 …). */
  folderByIch: Map<string, number>;
}

/** Calls the API with the person's token; payload as JSON. */
export function callAs(ctx: TestContext, token: string) {
  return {
    get: (url: string) => ctx.app.inject({ method: 'GET', url: `/edoc${url}`, headers: bearer(token) }),
    post: (url: string, payload: unknown = {}) =>
      ctx.app.inject({
        method: 'POST',
        url: `/edoc${url}`,
        headers: bearer(token),
        payload: payload as Record<string, unknown>,
      }),
  };
}

/** Signs a new project user in, makes them a member under the role and enters the project. */
export async function joinProject(
  ctx: TestContext,
  world: Pick<ProjectWorld, 'companyId' | 'projectId'>,
  roleId: number,
  siteIds: number[] = [],
): Promise<ProjectPerson> {
  const user = await createProjectUser(ctx.db, world.companyId);
  await ctx.db.insert(members).values({ projectId: world.projectId, userId: user.id, roleId, siteIds });
  const token = await signIn(ctx, user.email);
  const entered = await callAs(ctx, token).post('/common/study/entry', { studyId: world.projectId });
  if (entered.statusCode !== 200) throw new Error(`entry failed: ${entered.body}`);
  return { id: user.id, email: user.email, token };
}

/** Factory: a company with its administrator and a project made through the API with the ICH template. */
export async function createProjectWorld(ctx: TestContext, code = 'P-1'): Promise<ProjectWorld> {
  const company = await createCompany(ctx.db);
  const adminUser = await createCompanyAdmin(ctx.db, company.id);
  const admin = { id: adminUser.id, email: adminUser.email, token: await signIn(ctx, adminUser.email) };
  const api = callAs(ctx, admin.token);
  const templates = (await api.get('/template/directory/list')).json().data as Array<{ id: number }>;
  const created = await api.post('/project/create', {
    code,
    name: `Project ${code}`,
    directoryTemplateId: templates[0].id,
  });
  if (created.statusCode !== 200) throw new Error(`project create failed: ${created.body}`);
  const projectId = created.json().data.studyId as number;
  const roleRows = await ctx.db.select().from(roles).where(eq(roles.projectId, projectId));
  const roleIds = {
    STU_PM: roleRows.find((r) => r.code === 'STU_PM')!.id,
    STU_STAFF: roleRows.find((r) => r.code === 'STU_STAFF')!.id,
  };
  const world = { companyId: company.id, projectId };
  const folderRows = await ctx.db
    .select()
    .from(folders)
    .where(and(eq(folders.projectId, projectId), eq(folders.type, 0)));
  const folderByIch = new Map(folderRows.filter((f) => f.ichCode).map((f) => [f.ichCode!, f.id]));
  return {
    ...world,
    admin,
    pm: await joinProject(ctx, world, roleIds.STU_PM),
    staff: await joinProject(ctx, world, roleIds.STU_STAFF),
    roleIds,
    folderByIch,
  };
}
