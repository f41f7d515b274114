import { certifiedCopyRoutes } from '@edoc/contract/certified-copy-routes';
import { documentRoutes } from '@edoc/contract/document-routes';
import { DocStatus } from '@edoc/contract/enums';
import { libraryRoutes } from '@edoc/contract/library-routes';
import { API_BASE } from '@edoc/contract/limits';
import type { DataRoute, Route } from '@edoc/contract/route';
import { searchRoutes } from '@edoc/contract/search-routes';
import { TaskState } from '@edoc/contract/states';
import { taskRoutes } from '@edoc/contract/task-routes';
import { workflowRoutes } from '@edoc/contract/workflow-routes';
import { makePdf } from '@edoc/test-support/files';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { editSessions } from '../db/schema/editing.ts';
import { tasks } from '../db/schema/workflow.ts';
import { drainExtraction } from '../modules/search/extract-loop.ts';
import { routes, SHAPED_ROUTES } from '../plugins/route.ts';
import { PASSWORD } from './factories.ts';
import { createLibraryWorld, day, type LibraryWorld } from './library-world.ts';
import { client } from './requests.ts';

/**
 * Issue 30: the hot lists are written by a serialiser compiled from their response schema (RouteSpec.shaped), without
 * the schema's parse. Each shaped route is called here with rows whose optional parts are filled (a lock, a certified
 * copy, a receiver, dates, snippets, an overdue task): its answer as sent must parse with its contract schema and be
 * unchanged by the parse, so a handler drifting from its schema fails here. A route newly declared shaped fails the
 * last test of the first group until it is called here too.
 */
let L: LibraryWorld;
const keyOf = (route: Route) => `${route.method} ${API_BASE}${route.path}`;
const called = new Set<string>();

