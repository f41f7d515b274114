/**
 * npm run seed:demo — demo data in the database `npm start` uses (DATA_DIR's embedded PostgreSQL, or
 * DATABASE_URL): a company, a project with the ICH folders, two sites and one account of each kind, with known
 * passwords printed at the end. Every step looks for its result first, so a second run changes nothing.
 * Records are made through the services, so the trail shows them like any other change.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ApprovalStatus, RoleCode, TrailType, UserType } from '@edoc/contract/enums';
import { FolderType } from '@edoc/contract/permissions';
import { projectBody } from '@edoc/contract/project';
import { and, eq, ilike, isNotNull } from 'drizzle-orm';
import { loadConfig, type Config } from '../config.ts';
import { companies } from '../db/schema/companies.ts';
import { folderGrants, folders, members, projects, roles, sites } from '../db/schema/projects.ts';
import { users } from '../db/schema/users.ts';
import type { Jobs } from '../jobs/jobs.ts';
import type { Deps } from '../lib/deps.ts';
import { setPassword } from '../modules/auth/password.service.ts';
import { createCompanyUser } from '../modules/company/company-user.service.ts';
import { addCompanyManager, createCompany } from '../modules/company/company.service.ts';
import { replaceFolderGrants, type GrantInput } from '../modules/folder/folder-grant.service.ts';
import { addMember } from '../modules/member/member.service.ts';
import { createProject } from '../modules/project/project.service.ts';
import { register } from '../modules/registration/registration.service.ts';
import { createSite } from '../modules/site/site.service.ts';
import type { ProjectContext } from '../plugins/context.ts';
import { ICH_TEMPLATE_NAME } from '../modules/template/ich-e6.ts';
import { listDirectoryTemplates, seedShippedTemplates } from '../modules/template/template.service.ts';
import { ensureShippedTmfModels } from '../modules/tmf-model/tmf-model-shipped.ts';
import { ensureShippedMilestoneTypes } from '../modules/milestone/milestone-shipped.ts';
import { recordTrail, type TrailActor } from '../trail/trail.service.ts';
import type { AuthContext } from '../plugins/auth.ts';
import { openDatabase } from '../runtime.ts';
import { seedAdmin } from '../seed.ts';
import { createBlobStore } from '../storage/create-blob-store.ts';

const COMPANY = 'Demo Pharma';
const PROJECT = 'DEMO-001';
/** Meets the password policy (letters, digits, symbols). Demo data only: never use it for real accounts. */
const PASSWORD = 'Demo#2024pass';
const ACCOUNTS = {
  companyAdmin: { email: 'admin@demo-pharma.example', name: 'Demo Company Admin' },
  projectAdmin: { email: 'pm@demo-pharma.example', name: 'Demo Project Admin' },
  staff: { email: 'staff@demo-pharma.example', name: 'Demo Staff' },
  external: { email: 'external@demo-pharma.example', name: 'Demo External' },
};
/** The ICH folders the ordinary user may view. */
const STAFF_FOLDERS = ['8.2.1', '8.2.2'];
const actor: TrailActor = { actorId: null, actorName: 'seed:demo' };

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The embedded PostgreSQL of a running `npm start` must not be touched: starting our own on the same folder
 * would treat it as left over from a crash and stop it. A running server's PostgreSQL has a live parent
 * (edoc); an orphan from a killed edoc has none (its parent is init), and may be recovered as at start-up.
 */
async function runningServerPid(postgresDir: string): Promise<number | null> {
  const text = await fs.readFile(path.join(postgresDir, 'postmaster.pid'), 'utf8').catch(() => null);
  const pid = Number(text?.split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !alive(pid)) return null;
  const cmdline = await fs.readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => null);
  if (cmdline !== null && !cmdline.includes(postgresDir)) return null; // a reused pid
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
  const ppid = stat ? Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) : NaN;
  if (Number.isInteger(ppid) && (ppid <= 1 || !alive(ppid))) return null;
  return pid;
}

/** Account mails are not sent: the demo passwords are printed instead, and the addresses do not exist. */
const noMail: Jobs = { send: async () => {}, stop: async () => {} };

async function userByEmail(deps: Deps, email: string) {
  const [user] = await deps.db.select().from(users).where(eq(users.email, email));
  return user;
}

