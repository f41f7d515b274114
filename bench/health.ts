// Issue 27 figures (`npm run bench -- health`): a project with 500 sites in 20 countries on a model of 250
// artifacts, about 200,000 expected items and 1,000,000 documents (health-seed.ts). Each figure next to its
// baseline of the same run: the generation through its route next to the bare INSERT … SELECT of the same rows;
// the dashboard (GET /tmf-health/summary), single client over HTTP, next to the same SQL alone (the service's
// queries in one read-only transaction, no HTTP); the drill-downs' p99; and how long a document filed through the
// upload route takes to show in the figures. Targets (issue 27): generation ≤ 10 s, summary p99 ≤ 200 ms, a
// drill-down p99 ≤ 50 ms, filing to figures ≤ 1 s.
import { performance } from 'node:perf_hooks';
import { authRoutes } from '@edoc/contract/auth-routes';
import { documentRoutes } from '@edoc/contract/document-routes';
import { expectedRoutes } from '@edoc/contract/expected-routes';
import { API_BASE } from '@edoc/contract/limits';
import { projectEntryRoutes } from '@edoc/contract/project-routes';
import type { TmfGroupBy } from '@edoc/contract/tmf-health';
import { tmfHealthRoutes } from '@edoc/contract/tmf-health-routes';
import fs from 'node:fs/promises';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../apps/server/src/db/client.ts';
import { members } from '../apps/server/src/db/schema/projects.ts';
import { wantedItems } from '../apps/server/src/modules/expected/expected-generate.ts';
import { ensureShippedMilestoneTypes } from '../apps/server/src/modules/milestone/milestone-shipped.ts';
import { summaryOf } from '../apps/server/src/modules/tmf-health/tmf-health.service.ts';
import { wholeProjectScope, type HealthScope } from '../apps/server/src/modules/tmf-health/tmf-health.policy.ts';
import { dataOf, type CallRoute } from './calls.ts';
import { settle, type Project } from './documents.ts';
import { DOCUMENTS, readerRole, SCALE, seedDocuments, seedModel, seedPlaces, SITES } from './health-seed.ts';
import { profiled } from './profile.ts';
import { createUser } from './users.ts';

const seconds = (t: number) => ((performance.now() - t) / 1000).toFixed(1);
const ms = (n: number) => `${n.toFixed(1).padStart(7)} ms`;

/** One client, one call after another, as many as fit in about `budget` ms (5 … 100): p50 and p99 (the max
 * below 100 calls). */
async function timed(call: () => Promise<unknown>, budget = 15_000) {
  const t = performance.now();
  await call(); // warm: plans cached, pages in memory
  const n = Math.max(5, Math.min(100, Math.floor(budget / Math.max(1, performance.now() - t))));
  const latencies: number[] = [];
  for (let i = 0; i < n; i++) {
    const s = performance.now();
    await call();
    latencies.push(performance.now() - s);
  }
  latencies.sort((a, b) => a - b);
  return { n, p50: latencies[Math.floor(n * 0.5)], p99: latencies[Math.min(n - 1, Math.floor(n * 0.99))] };
}

const getJson = (url: string, token: string) => async () => {
  const r = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  if (!r.ok) throw new Error(`${url}: ${r.status}`);
  return r.json();
};

/**
 * With BENCH_HEALTH_EXPLAIN=<file>: the bare INSERT … SELECT of the generation once more under EXPLAIN (ANALYZE,
 * BUFFERS), rolled back; its plan appended to the file and its time and each trigger's (foreign keys, cells) printed.
 */
async function explainGeneration(db: Db, projectId: number) {
  const file = process.env.BENCH_HEALTH_EXPLAIN;
  if (!file) return;
  let lines: string[] = [];
  await db
    .transaction(async (tx) => {
      const plan = await tx.execute<{ 'QUERY PLAN': string }>(sql`explain (analyze, buffers) with ${wantedItems(projectId)}
        insert into expected_items (project_id, artifact_id, level, country_id, site_id, occurrence, due_date)
        select ${projectId}, artifact_id, level, country_id, site_id, occurrence, due_date from wanted`);
      lines = plan.rows.map((r) => r['QUERY PLAN']);
      throw new Error('rollback');
    })
    .catch((e: Error) => {
      if (e.message !== 'rollback') throw e;
    });
  await fs.appendFile(file, `-- generation, bare INSERT … SELECT\n${lines.join('\n')}\n`);
  for (const l of lines.filter((x) => /^(Trigger|Execution Time|Planning Time)/.test(x))) console.log(`  ${l}`);
}

/**
 * With BENCH_HEALTH_EXPLAIN=<file>: the summary's queries once more, each under EXPLAIN (ANALYZE, BUFFERS), the
 * plans written to the file and each one's time printed (where the time goes).
 */
