import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { errorMessage } from '@edoc/contract/errors';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../db/embedded.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { dataSnapshot } from '../test/data-snapshot.ts';
import { createProjectWorld, SAMPLE, type ProjectWorld } from '../test/factories.ts';
import { client } from '../test/requests.ts';

// Issue 25, item 1: when the S3 store is unreachable, requests that need it answer 503 with Retry-After in the
// caller's language (never a 500), /edoc/health says the storage is down, a refused upload leaves nothing behind,
// and the node serves again as soon as the store is back, without a restart.
const BUCKET = 'edoc-outage';
let root: string;
let port: number;
let store: S3rver | null = null;
let ctx: TestContext;
let world: ProjectWorld;

async function startStore(): Promise<void> {
  store = new S3rver({
    port,
    address: '127.0.0.1',
    silent: true,
    directory: path.join(root, 's3rver'),
    configureBuckets: [{ name: BUCKET }],
  });
  expect(((await store.run()) as AddressInfo).port).toBe(port);
}

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'edoc-s3-outage-'));
  port = await freePort();
  await startStore();
  ctx = await createTestContext({
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_PREFIX: 'edoc/',
  });
  world = await createProjectWorld(ctx, 'S3-OUT');
}, 120_000);
afterAll(async () => {
  await ctx?.close();
  await store?.close();
  await fs.rm(root, { recursive: true, force: true });
});

const upload = (name: string, lang = 'en-US') =>
  client(ctx.app, world.pm.token, { lang }).form(
    '/minio/file/save',
    { folderId: world.folderByIch.get('8.2.2')!, name },
    { name: `${name}.pdf`, content: SAMPLE.pdf() },
  );

describe('an unreachable S3 store', () => {
  it('answers 503 with Retry-After while it is away, keeps nothing of a refused upload, and serves on its return', async () => {
    const before = await upload('Before the outage');
    expect(before.statusCode).toBe(200);
    const fileId = before.json().data.fileId as number;
    const down = () => client(ctx.app, world.pm.token).get(`/minio/file/down?fileId=${fileId}`);

    await store!.close();
    store = null;
    const data = await dataSnapshot(ctx);
    const refused = await upload('During the outage', 'zh-CN');
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expect(refused.json()).toMatchObject({ status: false, errorCode: 'service_unavailable' });
    // In the caller's language: the session's own (English here) wins over the browser's.
    const seconds = Number(refused.headers['retry-after']);
    expect(refused.json().msg).toBe(errorMessage('service_unavailable', 'en-US', { seconds }));
    expect(await dataSnapshot(ctx)).toBe(data);
    // Nor a spooled copy of the refused file.
    expect(await fs.readdir(path.join(ctx.dataDir, 'tmp')).catch(() => [])).toEqual([]);
    expect((await down()).statusCode).toBe(503);
    const health = await client(ctx.app).get('/health');
    expect(health.statusCode).toBe(503);
    expect(health.json().data).toMatchObject({ database: 'up', storage: 'down' });

    await startStore();
    expect((await client(ctx.app).get('/health')).statusCode).toBe(200);
    const back = await down();
    expect(back.statusCode).toBe(200);
    expect(Buffer.compare(back.rawPayload, SAMPLE.pdf())).toBe(0);
    expect((await upload('After the outage')).statusCode).toBe(200);
  });
});