beforeAll(async () => {
  L = await createLibraryWorld('SHP-1');
  const { ctx, world } = L;
  const pm = L.as(world.pm);
  // Filed, certified, archived, its text extracted: a folder page's, the library's and a search's fullest row.
  const pdf = makePdf('visit.pdf', ['Monitoring visit report', 'Pharmacokinetics results']);
  const filed = await pm.callUpload(documentRoutes.upload, {
    fields: {
      folderId: L.folder,
      name: 'Visit report',
      fileCode: 'VR-1',
      versionNo: '1.0',
      comment: 'first visit',
      effectiveDate: day(-2),
      expirationDate: day(300),
      documentDate: day(-3),
    },
    file: { name: pdf.name, content: pdf.buffer },
  });
  const { fileId, fileVersionId } = filed.data;
  const certified = await pm.call(certifiedCopyRoutes.certify, {
    params: { id: fileVersionId },
    body: {
      pagesChecked: 2,
      signature: { email: L.world.pm.email, password: PASSWORD, confirmed: true, timeZone: 'Asia/Shanghai' },
    },
  });
  expect(certified.statusCode, certified.body).toBe(200);
  await pm.call(workflowRoutes.send, { body: { fileId, stages: [] } });
  await pm.call(libraryRoutes.archive, { body: { fileId, publishDate: day(-1) } });
  await drainExtraction(ctx.deps);
  // Waiting for the second administrator to receive it, and checked out by the administrator.
  const waiting = await pm.callUpload(documentRoutes.upload, {
    fields: { folderId: L.folder, name: 'Visit letter', assigneeId: L.pm2.id },
    file: { name: 'letter.pdf', content: makePdf('letter.pdf', ['Dear investigator']).buffer },
  });
  expect(await L.statusOf(waiting.data.fileId)).toBe(DocStatus.WaitingReceive);
  await ctx.db.insert(editSessions).values({
    symbol: `shaped-${waiting.data.fileId}`,
    projectId: world.projectId,
    documentId: waiting.data.fileId,
    versionId: waiting.data.fileVersionId,
    userId: world.pm.id,
    mode: 'checkout',
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  // One task past its due day, one done with its outcome.
  const task = { projectId: world.projectId, documentId: fileId, userId: world.pm.id, senderId: world.staff.id };
  await ctx.db.insert(tasks).values([
    { ...task, kind: 'review', dueDate: day(-5) },
    { ...task, kind: 'qc', state: TaskState.Done, outcome: 'pass', doneAt: new Date() },
  ]);
}, 120_000);
afterAll(() => L.ctx.close());

/** A shaped route's answer, held to its schema: parsed, it is what was sent. */
async function shaped<R extends DataRoute>(route: R, query: Record<string, string | number> = {}) {
  called.add(keyOf(route));
  const res = await client(L.ctx.app, L.world.pm.token).call(route, { query } as never);
  expect(res.statusCode, res.body).toBe(200);
  const sent: unknown = JSON.parse(res.body).data;
  expect(route.response.parse(sent), `${keyOf(route)} ${JSON.stringify(query)}`).toStrictEqual(sent);
  return res.data;
}

describe('routes answered as their handlers shaped them', () => {
  it('answer the folder page, My Documents and Recent Operation as their schema leaves them', async () => {
    for (const view of ['all', 'mine', 'recent']) {
      const page = await shaped(documentRoutes.list, { view, pageSize: 50 });
      expect(page.data.length, view).toBeGreaterThan(0);
    }
    const rows = (await shaped(documentRoutes.list, { pageSize: 50 })).data;
    expect(rows.find((r) => r.lock)?.lock?.mode).toBe('checkout');
    expect(rows.find((r) => r.receiverName)?.file_name).toBe('Visit letter');
    expect(rows.find((r) => r.certifiedCopy)).toMatchObject({ file_name: 'Visit report', documentDate: day(-3) });
  });

  it('answer the library list with its certified copy', async () => {
    const rows = (await shaped(libraryRoutes.list, { pageSize: 50 })).data;
    expect(rows.map((r) => [r.file_name, r.certifiedCopy?.pages])).toEqual([['Visit report', 2]]);
  });

  it("answer Home's pending and processed tasks", async () => {
    const pending = (await shaped(taskRoutes.list, { state: 'pending' })).data;
    // The folder path from the folders the session brought (preloadRights), in the caller's language.
    expect(pending.map((t) => [t.overdue, t.folderPath.split(' / ').length, t.senderName])).toContainEqual([
      true,
      2,
      expect.any(String),
    ]);
    expect((await shaped(taskRoutes.list, { state: 'processed' })).data.map((t) => t.outcome)).toContain('pass');
  });

  it('answer a search with its page and snippets', async () => {
    const hits = await shaped(searchRoutes.search, { q: 'pharmacokinetics' });
    expect(hits.data.map((h) => [h.name, h.page, h.snippets.length > 0])).toEqual([['Visit report', 2, true]]);
  });

  it('leave no shaped route uncalled here', () => {
    expect([...called].sort()).toEqual([...SHAPED_ROUTES].sort());
  });
});

describe("a shaped route's serialiser", () => {
  it('writes only the fields its schema names, fills its defaults, and refuses an answer without one', async () => {
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    const answer = z.object({ name: z.string(), capped: z.boolean().default(false) });
    const answers: Record<string, object> = {
      leaky: { name: 'a', capped: false, passwordHash: 'x' },
      lazy: { name: 'a' },
      nameless: { capped: true },
    };
    await app.register(
      async (api) => {
        const { get } = routes(api);
        // Typed as the schema's output: a handler's own mapping to another shape would not compile.
        for (const [path, data] of Object.entries(answers))
          get(`/shaped-check/${path}`, { access: 'public', response: answer, shaped: true }, () => data as never);
      },
      { prefix: API_BASE },
    );
    const sent = async (path: string) => {
      const res = await app.inject(`${API_BASE}/shaped-check/${path}`);
      return res.statusCode === 200 ? JSON.parse(res.body).data : res.statusCode;
    };
    expect(await sent('leaky')).toEqual({ name: 'a', capped: false });
    expect(await sent('lazy')).toEqual({ name: 'a', capped: false });
    expect(await sent('nameless')).toBe(500);
    await app.close();
    for (const path of Object.keys(answers)) SHAPED_ROUTES.delete(`GET ${API_BASE}/shaped-check/${path}`);
  });
});
