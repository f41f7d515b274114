import { companyRoutes, companyUserRoutes } from '@edoc/contract/company-routes';
import { folderRoutes } from '@edoc/contract/folder-routes';
import { memberRoutes } from '@edoc/contract/member-routes';
import { FolderType } from '@edoc/contract/permissions';
import { projectRoutes, projectSettingsRoutes } from '@edoc/contract/project-routes';
import { roleRoutes } from '@edoc/contract/role-routes';
import { projectSettingsBody, type ProjectBody, type ProjectSettingsBody } from '@edoc/contract/project';
import { api, apiSignIn, journeyServer, type Account } from './api.ts';
import { env, waitForMail } from './browser.ts';
import { changeFirstPassword } from './http.ts';

/**
 * A journey's own world, made through the HTTP API as the people it stands for would make it in the pages: a
 * company with its administrator, a project (with the ICH folders), people with their roles. Each journey makes
 * one with its own names, so it runs alone, in any order, on a fresh database. The clicks that make a world are
 * journey 02's to show.
 */

/** An account of the world: what signs in, and its id for the calls that name people. */
export interface Person extends Account {
  id: number;
}

/** A person to make: the name the pages show, and the role in the project (a built-in code or one of `roles`). */
export interface PersonSpec {
  name: string;
  role: string;
}

/** A role the project administrator makes before people are given it (Authorization Configuration). */
export interface RoleSpec {
  name: string;
  docKeys: string[];
  libraryKeys?: string[];
}

export interface StudySpec<K extends string> {
  /** Names the company, the project and the e-mails; the run's stamp is added, so they are unique. */
  tag: string;
  /** The project's name (default "<tag> study"), as the project table shows it. */
  projectName?: string;
  /** Settings of the project beyond its code and name: stages, time zone. */
  project?: Partial<ProjectBody>;
  roles?: Record<string, RoleSpec>;
  /** The first person with STU_PM is the one who makes the roles and grants. */
  people: Record<K, PersonSpec>;
}

export interface Study<K extends string> {
  companyId: number;
  companyName: string;
  projectId: number;
  projectName: string;
  timeZone: string;
  companyAdmin: Person;
  people: Record<K, Person>;
  /** The project's roles by code, built-in and made. */
  roleIds: Record<string, number>;
  /** A workspace folder's id by its ICH code. */
  folder(code: string): number;
  /** A person's API session, entered in the project (made once, then kept). */
  tokenOf(who: Person): Promise<string>;
}

const stamp = Date.now().toString(36);
/** Every password of a world: what the people chose at their first sign-in. */
export const WORLD_PASSWORD = 'World-pw1!';

let adminToken: Promise<string> | null = null;
/** The system administrator's API session (global-setup made his first sign-in). */
export function systemAdmin(): Promise<string> {
  adminToken ??= apiSignIn({ email: env.adminEmail, password: env.adminPassword, name: 'System Administrator' });
  return adminToken;
}

/**
 * Waits for the account mail an administrator's call sent, and makes the first sign-in with its temporary password
 * (the forced change, through the API): the person, signing in with WORLD_PASSWORD from then on.
 */
async function activate(email: string, name: string, id: number, since: number): Promise<Person> {
  const mail = await waitForMail(email, since);
  const temporary = /(?:Temporary password|临时密码)[:：]\s*(\S+)/.exec(mail)?.[1];
  if (!temporary) throw new Error(`no temporary password in the mail to ${email}:\n${mail}`);
  await changeFirstPassword(journeyServer(), email, temporary, WORLD_PASSWORD);
  return { id, email, name, password: WORLD_PASSWORD };
}

const emailOf = (tag: string, key: string) =>
  `${key.toLowerCase().replace(/[^a-z0-9]/g, '')}.${tag.toLowerCase().replace(/[^a-z0-9]/g, '')}.${stamp}@example.com`;

