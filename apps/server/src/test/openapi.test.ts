import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './context.ts';

/**
 * The operations that answer a file or a stream the handler sends itself (`response: 'raw'`), not the JSON
 * envelope. Every other /edoc operation declares the schema of its 200 answer: Fastify strips what the schema
 * does not name and refuses what breaks it, and /edoc/docs shows the web what it gets.
 */
const RAW = new Set([
  // health keeps its own envelope so that it can answer 503 with a body while the database is down
  'GET /edoc/health',
  // images
  'GET /edoc/user/signature',
  'GET /edoc/user/avatar/{userId}',
  'GET /edoc/folder/workspace/file/picture',
  'GET /edoc/folder/library/file/picture',
  // document files: download, inline view, packed downloads, the browser's download link
  'GET /edoc/minio/file/down',
  // an editing session's file, for the editor or a check-out (issue 15)
  'GET /edoc/minio/file/revise/down',
  'GET /edoc/file/view/{id}',
  'GET /edoc/download/task/{id}/file',
  'GET /edoc/download/ticket/{token}',
  // a message-board attachment (issue 14)
  'GET /edoc/board/attachment/{id}',
  // Excel/CSV exports and import samples
  'GET /edoc/audit/project/export',
  'GET /edoc/company/users/export',
  'GET /edoc/company/user/import/sample',
  'GET /edoc/template/import/sample',
  'GET /edoc/template/{id}/export',
  'GET /edoc/code/type/export',
  'GET /edoc/code/type/import/sample',
  'GET /edoc/code/export',
  'GET /edoc/code/import/sample',
  'GET /edoc/manage/code/type/export',
  'GET /edoc/manage/code/type/import/sample',
  'GET /edoc/manage/code/export',
  'GET /edoc/manage/code/import/sample',
  // custom reports (issue 14): a saved one, or one being built
  'GET /edoc/report/custom/export/{id}',
  'POST /edoc/report/custom/export',
  // the System Report and the company report (issue 14)
  'GET /edoc/report/system/export',
  'GET /edoc/company/report/export',
]);

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

interface Operation {
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}
type PathItem = Partial<Record<(typeof METHODS)[number], Operation>>;

let ctx: TestContext;
let operations: Map<string, Operation>;
beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.app.ready();
  const paths = (ctx.app.swagger() as { paths?: Record<string, PathItem> }).paths ?? {};
  operations = new Map(
    Object.entries(paths)
      .filter(([path]) => path.startsWith('/edoc/'))
      .flatMap(([path, item]) =>
        METHODS.filter((m) => item[m]).map((m) => [`${m.toUpperCase()} ${path}`, item[m]!] as const),
      ),
  );
});
afterAll(() => ctx.close());

describe('the OpenAPI document', () => {
  it('lists the /edoc operations', () => {
    expect(operations.size).toBeGreaterThan(100);
  });

  it('names only operations that exist as raw answers', () => {
    expect([...RAW].filter((op) => !operations.has(op))).toEqual([]);
  });

  it('declares the JSON schema of the 200 answer of every operation that is not a raw answer', () => {
    const missing = [...operations]
      .filter(([op]) => !RAW.has(op))
      .filter(([, operation]) => !operation.responses?.['200']?.content?.['application/json']?.schema)
      .map(([op]) => op)
      .sort();
    expect(missing, `${missing.length} of ${operations.size - RAW.size} JSON operations declare no 200 schema`).toEqual(
      [],
    );
  });
});
