import { API_TOKEN_PREFIX, type ApiTokenScope } from '@edoc/contract/api-token';
import { apiTokenRoutes as r } from '@edoc/contract/api-token-routes';
import { companyUserRoutes } from '@edoc/contract/company-routes';
import { UserType } from '@edoc/contract/enums';
import { errorMessage } from '@edoc/contract/errors';
import { fieldLabel } from '@edoc/contract/fields';
import { projectEntryRoutes } from '@edoc/contract/project-routes';
import { userRoutes } from '@edoc/contract/user-routes';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { createDb } from '../../db/client.ts';
import { apiTokens } from '../../db/schema/identity.ts';
import { trail } from '../../db/schema/trail.ts';
import { users } from '../../db/schema/users.ts';
import { sha256 } from '../../lib/crypto.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import {
  addMemberRow,
  createCompany,
  createCompanyAdmin,
  createProjectRow,
  createProjectWorld,
  createUser,
  PASSWORD,
  signIn,
  type ProjectWorld,
} from '../../test/factories.ts';
import { client } from '../../test/requests.ts';
import { trailOf } from '../../test/records.ts';

/**
 * API tokens (issue 29 part 4): made once and kept hashed, used within their scopes, projects and the owner's rights,
 * refused at once when expired, revoked (on another app instance too) or when their owner is disabled; their calls
 * trailed as the owner with the token's name. Service accounts: made by a company's administrator or the system's.
 */
let ctx: TestContext;
let world: ProjectWorld;
let otherProject: number;
let sysToken: string;
let adminB: string;

const inAYear = () => new Date(Date.now() + 300 * 86_400_000).toISOString();

/** A token for the signed-in person (or the service account `userId`) answered by POST /api-token. */
async function mint(session: string, scopes: ApiTokenScope[], more: { projectIds?: number[]; userId?: number } = {}) {
  const name = `t-${scopes.join('+')}-${Math.random().toString(36).slice(2, 8)}`;
  const res = await client(ctx.app, session).call(r.create, {
    body: { name, expiresAt: inAYear(), scopes, ...more },
  });
  return { ...res.data, name };
}

/** A token's call, in the project given (the X-Edoc-Project header) or none. */
const asToken = (token: string, project?: number, app = ctx.app) => {
  const api = client(app, token, { lang: 'en-US' });
  const headers: Record<string, string> = project === undefined ? {} : { 'x-edoc-project': String(project) };
  return {
    get: (path: string) => api.get(path, headers),
    post: (path: string, body: unknown = {}) => api.post(path, body, headers),
  };
};

beforeAll(async () => {
  ctx = await createTestContext();
  world = await createProjectWorld(ctx, 'TOK-1');
  // A second project the project administrator is also in (as staff): a token limited to the first may not enter it.
  otherProject = (await createProjectRow(ctx.db, world.companyId)).id;
  await addMemberRow(ctx.db, otherProject, world.pm.id);
  sysToken = await signIn(ctx, (await createUser(ctx.db, { userType: UserType.System })).email);
  adminB = await signIn(ctx, (await createCompanyAdmin(ctx.db, (await createCompany(ctx.db)).id)).email);
}, 120_000);
afterAll(async () => {
  await ctx.close();
});

