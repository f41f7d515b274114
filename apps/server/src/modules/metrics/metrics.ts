import { timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { JOB_PAYLOADS } from '../../jobs/payloads.ts';
import type { Deps } from '../../lib/deps.ts';
import { sha256 } from '../../lib/crypto.ts';

/*
 * /metrics in the Prometheus text format (issue 29 part 6), for an operations team's scraper: requests by route and
 * status with their durations, job queues by kind and state, Office conversions and text extractions by state, the
 * database pool, sign-in failures, and Node's own (memory, CPU, event loop). Off unless METRICS_TOKEN is set, then
 * only with that token as a bearer: it says how busy the installation is, which is nobody else's business.
 */

/** One registry per process: a process's counters, read by every app it serves (tests build several). */
const registry = new Registry();
collectDefaultMetrics({ register: registry, prefix: 'edoc_node_' });

const requests = new Histogram({
  name: 'edoc_http_request_duration_seconds',
  help: 'HTTP requests by method, route (its pattern, not the address) and status, with their durations.',
  labelNames: ['method', 'route', 'status'],
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

const signInFailures = new Counter({
  name: 'edoc_sign_in_failures_total',
  help: 'Sign-ins refused for a wrong e-mail, password or captcha, by this process.',
  registers: [registry],
});

/** Counted where a failed sign-in is recorded (auth/sign-in-guard.ts). */
export const countSignInFailure = () => signInFailures.inc();

const gauge = (name: string, help: string, labelNames: string[] = []) =>
  new Gauge({ name, help, labelNames, registers: [registry] });
const jobs = gauge('edoc_jobs', 'Jobs in the queues, by queue and state (pg-boss).', ['queue', 'state']);
const conversions = gauge('edoc_conversions', 'Office renditions by state.', ['state']);
const extractions = gauge('edoc_text_extractions', 'Contents waiting for, in or past text extraction, by state.', [
  'state',
]);
const pool = gauge('edoc_db_pool_connections', "This process's database pool: connections by state.", ['state']);

/** pg-boss's job states. */
const JOB_STATES = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'];
const RENDITION_STATES = ['waiting', 'converting', 'done', 'failed'];
const TEXT_STATES = ['waiting', 'extracting', 'done', 'no_text', 'failed', 'unavailable'];

/** The figures read from the database at each scrape: the queues are shared by every node, so each node says all. */
async function readShared(deps: Deps) {
  const queued = await deps.db
    .execute<{ name: string; state: string; n: number }>(
      sql`select name, state::text, count(*)::int as n from pgboss.job group by 1, 2`,
    )
    .catch(() => ({ rows: [] }));
  jobs.reset();
  // Every queue and state is said, zero too, so a queue that empties reads 0 rather than vanishing.
  for (const queue of Object.keys(JOB_PAYLOADS)) for (const state of JOB_STATES) jobs.set({ queue, state }, 0);
  for (const r of queued.rows) jobs.set({ queue: r.name, state: r.state }, r.n);
  const byState = async (table: 'renditions' | 'content_texts', names: string[], g: Gauge) => {
    const r = await deps.db.execute<{ state: number; n: number }>(
      sql`select state, count(*)::int as n from ${sql.identifier(table)} group by 1`,
    );
    g.reset();
    for (const name of names) g.set({ state: name }, 0);
    for (const row of r.rows) g.set({ state: names[row.state] ?? String(row.state) }, row.n);
  };
  await byState('renditions', RENDITION_STATES, conversions);
  await byState('content_texts', TEXT_STATES, extractions);
  const client = deps.db.$client;
  pool.set({ state: 'total' }, client.totalCount);
  pool.set({ state: 'idle' }, client.idleCount);
  pool.set({ state: 'waiting' }, client.waitingCount);
}

const sameSecret = (given: string, expected: string) =>
  timingSafeEqual(Buffer.from(sha256(Buffer.from(given))), Buffer.from(sha256(Buffer.from(expected))));

/** Times every request of the app, and serves GET /metrics when a token is configured. */
export function registerMetrics(app: FastifyInstance, deps: Deps): void {
  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern keeps the label set small; an address no route matched counts as 'unmatched'.
    const route = request.routeOptions.url ?? 'unmatched';
    requests.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });
  const token = deps.config.METRICS_TOKEN;
  // Not in the API's document: an operator's endpoint outside /edoc, described in the README.
  app.get('/metrics', { logLevel: 'warn', schema: { hide: true } }, async (request, reply) => {
    const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!token) return reply.status(404).send();
    if (!given || !sameSecret(given, token))
      return reply.status(401).header('www-authenticate', 'Bearer realm="metrics"').send();
    await readShared(deps);
    return reply.header('content-type', registry.contentType).send(await registry.metrics());
  });
}