async function explainSummary(db: Db, scope: HealthScope, label: string, by: TmfGroupBy = 'zone') {
  const file = process.env.BENCH_HEALTH_EXPLAIN;
  if (!file) return;
  const dialect = new PgDialect();
  const out: string[] = [];
  await db.transaction(async (tx) => {
    const explaining = new Proxy(tx, {
      get(target, prop, receiver) {
        if (prop !== 'execute') return Reflect.get(target, prop, receiver);
        return async (q: SQL) => {
          const plan = await target.execute<{ 'QUERY PLAN': string }>(sql`explain (analyze, buffers) ${q}`);
          const lines = plan.rows.map((r) => r['QUERY PLAN']);
          const text = dialect.sqlToQuery(q).sql.replace(/\s+/g, ' ').trim();
          out.push(`-- ${label}\n${text}\n${lines.join('\n')}\n`);
          const rows = /actual time=[^ ]+ rows=(\d+)/.exec(lines[0])?.[1] ?? '?';
          const time = lines.find((l) => l.startsWith('Execution Time'))?.padEnd(30);
          console.log(`  ${time} ${rows.padStart(7)} rows  ${text.slice(0, 80)}`);
          return target.execute(q);
        };
      },
    }) as Tx;
    await summaryOf(explaining, scope, by, 'en-US');
  });
  await fs.appendFile(file, out.join('\n'));
}

/** A member of the project with `roleId`, limited to `siteIds`, signed in and in the project. */
async function member(db: Db, calls: CallRoute, p: Project, roleId: number, siteIds: number[]) {
  const [{ company_id: companyId }] = (
    await db.execute<{ company_id: number }>(sql`select company_id from projects where id = ${p.projectId}`)
  ).rows;
  const user = await createUser(db, { userType: 3, companyId });
  await db.insert(members).values({ projectId: p.projectId, userId: user.id, roleId, siteIds });
  const { token } = await calls(null, authRoutes.login, { body: { email: user.email, password: user.password } });
  await calls(token, projectEntryRoutes.enter, { body: { studyId: p.projectId } });
  return token;
}

