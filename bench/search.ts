// Issue 13 figures: search inside 100,000 documents with extracted text (a few KB each, Chinese and English words
// drawn with Zipf-like frequencies), a rare and a common term in each language: single-client p50 / p99 over HTTP
// next to the same SQL straight on the pool, and 20-connection requests/s.
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/client.ts';
import { tsqueryOf, tsvectorOf } from '../apps/server/src/modules/search/lexemes.ts';
import { parseQuery } from '@edoc/contract/search';
import { settle, type Project } from './documents.ts';

const EN =
  'study protocol patient dose safety adverse event report visit monitoring consent form investigator site data clinical trial drug placebo randomisation analysis efficacy endpoint'.split(
    ' ',
  );
const ZH =
  '研究 方案 受试者 剂量 安全性 不良事件 报告 访视 监查 知情同意 研究者 中心 数据 临床 试验 药物 安慰剂 随机 分析 疗效 终点'.split(
    ' ',
  );

/** A word by rank with a Zipf-like law: the first words are very common, the later ones rare. */
function zipf(words: string[], random: () => number): string {
  const r = random();
  return words[Math.min(words.length - 1, Math.floor(Math.pow(r, 3) * words.length))];
}

/** A seeded pseudo-random sequence: the same corpus every run. */
function seeded(seed: number) {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
}

/**
 * The text of each document's current version: ~2.5 KB of common words, and in every 1,500th document a rare word
 * of each language (67 documents hold them), written as content_texts/content_pages rows as extraction would.
 */
export async function seedTexts(db: Db, owner: Db, p: Project) {
  const random = seeded(13);
  const versions = (
    await db.execute<{ sha256: string; n: number }>(sql`
      select v.sha256, row_number() over (order by d.id)::int as n from documents d
      join document_versions v on v.id = d.current_version_id where d.project_id = ${p.projectId}`)
  ).rows;
  for (let i = 0; i < versions.length; i += 500) {
    const rows = versions.slice(i, i + 500).map(({ sha256, n }) => {
      const words: string[] = [];
      for (let w = 0; w < 260; w++) words.push(w % 2 ? zipf(EN, random) : zipf(ZH, random));
      if (n % 1500 === 0) words.push('pharmacovigilance', '药物警戒');
      const body = words.join(' ');
      return { sha256, body, tsv: tsvectorOf(body) };
    });
    await db.execute(sql`
      insert into content_texts (sha256, extension, state, pages, chars, tsv)
      select x.sha256, 'pdf', 2, 1, length(x.body), x.tsv::tsvector
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(sha256 text, body text, tsv text)
      on conflict (sha256) do update set state = 2, tsv = excluded.tsv`);
    await db.execute(sql`
      insert into content_pages (sha256, page, body, tsv)
      select x.sha256, 1, x.body, x.tsv::tsvector
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(sha256 text, body text, tsv text)
      on conflict do nothing`);
  }
  await settle(owner, ['content_texts', 'content_pages']);
}

/**
 * The core of the search's SQL straight on the pool: the count (capped) and the page of 20. A rare word's matches
 * are found through the text index and ranked; a common word's (`walk`, as the app does above SEARCH_RANK_LIMIT) by
 * reading documents newest first, each one's text looked up, until the page is full.
 */
export function searchSql(p: Project, words: string, walk: boolean) {
  const q = tsqueryOf(parseQuery(words))!;
  const visible = sql`d.project_id = ${p.projectId} and d.deleted_at is null
    and d.folder_id = any(${sql.raw(`array[${p.folderIds.join(',')}]`)})`;
  const versions = sql`documents d join document_versions v on v.id = d.current_version_id`;
  if (walk) {
    const where = sql`${visible}
      and coalesce((select t.tsv @@ ${q}::tsquery from content_texts t where t.sha256 = v.sha256), false)`;
    return [
      sql`select count(*) from (select 1 from ${versions} where ${where} limit 10001) as hits`,
      sql`select d.id from ${versions} where ${where} order by d.updated_at desc, d.id desc limit 20`,
    ];
  }
  const where = sql`${visible} and t.tsv @@ ${q}::tsquery`;
  const from = sql`${versions} join content_texts t on t.sha256 = v.sha256`;
  return [
    sql`select count(*) from (select 1 from ${from} where ${where} limit 10001) as hits`,
    sql`select d.id, ts_rank_cd(t.tsv, ${q}::tsquery) as rank from ${from} where ${where}
        order by rank desc, d.updated_at desc, d.id desc limit 20`,
  ];
}

/** One client, one request after another: p50 and p99 of `n` calls. */
export async function singleClient(call: () => Promise<unknown>, n = 200) {
  const latencies: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await call();
    latencies.push(performance.now() - t);
  }
  latencies.sort((a, b) => a - b);
  return { p50: latencies[Math.floor(n * 0.5)], p99: latencies[Math.floor(n * 0.99)] };
}

export const SEARCH_CASES: Array<[label: string, words: string]> = [
  ['rare English (67 docs)', 'pharmacovigilance'],
  ['rare Chinese (67 docs)', '药物警戒'],
  ['common English (>10,000)', 'study'],
  ['common Chinese (>10,000)', '研究'],
];
