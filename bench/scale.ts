// Issue 13 figures at a large sponsor's scale: 1,000,000 documents (metadata only) in one project. A folder page,
// the first and the 500th page of All Files and name searches, single-client p50 / p99 over HTTP, next to a
// hand-written query over the same rows that reads only the index (the least any listing could do).
import { documentRoutes } from '@edoc/contract/document-routes';
import { folderRoutes } from '@edoc/contract/folder-routes';
import { API_BASE } from '@edoc/contract/limits';
import { sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/client.ts';
import { dataOf } from './calls.ts';
import type { Project } from './documents.ts';
import { singleClient } from './search.ts';

const PAGE = 20;

/** How many rows a listing's answer counts (its data checked by the route's schema). */
const listCount = (body: unknown): { total?: number; capped?: boolean } => dataOf(documentRoutes.list, body);
/** The tree counts no rows of its own: its answer is only checked. */
const treeCount = (body: unknown): { total?: number; capped?: boolean } => {
  dataOf(folderRoutes.tree, body);
  return {};
};

/** The index-only least: ids of one page in the lists' order, and the count up to the cap. */
function leastSql(p: Project, opts: { folderId?: number; name?: string; pageNum?: number }) {
  const where = sql`project_id = ${p.projectId} and deleted_at is null
    ${opts.folderId ? sql`and folder_id = ${opts.folderId}` : sql``}
    ${opts.name ? sql`and (name ilike ${`%${opts.name}%`} or file_code ilike ${`%${opts.name}%`})` : sql``}`;
  return [
    sql`select count(*) from (select 1 from documents where ${where} limit 10001) as n`,
    sql`select id from documents where ${where} order by updated_at desc, id desc
        limit ${PAGE} offset ${((opts.pageNum ?? 1) - 1) * PAGE}`,
  ];
}

export async function scaleBench(db: Db, appUrl: string, p: Project) {
  const auth = { authorization: `Bearer ${p.token}` };
  const cases: Array<[string, { folderId?: number; name?: string; pageNum?: number }]> = [
    ['folder page (20,000 docs)', { folderId: p.folderIds[3] }],
    ['All Files, page 1', {}],
    ['All Files, page 500', { pageNum: 500 }],
    ['name search 研究者手册 (125,000)', { name: '研究者手册' }],
    ['name search Protocol (125,000)', { name: 'Protocol' }],
    ['name search 监查报告 99 (part of a name)', { name: '监查报告 99' }],
    ['code search DOC-00123 (100)', { name: 'DOC-00123' }],
  ];
  const listing = cases.map(([label, opts]) => {
    const q = new URLSearchParams({ pageNum: String(opts.pageNum ?? 1), pageSize: String(PAGE) });
    if (opts.folderId) q.set('folderId', String(opts.folderId));
    if (opts.name) q.set('name', opts.name);
    return [label, `${documentRoutes.list.path}?${q}`, leastSql(p, opts), listCount] as const;
  });
  // The folder tree with every folder's count of live documents.
  const tree = [
    'folder tree with counts',
    folderRoutes.tree.path,
    [
      sql`select folder_id, count(*) from documents where project_id = ${p.projectId} and deleted_at is null
          group by folder_id`,
    ],
    treeCount,
  ] as const;
  for (const [label, path, queries, countOf] of [...listing, tree]) {
    const target = `${appUrl}${API_BASE}${path}`;
    // What is timed is the request and its JSON, as the web makes them; the answer is read by its route once, after.
    const once = (): Promise<unknown> =>
      fetch(target, { headers: auth }).then(async (r) => {
        if (!r.ok) throw new Error(`${target}: ${r.status}`);
        return r.json();
      });
    const answer = countOf(await once());
    const http = await singleClient(once, 100);
    const least = await singleClient(async () => {
      for (const query of queries) await db.execute(query);
    }, 100);
    console.log(
      `${label.padEnd(34)} ${String(answer.total ?? '').padStart(6)}${answer.capped ? '+' : ' '}  HTTP p50 ${http.p50.toFixed(1)} ms p99 ${http.p99.toFixed(1)} ms   index only p50 ${least.p50.toFixed(1)} ms p99 ${least.p99.toFixed(1)} ms`,
    );
  }
}
