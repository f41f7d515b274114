import { sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { reclaimAbandonedJobs } from './jobs.ts';

// Issue 9, finding 10: a download pack whose worker was killed mid-write said "packing" for 6 hours.
let ctx: TestContext;
let boss: PgBoss;
const QUEUE = 'probe.abandoned';

beforeAll(async () => {
  ctx = await createTestContext();
  boss = new PgBoss({ connectionString: ctx.deps.config.DATABASE_URL!, supervise: false, schedule: false });
  await boss.start();
  await boss.createQueue(QUEUE);
});
afterAll(async () => {
  await boss.stop({ graceful: false });
  await ctx.close();
});

async function runningJob(worker: string, secondsSinceBeat: number) {
  const id = await boss.send(QUEUE, {}, { retryLimit: 2, expireInSeconds: 6 * 3600 });
  const [job] = await boss.fetch(QUEUE);
  expect(job.id).toBe(id);
  await ctx.db.execute(
    sql`INSERT INTO job_runs (job_id, queue, worker, beat_at) VALUES (${id}, ${QUEUE}, ${worker}, now() - make_interval(secs => ${secondsSinceBeat}))`,
  );
  return id!;
}

describe('jobs of a worker that stopped', () => {
  it('are handed back for retry a minute after its last heartbeat, not when their expiry (hours) ends', async () => {
    const abandoned = await runningJob('killed-worker', 90);
    const alive = await runningJob('live-worker', 5);
    expect(await reclaimAbandonedJobs(boss)).toBe(1);
    expect((await boss.getJobById(QUEUE, abandoned))?.state).toBe('retry');
    expect((await boss.getJobById(QUEUE, alive))?.state).toBe('active');
    const left = await ctx.db.execute<{ job_id: string }>(sql`SELECT job_id FROM job_runs`);
    expect(left.rows.map((r) => r.job_id)).toEqual([alive]);
  });
});
