import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { namedOnce } from '../../db/built-once.ts';
import { documents } from '../../db/schema/documents.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import type { ProjectWorld } from '../../test/factories.ts';
import { threeCallers, type Caller } from '../../test/three-callers.ts';
import { client } from '../../test/requests.ts';
import { rowsStatement } from './document-list.statement.ts';

/**
 * Issue 30 part 1: the folder page's statement is built once per shape of request (document-list.statement.ts), its
 * values (the caller's folders and sites among them) passed as parameters. The page must still be exactly the
 * caller's: each answer, asked several times (a reused statement, and past the five runs after which PostgreSQL may
 * plan a named statement generically), is compared with the documents filtered and ordered in JavaScript from the
 * rights' folders and sites, for a project administrator, a member limited to one site and by folder grants, and one
 * with the same grants and no site limit.
 */
let ctx: TestContext;
let world: ProjectWorld;
type Doc = typeof documents.$inferSelect;
let all: Doc[];
let people: Caller[];
let a: number, b: number, c: number, s1: number, s2: number;

beforeAll(async () => {
  ctx = await createTestContext();
  ({
    world,
    people,
    folders: [a, b, c],
    sites: [s1, s2],
  } = await threeCallers(ctx, 'DL-1'));
  const by = people.map((p) => p.person.id);
  const day = Date.UTC(2026, 0, 1);
  await ctx.db.insert(documents).values(
    Array.from({ length: 60 }, (_, i) => ({
      projectId: world.projectId,
      folderId: [a, b, c][i % 3],
      name: `${['Protocol', 'consent', 'Brochure'][i % 3]} ${String(i).padStart(2, '0')}`,
      fileCode: `DL-${String((i * 7) % 60).padStart(3, '0')}`,
      status: [1, 2, 6][i % 4 === 0 ? 2 : i % 2],
      central: i % 5 === 0,
      siteId: i % 5 === 0 ? null : [s1, s2][i % 2],
      createdBy: by[i % 3]!,
      assigneeId: i % 7 === 0 ? by[(i + 1) % 3]! : null,
      createdAt: new Date(day + (i % 10) * 86_400_000),
      updatedAt: new Date(day + ((i * 13) % 60) * 3_600_000),
      deletedAt: i % 11 === 0 ? new Date() : null,
    })),
  );
  all = await ctx.db.select().from(documents).where(eq(documents.projectId, world.projectId));
}, 120_000);
afterAll(() => ctx.close());

type Query = Record<string, string | number>;
const SORTS = { name: 'name', createdAt: 'createdAt', updatedAt: 'updatedAt', status: 'status', fileCode: 'fileCode' };

/** The page as the rule says it, from every document of the project. */
function expected(p: (typeof people)[number], q: Query, me: number) {
  const day = (d: string) => Date.parse(`${d}T00:00:00Z`);
  const text = String(q.name ?? '').toLowerCase();
  const rows = all.filter(
    (d) =>
      d.deletedAt === null &&
      (!p.folders || p.folders.includes(d.folderId!)) &&
      (!q.folderId || d.folderId === q.folderId) &&
      (!p.sites || d.central || p.sites.includes(d.siteId!)) &&
      (q.view !== 'mine' || d.createdBy === me || d.assigneeId === me) &&
      (!q.status || d.status === q.status) &&
      (!q.creatorId || d.createdBy === q.creatorId) &&
      (!q.startDate || d.createdAt.getTime() >= day(String(q.startDate))) &&
      (!q.endDate || d.createdAt.getTime() < day(String(q.endDate)) + 86_400_000) &&
      (!text || d.name.toLowerCase().includes(text) || !!d.fileCode?.toLowerCase().includes(text)),
  );
  const key = SORTS[(q.sort ?? 'updatedAt') as keyof typeof SORTS] as keyof Doc;
  const dir = q.order === 'asc' ? 1 : -1;
  const value = (d: Doc) => (d[key] instanceof Date ? (d[key] as Date).getTime() : (d[key] as string | number));
  rows.sort((x, y) => (value(x) < value(y) ? -dir : value(x) > value(y) ? dir : dir * (x.id - y.id)));
  const size = Number(q.pageSize ?? 10);
  const from = (Number(q.pageNum ?? 1) - 1) * size;
  return { ids: rows.slice(from, from + size).map((d) => d.id), total: rows.length };
}

describe('the folder page built once per shape', () => {
  it('answers each caller exactly their documents, run after run, for every shape of request', async () => {
    const [a] = [...world.folderByIch.values()];
    const queries: Query[] = [
      {},
      { folderId: a },
      { pageSize: 7, pageNum: 2 },
      { pageSize: 7, pageNum: 9 },
      { sort: 'name', order: 'asc' },
      { sort: 'fileCode', order: 'desc', pageSize: 5, pageNum: 3 },
      { sort: 'status', order: 'asc', pageSize: 50 },
      { sort: 'createdAt', order: 'asc', folderId: a },
      { view: 'mine' },
      { status: 6 },
      { creatorId: world.pm.id },
      { startDate: '2026-01-03', endDate: '2026-01-05', pageSize: 50 },
      { name: 'CONSENT', pageSize: 50 },
      { name: 'dl-01', status: 1, sort: 'name', order: 'asc' },
    ];
    let compared = 0;
    for (const p of people)
      for (const q of queries) {
        const want = expected(p, q, p.person.id);
        const path = `/folder/workspace/file/list?${new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)] as [string, string]))}`;
        for (let run = 0; run < 7; run++) {
          const got = (await client(ctx.app, p.person.token).get(path)).json().data;
          expect(
            { ids: got.data.map((r: { fileId: number }) => r.fileId), total: got.total },
            `${p.label} ${path}`,
          ).toEqual(want);
        }
        if (want.ids.length > 0) compared++;
      }
    // Not a comparison of empty pages: all but the pages past the last had rows.
    expect(compared).toBeGreaterThan(people.length * (queries.length - 2));
  });

  it('leaves a site-limited member the central documents and their site only', async () => {
    const limited = people[1]!;
    const got = (await client(ctx.app, limited.person.token).get('/folder/workspace/file/list?pageSize=200')).json()
      .data.data as Array<{ siteId: number | null; folderId: number }>;
    expect(got.length).toBeGreaterThan(0);
    expect(got.every((r) => r.siteId === null || limited.sites!.includes(r.siteId))).toBe(true);
    expect(got.every((r) => limited.folders!.includes(r.folderId))).toBe(true);
  });

  it("reads the page's rows by their ids under the list's own rule, in the order given", async () => {
    // The ids statement and the rows' are two reads: a document deleted or moved in between is not shown past it.
    const rows = namedOnce('document_list_rows_test', rowsStatement)(ctx.db);
    const live = all.filter((d) => d.deletedAt === null);
    const inA = live.filter((d) => d.folderId === a).slice(0, 3);
    const inB = live.find((d) => d.folderId === b)!;
    const deleted = all.find((d) => d.deletedAt !== null && d.folderId === a)!;
    const ids = [inA[2]!.id, inB.id, deleted.id, inA[0]!.id, inA[1]!.id];
    for (let run = 0; run < 7; run++) {
      const got = await rows.execute({ ids, project: world.projectId, folders: [a], now: new Date() });
      expect(got.map((r) => r.d.id)).toEqual([inA[2]!.id, inA[0]!.id, inA[1]!.id]);
    }
    const otherProject = await rows.execute({ ids, project: world.projectId + 1000, folders: [a], now: new Date() });
    expect(otherProject).toEqual([]);
  });
});
