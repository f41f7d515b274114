import { authRoutes } from '@edoc/contract/auth-routes';
import { changeTokenData } from '@edoc/contract/auth';
import { inspectorRoutes } from '@edoc/contract/inspector-routes';
import { FolderType } from '@edoc/contract/permissions';
import { projectEntryRoutes, projectRoutes } from '@edoc/contract/project-routes';
import { RoleCode, UserType } from '@edoc/contract/enums';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { companies } from '../db/schema/companies.ts';
import { folders, members, projects, roles } from '../db/schema/projects.ts';
import { passwordHistory, users } from '../db/schema/users.ts';
import { hashPassword } from '../modules/auth/password.service.ts';
import type { TestContext } from './context.ts';
import { client, envelopeOf } from './requests.ts';

/** The password every factory user signs in with unless told otherwise. */
export const PASSWORD = 'Passw0rd!';

let seq = 0;

type UserOver = Partial<typeof users.$inferInsert> & { password?: string };

/** Factory: an active user who may sign in at once (no forced change) unless told otherwise. */
export async function createUser(db: Db, over: UserOver = {}): Promise<typeof users.$inferSelect> {
  const { password = PASSWORD, ...rest } = over;
  const passwordHash = await hashPassword(password);
  seq++;
  const [user] = await db
    .insert(users)
    .values({
      email: `user${seq}.${process.pid}@example.com`,
      name: `User ${seq}`,
      userType: UserType.System,
      mustChangePassword: false,
      passwordHash,
      ...rest,
    })
    .returning();
  await db.insert(passwordHistory).values({ userId: user.id, passwordHash });
  return user;
}

/** Factory: a session — signs in through the API (in English, so messages can be compared) and gives its token. */
export async function signIn(ctx: TestContext, email: string, password = PASSWORD, lang = 'en-US'): Promise<string> {
  const res = await client(ctx.app).call(authRoutes.login, { body: { email, password, lang } });
  if (!res.status) throw new Error(`sign-in failed: ${res.msg}`);
  return res.data.token;
}

/**
 * The forced change of a new, reset or expired password (issue 9): /login refuses with a change token, which
 * /user/modify_password takes instead of the password. Answers the change's response.
 */
export async function changePasswordAtSignIn(ctx: TestContext, email: string, password: string, newPassword: string) {
  const refused = await client(ctx.app).call(authRoutes.login, { body: { email, password, lang: 'en-US' } });
  const changeToken = changeTokenData.safeParse(envelopeOf(refused).data).data?.changeToken;
  if (!changeToken) throw new Error(`no change token for ${email}: ${refused.body}`);
  return client(ctx.app).call(authRoutes.modifyPassword, { body: { changeToken, newPassword } });
}

/** Factory: an enabled company with a unique name. */
export async function createCompany(
  db: Db,
  over: Partial<typeof companies.$inferInsert> = {},
): Promise<typeof companies.$inferSelect> {
  seq++;
  const [company] = await db
    .insert(companies)
    .values({ name: `Company ${seq} ${process.pid}`, ...over })
    .returning();
  return company;
}

/** Factory: a company administrator (manager flag) of the company, signed-in ready. */
export const createCompanyAdmin = (db: Db, companyId: number, over: UserOver = {}) =>
  createUser(db, { userType: UserType.Company, companyId, isCompanyManager: true, ...over });

/** Factory: a project user of the company, signed-in ready. */
export const createProjectUser = (db: Db, companyId: number, over: UserOver = {}) =>
  createUser(db, { userType: UserType.Project, companyId, ...over });

/** Factory: a bare project of the company (no folders), for membership look-ups. */
export async function createProjectRow(db: Db, companyId: number): Promise<typeof projects.$inferSelect> {
  seq++;
  const [project] = await db
    .insert(projects)
    .values({ companyId, code: `P${seq}`, name: `Project ${seq}` })
    .returning();
  return project;
}

