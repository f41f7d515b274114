import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBDAV_METHODS } from '../modules/editing/webdav.routes.ts';
import { createTestContext, type TestContext } from './context.ts';
import { createUser, signIn } from './factories.ts';
import { client } from './requests.ts';

/**
 * Issue 24, item 10: the API document is complete. Every operation of /edoc/docs/json says what its success
 * answer is — the envelope's schema, or for a route that sends a file or its own JSON (lib/raw-answer.ts) its media
 * types, bytes as `string`/`binary` — and the editing protocols (/dav, /wopi) are described in
 * /edoc/docs/protocols/json, each method Fastify serves there and nothing it does not.
 */

const FIXED = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace', 'query'] as const;

interface Media {
  schema?: { type?: string; format?: string; properties?: Record<string, unknown>; $ref?: string };
}
interface Response {
  description?: string;
  content?: Record<string, Media>;
}
interface Operation {
  responses?: Record<string, Response>;
}
type PathItem = Partial<Record<(typeof FIXED)[number], Operation>> & {
  additionalOperations?: Record<string, Operation>;
};
interface Document {
  openapi: string;
  paths: Record<string, PathItem>;
}

/** 'GET /edoc/login' → its operation, the methods of OpenAPI 3.2's additionalOperations (PROPFIND…) too. */
function operationsOf(doc: Document): Map<string, Operation> {
  return new Map(
    Object.entries(doc.paths).flatMap(([path, item]) => [
      ...FIXED.filter((m) => item[m]).map((m) => [`${m.toUpperCase()} ${path}`, item[m]!] as const),
      ...Object.entries(item.additionalOperations ?? {}).map(([m, op]) => [`${m} ${path}`, op] as const),
    ]),
  );
}

/** The document's errors against the OpenAPI schema of its version (3.0 for /edoc/docs, 3.2 for the protocols). */
async function schemaErrors(doc: Document) {
  const { valid, errors } = await new Validator().validate(structuredClone(doc) as unknown as Record<string, unknown>);
  return valid ? [] : errors;
}

const successes = (op: Operation) => Object.entries(op.responses ?? {}).filter(([status]) => /^2\d\d$/.test(status));

let ctx: TestContext;
let token: string;
let api: Document;
let protocols: Document;
beforeAll(async () => {
  ctx = await createTestContext();
  const user = await createUser(ctx.db);
  token = await signIn(ctx, user.email);
  api = (await client(ctx.app, token).get('/docs/json')).json<Document>();
  protocols = (await client(ctx.app, token).get('/docs/protocols/json')).json<Document>();
});
afterAll(() => ctx.close());

describe('the API document, /edoc/docs/json', () => {
  it('lists the /edoc operations, in a valid OpenAPI document', async () => {
    expect(operationsOf(api).size).toBeGreaterThan(100);
    expect(await schemaErrors(api)).toEqual([]);
  });

  it('gives every operation a 2xx answer with a content type and its schema', () => {
    const ops = operationsOf(api);
    const missing = [...ops]
      .filter(([, op]) => !successes(op).some(([, r]) => Object.values(r.content ?? {}).some((m) => m.schema)))
      .map(([key]) => key)
      .sort();
    expect(missing, `${missing.length} of ${ops.size} operations declare no 2xx content`).toEqual([]);
  });

  it('describes JSON by its properties and files as binary', () => {
    const wrong = [...operationsOf(api)].flatMap(([key, op]) =>
      successes(op).flatMap(([status, r]) =>
        Object.entries(r.content ?? {})
          .filter(([type, { schema }]) =>
            type === 'application/json' ? !schema?.properties : schema?.type !== 'string' || schema.format !== 'binary',
          )
          .map(([type]) => `${key} ${status} ${type}`),
      ),
    );
    expect(wrong).toEqual([]);
  });

  it('says what a file route sends: its types, ranges and file name', () => {
    const down = operationsOf(api).get('GET /edoc/minio/file/down')!.responses!;
    expect(Object.keys(down).sort()).toEqual(['200', '206', '416']);
    expect(down['200'].content).toEqual({ '*/*': { schema: { type: 'string', format: 'binary' } } });
    expect(down['200']).toHaveProperty(['headers', 'Content-Disposition']);
    const exported = operationsOf(api).get('GET /edoc/report/system/export')!.responses!['200'].content!;
    expect(Object.keys(exported).sort()).toEqual([
      'application/pdf',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'text/csv',
    ]);
  });

  it('describes /edoc/health as it answers, 200 and 503 alike', async () => {
    const health = operationsOf(api).get('GET /edoc/health')!.responses!;
    for (const status of ['200', '503'])
      expect(health[status].content?.['application/json']?.schema?.properties).toHaveProperty('data');
    expect((await client(ctx.app).get('/health')).json()).toMatchObject({ status: true, data: { database: 'up' } });
    // The optional programs (issue 29 part 6), each found or not, in the answer's schema.
    const { programs } = (await client(ctx.app).get('/health')).json().data as { programs: Array<{ name: string }> };
    expect(programs.map((p) => p.name)).toEqual(['soffice', 'officePython', 'pdftoppm', 'pdftotext', 'tesseract']);
  });
});

