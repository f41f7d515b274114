import { RoleCode, UserType } from '@edoc/contract/enums';
import { setSession, type SessionData } from '../lib/session';

/** What the server's entry answer says of a built-in role (issue 24: the web reads the rights, not the code). */
export const administers = (roleCode: string) => roleCode === RoleCode.StudyPm || roleCode === RoleCode.CompanyAdmin;

/**
 * The session of Pat, entered into project 11 "Alpha" of company 3, as the web tests of project pages start from;
 * `more` changes what a test needs (the page size, closed, an inspection, a custom role's fullAccess).
 */
export function enterProject(roleCode: string = RoleCode.StudyPm, more: Partial<SessionData> = {}): void {
  setSession({
    token: 'tok',
    userName: 'Pat',
    userId: 5,
    userType: UserType.Project,
    roleCode,
    fullAccess: administers(roleCode),
    companyId: 3,
    projectId: 11,
    projectName: 'Alpha',
    idleTime: 30,
    ...more,
  });
}