/** Replaces the mailed temporary password of a new demo account with the printed one. */
async function useDemoPassword(deps: Deps, userId: number, companyId: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await setPassword(tx, userId, PASSWORD, { mustChange: false, revokeReason: 'seed_demo' });
    await recordTrail(
      tx,
      { ...actor, companyId },
      { type: TrailType.PasswordReset, objectType: 'user', objectId: userId, reason: 'demo data: known password' },
    );
  });
}

/** Acting as the company administrator inside the project, as the site and grant services expect. */
function projectContext(admin: typeof users.$inferSelect, projectId: number): ProjectContext {
  const auth: AuthContext = {
    user: {
      id: admin.id,
      email: admin.email,
      name: admin.name,
      userType: UserType.Company,
      companyId: admin.companyId,
      isCompanyManager: true,
    },
    session: {
      id: 0,
      lang: 'en-US',
      idleMinutes: 30,
      projectId,
      roleCode: RoleCode.CompanyAdmin,
      projectState: 'open',
      fullAccess: true,
      inspector: null,
    },
  };
  return {
    auth,
    projectId,
    roleCode: RoleCode.CompanyAdmin,
    fullAccess: true,
    readOnly: false,
    inspector: null,
    actor: { ...actor, companyId: admin.companyId, projectId },
    lang: 'en-US',
    client: { ip: '127.0.0.1', userAgent: 'seed:demo' },
  };
}

async function seedDemo(deps: Deps): Promise<string[]> {
  const done: string[] = [];
  let [company] = await deps.db.select().from(companies).where(eq(companies.name, COMPANY));
  if (!company) {
    const id = await createCompany(
      deps,
      { actor },
      { companyName: COMPANY, description: 'Demo data (npm run seed:demo)' },
    );
    [company] = await deps.db.select().from(companies).where(eq(companies.id, id));
    done.push(`company ${COMPANY}`);
  }
  // What the services read of their caller: the seed, acting inside the company, writing in English.
  const seed = { actor: { ...actor, companyId: company.id }, lang: 'en-US' as const };

  let admin = await userByEmail(deps, ACCOUNTS.companyAdmin.email);
  if (!admin) {
    const c = ACCOUNTS.companyAdmin;
    const id = await addCompanyManager(deps, seed, { companyId: company.id, email: c.email, userName: c.name });
    await useDemoPassword(deps, id, company.id);
    admin = (await userByEmail(deps, c.email))!;
    done.push('company administrator');
  }

  let [project] = await deps.db
    .select()
    .from(projects)
    .where(and(eq(projects.companyId, company.id), ilike(projects.code, PROJECT)));
  if (!project) {
    const ich = (await listDirectoryTemplates(deps, company.id)).find((t) => t.name === ICH_TEMPLATE_NAME);
    const input = projectBody.parse({ code: PROJECT, name: 'Demo study', phase: 'III', directoryTemplateId: ich?.id });
    const id = await createProject(deps, seed, { companyId: company.id, input });
    [project] = await deps.db.select().from(projects).where(eq(projects.id, id));
    done.push(`project ${PROJECT}${ich ? ' with the ICH folders' : ''}`);
  }
  const ctx = projectContext(admin, project.id);

  const siteIds: number[] = [];
  for (const [code, name] of [
    ['S01', 'Demo Site 1 (Beijing)'],
    ['S02', 'Demo Site 2 (Shanghai)'],
  ]) {
    const [site] = await deps.db
      .select()
      .from(sites)
      .where(and(eq(sites.projectId, project.id), eq(sites.code, code)));
    siteIds.push(site ? site.id : await createSite(deps, ctx, { code, name, shortName: code }));
    if (!site) done.push(`site ${code}`);
  }

  const roleRows = await deps.db.select().from(roles).where(eq(roles.projectId, project.id));
  const roleId = (code: string) => roleRows.find((r) => r.code === code)!.id;
  const member = async (account: { email: string; name: string }, role: string, memberSites: number[]) => {
    let user = await userByEmail(deps, account.email);
    if (!user) {
      const id = await createCompanyUser(deps, seed, {
        companyId: company.id,
        input: { email: account.email, userName: account.name },
      });
      await useDemoPassword(deps, id, company.id);
      user = (await userByEmail(deps, account.email))!;
      done.push(`${role} user`);
    }
    const [row] = await deps.db
      .select()
      .from(members)
      .where(and(eq(members.projectId, project.id), eq(members.userId, user.id)));
    if (!row)
      await addMember(deps, seed, {
        companyId: company.id,
        projectId: project.id,
        input: { userId: user.id, roleId: roleId(role), siteIds: memberSites },
      });
    return user;
  };
  await member(ACCOUNTS.projectAdmin, RoleCode.ProjectAdmin, []);
  const staff = await member(ACCOUNTS.staff, RoleCode.ProjectStaff, [siteIds[0]]);

  const staffFolders = await deps.db
    .select()
    .from(folders)
    .where(and(eq(folders.projectId, project.id), eq(folders.type, FolderType.Work), isNotNull(folders.ichCode)));
  for (const folder of staffFolders.filter((f) => STAFF_FOLDERS.includes(f.ichCode!))) {
    const existing = await deps.db.select().from(folderGrants).where(eq(folderGrants.folderId, folder.id));
    if (existing.some((g) => g.subjectType === 'user' && g.subjectId === staff.id)) continue;
    // The service replaces the folder's whole grant set: the grants already there are kept.
    const grants: GrantInput[] = existing.map((g) => ({
      subjectType: g.subjectType,
      subjectId: g.subjectId,
      docKeys: g.docKeys,
      libraryKeys: g.libraryKeys,
      manageLevel: g.manageLevel,
    }));
    grants.push({ subjectType: 'user', subjectId: staff.id, docKeys: ['viewDoc'], libraryKeys: [], manageLevel: 0 });
    await replaceFolderGrants(deps, ctx, { folderId: folder.id, grants });
    done.push(`viewDoc on ${folder.ichCode}`);
  }

  if (!(await userByEmail(deps, ACCOUNTS.external.email))) {
    const e = ACCOUNTS.external;
    const input = { userName: e.name, email: e.email, companyName: COMPANY, password: PASSWORD };
    const noCaptcha = { ...deps, config: { ...deps.config, LOGIN_CAPTCHA: false } };
    await register(noCaptcha, { lang: 'en-US', client: { ip: '127.0.0.1' } }, input);
    done.push('external user (waiting for approval)');
  }
  return done;
}

