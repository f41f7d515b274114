import { validateHeaderValue } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { malformedParam, type JsonSchema } from './bad-input-values.ts';
import { createTestContext, type TestContext } from './context.ts';
import { dataSnapshot } from './data-snapshot.ts';
import { editingWorld, type EditingWorld } from './editing-fixture.ts';
import { client } from './requests.ts';
import { startFakeEditor } from './wopi-editor.ts';

/**
 * Issue 25, "bad input everywhere": the editing protocols (/dav for desktop suites, /wopi for browser editors) walked
 * as bad-input.test.ts walks /edoc, from their own document (/edoc/docs/protocols/json). Each operation gets, on a
 * live session of its own, one malformed thing at a time: a path parameter or the access token, a header it reads,
 * a body (broken or hostile XML, binary, a megabyte of it). No answer may be a 5xx, and a refusal changes nothing.
 */
const HOST = 'https://edoc.example.test';

interface Parameter {
  name: string;
  in: 'path' | 'header' | 'query';
  schema?: JsonSchema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: unknown;
}
type PathItem = Record<string, unknown> & {
  parameters?: Parameter[];
  additionalOperations?: Record<string, Operation>;
};

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch'];

/** Header values a client may send by mistake or on purpose; those Node cannot put on the wire are left out. */
const BAD_HEADERS = [
  '',
  '((((',
  '(<opaquelocktoken:nope>) (Not <urn:x>)',
  '<http://elsewhere.test/dav/x> (["zz"])',
  '99999999999999999999',
  'bytes=5-1',
  'bytes=0-1,2-3',
  '"\u00ff\u00fe"',
  'x'.repeat(20_000),
].filter((value) => {
  try {
    validateHeaderValue('x-probe', value);
    return true;
  } catch {
    return false;
  }
});

const LAUGHS =
  '<?xml version="1.0"?><!DOCTYPE d [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">' +
  '<!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">]>' +
  '<D:propfind xmlns:D="DAV:"><D:prop><D:displayname>&d;</D:displayname></D:prop></D:propfind>';
const BAD_BODIES: Array<{ label: string; body: Buffer }> = [
  { label: 'broken XML', body: Buffer.from('<D:propfind xmlns:D="DAV:"><D:prop>') },
  { label: 'entity expansion', body: Buffer.from(LAUGHS) },
  {
    label: 'an external entity',
    body: Buffer.from('<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>'),
  },
  { label: 'a lock with no owner', body: Buffer.from('<D:lockinfo xmlns:D="DAV:"><D:lockscope/></D:lockinfo>') },
  { label: 'JSON', body: Buffer.from('{"a":[1,2,{"b":null}]}') },
  { label: 'NUL bytes', body: Buffer.alloc(64) },
  { label: 'a megabyte of binary', body: Buffer.alloc(1024 * 1024, 0xff) },
];

/**
 * A call of the session's editor moves its lease forward (edit_sessions.expires_at) even when refused, as any call
 * of a signed-in user moves their idle clock; renditions are the conversion job's, in the background.
 */
const QUIET = { volatile: ['renditions'], clocks: { edit_sessions: ['expires_at'] } };

let ctx: TestContext;
let fake: Awaited<ReturnType<typeof startFakeEditor>>;
let made: EditingWorld;

beforeAll(async () => {
  fake = await startFakeEditor();
  ctx = await createTestContext({ WOPI_DISCOVERY_URL: fake.url, WOPI_HOST_URL: HOST, WOPI_TOKEN_MINUTES: '30' });
  made = await editingWorld(ctx, 'BAD-P');
}, 120_000);
afterAll(async () => {
  await ctx.close();
  await fake.close();
});

/** A live session's values for a path of the document: the parameters, and the query a WOPI call carries. */
async function liveSession(template: string): Promise<{ params: Record<string, string>; token: string | null }> {
  const fileId = await made.newDocx('Probe');
  const wopi = template.startsWith('/wopi');
  const res = await client(ctx.app, made.editor.token).post('/file/ol/start/a', {
    fileId,
    mode: wopi ? 'wopi' : 'webdav',
  });
  expect(res.statusCode).toBe(200);
  const data = res.json().data;
  if (wopi) {
    const id = new URL(data.wopi.actionUrl as string).searchParams.get('WOPISrc')!.split('/').pop()!;
    return { params: { id }, token: data.wopi.accessToken as string };
  }
  const url = new URL(data.webdavUrl as string);
  const name = decodeURIComponent(url.pathname.slice(url.pathname.lastIndexOf('/') + 1));
  return { params: { symbol: data.uniqueSymbol as string, name }, token: null };
}

