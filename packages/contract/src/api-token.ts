import { z } from 'zod';
import { idField, idParam, requiredText } from './fields.ts';

/* API tokens and service accounts (issue 29 part 4, docs/identity.md): personal access tokens a person or a
 * company's service account uses instead of a session, each limited to scopes and, optionally, to projects. */

export const API_TOKEN_SCOPES = ['documents:read', 'documents:write', 'tasks:act', 'reports:read', 'admin'] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];
/** Every token starts with it, so the auth plugin tells a token from a session's without a look-up. */
export const API_TOKEN_PREFIX = 'edoc_pat_';
/** The header a token's call names its project with (a session enters one instead). */
export const PROJECT_HEADER = 'x-edoc-project';
export const TOKEN_MAX_DAYS = 366;

export const apiTokenCreateBody = z.object({
  name: requiredText(),
  /** The last day the token works, at most a year ahead. */
  expiresAt: z.iso.datetime({ offset: true, error: 'invalid_value' }),
  scopes: z.array(z.enum(API_TOKEN_SCOPES, 'invalid_value')).min(1, 'required').max(API_TOKEN_SCOPES.length),
  /** Projects the token may enter; absent or null: every project of the owner. */
  projectIds: z.array(idField).max(200, 'too_long').nullable().optional(),
  /** A service account of the caller's company (company administrators only); absent: the caller's own token. */
  userId: idField.optional(),
});
export type ApiTokenCreateBody = z.infer<typeof apiTokenCreateBody>;

/** The answer to creating a token: the only time its secret is shown. */
export const apiTokenCreated = z.object({ id: z.number(), token: z.string(), prefix: z.string() });

export const apiTokenRow = z.object({
  id: z.number(),
  userId: z.number(),
  name: z.string(),
  prefix: z.string(),
  scopes: z.array(z.string()),
  projectIds: z.array(z.number()).nullable(),
  expiresAt: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  lastUsedIp: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiTokenRow = z.infer<typeof apiTokenRow>;
export const apiTokenListQuery = z.object({ userId: idParam.optional() });
export const apiTokenList = z.object({ list: z.array(apiTokenRow) });

export const serviceAccountCreateBody = z.object({
  name: requiredText(),
  /** The system administrator names the company; a company administrator names none or their own. */
  companyId: idField.optional(),
});
export const serviceAccountRow = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  enabled: z.boolean(),
  createdAt: z.string(),
});
export const serviceAccountList = z.object({ list: z.array(serviceAccountRow) });
export const serviceAccountCreated = z.object({ id: z.number() });

/**
 * The scope each route needs when called with a token, declared once (paths as the contract and Fastify spell them,
 * without /edoc). First match wins: exact routes, then prefixes ending in '/'. A route that matches nothing refuses
 * tokens: e-signing, passwords and signatures, tokens themselves, sign-in, SSO and TOTP are a person's (Part 11).
 */
export const TOKEN_SCOPE_TABLE: readonly (readonly [
  method: 'GET' | 'POST' | 'DELETE' | '*',
  path: string,
  scope: ApiTokenScope | 'any' | null,
])[] = [
  // Who am I and which projects: every token needs them to find its way.
  ['GET', '/user/info', 'any'],
  ['GET', '/project/list', 'any'],
  // Refused whatever the scopes: the e-signature decision and the caller's own credentials.
  ['POST', '/file/audit/:id/a', null],
  ['*', '/api-token/', null],
  ['*', '/service-account/', null],
  ['*', '/user/', null],
  ['GET', '/task/', 'tasks:act'],
  ['POST', '/file/receive/:id/a', 'tasks:act'],
  ['POST', '/file/undo/:id/a', 'tasks:act'],
  ['GET', '/file/', 'documents:read'],
  ['GET', '/folder/', 'documents:read'],
  ['GET', '/download/', 'documents:read'],
  ['GET', '/tmf-model/', 'documents:read'],
  ['GET', '/expected/', 'documents:read'],
  ['POST', '/file/', 'documents:write'],
  ['DELETE', '/file/', 'documents:write'],
  ['POST', '/folder/', 'documents:write'],
  ['POST', '/download/', 'documents:read'],
  ['GET', '/report/', 'reports:read'],
  ['POST', '/report/', 'reports:read'],
  ['GET', '/tmf-health/', 'reports:read'],
  ['GET', '/audit/', 'reports:read'],
  ['*', '/manage/', 'admin'],
  ['*', '/company/', 'admin'],
  ['*', '/project/', 'admin'],
  ['*', '/site/', 'admin'],
  ['*', '/role/', 'admin'],
  ['*', '/group/', 'admin'],
];

/** The scope a token needs for the route (path without /edoc), 'any' for any scope, null: tokens refused. */
export function tokenScopeFor(method: string, path: string): ApiTokenScope | 'any' | null {
  for (const [m, p, scope] of TOKEN_SCOPE_TABLE) {
    if (m !== '*' && m !== method) continue;
    if (p.endsWith('/') ? path.startsWith(p) || path === p.slice(0, -1) : path === p) return scope;
  }
  return null;
}
