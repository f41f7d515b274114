import { documentRoutes } from '@edoc/contract/document-routes';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { createProjectWorld, SAMPLE } from '../test/factories.ts';
import { prepareDatabase } from '../test/global-setup.ts';
import { waitFor } from '../test/nodes.ts';
import { debianPgBin, startPgPair, type PgPair } from '../test/pg-replica.ts';
import { client } from '../test/requests.ts';
import { createDb, type Db, type Tx } from './client.ts';
import { lsnValue } from '@edoc/contract/read-replica';
import { createReadReplicas, type ReadReplicas } from './replicas.ts';
import { inSharedSnapshot } from './shared-snapshot.ts';

/*
 * Issue 30 part 3 against a real primary and a streaming replica made by pg_basebackup (Debian's PostgreSQL, which
 * .ci/run installs; without it the file is skipped outside CI and fails in CI).
 */

const bin = debianPgBin();
if (!bin && process.env.CI === 'true') throw new Error('Debian PostgreSQL (pg_basebackup) is needed in CI');

let pair: PgPair;
const dbOn = (url: string, database: string) => Object.assign(new URL(url), { pathname: `/${database}` }).toString();

beforeAll(async () => {
  if (bin) pair = await startPgPair(bin);
}, 60_000);
afterAll(() => pair?.stop());

