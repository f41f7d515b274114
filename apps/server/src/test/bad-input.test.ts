import { UserType } from '@edoc/contract/enums';
import { anyEnvelope, type AnyEnvelope } from '@edoc/contract/envelope';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MULTIPART_ROUTES } from '../plugins/route.ts';
import { contentTypeProbes, multipartProbes, type RawProbe } from './bad-input-bodies.ts';
import { malformed, malformedParam, plausible, type BadValue, type JsonSchema } from './bad-input-values.ts';
import { createTestContext, type TestContext } from './context.ts';
import { dataSnapshot } from './data-snapshot.ts';
import { createProjectWorld, createUser, signIn, type ProjectWorld } from './factories.ts';
import type { Answer } from './requests.ts';
import { ROUTE_POLICY, type Gate } from './route-policy.ts';

/**
 * Issue 9, "a bad-input test in the suite": every operation of the OpenAPI document, each of its fields in turn
 * given malformed values (wrong types, NUL, lone surrogates, huge strings, ids past the integer range, impossible
 * dates) while the others stay plausible, as a caller who passes the route's gate; multipart routes get their text
 * fields and file part walked, and JSON routes bodies of the wrong content type (bad-input-bodies.ts). No answer may be a 5xx or leave
 * the envelope, and a refused request changes nothing in the database or the blob store. A new route is covered
 * the day it is added, without anyone remembering to.
 */
