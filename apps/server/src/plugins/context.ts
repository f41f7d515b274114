import { RoleCode, UserType, type Lang } from '@edoc/contract/enums';
import type { FastifyRequest } from 'fastify';
import { fail } from '../lib/app-error.ts';
import { requestLang } from '../lib/lang.ts';
import { tokenActorName } from './token-auth.ts';
import type { TrailActor } from '../trail/trail.service.ts';
import type { AuthContext, AuthSession } from './auth.ts';

/**
 * The gate a route declares (plugins/route.ts). The auth hook checks it before the body is read, so a refused caller
 * learns nothing from validation messages or uploads, and resolves the caller once into the context below.
 */
export type Gate = 'public' | 'signedIn' | 'systemAdmin' | 'companyAdmin' | 'projectMember' | 'projectAdmin';

/**
 * How an inspector uses a route they may call (access/inspector.policy.ts lists those routes): 'page' writes a view
 * row to the trail for each call, 'read' records nothing more. Any other route refuses an inspector.
 */
export type InspectorUse = 'page' | 'read';

/** What every handler knows of its request: who acts (for trail rows), in which language, from where. */
export interface RequestBase {
  actor: TrailActor;
  lang: Lang;
  client: ClientInfo;
}

/**
 * The caller as a service sees it when it needs no more than who acts (system and company administration, which
 * is not inside a project): every context below is one, and a command line (cli/seed-demo.ts) makes one.
 */
export type ActorContext = Pick<RequestBase, 'actor'>;

/** A public route: the caller may carry a live session (the login page clearing its own) or none. */
export interface PublicContext extends RequestBase {
  auth: AuthContext | null;
}

/** Any signed-in caller (gates signedIn and systemAdmin). */
export interface CallerContext extends RequestBase {
  auth: AuthContext;
}

/** A company administrator; `ownCompanyId` is null for the system administrator, who names a company instead. */
export interface CompanyAdminContext extends CallerContext {
  ownCompanyId: number | null;
}

/** A member of the project the session entered (POST /common/study/entry); project calls act only there. */
export interface ProjectContext extends CallerContext {
  projectId: number;
  roleCode: string;
  /** Project administration (STU_PM or the company administrator): everything in the project. */
  fullAccess: boolean;
  /** The project is closed: its rights lose every key that changes something (access/folder-rights.ts). */
  readOnly: boolean;
  /** An inspector's visit (roleCode INSPECTOR): the library's valid archived documents only, read-only. */
  inspector: { canDownload: boolean } | null;
}

export type ContextOf<G extends Gate> = G extends 'public'
  ? PublicContext
  : G extends 'projectMember' | 'projectAdmin'
    ? ProjectContext
    : G extends 'companyAdmin'
      ? CompanyAdminContext
      : CallerContext;

/**
 * The caller's standing in the session's project, as every project request sees it: the project entry answer
 * carries the same (modules/project/project-entry.service.ts, ProjectRights), so the web decides from what the server enforces.
 */
export function standingOf(session: AuthSession): Pick<ProjectContext, 'fullAccess' | 'readOnly' | 'inspector'> {
  return {
    fullAccess: session.fullAccess,
    readOnly: session.projectState === 'closed',
    inspector: session.inspector ? { canDownload: session.inspector.canDownload } : null,
  };
}

type AnyContext = PublicContext | CallerContext | CompanyAdminContext | ProjectContext;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth hook once the gate passed; typed per gate by plugins/route.ts. */
    ctx: AnyContext | null;
  }
}

/**
 * The caller as the gate sees it, or null when the gate refuses. The only place that decides who passes a gate;
 * handlers receive the result and do not check again.
 */
export function resolveContext<G extends Gate>(
  gate: G,
  request: FastifyRequest,
  auth: AuthContext | null,
): ContextOf<G> | null;
export function resolveContext(gate: Gate, request: FastifyRequest, auth: AuthContext | null): AnyContext | null {
  const base: RequestBase = {
    actor: {
      actorId: auth?.user.id ?? null,
      actorName: auth ? (auth.token ? tokenActorName(auth.user.name, auth.token.name) : auth.user.name) : null,
      companyId: auth?.user.companyId ?? null,
      projectId: auth?.session.projectId ?? null,
      ip: request.ip,
    },
    lang: requestLang(request),
    client: { ip: request.ip, userAgent: request.headers['user-agent'] },
  };
  if (gate === 'public') return { ...base, auth };
  if (!auth) return null;
  const { user, session } = auth;
  switch (gate) {
    case 'signedIn':
      return { ...base, auth };
    case 'systemAdmin':
      return user.userType === UserType.System ? { ...base, auth } : null;
    case 'companyAdmin':
      if (user.userType === UserType.System) return { ...base, auth, ownCompanyId: null };
      if (user.userType === UserType.Company && user.isCompanyManager && user.companyId !== null)
        return { ...base, auth, ownCompanyId: user.companyId };
      return null;
    case 'projectMember':
    case 'projectAdmin': {
      const { projectId, roleCode } = session;
      if (projectId === null || roleCode === null) return null;
      const { writes, inspector: inspectorUse } = request.routeOptions.config;
      // Ran out while entered: the session keeps its sign-in, not the project. A closed one is read-only (issue 11).
      if (session.projectState === 'expired') fail('project_expired');
      if (session.projectState === 'closed' && writes !== false) fail('project_closed');
      // An inspector passes only the routes access/inspector.policy.ts lists, and only within the invitation's days.
      const inspector = session.inspector;
      if (roleCode === RoleCode.Inspector) {
        if (!inspector?.active) fail('inspector_access_ended');
        if (gate === 'projectAdmin' || !inspectorUse || writes) return null;
      }
      const standing = standingOf(session);
      if (gate === 'projectAdmin' && !standing.fullAccess) return null;
      return { ...base, auth, projectId, roleCode, ...standing };
    }
  }
}

/**
 * The company a company-administrator call acts on: a company manager's own, or for the system administrator the
 * one named. A company manager naming another company is refused: nothing of company B through company A's session.
 */
export function companyOf(ctx: CompanyAdminContext, named?: number | null): number {
  if (ctx.ownCompanyId === null) {
    if (!named) fail('required', { field: 'companyId' });
    return named;
  }
  if (named && named !== ctx.ownCompanyId) fail('forbidden');
  return ctx.ownCompanyId;
}

export interface ClientInfo {
  ip: string;
  userAgent?: string;
}