async function main(config: Config): Promise<number> {
  if (!config.DATABASE_URL) {
    const pid = await runningServerPid(config.postgresDir);
    if (pid) {
      console.error(
        `\n  edoc is running on the data folder ${config.DATA_DIR} (its PostgreSQL has pid ${pid}).\n` +
          '  Stop it first (Ctrl+C where `npm start` runs), run `npm run seed:demo` again, then `npm start`.\n',
      );
      return 1;
    }
  }
  const { db, embedded } = await openDatabase(config, () => {});
  try {
    const admin = await seedAdmin(db, { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD });
    await seedShippedTemplates(db);
    await ensureShippedTmfModels(db);
    await ensureShippedMilestoneTypes(db);
    const deps: Deps = { config, db, jobs: noMail, blobs: createBlobStore(config) };
    const done = await seedDemo(deps);
    const [external] = await db.select().from(users).where(eq(users.email, ACCOUNTS.external.email));
    const lines = [
      done.length
        ? `demo data created in ${embedded ? config.postgresDir : 'DATABASE_URL'}: ${done.join(', ')}`
        : 'the demo data exists already; nothing was changed',
      '',
      `company "${COMPANY}", project ${PROJECT}; password of every demo account: ${PASSWORD}`,
      `  company administrator   ${ACCOUNTS.companyAdmin.email}`,
      `  project administrator   ${ACCOUNTS.projectAdmin.email}   (STU_PM)`,
      `  ordinary user           ${ACCOUNTS.staff.email}   (STU_STAFF, may view ICH ${STAFF_FOLDERS.join(' and ')})`,
      `  external user           ${ACCOUNTS.external.email}   (${
        external?.approvalStatus === ApprovalStatus.Pending ? 'waiting for approval' : 'registration decided'
      })`,
      admin
        ? `  system administrator    ${admin.email}   first-start password (change at first sign-in): ${admin.password}`
        : `  system administrator    ${config.ADMIN_EMAIL}   (password as set at first start)`,
      '',
      'A password changed in the app since the first run stays changed. Start edoc with `npm start`.',
    ];
    console.log(`\n${lines.map((l) => (l ? `  ${l}` : l)).join('\n')}\n`);
    return 0;
  } finally {
    await db.$client.end();
    await embedded?.stop();
  }
}

// The same default data folder as `npm start` (scripts/start.mjs): <repository>/data.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
process.exitCode = await main(loadConfig({ DATA_DIR: path.join(root, 'data'), ...process.env }));