interface Operation {
  method: string;
  path: string;
  parameters?: Array<{ in: 'path' | 'query'; name: string; schema: JsonSchema; required?: boolean }>;
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

// These end the caller's own session or password when they succeed; they get their bad input without a token.
const SIGNS_OUT = new Set(['POST /logout', 'POST /user/modify_password']);

let ctx: TestContext;
let world: ProjectWorld;
let tokens: Record<Gate, string | null>;
let operations: Operation[];

beforeAll(async () => {
  ctx = await createTestContext();
  world = await createProjectWorld(ctx, 'BAD-1');
  const sys = await createUser(ctx.db, { userType: UserType.System });
  const sysToken = await signIn(ctx, sys.email);
  tokens = {
    public: null,
    signedIn: world.pm.token,
    systemAdmin: sysToken,
    companyAdmin: world.admin.token,
    projectMember: world.pm.token,
    projectAdmin: world.pm.token,
  };
  const doc = (
    await ctx.app.inject({ method: 'GET', url: '/edoc/docs/json', headers: { authorization: `Bearer ${sysToken}` } })
  ).json<{
    paths: Record<string, Record<string, Omit<Operation, 'method' | 'path'>>>;
  }>();
  operations = Object.entries(doc.paths).flatMap(([p, ops]) =>
    Object.entries(ops)
      .filter(([m]) => m !== 'head')
      .map(([m, op]) => ({ ...op, method: m.toUpperCase(), path: p })),
  );
}, 120_000);
afterAll(() => ctx.close());

/** What a refusal of bad input names: each field and what is wrong with it (plugins/errors.ts). */
const refusedFields = z.object({ fields: z.array(z.object({ field: z.string(), message: z.string() })) });

/** The envelope of an answer, or null when it is not JSON or not the envelope. */
function refusalOf(res: Answer): AnyEnvelope | null {
  if (!String(res.headers['content-type'] ?? '').includes('json')) return null;
  const parsed = anyEnvelope.safeParse(res.json());
  return parsed.success ? parsed.data : null;
}

/** A refusal that does not say what was wrong: no message, or one that names an empty field (" is invalid"). */
function unclear(what: string, body: AnyEnvelope): string[] {
  const named = (m: string | undefined) => !!m && !/^\s/.test(m);
  const fields = refusedFields.safeParse(body.data).data?.fields ?? [];
  return named(body.msg) && fields.every((f) => f.field !== '' && named(f.message))
    ? []
    : [`${what}: an unclear message "${body.msg}" ${JSON.stringify(fields)}`];
}

const policyKey = (op: Operation) => `${op.method} ${op.path.replace(/^\/edoc/, '')}`;

interface Probe {
  field: string;
  bad: BadValue;
  url: string;
  payload?: unknown;
}

/** One request per malformed value of each field, the other fields plausible. */
function probes(op: Operation): Probe[] {
  const params = op.parameters ?? [];
  const plausibleParams = Object.fromEntries(params.map((p) => [p.name, String(plausible(p.schema))]));
  const url = (values: Record<string, string>) => {
    let p = op.path;
    const query = new URLSearchParams();
    for (const prm of params) {
      if (prm.in === 'path') p = p.replace(`{${prm.name}}`, encodeURIComponent(values[prm.name]));
      else query.set(prm.name, values[prm.name]);
    }
    const q = query.toString();
    return q ? `${p}?${q}` : p;
  };
  const bodySchema = op.requestBody?.content['application/json']?.schema;
  const body = bodySchema ? (plausible(bodySchema) as Record<string, unknown>) : undefined;
  const out: Probe[] = [];
  for (const prm of params)
    for (const bad of malformedParam(prm.schema))
      out.push({
        field: `${prm.in} ${prm.name}`,
        bad,
        url: url({ ...plausibleParams, [prm.name]: String(bad.value) }),
        payload: body,
      });
  if (bodySchema) {
    for (const [name, schema] of Object.entries(bodySchema.properties ?? {}))
      for (const bad of malformed(schema))
        out.push({ field: `body ${name}`, bad, url: url(plausibleParams), payload: { ...body, [name]: bad.value } });
    for (const bad of malformed(bodySchema))
      out.push({ field: 'body', bad, url: url(plausibleParams), payload: bad.value });
  }
  return out;
}

/** The multipart fields of a route that declares them (RouteSpec.multipart), by its OpenAPI key. */
const multipartOf = (op: Operation) => MULTIPART_ROUTES.get(`${op.method} ${op.path.replace(/\{(\w+)\}/g, ':$1')}`);

/** The requests of a route beyond its JSON fields: multipart fields and file part, or wrong content types. */
function rawProbes(op: Operation): RawProbe[] {
  const fields = multipartOf(op);
  if (fields) return multipartProbes(fields);
  return op.requestBody?.content['application/json'] ? contentTypeProbes() : [];
}

/** A path with its parameters plausible. */
function plausibleUrl(op: Operation): string {
  let p = op.path;
  const query = new URLSearchParams();
  for (const prm of op.parameters ?? []) {
    const value = String(plausible(prm.schema));
    if (prm.in === 'path') p = p.replace(`{${prm.name}}`, value);
    else query.set(prm.name, value);
  }
  return query.size ? `${p}?${query}` : p;
}

describe('bad input, every operation', () => {
  it('never answers 5xx, always answers the envelope, and a refusal changes nothing', async () => {
    const failures: string[] = [];
    let calls = 0;
    // The data as the last refused operation left it: the next operation starts from exactly that, so it need not be
    // read again (reading it was most of this test's time). Null after an accepted one, which may have changed it.
    let before: string | null = null;
    for (const op of operations) {
      const key = policyKey(op);
      const policy = ROUTE_POLICY[key];
      if (!policy) {
        failures.push(`${key}: not in route-policy.ts`);
        continue;
      }
      const token = SIGNS_OUT.has(key) ? null : tokens[policy.gate];
      before ??= await dataSnapshot(ctx);
      let accepted = false;
      for (const probe of probes(op)) {
        calls++;
        const res = await ctx.app.inject({
          method: op.method as 'GET',
          url: probe.url,
          headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'accept-language': 'en-US' },
          ...(op.method === 'GET' ? {} : { payload: probe.payload as Record<string, unknown> }),
        });
        const what = `${key} with ${probe.field} = ${probe.bad.label}`;
        if (res.statusCode >= 500) {
          failures.push(`${what}: ${res.statusCode} ${res.body.slice(0, 200)}`);
          continue;
        }
        if (res.statusCode < 300) {
          accepted = true;
          continue; // a value the field may take after all (a raw answer, or text without a limit)
        }
        const body = refusalOf(res);
        if (body?.status !== false) failures.push(`${what}: ${res.statusCode} without the envelope`);
        else failures.push(...unclear(what, body));
      }
      for (const probe of rawProbes(op)) {
        calls++;
        const res = await ctx.app.inject({
          method: op.method as 'POST',
          url: plausibleUrl(op),
          headers: {
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            'accept-language': 'en-US',
            ...probe.headers,
          },
          payload: probe.payload,
        });
        const what = `${key} with ${probe.field}: ${probe.label}`;
        if (res.statusCode >= 500) failures.push(`${what}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        else if (res.statusCode < 300) accepted = true;
        else {
          const body = refusalOf(res);
          if (body?.status !== false) failures.push(`${what}: without the envelope`);
          else failures.push(...unclear(what, body));
        }
      }
      if (accepted) {
        before = null;
        continue;
      }
      const after = await dataSnapshot(ctx);
      if (after !== before) failures.push(`${key}: refused bad input but changed data`);
      before = after;
    }
    expect(calls).toBeGreaterThan(1000);
    // The walk reached the uploads: every multipart route declared its fields and was found in the document.
    expect(operations.filter((op) => multipartOf(op)).length).toBe(MULTIPART_ROUTES.size);
    expect(failures).toEqual([]);
  }, 600_000);
});
