import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { TrailType } from '@edoc/contract/enums';
import { asc, sql } from 'drizzle-orm';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trail } from '../db/schema/trail.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { checkpointFolder, createS3Checkpoints } from './checkpoint-s3.ts';
import { writeCheckpoint } from './trail-checkpoint.ts';
import { mac } from './trail-key.ts';
import { verifyTrail } from './trail-verify.ts';
import { recordTrail, type TrailEntry } from './trail.service.ts';

// Issue 9, finding 2: checkpoints go "to the blob store where that is S3 with object lock" as well as to DATA_DIR.
const BUCKET = 'edoc-checkpoints';
let root: string;
let s3rver: S3rver;
let s3env: Record<string, string>;
let ctx: TestContext;
/** The headers of every PutObject this test's client sent, as they went over the wire. */
const sent: Array<Record<string, string>> = [];
let client: S3Client;

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'edoc-checkpoint-s3-'));
  s3rver = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: path.join(root, 's3rver'),
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = (await s3rver.run()) as AddressInfo;
  s3env = {
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_PREFIX: 'site-a',
  };
  ctx = await createTestContext({ ...s3env, S3_OBJECT_LOCK_DAYS: '30' });
  // The product's own client settings, plus a step that notes what each PutObject put on the wire.
  client = new S3Client({
    region: 'us-east-1',
    endpoint: s3env.S3_ENDPOINT,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    requestChecksumCalculation: 'WHEN_REQUIRED',
  });
  client.middlewareStack.add(
    (next) => async (args) => {
      const request = args.request as { method?: string; headers?: Record<string, string> };
      if (request.method === 'PUT') sent.push({ ...request.headers });
      return next(args);
    },
    { step: 'finalizeRequest', name: 'noteHeaders' },
  );
});
afterAll(async () => {
  await ctx?.close({ skipTrailCheck: true });
  await s3rver?.close();
  await fs.rm(root, { recursive: true, force: true });
});

const actor = { actorId: null, actorName: 'test', ip: '127.0.0.1' };
async function write(count: number) {
  for (let i = 0; i < count; i++)
    await recordTrail(ctx.db, actor, {
      type: TrailType.Update,
      objectType: 'probe',
      objectId: i,
      newValue: { i },
    } as unknown as TrailEntry);
  return ctx.db.select().from(trail).orderBy(asc(trail.id));
}

describe('trail checkpoints in S3', () => {
  it('puts each checkpoint as its own object, locked in COMPLIANCE mode for S3_OBJECT_LOCK_DAYS', async () => {
    const copies = createS3Checkpoints(ctx.deps.config, client)!;
    await write(2);
    const checkpoint = (await writeCheckpoint(ctx.db, ctx.deps.config.checkpointFile, copies))!;
    expect(await copies.list()).toEqual([checkpoint]);
    const put = sent.at(-1)!;
    expect(put['x-amz-object-lock-mode']).toBe('COMPLIANCE');
    const until = new Date(put['x-amz-object-lock-retain-until-date']).getTime();
    expect(until - new Date(checkpoint.at).getTime()).toBe(30 * 86_400_000);
    // S3 refuses an object-lock PUT that carries no integrity header.
    expect(put['content-md5']).toMatch(/^[A-Za-z0-9+/]+=*$/);
    // Under S3_PREFIX, beside (not among) the blobs.
    expect(checkpointFolder('site-a')).toBe('site-a/trail-checkpoints/');
  });

  it('sends no lock without S3_OBJECT_LOCK_DAYS, and writes nothing to S3 without S3_BUCKET', async () => {
    const copies = createS3Checkpoints({ ...ctx.deps.config, S3_OBJECT_LOCK_DAYS: undefined }, client)!;
    await write(1);
    await writeCheckpoint(ctx.db, ctx.deps.config.checkpointFile, copies);
    expect(sent.at(-1)!['x-amz-object-lock-mode']).toBeUndefined();
    expect(createS3Checkpoints({ ...ctx.deps.config, S3_BUCKET: undefined })).toBeNull();
  });

  it('catches a removed tail when the local checkpoint file was emptied too, and the CLI reads S3', async () => {
    const copies = createS3Checkpoints(ctx.deps.config)!;
    const rows = await write(4);
    await writeCheckpoint(ctx.db, ctx.deps.config.checkpointFile, copies);
    // The hostile administrator: the newest rows go (trigger silenced), and so does every local checkpoint.
    await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL session_replication_role = replica`);
      await tx.execute(sql`DELETE FROM trail WHERE id >= ${rows[rows.length - 2].id}`);
    });
    await fs.writeFile(ctx.deps.config.checkpointFile, '');
    expect(await verifyTrail(ctx.db, { checkpointFile: ctx.deps.config.checkpointFile })).toMatchObject({ ok: true });
    const report = await verifyTrail(ctx.db, {
      checkpointFile: ctx.deps.config.checkpointFile,
      more: await copies.list(),
    });
    expect(report).toMatchObject({ ok: false, brokenAt: rows[rows.length - 1].id });
    expect(report.problem).toMatch(/rows are missing/);

    const server = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
    const run = promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/cli/trail-verify.ts'], {
      cwd: server,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        DATABASE_URL: ctx.deps.config.DATABASE_URL,
        DATA_DIR: ctx.dataDir,
        TRAIL_KEY: ctx.deps.config.TRAIL_KEY,
        ...s3env,
      },
    });
    await expect(run).rejects.toMatchObject({ code: 1, stderr: expect.stringMatching(/rows are missing/) });
  });

  it('refuses an object in the checkpoint folder that the trail key did not sign', async () => {
    const forged = { at: new Date().toISOString(), lastId: 1, rows: 1, head: '0'.repeat(64) };
    await client.send(
      new PutObjectCommand({
        Bucket: BUCKET,
        Key: `${checkpointFolder('site-a')}forged.json`,
        Body: JSON.stringify({ ...forged, mac: mac(randomBytes(32), 'forged') }),
      }),
    );
    const copies = createS3Checkpoints(ctx.deps.config)!;
    const report = await verifyTrail(ctx.db, { more: await copies.list() });
    expect(report.problem).toMatch(/not signed by the trail key/);
  });
});