/** Makes the user a member of the project under a plain staff role. */
export async function addMemberRow(db: Db, projectId: number, userId: number): Promise<void> {
  let [role] = await db
    .select()
    .from(roles)
    .where(and(eq(roles.projectId, projectId), eq(roles.code, RoleCode.ProjectStaff)));
  if (!role)
    [role] = await db
      .insert(roles)
      .values({ projectId, code: RoleCode.ProjectStaff, name: 'Staff', builtin: true })
      .returning();
  await db.insert(members).values({ projectId, userId, roleId: role.id });
}

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

/** Factory: a new project user, member of the project under the role, signed in and entered into it. */
export async function joinProject(
  ctx: TestContext,
  world: Pick<ProjectWorld, 'companyId' | 'projectId'>,
  roleId: number,
  siteIds: number[] = [],
): Promise<ProjectPerson> {
  const user = await createProjectUser(ctx.db, world.companyId);
  await ctx.db.insert(members).values({ projectId: world.projectId, userId: user.id, roleId, siteIds });
  const token = await signIn(ctx, user.email);
  const entered = await client(ctx.app, token).call(projectEntryRoutes.enter, { body: { studyId: world.projectId } });
  if (entered.statusCode !== 200) throw new Error(`entry failed: ${entered.body}`);
  return { id: user.id, email: user.email, token };
}

/** Factory: a company with its administrator and a project made through the API with the ICH template. */
export async function createProjectWorld(ctx: TestContext, code = 'P-1'): Promise<ProjectWorld> {
  const company = await createCompany(ctx.db);
  const adminUser = await createCompanyAdmin(ctx.db, company.id);
  const admin = { id: adminUser.id, email: adminUser.email, token: await signIn(ctx, adminUser.email) };
  const api = client(ctx.app, admin.token);
  const templates = (await api.call(projectRoutes.directoryTemplates)).data;
  const created = await api.call(projectRoutes.create, {
    body: { code, name: `Project ${code}`, directoryTemplateId: templates[0].id },
  });
  if (created.statusCode !== 200) throw new Error(`project create failed: ${created.body}`);
  const projectId = created.data.studyId;
  const roleRows = await ctx.db.select().from(roles).where(eq(roles.projectId, projectId));
  const roleIds = {
    STU_PM: roleRows.find((r) => r.code === RoleCode.ProjectAdmin)!.id,
    STU_STAFF: roleRows.find((r) => r.code === RoleCode.ProjectStaff)!.id,
  };
  const world = { companyId: company.id, projectId };
  const folderRows = await ctx.db
    .select()
    .from(folders)
    .where(and(eq(folders.projectId, projectId), eq(folders.type, FolderType.Work)));
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

/** The smallest bytes each format is recognised by (the upload checks content signatures). */
export const SAMPLE = {
  pdf: () => Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
  docx: (size = 64) => Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(size - 4, 1)]),
  exe: () => Buffer.concat([Buffer.from('MZ'), Buffer.alloc(62, 0)]),
};

/**
 * Factory: an inspector of the world's project (issue 11), invited through the API by its administrator for the
 * days given (default: from yesterday to tomorrow), signed in and entered. `grantId` names the invitation.
 */
export async function enterAsInspector(
  ctx: TestContext,
  world: Pick<ProjectWorld, 'companyId' | 'projectId' | 'pm'>,
  opts: { startsOn?: string; endsOn?: string; canDownload?: boolean } = {},
): Promise<ProjectPerson & { grantId: number }> {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const user = await createProjectUser(ctx.db, world.companyId);
  const invited = await client(ctx.app, world.pm.token).call(inspectorRoutes.invite, {
    body: {
      email: user.email,
      userName: user.name,
      startsOn: opts.startsOn ?? day(-1),
      endsOn: opts.endsOn ?? day(1),
      canDownload: opts.canDownload ?? false,
    },
  });
  if (invited.statusCode !== 200) throw new Error(`invite failed: ${invited.body}`);
  const token = await signIn(ctx, user.email);
  const entered = await client(ctx.app, token).call(projectEntryRoutes.enter, { body: { studyId: world.projectId } });
  if (entered.statusCode !== 200) throw new Error(`entry failed: ${entered.body}`);
  return { id: user.id, email: user.email, token, grantId: invited.data.id };
}
