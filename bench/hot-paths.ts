// Parts 3 and 5 of `npm run bench` (run.ts): the 100,000 documents a user lives in, their folder page, name searches,
// Home's task list and search inside their text, each next to the same SQL; and the project they are in, for part 15.
// With BENCH_KEEP the project and what was seeded into it are kept with the database for the next run.
import fs from 'node:fs/promises';
import path from 'node:path';
import { authRoutes } from '@edoc/contract/auth-routes';
import { projectEntryRoutes } from '@edoc/contract/project-routes';
import { searchRoutes } from '@edoc/contract/search-routes';
import type { Db } from '../apps/server/src/db/client.ts';
import { dataOf, type CallRoute } from './calls.ts';
import {
  listingSql,
  makeProject,
  type Project,
  seedDocuments,
  seedTasks,
  sqlLoad,
  taskSql,
  uploadBench,
} from './documents.ts';
import { profiled } from './profile.ts';
import { SEARCH_CASES, searchSql, seedTexts, singleClient } from './search.ts';

type Figures = { rps: number; p50: number; p99: number };

export interface HotPathsRun {
  db: Db;
  owner: Db;
  calls: CallRoute;
  appUrl: string;
  dataDir: string;
  /** BENCH_KEEP: the project is kept in dataDir's bench-project.json with the stages seeded into it. */
  keep: boolean;
  /** The part asked for (`npm run bench -- listing`), null for a plain run. */
  only: string | null;
  docs: number;
  seconds: number;
  connections: number;
  load: (url: string, headers?: Record<string, string>) => Promise<Figures>;
  row: (name: string, r: Figures) => string;
}

/** BENCH_CASES=<words>: only the listing and search cases whose label holds them (`rare Chinese`, `folder page`). */
const wanted = (label: string) => !process.env.BENCH_CASES || label.includes(process.env.BENCH_CASES);

/** BENCH_KEEP's project of an earlier run, signed in again, and what was seeded into it. */
async function keptProject(file: string, calls: CallRoute) {
  const saved = await fs.readFile(file, 'utf8').then(
    (text) => JSON.parse(text) as { project: Project; seeded: string[] },
    () => null,
  );
  if (!saved) return null;
  const { email, password } = saved.project;
  const { token } = await calls(null, authRoutes.login, { body: { email, password } });
  await calls(token, projectEntryRoutes.enter, { body: { studyId: saved.project.projectId } });
  return { project: { ...saved.project, token }, seeded: new Set(saved.seeded) };
}

/** Runs parts 3 and 5 as `only` asks (none for interaction, which needs only the seeded project) and returns it. */
export async function hotPathsBench(r: HotPathsRun): Promise<Project> {
  const { db, owner, appUrl, only } = r;
  const keptFile = path.join(r.dataDir, 'bench-project.json');
  const kept = r.keep ? await keptProject(keptFile, r.calls) : null;
  const project = kept?.project ?? (await makeProject(db, r.calls));
  const seeded = kept?.seeded ?? new Set<string>();
  const seed = async (stage: string, label: string, work: () => Promise<unknown>) => {
    if (seeded.has(stage)) return;
    const t = Date.now();
    await work();
    if (label) console.log(`\n${label} in ${((Date.now() - t) / 1000).toFixed(1)} s`);
    seeded.add(stage);
    if (r.keep) await fs.writeFile(keptFile, JSON.stringify({ project, seeded: [...seeded] }));
  };
  /** An HTTP load and its SQL's, printed with their throughputs' ratio. */
  const compare = async (label: string, profile: string, url: string, sql: ReturnType<typeof listingSql>) => {
    const auth = { authorization: `Bearer ${project.token}` };
    const http = await profiled(profile, () => r.load(url, auth));
    const direct = await sqlLoad(db, sql, r.seconds, r.connections);
    console.log(r.row(`${label} HTTP`, http));
    console.log(r.row(`${label} SQL`, direct));
    console.log(`ratio HTTP : SQL   throughput ${(http.rps / direct.rps).toFixed(3)}`);
  };

  if (!only) {
    const up = await uploadBench(appUrl, project, r.dataDir);
    console.log(
      `\nupload 200 MB: ${up.mbps.toFixed(0)} MB/s   cp + sha256sum: ${up.baseMbps.toFixed(0)} MB/s   ratio ${(up.mbps / up.baseMbps).toFixed(2)}   process RSS growth ${up.rssGrowthMb.toFixed(0)} MB`,
    );
  }
  await seed('documents', `${r.docs.toLocaleString('en-US')} documents seeded`, () =>
    seedDocuments(db, owner, project, r.docs),
  );
  const listings = only !== 'interaction';
  const cases: Array<[string, number | null, string | null]> = [
    ['folder page (2,000 docs)', project.folderIds[3], null],
    ['name search 研究者手册 (all folders)', null, '研究者手册'],
    ['code search DOC-00123 (all folders)', null, 'DOC-00123'],
  ];
  for (const [label, folderId, name] of listings ? cases.filter(([label]) => wanted(label)) : []) {
    const q = new URLSearchParams({ pageNum: '1', pageSize: '20' });
    if (folderId) q.set('folderId', String(folderId));
    if (name) q.set('name', name);
    const url = `${appUrl}/edoc/folder/workspace/file/list?${q}`;
    await compare(label, `listing-${folderId ? 'folder' : 'name'}`, url, listingSql(project, folderId, name));
  }

  // Home's task list (issue 30): a page of the administrator's 2,000 open tasks next to the same SQL.
  if (listings && wanted('pending tasks')) {
    await seed('tasks', '', () => seedTasks(db, owner, project));
    const url = `${appUrl}/edoc/task/list?state=pending&pageNum=1&pageSize=20`;
    await compare('pending tasks (2,000)', 'tasks', url, taskSql(project));
  }

  if (only !== 'listing')
    await seed('texts', 'their text (about 2.5 KB each) indexed', () => seedTexts(db, owner, project));
  for (const [label, words] of listings && only !== 'listing' ? SEARCH_CASES.filter(([label]) => wanted(label)) : []) {
    const q = new URLSearchParams({ q: words, pageSize: '20' });
    const target = `${appUrl}/edoc/file/search?${q}`;
    const auth = { authorization: `Bearer ${project.token}` };
    const once = () => fetch(target, { headers: auth }).then((res) => res.json());
    const hits = dataOf(searchRoutes.search, await once());
    const queries = searchSql(project, words, !hits.ranked);
    const httpOne = await singleClient(once);
    const sqlOne = await singleClient(async () => {
      for (const query of queries) await db.execute(query);
    });
    const http = await profiled(`search-${words}`, () => r.load(target, auth));
    const direct = await sqlLoad(db, queries, r.seconds, r.connections);
    console.log(`search ${label}: ${hits.total}${hits.capped ? '+' : ''} hits${hits.ranked ? '' : ', newest first'}`);
    console.log(
      `  one client  HTTP p50 ${httpOne.p50.toFixed(1)} ms p99 ${httpOne.p99.toFixed(1)} ms   SQL p50 ${sqlOne.p50.toFixed(1)} ms p99 ${sqlOne.p99.toFixed(1)} ms`,
    );
    console.log(
      `  ${r.connections} clients  HTTP ${http.rps.toFixed(0)} req/s   SQL ${direct.rps.toFixed(0)} req/s   ratio ${(http.rps / direct.rps).toFixed(3)}`,
    );
  }
  return project;
}
