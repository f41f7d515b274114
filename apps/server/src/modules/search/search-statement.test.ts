import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseQuery } from '@edoc/contract/search';
import { documents } from '../../db/schema/documents.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import type { ProjectWorld } from '../../test/factories.ts';
import { threeCallers, type Caller } from '../../test/three-callers.ts';
import { client } from '../../test/requests.ts';
import { anyTermQuery, tsvectorOf } from './lexemes.ts';

/**
 * Issue 30 part 1: search's statement is built once per shape (search.statement.ts), the candidates, the count and
 * the snippets' pages in it, the caller's folders and sites passed as parameters. Each answer, asked several times
 * (a reused statement), ranked and walked newest first, is compared with the documents filtered and ordered in
 * JavaScript from the rule: live, in a folder the caller may view, central or on one of their sites; every clause in
 * the text or the name or code, no excluded term; best matches first (in the metadata, then the text's rank), else
 * newest first. For a project administrator, a member limited to one site and by folder grants, and one with the
 * same grants and no site limit.
 */
let ctx: TestContext;
let world: ProjectWorld;
type Doc = typeof documents.$inferSelect & { body: string };
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
  } = await threeCallers(ctx, 'SS-1'));
  const day = Date.UTC(2026, 0, 1);
  const docs = await ctx.db
    .insert(documents)
    .values(
      Array.from({ length: 60 }, (_, i) => ({
        projectId: world.projectId,
        folderId: [a, b, c][i % 3],
        name: `${['Protocol', 'consent', 'Pharmacovigilance plan', '药物警戒计划'][i % 4]} ${i}`,
        fileCode: `SS-${String(i).padStart(3, '0')}`,
        status: [1, 2, 6][i % 4 === 0 ? 2 : i % 2],
        central: i % 5 === 0,
        siteId: i % 5 === 0 ? null : [s1, s2][i % 2],
        createdBy: world.pm.id,
        updatedAt: new Date(day + ((i * 13) % 60) * 3_600_000),
        deletedAt: i % 11 === 0 ? new Date() : null,
      })),
    )
    .returning();
  // Each document's text: the common word in most, the rare ones in some, repeated so the ranks differ.
  const bodies = new Map(
    docs.map((d, i) => [
      d.id,
      [
        ...(i % 6 === 5 ? [] : ['common']),
        ...Array.from({ length: i % 7 === 0 ? 1 + (i % 3) : 0 }, () => 'pharmacovigilance'),
        ...(i % 5 === 1 ? ['药物警戒'] : []),
        'filler words',
      ].join(' '),
    ]),
  );
  await ctx.db.execute(sql`
    insert into document_versions (document_id, version_no, sha256, size, file_name, extension, mime_type, created_by)
    select d.id, 'V1.0', md5(d.id::text), 1, 'f.pdf', 'pdf', 'application/pdf', d.created_by
    from documents d where d.project_id = ${world.projectId}`);
  await ctx.db.execute(sql`
    update documents d set current_version_id = v.id from document_versions v
    where v.document_id = d.id and d.project_id = ${world.projectId}`);
  const texts = JSON.stringify([...bodies].map(([id, body]) => ({ id, body, tsv: tsvectorOf(body) })));
  await ctx.db.execute(sql`
    insert into content_texts (sha256, extension, state, pages, chars, tsv)
    select md5(x.id::text), 'pdf', 2, 1, length(x.body), x.tsv::tsvector
    from jsonb_to_recordset(${texts}::jsonb) as x(id int, body text, tsv text)`);
  await ctx.db.execute(sql`
    insert into content_pages (sha256, page, body, tsv)
    select md5(x.id::text), 1, x.body, x.tsv::tsvector
    from jsonb_to_recordset(${texts}::jsonb) as x(id int, body text, tsv text)`);
  all = (await ctx.db.select().from(documents).where(eq(documents.projectId, world.projectId))).map((d) => ({
    ...d,
    body: bodies.get(d.id)!,
  }));
}, 120_000);
afterAll(() => ctx.close());

type Query = Record<string, string | number>;