/** Makes a company, its administrator, a project with the ICH folders, and the people in their roles. */
export async function makeStudy<K extends string>(spec: StudySpec<K>): Promise<Study<K>> {
  const admin = await systemAdmin();
  const companyName = `${spec.tag} Pharma ${stamp}`;
  const projectName = spec.projectName ?? `${spec.tag} study`;
  const { companyId } = await api(admin, companyRoutes.create, { body: { companyName } });
  const query = { companyId };

  const since = Date.now() - 1000;
  const managerEmail = emailOf(spec.tag, 'manager');
  const { userId: managerId } = await api(admin, companyRoutes.setManager, {
    body: { companyId, email: managerEmail, userName: 'Mia Manager' },
  });
  const manager = activate(managerEmail, 'Mia Manager', managerId, since);
  // Awaited at the end; a failure meanwhile is not "unhandled" (it is thrown there).
  manager.catch(() => undefined);

  const templates = await api(admin, projectRoutes.directoryTemplates, { query });
  const ich = templates.find((t) => t.shipped && t.name.includes('ICH')) ?? templates.find((t) => t.shipped);
  const { studyId: projectId } = await api(admin, projectRoutes.create, {
    query,
    body: {
      code: `${spec.tag.toUpperCase().replace(/[^A-Z0-9]/g, '')}-${stamp}`,
      name: projectName,
      directoryTemplateId: ich?.id,
      ...spec.project,
    },
  });

  // The people: accounts made by the administrator (each mailed its temporary password), activated at once.
  const keys = Object.keys(spec.people) as K[];
  const made = await Promise.all(
    keys.map(async (key) => {
      const { name } = spec.people[key];
      const email = emailOf(spec.tag, key);
      const { userId } = await api(admin, companyUserRoutes.create, { query, body: { email, userName: name } });
      return activate(email, name, userId, since);
    }),
  );
  const people = Object.fromEntries(keys.map((k, i) => [k, made[i]])) as Record<K, Person>;

  const roleIds: Record<string, number> = {};
  const listRoles = async () => {
    const roles = await api(admin, memberRoutes.roles, { params: { id: projectId }, query });
    for (const r of roles) roleIds[r.code] = r.roleId;
  };
  await listRoles();
  const join = (who: Person, role: string) =>
    api(admin, memberRoutes.add, {
      params: { id: projectId },
      query,
      body: { userId: who.id, roleId: roleIds[role], siteIds: [] },
    });
  const lead = keys.find((k) => spec.people[k].role === 'STU_PM');
  const tokens = new Map<number, Promise<string>>();
  const tokenOf = (who: Person) => {
    if (!tokens.has(who.id)) tokens.set(who.id, apiSignIn(who, projectId));
    return tokens.get(who.id)!;
  };
  if (lead) await join(people[lead], 'STU_PM');
  for (const [code, role] of Object.entries(spec.roles ?? {})) {
    if (!lead) throw new Error('roles are made by a project administrator: give one person STU_PM');
    await api(await tokenOf(people[lead]), roleRoutes.create, { body: { code, ...role } });
  }
  if (spec.roles) await listRoles();
  for (const k of keys) if (k !== lead) await join(people[k], spec.people[k].role);

  const folders = new Map<string, number>();
  if (lead) {
    const list = await api(await tokenOf(people[lead]), folderRoutes.names, { query: { type: FolderType.Work } });
    for (const f of list) if (f.ichCode) folders.set(f.ichCode, f.folderId);
  }
  const project = await api(admin, projectRoutes.detail, { params: { id: projectId }, query });
  return {
    companyId,
    companyName,
    projectId,
    projectName,
    timeZone: project.timeZone,
    companyAdmin: await manager,
    people,
    roleIds,
    folder(code) {
      const id = folders.get(code);
      if (!id) throw new Error(`no workspace folder ${code} in ${projectName}`);
      return id;
    },
    tokenOf,
  };
}

/** A grant on a folder: a person or a role (by code), and the keys given. */
export interface Grant {
  subject: Person | string;
  docKeys: string[];
  libraryKeys?: string[];
}

/** Adds grants to a folder's own, as its administrator does in Folder Management (POST /folder/grants/{id}). */
export async function grant<K extends string>(study: Study<K>, by: Person, folderId: number, grants: Grant[]) {
  const token = await study.tokenOf(by);
  const current = await api(token, folderRoutes.grants, { params: { folderId } });
  const added = grants.map((g) => ({
    subjectType: typeof g.subject === 'string' ? ('role' as const) : ('user' as const),
    subjectId: typeof g.subject === 'string' ? study.roleIds[g.subject] : g.subject.id,
    docKeys: g.docKeys,
    libraryKeys: g.libraryKeys ?? [],
    manageLevel: 0,
  }));
  const kept = current.own.map(({ subjectType, subjectId, docKeys, libraryKeys, manageLevel }) => ({
    subjectType,
    subjectId,
    docKeys,
    libraryKeys,
    manageLevel,
  }));
  await api(token, folderRoutes.saveGrants, { params: { folderId }, body: { grants: [...kept, ...added] } });
}

/** A study team's keys on their folder: everything the workflow asks of its people (journeys 04 and 05). */
export const TEAM_KEYS = [
  'viewDoc',
  'downDoc',
  'createDoc',
  'editDoc',
  'reviewDoc',
  'qcDoc',
  'approveDoc',
  'viewVersionDoc',
];

/** Changes some of the project's settings as its administrator does on Project settings (the others kept). */
export async function changeSettings<K extends string>(
  study: Study<K>,
  by: Person,
  patch: Partial<ProjectSettingsBody>,
) {
  const token = await study.tokenOf(by);
  const current: Record<string, unknown> = await api(token, projectSettingsRoutes.settings);
  // What the page would send back: every setting it shows, an empty one left out.
  const kept = Object.fromEntries(
    Object.keys(projectSettingsBody.shape).flatMap((k) => (current[k] == null ? [] : [[k, current[k]]])),
  );
  await api(token, projectSettingsRoutes.update, { body: projectSettingsBody.parse({ ...kept, ...patch }) });
}

/** The project's library tree: the shipped ICH template applied to it, as its administrator does in Folder Management. */
export async function libraryTree<K extends string>(study: Study<K>, by: Person) {
  const token = await study.tokenOf(by);
  const templates = await api(token, folderRoutes.templateList);
  await api(token, folderRoutes.applyTemplate, {
    body: { templateId: templates.find((t) => t.shipped)!.id, type: FolderType.Library },
  });
}