/** Which tables (or the blob store) differ between two snapshots. */
function changedIn(before: string, after: string): string {
  const [tablesBefore, blobsBefore] = JSON.parse(before) as [Array<{ t: string; h: string }>, string[]];
  const [tablesAfter, blobsAfter] = JSON.parse(after) as [Array<{ t: string; h: string }>, string[]];
  const was = new Map(tablesBefore.map((r) => [r.t, r.h]));
  const changed = tablesAfter.filter((r) => was.get(r.t) !== r.h).map((r) => r.t);
  if (JSON.stringify(blobsBefore) !== JSON.stringify(blobsAfter)) changed.push('the blob store');
  return changed.join(', ');
}

interface Probe {
  what: string;
  params?: Record<string, string>;
  token?: string;
  headers?: Record<string, string>;
  body?: Buffer;
}

function probesOf(op: Operation, pathParams: Parameter[], wopi: boolean): Probe[] {
  const out: Probe[] = [];
  for (const p of pathParams)
    for (const bad of malformedParam(p.schema ?? { type: 'string' }))
      out.push({ what: `path ${p.name} = ${bad.label}`, params: { [p.name]: String(bad.value) } });
  if (wopi)
    for (const bad of [...malformedParam({ type: 'string' }), { label: 'empty', value: '' }])
      out.push({ what: `access_token = ${bad.label}`, token: String(bad.value) });
  for (const p of (op.parameters ?? []).filter((prm) => prm.in === 'header'))
    for (const value of BAD_HEADERS)
      out.push({ what: `header ${p.name} = ${JSON.stringify(value.slice(0, 40))}`, headers: { [p.name]: value } });
  if (op.requestBody) for (const b of BAD_BODIES) out.push({ what: `body ${b.label}`, body: b.body });
  return out;
}

describe('bad input, the editing protocols', () => {
  it('never answers 5xx, and a refusal changes nothing', async () => {
    const token = made.world.pm.token;
    const doc = (await client(ctx.app, token).get('/docs/protocols/json')).json<{ paths: Record<string, PathItem> }>();
    const failures: string[] = [];
    let calls = 0;
    for (const [template, item] of Object.entries(doc.paths)) {
      const wopi = template.startsWith('/wopi');
      const operations: Array<[string, Operation]> = [
        ...METHODS.filter((m) => item[m]).map((m) => [m.toUpperCase(), item[m] as Operation] as [string, Operation]),
        ...Object.entries(item.additionalOperations ?? {}),
      ];
      for (const [method, op] of operations) {
        // A session of its own: a probe the server accepts (a DELETE, an UNLOCK) may end the one before.
        const live = await liveSession(template);
        let before: string | null = null;
        for (const probe of probesOf(op, item.parameters ?? [], wopi)) {
          const values: Record<string, string> = { ...live.params, ...probe.params };
          let url = template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name]));
          const accessToken = probe.token ?? live.token;
          if (wopi) url += `?access_token=${encodeURIComponent(accessToken ?? '')}`;
          // A WOPI call carries the editor's proof, so that the probe reaches past the proof check.
          const proof = wopi ? fake.proofHeaders(accessToken ?? '', `${HOST}${url}`) : {};
          before ??= await dataSnapshot(ctx, QUIET);
          calls++;
          const res = await ctx.app.inject({
            method: method as 'GET',
            url,
            headers: { 'accept-language': 'en-US', ...proof, ...probe.headers },
            payload: probe.body,
          });
          const what = `${method} ${template} with ${probe.what}`;
          if (res.statusCode >= 500 && res.statusCode !== 501) {
            failures.push(`${what}: ${res.statusCode} ${res.body.slice(0, 200)}`);
          } else if (res.statusCode < 300) {
            before = null; // accepted after all (a saved body, a lock taken): it may change data
          } else {
            const after = await dataSnapshot(ctx, QUIET);
            if (after !== before)
              failures.push(`${what}: refused (${res.statusCode}) but changed ${changedIn(before, after)}`);
            before = after;
          }
        }
      }
    }
    expect(calls).toBeGreaterThan(300);
    expect(failures).toEqual([]);
  }, 600_000);
});