/** The answer as the rule says it, from every document of the project; `walked`: more match than are ranked. */
async function expected(p: (typeof people)[number], q: Query, walked: boolean) {
  const parsed = parseQuery(String(q.q));
  const inText = (d: Doc, word: string) => d.body.split(' ').includes(word);
  const inMeta = (d: Doc, word: string) =>
    d.name.toLowerCase().includes(word.toLowerCase()) || !!d.fileCode?.toLowerCase().includes(word.toLowerCase());
  const has = (d: Doc, word: string) => inText(d, word) || inMeta(d, word);
  const words = parsed.clauses.flat().map((t) => t.text);
  const rows = all.filter(
    (d) =>
      d.deletedAt === null &&
      (!p.folders || p.folders.includes(d.folderId!)) &&
      (!q.folderId || d.folderId === q.folderId) &&
      (!p.sites || d.central || p.sites.includes(d.siteId!)) &&
      (!q.status || d.status === q.status) &&
      parsed.clauses.every((terms) => terms.some((t) => has(d, t.text))) &&
      !parsed.exclude.some((t) => has(d, t.text)),
  );
  // The text's rank of the words, as PostgreSQL computes it.
  const ranks = new Map(
    (
      await ctx.db.execute<{ id: number; rank: number }>(sql`
        select d.id, ts_rank_cd(t.tsv, ${anyTermQuery(parsed)}::tsquery) as rank from documents d
        join document_versions v on v.id = d.current_version_id join content_texts t on t.sha256 = v.sha256
        where d.project_id = ${world.projectId}`)
    ).rows.map((r) => [r.id, r.rank]),
  );
  const meta = (d: Doc) => words.some((w) => inMeta(d, w));
  const ranked = !walked && q.sort !== 'date';
  rows.sort(
    (x, y) =>
      (ranked ? Number(meta(y)) - Number(meta(x)) || ranks.get(y.id)! - ranks.get(x.id)! : 0) ||
      y.updatedAt.getTime() - x.updatedAt.getTime() ||
      y.id - x.id,
  );
  const size = Number(q.pageSize ?? 20);
  const from = (Number(q.pageNum ?? 1) - 1) * size;
  return {
    hits: rows.slice(from, from + size).map((d) => ({
      fileId: d.id,
      inMeta: meta(d),
      page: words.some((w) => inText(d, w)) ? 1 : null,
    })),
    total: rows.length,
    ranked: ranked || q.sort === 'date' || rows.length === 0,
  };
}

describe('search built once per shape', () => {
  it('answers each caller exactly their documents, ranked and newest first, run after run', async () => {
    const [a] = [...world.folderByIch.values()];
    const queries: Query[] = [
      { q: 'pharmacovigilance' },
      { q: '药物警戒' },
      { q: 'common' },
      { q: 'pharmacovigilance', sort: 'date' },
      { q: 'pharmacovigilance', pageSize: 3 },
      { q: 'common OR pharmacovigilance', pageSize: 5, pageNum: 2 },
      { q: 'common', pageSize: 7, pageNum: 3 },
      { q: 'common', pageSize: 7, pageNum: 9 },
      { q: 'common', status: 6 },
      { q: 'pharmacovigilance', folderId: a },
      { q: 'common -pharmacovigilance' },
      { q: 'pharmacovigilance OR 药物警戒', pageSize: 50 },
      { q: 'consent common' },
    ];
    const limit = ctx.deps.config.SEARCH_RANK_LIMIT;
    let compared = 0;
    try {
      for (const walked of [false, true]) {
        // Every query then "matches more than it ranks": the walk answers.
        ctx.deps.config.SEARCH_RANK_LIMIT = walked ? 0 : limit;
        for (const p of people)
          for (const q of queries) {
            const want = await expected(p, q, walked);
            const path = `/file/search?${new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)] as [string, string]))}`;
            for (let run = 0; run < 6; run++) {
              const got = (await client(ctx.app, p.person.token).get(path)).json().data;
              expect(
                {
                  hits: got.data.map((h: { fileId: number; inMeta: boolean; page: number | null }) => ({
                    fileId: h.fileId,
                    inMeta: h.inMeta,
                    page: h.page,
                  })),
                  total: got.total,
                  ranked: got.ranked,
                },
                `${p.label} ${path}${walked ? ' walked' : ''}`,
              ).toEqual(want);
            }
            if (want.hits.length > 0) compared++;
          }
      }
    } finally {
      ctx.deps.config.SEARCH_RANK_LIMIT = limit;
    }
    // Not a comparison of empty pages: all but the pages past the last had rows.
    expect(compared).toBeGreaterThan(2 * people.length * (queries.length - 3));
  });
});
