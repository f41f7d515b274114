import { RoleCode, UserType } from '@edoc/contract/enums';
import { setSession, type SessionData } from '../lib/session';

/**
 * The session of Pat, entered into project 11 "Alpha" of company 3, as the web tests of project pages start from;
 * `more` changes what a test needs (the page size, closed, an inspection).
 */
export function enterProject(roleCode: string = RoleCode.StudyPm, more: Partial<SessionData> = {}): void {
  setSession({
    token: 'tok',
    userName: 'Pat',
    userId: 5,
    userType: UserType.Project,
    roleCode,
    companyId: 3,
    projectId: 11,
    projectName: 'Alpha',
    idleTime: 30,
    ...more,
  });
}