describe('making and listing', () => {
  it('answers the secret once and keeps only its hash; the list shows the last use', async () => {
    const res = await client(ctx.app, world.pm.token).call(r.create, {
      body: { name: 'CTMS sync', expiresAt: inAYear(), scopes: ['documents:read'] },
    });
    const { id, token, prefix } = res.data;
    expect(token.startsWith(API_TOKEN_PREFIX)).toBe(true);
    expect(token.startsWith(prefix)).toBe(true);
    const [row] = await ctx.db.select().from(apiTokens).where(eq(apiTokens.id, id));
    expect(row.tokenHash).toBe(sha256(token));
    expect(JSON.stringify(row)).not.toContain(token.slice(API_TOKEN_PREFIX.length + 6));
    const rows = await trailOf(ctx.db, 'api_token', id);
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token.slice(API_TOKEN_PREFIX.length + 6));

    const listed = async () => (await client(ctx.app, world.pm.token).call(r.list)).data.list.find((t) => t.id === id)!;
    expect((await listed()).lastUsedAt).toBeNull();
    // Who am I (any scope): the owner, as a session's GET /user/info answers.
    const me = await asToken(token).get('/user/info');
    expect(me.statusCode).toBe(200);
    expect(me.json().data.userId).toBe(world.pm.id);
    const used = await listed();
    expect(used.lastUsedAt).not.toBeNull();
    expect(used.lastUsedIp).toBeTruthy();
    expect(used).toMatchObject({ name: 'CTMS sync', scopes: ['documents:read'], projectIds: null, revokedAt: null });
    // Someone else's list does not show it.
    const staffList = (await client(ctx.app, world.staff.token).call(r.list)).data.list;
    expect(staffList.some((t) => t.id === id)).toBe(false);
  });

  it('refuses bad input naming the field, in both languages', async () => {
    const zh = await signIn(ctx, world.pm.email, PASSWORD, 'zh-CN');
    const api = client(ctx.app, zh);
    const far = new Date(Date.now() + 400 * 86_400_000).toISOString();
    for (const [session, lang] of [
      [zh, 'zh-CN'],
      [world.pm.token, 'en-US'],
    ] as const) {
      const tooFar = await client(ctx.app, session).call(r.create, {
        body: { name: 'x', expiresAt: far, scopes: ['admin'] },
      });
      expect([tooFar.statusCode, tooFar.errorCode]).toEqual([400, 'token_expiry_too_far']);
      expect(tooFar.msg).toBe(errorMessage('token_expiry_too_far', lang, { field: fieldLabel('expiresAt', lang) }));
    }
    const noScope = await client(ctx.app, world.pm.token).post('/api-token', {
      name: 'x',
      expiresAt: inAYear(),
      scopes: [],
    });
    expect(noScope.statusCode).toBe(400);
    expect(noScope.json().msg).toContain(fieldLabel('scopes', 'en-US'));
    const unknown = await client(ctx.app, world.pm.token).post('/api-token', {
      name: 'x',
      expiresAt: inAYear(),
      scopes: ['everything'],
    });
    expect(unknown.statusCode).toBe(400);
    const past = await api.call(r.create, {
      body: { name: 'x', expiresAt: new Date(Date.now() - 1000).toISOString(), scopes: ['admin'] },
    });
    expect([past.statusCode, past.errorCode]).toEqual([400, 'invalid_value']);
    // A project the owner is not in: a token is never a way in.
    const foreign = (await createProjectRow(ctx.db, world.companyId)).id;
    const notMine = await api.call(r.create, {
      body: { name: 'x', expiresAt: inAYear(), scopes: ['admin'], projectIds: [foreign] },
    });
    expect([notMine.statusCode, notMine.errorCode]).toEqual([400, 'invalid_value']);
    expect(await ctx.db.select().from(apiTokens).where(eq(apiTokens.name, 'x'))).toHaveLength(0);
  });
  it('is stated in the OpenAPI document: the bearer format, the project header and each route’s scope', async () => {
    const doc = (await client(ctx.app, world.pm.token).get('/docs/json')).json();
    const scheme = doc.components.securitySchemes.apiToken;
    expect(scheme).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: `${API_TOKEN_PREFIX}…` });
    expect(scheme.description).toContain('X-Edoc-Project'.toLowerCase());
    expect(scheme.description).toContain('- GET /edoc/task/: tasks:act');
    expect(doc.security).toContainEqual({ apiToken: [] });
  });
});

