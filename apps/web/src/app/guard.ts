import { UserType } from '@edoc/contract/enums';
import { paths, PROJECT_AREA_PREFIXES, PUBLIC_PATHS } from '../config/paths';
import type { SessionData } from '../lib/session';

/**
 * What the guard reads: who is signed in, whether a project or company was entered (the role chosen), and the rights
 * the server gave with the project (fullAccess, inspector): never the role's code, which a custom role may spell any
 * way (issue 24).
 */
export type GuardSession = Pick<SessionData, 'token' | 'userType' | 'roleCode' | 'fullAccess' | 'inspector'>;

function within(pathname: string, base: string): boolean {
  return pathname === base || pathname.startsWith(`${base}/`);
}

export function isPublicPath(pathname: string): boolean {
  return PUBLIC_PATHS.some((p) => within(pathname, p));
}

/** Where a signed-in user starts: login sends type 1 to /system and the others to the project picker. */
export function homePathFor(session: GuardSession): string {
  if (!session.token) return paths.login;
  if (session.userType === UserType.System) return paths.system.root;
  if (!session.roleCode) return paths.select;
  if (session.inspector) return paths.project.file;
  if (session.userType === UserType.Company) return paths.company.root;
  if (session.userType === UserType.Project) return paths.root;
  return paths.login;
}

type Area = 'system' | 'company' | 'project' | 'root' | 'unknown';

function areaOf(pathname: string): Area {
  if (pathname === '/' || pathname === '') return 'root';
  if (within(pathname, paths.system.root)) return 'system';
  if (within(pathname, paths.company.root)) return 'company';
  if (PROJECT_AREA_PREFIXES.some((p) => within(pathname, p))) return 'project';
  return 'unknown';
}

const AREA_OF_TYPE: Record<UserType, Area> = {
  [UserType.System]: 'system',
  [UserType.Company]: 'company',
  [UserType.Project]: 'project',
};

/**
 * SPEC §2 route guard as a pure decision: the path to redirect to, or null to render the route.
 * Unknown paths render the not-found page themselves, so they pass.
 */
export function guardRedirect(session: GuardSession, pathname: string): string | null {
  if (isPublicPath(pathname)) return null;
  const area = areaOf(pathname);
  if (area === 'unknown') return null;
  if (!session.token) return paths.login;
  const type = session.userType;
  if (type == null) return paths.login;
  if (type !== UserType.System && !session.roleCode) return paths.select;
  // An inspector reads the file library and nothing else of the project (issue 11); their own personal centre
  // (password, language) stays theirs.
  if (session.inspector && (area === 'project' || area === 'root')) {
    return within(pathname, paths.project.file) || within(pathname, paths.project.user) ? null : paths.project.file;
  }
  // Management is the project administrator's, as the server decides it (a custom role included).
  if (type === UserType.Project && !session.fullAccess && pathname.includes('manage')) return paths.notFound;
  if (area === 'root') return type === UserType.Project ? null : homePathFor(session);
  // Each user type has only its own area's routes registered; another area's path does not exist for it.
  if (AREA_OF_TYPE[type] !== area) return paths.notFound;
  return null;
}