describe.skipIf(!bin)('read replicas', () => {
  let primary: Db;
  let replicaAdmin: Db;
  let reads: ReadReplicas;
  beforeAll(() => {
    primary = createDb(pair.primaryUrl, 2);
    replicaAdmin = createDb(pair.replicaUrl, 1);
    reads = createReadReplicas(primary, [pair.replicaUrl], { maxLagMs: 1_000, sampleMs: 50, poolSize: 2 });
  });
  afterAll(async () => {
    await reads?.close();
    await primary?.$client.end();
    await replicaAdmin?.$client.end().catch(() => undefined);
  });

  it('reads from a replica that has replayed the caller’s write, else the primary; skips one that lags or is down', async () => {
    await waitFor('the replica up', async () => (await reads.sample(), reads.pick(null)), 20_000, 50);
    await primary.execute(sql`create table probe (n int)`);
    await primary.execute(sql`insert into probe values (1)`);
    const first = lsnValue(await reads.primaryLsn(primary));
    const replica = await waitFor(
      'the write replayed',
      async () => (await reads.sample(), reads.pick(first)),
      10_000,
      50,
    );
    expect((await replica.execute<{ n: number }>(sql`select n from probe`)).rows).toEqual([{ n: 1 }]);

    // Replay paused: a caller whose write it has not replayed reads the primary; others still read the replica
    // until it is further behind than the bound.
    await replicaAdmin.execute(sql`select pg_wal_replay_pause()`);
    await primary.execute(sql`insert into probe values (2)`);
    const second = lsnValue(await reads.primaryLsn(primary));
    await reads.sample();
    expect(reads.pick(second)).toBeNull();
    expect(reads.pick(first)).not.toBeNull();
    await waitFor('the lag past its bound', async () => (await reads.sample(), reads.pick(null) === null), 10_000, 50);
    expect(reads.states()[0]).toMatchObject({ up: true });
    expect(reads.states()[0].lagMs).toBeGreaterThan(1_000);
    await replicaAdmin.execute(sql`select pg_wal_replay_resume()`);
    await waitFor('caught up again', async () => (await reads.sample(), reads.pick(second)), 10_000, 50);

    // Down (a crash), then back: skipped meanwhile, taken again once it answers.
    pair.stopReplica();
    await reads.sample();
    expect(reads.pick(null)).toBeNull();
    expect(reads.states()[0]).toMatchObject({ up: false });
    pair.startReplica();
    await waitFor('the replica back', async () => (await reads.sample(), reads.pick(null)), 20_000, 100);
    // A primary is never taken for a replica (it is not in recovery).
    const wrong = createReadReplicas(primary, [pair.primaryUrl], { maxLagMs: 1_000, sampleMs: 50 });
    await wrong.sample();
    expect(wrong.pick(null)).toBeNull();
    expect(wrong.states()[0]).toMatchObject({ up: false, error: 'not a standby' });
    await wrong.close();
  }, 60_000);

  it("shares one snapshot across a replica's connections too (the TMF health summary, db/shared-snapshot.ts)", async () => {
    // A pool of its own: the replica set's sampler takes connections of its pool every 50 ms.
    const replica = createDb(pair.replicaUrl, 2);
    try {
      const count = async (tx: Tx) =>
        (await tx.execute<{ n: number }>(sql`select count(*)::int as n from probe`)).rows[0].n;
      await waitFor('the rows replayed', async () => (await count(replica)) === 2, 20_000, 50);
      const seen = await inSharedSnapshot(replica, 2, async (_, lanes) => ({
        lanes: lanes.count,
        counts: await Promise.all([lanes.run(count), lanes.run(count)]),
      }));
      expect(seen).toEqual({ lanes: 2, counts: [2, 2] });
    } finally {
      await replica.$client.end();
    }
  });

  describe('through the API', () => {
    let ctx: TestContext;
    beforeAll(async () => {
      await primary.execute(sql`create database edoc_tpl`);
      await prepareDatabase(dbOn(pair.primaryUrl, 'edoc_tpl'));
      // A bound long enough that a paused replica stays in use: the test tells replica reads from primary reads.
      ctx = await createTestContext(
        { READ_REPLICA_MAX_LAG_MS: '600000' },
        { templateUrl: dbOn(pair.primaryUrl, 'edoc_tpl'), replicasOf: (name) => [dbOn(pair.replicaUrl, name)] },
      );
    }, 60_000);
    afterAll(() => ctx?.close());

    it("shows a user's own upload at once while others' lists come from the replica", async () => {
      const world = await createProjectWorld(ctx, 'RR-1');
      const folderId = [...world.folderByIch.values()][0];
      const api = client(ctx.app, world.pm.token);
      const reads = ctx.deps.reads!;
      const now = lsnValue(await reads.primaryLsn(ctx.db));
      await waitFor('the replica has the project', async () => (await reads.sample(), reads.pick(now)), 20_000, 50);
      await replicaAdmin.execute(sql`select pg_wal_replay_pause()`);
      try {
        const saved = await api.callUpload(documentRoutes.upload, {
          fields: { folderId, name: 'Replica plan' },
          file: { name: 'plan.pdf', content: SAMPLE.pdf() },
        });
        expect(saved.statusCode).toBe(200);
        const lsn = saved.headers['x-edoc-lsn'];
        expect(lsnValue(String(lsn))).not.toBeNull();
        const names = async (headers: Record<string, string>) =>
          (await api.call(documentRoutes.list, { query: { folderId }, headers })).data.data.map((d) => d.file_name);
        // Its writer, naming the write: the primary (the replica has not replayed it).
        expect(await names({ 'x-edoc-min-lsn': String(lsn) })).toContain('Replica plan');
        // A read naming no write goes to the replica, paused before the upload.
        expect(await names({})).not.toContain('Replica plan');
        // A bad header is no write: the replica.
        expect(await names({ 'x-edoc-min-lsn': 'nonsense' })).not.toContain('Replica plan');
      } finally {
        await replicaAdmin.execute(sql`select pg_wal_replay_resume()`);
      }
      await waitFor(
        'the replica has the upload',
        async () =>
          (await api.call(documentRoutes.list, { query: { folderId } })).data.data.some(
            (d) => d.file_name === 'Replica plan',
          ),
        20_000,
        100,
      );
      // /health says how each replica is (not where it is: that answer is public).
      expect((await client(ctx.app).get('/health')).json().data.replicas).toEqual([
        { up: true, lagMs: expect.any(Number) },
      ]);
      // A read answers no X-Edoc-Lsn; only writes do.
      expect((await api.call(documentRoutes.list, { query: { folderId } })).headers['x-edoc-lsn']).toBeUndefined();
    }, 60_000);
  });
});