export async function healthBench(db: Db, owner: Db, calls: CallRoute, appUrl: string, p: Project) {
  console.log(`\nTMF health (scale ${SCALE}: ${SITES} sites, ${DOCUMENTS.toLocaleString('en')} documents)`);
  await ensureShippedMilestoneTypes(db);
  const [{ user_id: userId }] = (
    await db.execute<{ user_id: number }>(sql`select user_id from project_members where project_id = ${p.projectId}`)
  ).rows;
  const t0 = performance.now();
  const { folderIds } = await seedModel(db, p, userId);
  const siteIds = await seedPlaces(db, p, userId);
  console.log(`model (250 artifacts), ${SITES} sites and their milestones seeded in ${seconds(t0)} s`);

  // (a) The bare INSERT … SELECT of the rules' rows, rolled back, then the generation through its route.
  const t1 = performance.now();
  await db
    .transaction(async (tx) => {
      await tx.execute(sql`with ${wantedItems(p.projectId)}
        insert into expected_items (project_id, artifact_id, level, country_id, site_id, occurrence, due_date)
        select ${p.projectId}, artifact_id, level, country_id, site_id, occurrence, due_date from wanted`);
      throw new Error('rollback');
    })
    .catch((e: Error) => {
      if (e.message !== 'rollback') throw e;
    });
  const bare = (performance.now() - t1) / 1000;
  await explainGeneration(db, p.projectId);
  await settle(owner, ['expected_items']);
  const t2 = performance.now();
  const made = await profiled('health-generate', () => calls(p.token, expectedRoutes.generate));
  const generation = (performance.now() - t2) / 1000;
  console.log(
    `generation of ${made.created.toLocaleString('en')} items: route ${generation.toFixed(2)} s   bare INSERT … SELECT ${bare.toFixed(2)} s   ratio ${(generation / bare).toFixed(2)}   (target ≤ 10 s)`,
  );

  const t3 = performance.now();
  await seedDocuments(db, owner, p, userId);
  console.log(
    `${DOCUMENTS.toLocaleString('en')} documents, their filings, QC stages and issues seeded in ${seconds(t3)} s`,
  );
  const t4 = performance.now();
  const again = await calls(p.token, expectedRoutes.generate);
  console.log(`regeneration with nothing to change (${again.kept.toLocaleString('en')} kept): ${seconds(t4)} s`);

  // (b) The summary, as the project administrator and as a member limited to one site.
  const siteToken = await member(db, calls, p, await readerRole(db, p, folderIds), [siteIds[0]]);
  const whole = (await db.transaction((tx) => wholeProjectScope(tx, p.projectId)))!;
  const artifactIds = (
    await db.execute<{ id: number }>(sql`select id from tmf_artifacts where model_id = ${whole.modelId}`)
  ).rows.map((r) => r.id);
  const siteScope: HealthScope = { ...whole, artifactIds, siteIds: [siteIds[0]] };
  const summaryUrl = (q: Record<string, string>) =>
    `${appUrl}${API_BASE}${tmfHealthRoutes.summary.path}?${new URLSearchParams(q)}`;
  const sqlAlone = (scope: HealthScope, groupBy: 'zone' | 'site') => () =>
    db.transaction((tx) => summaryOf(tx, scope, groupBy, 'en-US'), {
      isolationLevel: 'repeatable read',
      accessMode: 'read only',
    });
  console.log(
    `\n${'one client'.padEnd(44)} ${'HTTP p50'.padStart(10)} ${'p99'.padStart(10)} ${'SQL p50'.padStart(10)} ${'p99'.padStart(10)}  ratio p99`,
  );
  const cases: Array<[string, string, Record<string, string>, HealthScope, 'zone' | 'site']> = [
    ['summary by zone, administrator', p.token, { groupBy: 'zone' }, whole, 'zone'],
    ['summary by site, administrator', p.token, { groupBy: 'site' }, whole, 'site'],
    ['summary by zone, member of one site', siteToken, { groupBy: 'zone' }, siteScope, 'zone'],
  ];
  for (const [label, token, query, scope, groupBy] of cases) {
    dataOf(tmfHealthRoutes.summary, await getJson(summaryUrl(query), token)());
    const http = await profiled(`health-${label.replace(/\W+/g, '-')}`, () => timed(getJson(summaryUrl(query), token)));
    const alone = await timed(sqlAlone(scope, groupBy));
    console.log(
      `${`${label} (${http.n})`.padEnd(44)} ${ms(http.p50)} ${ms(http.p99)} ${ms(alone.p50)} ${ms(alone.p99)}  ${(http.p99 / alone.p99).toFixed(2)}x   (target p99 ≤ 200 ms)`,
    );
  }

  await explainSummary(db, whole, 'summary by zone, administrator');
  await explainSummary(db, whole, 'summary by site, administrator', 'site');
  await explainSummary(db, siteScope, 'summary by zone, member of one site');

  // (c) The drill-downs' first pages.
  const drill: Array<[string, string, string]> = [
    ['items ?list=missing, administrator', p.token, `${tmfHealthRoutes.items.path}?list=missing&page=1&pageSize=20`],
    [
      'items ?list=missing, member of one site',
      siteToken,
      `${tmfHealthRoutes.items.path}?list=missing&page=1&pageSize=20`,
    ],
    ['late documents, administrator', p.token, `${tmfHealthRoutes.late.path}?page=1&pageSize=20`],
  ];
  for (const [label, token, path] of drill) {
    const http = await timed(getJson(`${appUrl}${API_BASE}${path}`, token));
    console.log(`${`${label} (${http.n})`.padEnd(44)} ${ms(http.p50)} ${ms(http.p99)}   (target p99 ≤ 50 ms)`);
  }

  // (d) A document filed through the upload route on an open item of a once-only site artifact, until the summary
  // counts it filed.
  const [open] = (
    await db.execute<{ folder_id: number; site_id: number }>(sql`
      select f.id as folder_id, i.site_id from expected_items i
      join folders f on f.project_id = i.project_id and f.artifact_id = i.artifact_id
      where i.project_id = ${p.projectId} and i.level = 'site' and i.state = 'expected' and i.occurrence = 1
        and not exists (select 1 from expected_items o where o.project_id = i.project_id
          and o.artifact_id = i.artifact_id and o.site_id = i.site_id and o.occurrence = 2)
      limit 1`)
  ).rows;
  const before = dataOf(tmfHealthRoutes.summary, await getJson(summaryUrl({}), p.token)()).total.filed;
  const t5 = performance.now();
  const form = new FormData();
  form.set('folderId', String(open.folder_id));
  form.set('name', `Filed ${Date.now()}`);
  form.set('central', 'false');
  form.set('siteId', String(open.site_id));
  form.set('documentDate', new Date().toISOString().slice(0, 10));
  form.set('file', new Blob([Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n')]), 'filed.pdf');
  const upload = await fetch(`${appUrl}${API_BASE}${documentRoutes.upload.path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${p.token}` },
    body: form,
  });
  dataOf(documentRoutes.upload, await upload.json());
  const uploaded = performance.now() - t5;
  let polls = 0;
  for (;;) {
    polls++;
    const now = dataOf(tmfHealthRoutes.summary, await getJson(summaryUrl({}), p.token)()).total.filed;
    if (now === before + 1) break;
    if (performance.now() - t5 > 30_000) throw new Error(`the filed document was not counted (${before} → ${now})`);
  }
  console.log(
    `filing to figures: upload ${ms(uploaded)}, counted after ${ms(performance.now() - t5)} (${polls} summary read${polls > 1 ? 's' : ''})   (target ≤ 1 s)`,
  );
}