describe('refused at once', () => {
  it('refuses an expired token with 401', async () => {
    const { id, token } = await mint(world.pm.token, ['documents:read']);
    expect((await asToken(token).get('/user/info')).statusCode).toBe(200);
    await ctx.db
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.id, id));
    expect((await asToken(token).get('/user/info')).statusCode).toBe(401);
  });

  it('refuses a revoked token at once, on a second app instance on the same database too', async () => {
    // A second node as a cluster runs it: its own Fastify instance and its own connection pool, no shared memory.
    const db2 = createDb(ctx.deps.config.DATABASE_URL!, 2);
    const app2 = await buildApp({ ...ctx.deps, db: db2, reads: undefined });
    try {
      const { id, token } = await mint(world.pm.token, ['documents:read']);
      expect((await asToken(token, undefined, app2).get('/user/info')).statusCode).toBe(200);
      // Someone else may not revoke it.
      const byStaff = await client(ctx.app, world.staff.token).call(r.revoke, { params: { id } });
      expect([byStaff.statusCode, byStaff.errorCode]).toEqual([404, 'token_not_found']);
      const revoked = await client(ctx.app, world.pm.token).call(r.revoke, { params: { id } });
      expect(revoked.statusCode).toBe(200);
      expect((await asToken(token, undefined, app2).get('/user/info')).statusCode).toBe(401);
      expect((await asToken(token).get('/user/info')).statusCode).toBe(401);
      const rows = await trailOf(ctx.db, 'api_token', id);
      expect(rows.at(-1)!.newValue).toMatchObject({ revoked: true });
    } finally {
      await app2.close();
      await db2.$client.end();
    }
  });
});

describe('scopes, projects and the owner’s rights', () => {
  // Each scope: a route inside it (allowed to the project administrator) and one outside it (refused naming it).
  const cases: Array<[ApiTokenScope, [string, string, unknown?], [string, string]]> = [
    ['documents:read', ['GET', '/folder/workspace/file/list'], ['POST', '/folder/create']],
    ['documents:write', ['POST', '/folder/create', { name: 'By token' }], ['GET', '/task/list']],
    ['tasks:act', ['GET', '/task/list'], ['GET', '/folder/workspace/file/list']],
    ['reports:read', ['GET', '/report/system/list'], ['GET', '/site/list']],
    ['admin', ['GET', '/site/list'], ['GET', '/report/system/list']],
  ];
  it.each(cases)('%s: inside allowed, outside refused naming the scope', async (scope, inside, outside) => {
    const { token } = await mint(world.pm.token, [scope]);
    const api = asToken(token, world.projectId);
    const call = ([method, path, body]: [string, string, unknown?]) =>
      method === 'GET' ? api.get(path) : api.post(path, body ?? {});
    const ok = await call(inside);
    expect(ok.statusCode, ok.body).toBe(200);
    const refused = await call(outside);
    expect([refused.statusCode, refused.json().errorCode]).toEqual([403, 'token_scope_missing']);
    // The message names the scope the route needs, in the owner's language.
    const needed = cases.find(([, [m, p]]) => m === outside[0] && p === outside[1])![0];
    expect(refused.json().msg).toContain(fieldLabel(needed, 'en-US'));
  });

  it('never gives more than the owner has: staff with the admin scope is not a project administrator', async () => {
    const { token } = await mint(world.staff.token, ['admin', 'documents:write']);
    const api = asToken(token, world.projectId);
    const site = await api.post('/site/create', { name: 'Site by token', code: 'S-T' });
    expect([site.statusCode, site.json().errorCode]).toEqual([403, 'forbidden']);
    // Inside the scope and within staff's rights: reading the project's sites.
    expect((await api.get('/site/list')).statusCode).toBe(200);
  });

  it('enters only the projects it was limited to, and only as a member', async () => {
    const { token } = await mint(world.pm.token, ['documents:read'], { projectIds: [world.projectId] });
    expect((await asToken(token, world.projectId).get('/folder/workspace/file/list')).statusCode).toBe(200);
    const other = await asToken(token, otherProject).get('/folder/workspace/file/list');
    expect([other.statusCode, other.json().errorCode]).toEqual([403, 'token_project_refused']);
    // An unlimited token of staff, in a project staff is not in.
    const { token: staffAll } = await mint(world.staff.token, ['documents:read']);
    const outsider = await asToken(staffAll, otherProject).get('/folder/workspace/file/list');
    expect([outsider.statusCode, outsider.json().errorCode]).toEqual([403, 'token_project_refused']);
  });

  it('refuses what is a person’s: tokens, entering a project, signing in settings', async () => {
    const { token } = await mint(world.pm.token, ['admin', 'documents:write', 'documents:read', 'tasks:act']);
    const api = client(ctx.app, token);
    const more = await api.post('/api-token', { name: 'more', expiresAt: inAYear(), scopes: ['admin'] });
    expect([more.statusCode, more.json().errorCode]).toEqual([403, 'token_not_allowed']);
    const entry = await api.call(projectEntryRoutes.enter, { body: { studyId: world.projectId } });
    expect([entry.statusCode, entry.errorCode]).toEqual([403, 'token_not_allowed']);
    const lang = await api.call(userRoutes.setLang, { body: { lang: 'en-US' } });
    expect([lang.statusCode, lang.errorCode]).toEqual([403, 'token_not_allowed']);
  });

  it('trails a token’s change as its owner with the token’s name', async () => {
    const { token, name: tokenName } = await mint(world.pm.token, ['documents:write']);
    const [pm] = await ctx.db.select({ name: users.name }).from(users).where(eq(users.id, world.pm.id));
    const made = await asToken(token, world.projectId).post('/folder/create', { name: 'Trail by token' });
    expect(made.statusCode, made.body).toBe(200);
    const [row] = await ctx.db
      .select()
      .from(trail)
      .where(and(eq(trail.objectType, 'folder'), eq(trail.actorId, world.pm.id)))
      .orderBy(desc(trail.id))
      .limit(1);
    expect(row.actorName).toBe(`${pm.name} · token ${tokenName}`);
  });
});

