import { API_TOKEN_PREFIX } from '@edoc/contract/api-token';
import { RoleCode, UserType, type Lang } from '@edoc/contract/enums';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { companies } from '../db/schema/companies.ts';
import { inspectorGrants } from '../db/schema/inspectors.ts';
import { members, projects, roles } from '../db/schema/projects.ts';
import { sessions } from '../db/schema/sessions.ts';
import { users } from '../db/schema/users.ts';
import { fail } from '../lib/app-error.ts';
import { authenticateApiToken } from './token-auth.ts';
import { profileOf, projectStateOf } from './auth-profile.ts';
import { rightsFromJson, rightsJson, type RightsInputs, type RightsJson } from '../db/rights-inputs.ts';
import { sha256 } from '../lib/crypto.ts';
import { resolveContext, type Gate, type InspectorUse } from './context.ts';

export interface AuthUser {
  id: number;
  email: string;
  name: string;
  userType: number;
  companyId: number | null;
  isCompanyManager: boolean;
}
export interface AuthSession {
  /**
   * The sign-in session; null for an API token's call (issue 29 part 4), which has none: what keys on a session (the
   * idle limit, entering a project, e-signatures, download links, logout) is a person's and refuses a token, rather
   * than acting on a made-up id that names no row.
   */
  id: number | null;
  lang: Lang;
  idleMinutes: number;
  projectId: number | null;
  roleCode: string | null;
  /** The entered project's state now: closing it or passing its end date ends project access at once. */
  projectState: 'open' | 'closed' | 'expired' | null;
  /**
   * Project-administrator power in the entered project, read from the rows on every request, never from a code
   * string: the member's role is the built-in STU_PM row, or a company manager of the project's company who is not
   * a member (enters as COMPANY_ADMIN, SPEC §6).
   */
  fullAccess: boolean;
  /**
   * Entered as an inspector (roleCode INSPECTOR): whether the invitation holds today in the project's time zone
   * (not revoked, within its days), read on every request so access ends by itself, and whether it grants downloads.
   */
  inspector: { active: boolean; canDownload: boolean } | null;
}
/** The rest of the caller's own profile, read in the same look-up: GET /user/info answers from it (issue 16). */
export interface AuthProfile {
  firstName: string | null;
  lastName: string | null;
  mobile: string | null;
  phone: string | null;
  sex: 'man' | 'woman' | 'secrecy' | null;
  country: string | null;
  city: string | null;
  companyName: string | null;
  avatarSha256: string | null;
  handwritingSha256: string | null;
  passwordChangedAt: Date;
}
export interface AuthContext {
  user: AuthUser;
  session: AuthSession;
  /** Present when read from a session; contexts made for jobs and seeds have none. */
  profile?: AuthProfile;
  /** The API token the call came with (issue 29 part 4, modules/api-token); absent for a session. */
  token?: { id: number; name: string };
  /**
   * The caller's rights inputs in the entered project, read with the session for a route that declares
   * `preloadRights` (db/rights-inputs.ts): folderRights then needs no round trip of its own.
   */
  rights?: RightsInputs;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    /** Who may call the route at all (plugins/context.ts); checked before the body is read or validated. */
    access?: Gate;
    /** The route changes something: refused in a closed project (plugins/route.ts). */
    writes?: boolean;
    /**
     * An inspector may call it, and whether each call is a page for the trail: set when the route is registered,
     * from access/inspector.policy.ts (modules/inspector/inspection-trail.ts), never by the route itself.
     */
    inspector?: InspectorUse;
    /** The session look-up also reads the caller's rights inputs (AuthContext.rights): a read-only list's choice. */
    preloadRights?: boolean;
  }
}

/**
 * The caller's sign-in session. An API token's call has none (AuthSession.id), so what keys on one (the idle prompt,
 * logout, entering a project, the session's language, download links, e-signatures) refuses it: a person's act.
 */
