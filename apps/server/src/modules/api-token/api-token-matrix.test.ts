import { API_TOKEN_SCOPES, tokenScopeFor, type ApiTokenScope } from '@edoc/contract/api-token';
import { apiTokenRoutes } from '@edoc/contract/api-token-routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { createProjectWorld, type ProjectWorld } from '../../test/factories.ts';
import { bearer, client, envelopeOf } from '../../test/requests.ts';
import { ROUTE_POLICY } from '../../test/route-policy.ts';

/**
 * The rights matrix of API tokens (issue 29 part 4): every /edoc route of the authorisation matrix but the open ones
 * (route-policy.ts, which a new route cannot miss), called with a token of each single scope, owned by a project administrator and in
 * their project. What each route asks of a token is the contract's TOKEN_SCOPE_TABLE; this holds every route the
 * server serves to it: a refused route refuses every token, a scoped one lets only its scope's token past the
 * check, whatever the call then answers (the owner's rights, a missing id, bad input: other tests' business).
 */
let ctx: TestContext;
let world: ProjectWorld;
const tokens = {} as Record<ApiTokenScope, string>;
const GATE_CODES = ['token_not_allowed', 'token_scope_missing'];

beforeAll(async () => {
  ctx = await createTestContext();
  world = await createProjectWorld(ctx, 'TOKM-1');
  const expiresAt = new Date(Date.now() + 30 * 86_400_000).toISOString();
  for (const scope of API_TOKEN_SCOPES) {
    const made = await client(ctx.app, world.pm.token).call(apiTokenRoutes.create, {
      body: { name: `only ${scope}`, expiresAt, scopes: [scope] },
    });
    tokens[scope] = made.data.token;
  }
});
afterAll(async () => {
  await ctx.close();
});

/** A policy key ('POST /file/audit/{id}/a') as the route table reads it, and as a call sends it (ids that exist nowhere). */
function routeOf(key: string) {
  const [method, path] = key.split(' ') as [string, string];
  return { method, table: path.replace(/\{(\w+)\}/g, ':$1'), url: path.replace(/\{\w+\}/g, '999999') };
}

describe('API tokens: every route against a token of each scope', () => {
  it('lets a token past only on the routes its scope names, and refuses a person’s acts to every token', async () => {
    const wrong: string[] = [];
    let checked = 0;
    for (const key of Object.keys(ROUTE_POLICY)) {
      const { method, table, url } = routeOf(key);
      // An open route (sign-in, captcha, health) is everyone's: a token there is no one's and changes nothing.
      const needs = ROUTE_POLICY[key]!.gate === 'public' ? 'any' : tokenScopeFor(method, table);
      for (const scope of API_TOKEN_SCOPES) {
        const res = await ctx.app.inject({
          method: method as 'GET' | 'POST' | 'DELETE',
          url: `/edoc${url}`,
          headers: { ...bearer(tokens[scope]), 'x-edoc-project': String(world.projectId) },
          ...(method === 'GET' ? {} : { payload: {} }),
        });
        // A file route answers in the envelope only when it refuses; the gate refuses in it, as JSON.
        const json = String(res.headers['content-type'] ?? '').includes('json');
        const code = json ? envelopeOf(res).errorCode : null;
        const expected =
          needs === null ? 'token_not_allowed' : needs === 'any' || needs === scope ? 'past' : 'token_scope_missing';
        const got =
          code !== null && GATE_CODES.includes(code) ? code : res.statusCode === 401 ? 'unauthorized' : 'past';
        if (got !== expected || (expected !== 'past' && res.statusCode !== 403))
          wrong.push(`${key} with ${scope}: ${res.statusCode} ${code ?? ''}, expected ${expected}`);
        checked++;
      }
    }
    expect(wrong).toEqual([]);
    expect(checked).toBe(Object.keys(ROUTE_POLICY).length * API_TOKEN_SCOPES.length);
    // The calls left the owner and the tokens as they were: the last one still finds its way.
    const me = await client(ctx.app, tokens.admin).get('/user/info');
    expect(me.statusCode).toBe(200);
  });
});
