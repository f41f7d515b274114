import { RoleCode, UserType } from '@edoc/contract/enums';
import { setSession, type SessionData } from '../lib/session';

/** What the server's entry answer says of a built-in role (issue 24: the web reads the rights, not the code). */
export const administers = (roleCode: string) =>
  roleCode === RoleCode.ProjectAdmin || roleCode === RoleCode.CompanyAdmin;

/** The people web tests sign in as, each with what the sign-in answer gives the app about them. */
const PEOPLE = {
  /** Ann, the system administrator. */
  system: { userType: UserType.System, userName: 'Ann', userId: 1, email: 'ann@example.com', idleTime: 30 },
  /** Cora, administrator of company 3, Acme Pharma. */
  company: {
    userType: UserType.Company,
    roleCode: RoleCode.CompanyAdmin,
    userName: 'Cora',
    userId: 5,
    companyId: 3,
    companyName: 'Acme Pharma',
    idleTime: 30,
  },
  /** Pat, a project user of company 3, before choosing a project (enterProject chooses one). */
  project: { userType: UserType.Project, userName: 'Pat', userId: 5, companyId: 3, idleTime: 30 },
} satisfies Record<string, Partial<SessionData>>;

export type TestPerson = keyof typeof PEOPLE;

/**
 * The one way a web test signs in (issue 24): puts into the app's session store what signing in leaves there — a
 * token and, for a `who`, the person; `more` adds or changes what the test needs. Without `who`, the caller is
 * anyone signed in: for pages that ask the server, not the session, what the caller may do.
 */
export function signIn(who: TestPerson | null = null, more: Partial<SessionData> = {}): void {
  setSession({ token: 'tok', ...(who ? PEOPLE[who] : {}), ...more });
}

/**
 * Pat, signed in and entered into project 11 "Alpha" of company 3 in the role `roleCode`, as the web tests of
 * project pages start from; `more` changes what a test needs (the page size, closed, an inspection, a custom role's
 * fullAccess).
 */
export function enterProject(roleCode: string = RoleCode.ProjectAdmin, more: Partial<SessionData> = {}): void {
  signIn('project', {
    roleCode,
    fullAccess: administers(roleCode),
    projectId: 11,
    projectName: 'Alpha',
    ...more,
  });
}