describe('the protocols document, /edoc/docs/protocols/json', () => {
  it('says of each operation what it asks: nothing when open, a session only for a person’s act, else a token’s scope', () => {
    type Secured = Operation & { security?: Record<string, string[]>[]; 'x-edoc-token-scope'?: string };
    const ops = operationsOf(api) as Map<string, Secured>;
    const login = ops.get('POST /edoc/login')!;
    expect(login.security).toEqual([]);
    expect(login['x-edoc-token-scope']).toBeUndefined();
    expect(ops.get('GET /edoc/file/{id}')!['x-edoc-token-scope']).toBe('documents:read');
    expect(ops.get('GET /edoc/file/{id}')!.security).toEqual([{ bearer: [] }, { apiToken: [] }]);
    const sign = ops.get('POST /edoc/file/audit/{id}/a')!;
    expect(sign['x-edoc-token-scope']).toBe('refused');
    expect(sign.security).toEqual([{ bearer: [] }]);
    // Every /edoc operation says it, the open ones by asking nothing.
    const silent = [...ops].filter(([key, op]) => key.includes(' /edoc/') && op.security === undefined);
    expect(silent.map(([key]) => key)).toEqual([]);
  });

  it('is for signed-in callers, as /edoc/docs/json is', async () => {
    expect((await client(ctx.app).get('/docs/protocols/json')).statusCode).toBe(401);
    const res = await client(ctx.app, token).get('/docs/protocols/json');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('describes /dav and /wopi, every operation with a 2xx answer, in a valid OpenAPI document', async () => {
    expect(protocols.openapi).toBe('3.2.0');
    expect(await schemaErrors(protocols)).toEqual([]);
    const ops = operationsOf(protocols);
    expect([...ops.keys()].sort()).toEqual(
      expect.arrayContaining([
        'PROPFIND /dav/{symbol}',
        'GET /dav/{symbol}/{name}',
        'PUT /dav/{symbol}/{name}',
        'LOCK /dav/{symbol}/{name}',
        'UNLOCK /dav/{symbol}/{name}',
        'GET /wopi/files/{id}',
        'POST /wopi/files/{id}',
        'GET /wopi/files/{id}/contents',
        'POST /wopi/files/{id}/contents',
      ]),
    );
    // A method a session's file does not offer is described by its 405 (issue 25) and has no success to name.
    const refusedOnly = (op: { responses?: Record<string, unknown> }) => '405' in (op.responses ?? {});
    expect([...ops].filter(([, op]) => successes(op).length === 0 && !refusedOnly(op)).map(([key]) => key)).toEqual([]);
  });

  // The document is written by hand (protocols.openapi.ts): held against the routes Fastify serves.
  it('names only what Fastify serves there, and every method it serves', () => {
    const served = (method: string, path: string) => {
      const url = path.replace(/\{(\w+)\}/g, ':$1');
      // The session folder's routes take any rest of the path (webdav.routes.ts: '/:symbol/*').
      const wildcard = url.replace(/\/:\w+$/, '/*');
      return ctx.app.hasRoute({ method, url }) || (url !== wildcard && ctx.app.hasRoute({ method, url: wildcard }));
    };
    const ops = operationsOf(protocols);
    expect([...ops.keys()].filter((key) => !served(...(key.split(' ') as [string, string])))).toEqual([]);
    const methods = ['GET', 'PUT', 'POST', 'DELETE', 'PATCH', 'OPTIONS', ...WEBDAV_METHODS.map((m) => m.method)];
    const undocumented = Object.keys(protocols.paths).flatMap((path) =>
      methods.filter((m) => served(m, path) && !ops.has(`${m} ${path}`)).map((m) => `${m} ${path}`),
    );
    // HEAD is left out: Fastify answers it wherever GET is; the document names it where a client uses it (WebDAV).
    expect(undocumented).toEqual([]);
  });
});
