import {
  API_TOKEN_PREFIX,
  PROJECT_HEADER,
  TOKEN_SCOPE_TABLE,
  tokenScopeFor,
  type ApiTokenScope,
} from '@edoc/contract/api-token';
import { RoleCode, type Lang } from '@edoc/contract/enums';
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { companies } from '../db/schema/companies.ts';
import { apiTokens } from '../db/schema/identity.ts';
import { members, projects, roles } from '../db/schema/projects.ts';
import { users } from '../db/schema/users.ts';
import { fail } from '../lib/app-error.ts';
import { sha256 } from '../lib/crypto.ts';
import { langFromHeader } from '../lib/lang.ts';
import type { AuthContext } from './auth.ts';
import { profileOf, projectStateOf } from './auth-profile.ts';

/** last_used_at is written at most this often per token: a sync job calls many times a minute. */
const TOUCH_EVERY_MS = 60_000;

/**
 * The OpenAPI document's security scheme for API tokens (app.ts): the bearer format, the project header and the
 * scope each route needs, written from the same table the check reads, so the document cannot drift from it.
 */
export const apiTokenScheme = {
  type: 'http',
  scheme: 'bearer',
  bearerFormat: `${API_TOKEN_PREFIX}…`,
  description: [
    `API token (Authorization: Bearer ${API_TOKEN_PREFIX}…), made in the user centre; it acts as its owner within its`,
    `scopes and projects. A project route names its project in the ${PROJECT_HEADER} header. Scopes by route`,
    '(first match; a path ending in / covers the paths below it; "any": any scope; "refused": a person\'s act):',
    '',
    ...TOKEN_SCOPE_TABLE.map(([m, p, s]) => `- ${m} /edoc${p}: ${s ?? 'refused'}`),
    '- any other route: refused',
  ].join('\n'),
} as const;

/** The name trail rows show for a token's call: the owner, then the token (issue 29 part 4). */
export const tokenActorName = (owner: string, token: string) => `${owner} · token ${token}`;

/**
 * A bearer that starts with edoc_pat_: the token read on every request (a revocation is seen by every node at once),
 * the route's scope checked against the table in the contract, and the project of X-Edoc-Project entered as the
 * owner's membership would enter it. Never more than the owner may do: the owner's own user row and role.
 */
export async function authenticateApiToken(db: Db, request: FastifyRequest, token: string): Promise<AuthContext> {
  const [row] = await db
    .select({ t: apiTokens, u: users, companyName: companies.name })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(
      and(eq(apiTokens.tokenHash, sha256(token)), isNull(apiTokens.revokedAt), gt(apiTokens.expiresAt, sql`now()`)),
    )
    .limit(1);
  if (!row) fail('unauthorized');
  if (!row.u.enabled) fail('user_disabled');
  const url = request.routeOptions.url ?? '';
  const scope = tokenScopeFor(request.method, url.replace(/^\/edoc/, ''));
  if (scope === null) fail('token_not_allowed');
  if (scope !== 'any' && !row.t.scopes.includes(scope as ApiTokenScope)) fail('token_scope_missing', { field: scope });
  const project = await enterProject(db, request, row.t);
  await db
    .update(apiTokens)
    .set({ lastUsedAt: new Date(), lastUsedIp: request.ip })
    .where(
      and(
        eq(apiTokens.id, row.t.id),
        or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, new Date(Date.now() - TOUCH_EVERY_MS))),
      ),
    );
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
      // No session row (see AuthSession.id): the trail needs only the actor, whose name says which token acted.
      id: null,
      // A program says per call which language it reads (Accept-Language); else the owner's own, as at sign-in.
      lang: langFromHeader(request.headers['accept-language']) ?? (row.u.lang as Lang) ?? 'zh-CN',
      idleMinutes: 0,
      ...project,
      inspector: null,
    },
    // The owner's profile as a session reads it: GET /user/info (any scope) answers who the token acts as.
    profile: profileOf(row.u, row.companyName),
    token: { id: row.t.id, name: row.t.name },
  };
}

async function enterProject(db: Db, request: FastifyRequest, t: typeof apiTokens.$inferSelect) {
  const none = { projectId: null, roleCode: null, projectState: null, fullAccess: false } as const;
  const header = request.headers[PROJECT_HEADER];
  if (header === undefined) return none;
  const projectId = Number(header);
  if (!Number.isSafeInteger(projectId) || projectId <= 0) fail('invalid_value', { field: PROJECT_HEADER });
  if (t.projectIds && !t.projectIds.includes(projectId)) fail('token_project_refused');
  const [m] = await db
    .select({ roleCode: roles.code, builtin: roles.builtin, closed: projects.closed, endDate: projects.endDate })
    .from(members)
    .innerJoin(projects, eq(projects.id, members.projectId))
    .innerJoin(roles, eq(roles.id, members.roleId))
    .where(and(eq(members.projectId, projectId), eq(members.userId, t.userId)))
    .limit(1);
  // Only as a member: an inspector's invitation or a company manager's entry stays a person's (signed-in) act.
  if (!m || m.roleCode === RoleCode.Inspector) fail('token_project_refused');
  return {
    projectId,
    roleCode: m.roleCode,
    projectState: projectStateOf(m.closed, m.endDate),
    fullAccess: m.builtin && m.roleCode === RoleCode.ProjectAdmin,
  } as const;
}