export function sessionIdOf(auth: AuthContext): number {
  if (auth.session.id === null) fail('token_not_allowed');
  return auth.session.id;
}

/** Writes of last_seen_at are skipped within this many ms: idle limits are minutes, the write is per request. */
const TOUCH_EVERY_MS = 5_000;

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  const token = header.slice(7).trim();
  return token.length > 0 ? token : null;
}

/** A session with its user and, when one is entered, its project's state and the member's built-in role. */
const sessionRows = (db: Db, withRights = false) =>
  db
    // Only the columns used: each one returned is parsed and mapped on every request (issue 16's profile).
    .select({
      s: {
        id: sessions.id,
        lang: sessions.lang,
        idleMinutes: sessions.idleMinutes,
        projectId: sessions.projectId,
        roleCode: sessions.roleCode,
        lastSeenAt: sessions.lastSeenAt,
        revokedAt: sessions.revokedAt,
      },
      u: {
        id: users.id,
        email: users.email,
        name: users.name,
        firstName: users.firstName,
        lastName: users.lastName,
        mobile: users.mobile,
        phone: users.phone,
        sex: users.sex,
        country: users.country,
        city: users.city,
        userType: users.userType,
        companyId: users.companyId,
        isCompanyManager: users.isCompanyManager,
        enabled: users.enabled,
        avatarSha256: users.avatarSha256,
        handwritingSha256: users.handwritingSha256,
        passwordChangedAt: users.passwordChangedAt,
      },
      companyName: companies.name,
      closed: projects.closed,
      endDate: projects.endDate,
      projectCompanyId: projects.companyId,
      memberId: members.id,
      builtinPm: sql<boolean>`coalesce(${roles.builtin} and ${roles.code} = ${RoleCode.ProjectAdmin}, false)`,
      inspectorId: inspectorGrants.id,
      inspectorActive: sql<boolean>`coalesce(${inspectorGrants.revokedAt} is null and (now() at time zone ${projects.timeZone})::date between ${inspectorGrants.startsOn} and ${inspectorGrants.endsOn}, false)`,
      inspectorCanDownload: inspectorGrants.canDownload,
      // The caller's rights inputs in the entered project, for a route with preloadRights (AuthContext.rights).
      // Without the folders, which this server keeps by their version (db/folder-tree.ts).
      rights: withRights ? rightsJson(sessions.projectId, sessions.userId, false) : sql<RightsJson | null>`null`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(projects, eq(projects.id, sessions.projectId))
    .leftJoin(members, and(eq(members.projectId, sessions.projectId), eq(members.userId, sessions.userId)))
    .leftJoin(roles, eq(roles.id, members.roleId))
    // Read only for a session entered as an inspector: every other request skips the probe.
    .leftJoin(
      inspectorGrants,
      and(
        eq(sessions.roleCode, RoleCode.Inspector),
        eq(inspectorGrants.projectId, sessions.projectId),
        eq(inspectorGrants.userId, sessions.userId),
      ),
    );

// Every request runs this look-up: a named prepared statement saves the planning (1.7 ms -> 0.25 ms measured).
// Exported for the bench, whose baseline route runs the same statement.
export const sessionLookup = (db: Db, withRights = false) =>
  sessionRows(db, withRights)
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare(withRights ? 'auth_session_lookup_rights' : 'auth_session_lookup');

type SessionRow = Awaited<ReturnType<ReturnType<typeof sessionLookup>['execute']>>[number];

/** Resolves the bearer token to a live session; enforces revocation, disabled users and the idle limit. */
async function authenticate(db: Db, query: ReturnType<typeof sessionLookup>, token: string): Promise<AuthContext> {
  const [row] = await query.execute({ tokenHash: sha256(token) });
  return liveSession(db, row);
}

/**
 * The session a download link was issued in (issue 9: a link works only while that session does), as live as a
 * request with its token would find it.
 */
export async function authenticateSession(db: Db, sessionId: number): Promise<AuthContext> {
  const [row] = await sessionRows(db).where(eq(sessions.id, sessionId)).limit(1);
  return liveSession(db, row);
}

async function liveSession(db: Db, row: SessionRow | undefined): Promise<AuthContext> {
  if (!row || row.s.revokedAt) fail('unauthorized');
  if (!row.u.enabled) fail('user_disabled');
  const now = Date.now();
  const idleMs = now - row.s.lastSeenAt.getTime();
  if (idleMs > row.s.idleMinutes * 60_000) {
    await db
      .update(sessions)
      .set({ revokedAt: new Date(), revokeReason: 'idle' })
      .where(and(eq(sessions.id, row.s.id), isNull(sessions.revokedAt)));
    fail('session_expired');
  }
  if (idleMs > TOUCH_EVERY_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(sessions.id, row.s.id));
  }
  return {
    user: {
      id: row.u.id,
      email: row.u.email,
      name: row.u.name,
      userType: row.u.userType,
      companyId: row.u.companyId,
      isCompanyManager: row.u.isCompanyManager,
    },
    session: {
      id: row.s.id,
      lang: row.s.lang as Lang,
      idleMinutes: row.s.idleMinutes,
      projectId: row.s.projectId,
      roleCode: row.s.roleCode,
      projectState: row.s.projectId === null ? null : projectStateOf(row.closed ?? false, row.endDate, now),
      fullAccess:
        row.s.projectId !== null &&
        row.s.roleCode !== RoleCode.Inspector &&
        (row.memberId !== null
          ? row.builtinPm
          : row.u.userType === UserType.Company && row.u.isCompanyManager && row.u.companyId === row.projectCompanyId),
      inspector:
        row.s.roleCode === RoleCode.Inspector
          ? { active: row.inspectorId !== null && row.inspectorActive, canDownload: row.inspectorCanDownload ?? false }
          : null,
    },
    profile: profileOf(row.u, row.companyName),
    // Only an entered project's: outside one there is nothing to preload.
    ...(row.rights && row.s.projectId !== null
      ? { rights: await rightsFromJson(db, row.s.projectId, row.rights) }
      : {}),
  };
}

/**
 * The OpenAPI documents themselves (not the viewer page around them): the whole surface of the API and of the
 * editing protocols (modules/editing/protocols.openapi.ts), for signed-in eyes.
 */
const SPEC_URLS = new Set(['/edoc/docs/json', '/edoc/docs/yaml', '/edoc/docs/protocols/json']);

export function registerAuth(app: FastifyInstance, db: Db, opts: { docsPublic: boolean }): void {
  app.decorateRequest('auth', null);
  app.decorateRequest('ctx', null);
  const query = sessionLookup(db);
  const queryWithRights = sessionLookup(db, true);
  // onRequest, before validation, so even a refused body is answered in the session's language.
  app.addHook('onRequest', async (request) => {
    const token = bearer(request);
    // Unknown paths (answered 404), the web app's files and the API docs need no token; an /edoc route that
    // declares no gate is for signed-in callers.
    const url = request.routeOptions.url;
    const api = !!url && url.startsWith('/edoc/') && !url.startsWith('/edoc/docs');
    const spec = !opts.docsPublic && !!url && SPEC_URLS.has(url);
    const gate = request.routeOptions.config.access ?? (api || spec ? 'signedIn' : undefined);
    const isPublic = gate === undefined || gate === 'public';
    if (!token) {
      if (!isPublic) fail('unauthorized');
    } else {
      try {
        request.auth = token.startsWith(API_TOKEN_PREFIX)
          ? await authenticateApiToken(db, request, token)
          : await authenticate(db, request.routeOptions.config.preloadRights ? queryWithRights : query, token);
      } catch (err) {
        // A stale token on a public route (the login page clearing its session) is not an error.
        if (!isPublic) throw err;
      }
    }
    if (gate === undefined) return;
    request.ctx = resolveContext(gate, request, request.auth);
    if (!request.ctx) fail('forbidden');
  });
}
