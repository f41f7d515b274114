import { RoleCode } from '@edoc/contract/enums';
import type { FastifyRequest } from 'fastify';
import { fail } from '../../lib/app-error.ts';
import { caller, type AuthContext } from '../../plugins/auth.ts';

export interface ProjectContext {
  auth: AuthContext;
  projectId: number;
  roleCode: string;
  fullAccess: boolean;
}

/** The project the session entered (POST /common/study/entry); project calls act only there. */
export function projectOf(request: FastifyRequest): ProjectContext {
  const auth = caller(request);
  const { projectId, roleCode } = auth.session;
  if (!projectId || !roleCode) fail('forbidden');
  return { auth, projectId, roleCode, fullAccess: roleCode === RoleCode.StudyPm || roleCode === RoleCode.CompanyAdmin };
}

/** Project administration (SPEC §2 /manage): STU_PM and the company administrator only. */
export function requireProjectAdmin(request: FastifyRequest): ProjectContext {
  const ctx = projectOf(request);
  if (!ctx.fullAccess) fail('forbidden');
  return ctx;
}