describe('service accounts', () => {
  it('are made by their company’s administrator or the system administrator, and their tokens stop when disabled', async () => {
    const admin = client(ctx.app, world.admin.token);
    const { id } = (await admin.call(r.createServiceAccount, { body: { name: 'EDC bridge' } })).data;
    await addMemberRow(ctx.db, world.projectId, id);
    const { token } = await mint(world.admin.token, ['documents:read'], { userId: id });
    expect((await asToken(token, world.projectId).get('/folder/workspace/file/list')).statusCode).toBe(200);
    // Its tokens, listed by the administrator; another company's administrator sees neither.
    expect((await admin.call(r.list, { query: { userId: id } })).data.list).toHaveLength(1);
    const foreign = await client(ctx.app, adminB).call(r.list, { query: { userId: id } });
    expect([foreign.statusCode, foreign.errorCode]).toEqual([404, 'service_account_not_found']);
    const foreignOff = await client(ctx.app, adminB).call(r.disableServiceAccount, { params: { id } });
    expect([foreignOff.statusCode, foreignOff.errorCode]).toEqual([404, 'service_account_not_found']);
    // A service account never signs in, and is not among the company's people (it has its own list).
    const [account] = await ctx.db.select().from(users).where(eq(users.id, id));
    expect(account.isServiceAccount).toBe(true);
    const people = (await admin.call(companyUserRoutes.list, { query: { pageNum: 1, pageSize: 100 } })).data;
    expect(people.data.map((u) => u.userId)).not.toContain(id);

    expect((await admin.call(r.disableServiceAccount, { params: { id } })).statusCode).toBe(200);
    const after = await asToken(token, world.projectId).get('/folder/workspace/file/list');
    expect([after.statusCode, after.json().errorCode]).toEqual([403, 'user_disabled']);
  });

  it('the system administrator makes one for a company it names, and lists them', async () => {
    const sys = client(ctx.app, sysToken);
    const unnamed = await sys.call(r.createServiceAccount, { body: { name: 'No company' } });
    expect([unnamed.statusCode, unnamed.errorCode]).toEqual([400, 'required']);
    const { id } = (await sys.call(r.createServiceAccount, { body: { name: 'Warehouse', companyId: world.companyId } }))
      .data;
    const list = (await sys.call(r.serviceAccounts, { query: { companyId: world.companyId } })).data.list;
    expect(list.map((a) => a.id)).toContain(id);
    // A company administrator naming another company is refused.
    const other = await client(ctx.app, adminB).call(r.createServiceAccount, {
      body: { name: 'Intruder', companyId: world.companyId },
    });
    expect(other.statusCode).toBe(403);
    expect((await sys.call(r.disableServiceAccount, { params: { id } })).statusCode).toBe(200);
  });
});
