import fs from 'node:fs/promises';
import path from 'node:path';
import { UserType } from '@edoc/contract/enums';
import { and, asc, eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import type { Db } from '../db/client.ts';
import { companies } from '../db/schema/companies.ts';
import { members, projects, roles } from '../db/schema/projects.ts';
import { trail } from '../db/schema/trail.ts';
import type { users } from '../db/schema/users.ts';
import { createUser, type TestContext } from './context.ts';

let seq = 0;

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

type UserOver = Partial<typeof users.$inferInsert> & { password?: string };

/** Factory: a company administrator (type 2, manager flag) of the company, signed-in ready. */
export const createCompanyAdmin = (db: Db, companyId: number, over: UserOver = {}) =>
  createUser(db, { userType: UserType.Company, companyId, isCompanyManager: true, ...over });

/** Factory: a project user (type 3) of the company, signed-in ready. */
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
    .where(and(eq(roles.projectId, projectId), eq(roles.code, 'STU_STAFF')));
  if (!role)
    [role] = await db.insert(roles).values({ projectId, code: 'STU_STAFF', name: 'Staff', builtin: true }).returning();
  await db.insert(members).values({ projectId, userId, roleId: role.id });
}

/** Every mail to the address in the outbox, oldest first, as "subject\ntext". */
export async function mailsTo(ctx: TestContext, to: string): Promise<string[]> {
  const files = (await fs.readdir(ctx.deps.config.outboxDir).catch(() => [] as string[])).sort();
  const out: string[] = [];
  for (const f of files) {
    const mail = await simpleParser(await fs.readFile(path.join(ctx.deps.config.outboxDir, f)));
    if (mail.to && !Array.isArray(mail.to) && mail.to.value.some((a) => a.address === to))
      out.push(`${mail.subject}\n${mail.text}`);
  }
  return out;
}

/** Waits until the address has received its n-th mail and returns that one. */
export async function waitForNthMail(ctx: TestContext, to: string, n: number, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mails = await mailsTo(ctx, to);
    if (mails.length >= n) return mails[n - 1];
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`mail #${n} to ${to} did not arrive within ${timeoutMs} ms`);
}

/** The temporary password of an account or reset mail, in either language. */
export function temporaryPassword(mail: string): string {
  const match = /(?:Temporary password|临时密码)[:：]\s*(\S+)/.exec(mail);
  if (!match) throw new Error(`no temporary password in mail:\n${mail}`);
  return match[1];
}

/** The trail rows about one object, oldest first. */
export const trailOf = (db: Db, objectType: string, objectId: number) =>
  db
    .select()
    .from(trail)
    .where(and(eq(trail.objectType, objectType), eq(trail.objectId, String(objectId))))
    .orderBy(asc(trail.id));
