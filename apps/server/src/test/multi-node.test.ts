import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { authRoutes } from '@edoc/contract/auth-routes';
import { documentRoutes } from '@edoc/contract/document-routes';
import { downloadRoutes } from '@edoc/contract/download-routes';
import { UserType } from '@edoc/contract/enums';
import { folderRoutes } from '@edoc/contract/folder-routes';
import { healthRoutes } from '@edoc/contract/health-routes';
import { projectEntryRoutes } from '@edoc/contract/project-routes';
import { userRoutes } from '@edoc/contract/user-routes';
import { count, eq, isNull, sql } from 'drizzle-orm';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createDb, type Db } from '../db/client.ts';
import { documents } from '../db/schema/documents.ts';
import { folders } from '../db/schema/projects.ts';
import { signingKeys } from '../db/schema/signing.ts';
import { templates } from '../db/schema/templates.ts';
import { users } from '../db/schema/users.ts';
import { createS3Checkpoints } from '../trail/checkpoint-s3.ts';
import { loadTrailKey } from '../trail/trail-key.ts';
import { verifyTrail } from '../trail/trail-verify.ts';
import { TRAIL_KEY } from './context.ts';
import { createCompany, createCompanyAdmin, PASSWORD, SAMPLE } from './factories.ts';
import { call, createNodeDatabase, projectOnNode, signInOn, startNode, waitFor, type EdocNode } from './nodes.ts';
import { readZip } from '@edoc/test-support/zip-reader';
import { captchaAnswer } from './records.ts';
import { expectAcknowledgedWhole, loadOn } from './load.ts';

// Issue 9, "More than one node": two API processes and one worker (EDOC_ROLE) on one PostgreSQL and one S3 store,
// each a real edoc process (as `npm start` runs it) with its own DATA_DIR, as separate machines would run them.
const BUCKET = 'edoc-cluster';
let root: string;
let s3rver: S3rver;
let cluster: Awaited<ReturnType<typeof createNodeDatabase>>;
let db: Db;
let api1: EdocNode;
let api2: EdocNode;
let worker: EdocNode;
let env: Record<string, string>;
const dataDirs: Record<string, string> = {};
/** A node as its own machine runs it: its role, its own DATA_DIR (kept across a restart). */
const start = async (name: string, role: string) => {
  dataDirs[name] = path.join(root, name);
  return startNode(name, { ...env, EDOC_ROLE: role, DATA_DIR: dataDirs[name] });
};

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'edoc-cluster-'));
  s3rver = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: path.join(root, 's3rver'),
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = (await s3rver.run()) as AddressInfo;

  cluster = await createNodeDatabase(inject('templateUrl'));
  env = {
    DATABASE_URL: cluster.appUrl,
    DATABASE_OWNER_URL: cluster.ownerUrl,
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_PREFIX: 'edoc/',
    TRAIL_KEY,
    LOGIN_CAPTCHA: 'on',
  };
  // All three at once on the empty database, as a first deployment starts them.
  [api1, api2, worker] = await Promise.all([start('api1', 'api'), start('api2', 'api'), start('worker', 'worker')]);
  db = createDb(cluster.ownerUrl, 2);
  await loadTrailKey({ dataDir: root, trailKey: TRAIL_KEY });
}, 120_000);

afterAll(async () => {
  await Promise.all([api1, api2, worker].map((n) => n?.stop()));
  await db?.$client.end();
  await s3rver?.close();
  await cluster?.drop();
  await fs.rm(root, { recursive: true, force: true });
}, 60_000);

describe('two API nodes and a worker on one PostgreSQL and one S3 store', () => {
  it('started together on an empty database: migrated once, one administrator, one shipped template, one signing key', async () => {
    const [admins] = await db.select({ n: count() }).from(users).where(eq(users.userType, UserType.System));
    expect(admins.n).toBe(1);
    const [shipped] = await db.select({ n: count() }).from(templates).where(isNull(templates.companyId));
    expect(shipped.n).toBe(1);
    // One document-signing key, in the database, for every node to sign downloads with.
    const [keys] = await db.select({ n: count() }).from(signingKeys);
    expect(keys.n).toBe(1);
    expect(await call(api2, healthRoutes.health).then((r) => r.status)).toBe(200);
  });

  it('a session made on one API node works on the other, and a logout ends it on both at once', async () => {
    const company = await createCompany(db);
    const user = await createCompanyAdmin(db, company.id);
    const token = await signInOn(db, api1, user.email);
    for (const node of [api1, api2]) expect((await call(node, userRoutes.info, { token })).status).toBe(200);
    expect((await call(api2, authRoutes.logout, { token })).status).toBe(200);
    for (const node of [api1, api2]) expect((await call(node, userRoutes.info, { token })).status).toBe(401);
  });

  it('checks on one node the captcha another issued, once', async () => {
    const company = await createCompany(db);
    const user = await createCompanyAdmin(db, company.id);
    const captcha = (await call(api1, authRoutes.captcha)).data();
    const answer = await captchaAnswer(db, captcha.id);
    const body = { email: user.email, password: PASSWORD, captchaId: captcha.id, captchaCode: answer };
    const right = await call(api2, authRoutes.login, { body });
    expect(right.json).toMatchObject({ status: true });
    // Used up on API 2, so refused on API 1: the code lives in the shared database, not in a node's memory.
    const again = await call(api1, authRoutes.login, { body });
    expect(again.json).toMatchObject({ status: false, errorCode: 'verification_code_error' });
  });

  it('serves from one node a file uploaded through the other, packs it on the worker once, and replays across nodes', async () => {
    const { projectId, pm } = await projectOnNode(db, api1, { code: 'C-1', name: 'Cluster' });
    const token = await signInOn(db, api2, pm.email);
    expect((await call(api1, projectEntryRoutes.enter, { token, body: { studyId: projectId } })).status).toBe(200);

    // Idempotency across nodes: the same key and body on API 1, then API 2, makes one folder and one answer.
    const key = { 'idempotency-key': `folder-${randomBytes(4).toString('hex')}` };
    const folderBody = { name: 'Cluster files', parentId: 0 };
    const first = await call(api1, folderRoutes.create, {
      token,
      body: folderBody,
      headers: key,
    });
    expect(first.status).toBe(200);
    const replay = await call(api2, folderRoutes.create, { token, body: folderBody, headers: key });
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replay')).toBe('true');
    expect(replay.json).toEqual(first.json);
    const other = await call(api2, folderRoutes.create, {
      token,
      body: { ...folderBody, name: 'Other' },
      headers: key,
    });
    expect(other.json).toMatchObject({ status: false, errorCode: 'idempotency_key_reused' });
    const named = await db.select().from(folders).where(eq(folders.projectId, projectId));
    expect(named.filter((f) => f.name === 'Cluster files')).toHaveLength(1);
    expect(named.filter((f) => f.name === 'Other')).toHaveLength(0);

    // The file goes up through API 1 into S3 and comes down through API 2.
    const content = Buffer.concat([SAMPLE.pdf(), Buffer.from(`% ${randomBytes(8).toString('hex')}\n`)]);
    const form = new FormData();
    form.set('folderId', String(first.data().folderId));
    form.set('name', 'Protocol');
    form.set('file', new Blob([content], { type: 'application/pdf' }), 'protocol.pdf');
    const uploaded = await call(api1, documentRoutes.upload, { token, form });
    expect(uploaded.status).toBe(200);
    const fileId = uploaded.data().fileId;
    const down = await call(api2, documentRoutes.download, { token, query: { fileId } });
    expect(down.status).toBe(200);
    expect(down.bytes.equals(content)).toBe(true);
    expect(await fs.readdir(dataDirs.api1).then((d) => d.includes('blobs'))).toBe(false);

    // A pack asked for on API 2 is made by the worker, exactly once, and served by API 1.
    const task = await call(api2, downloadRoutes.createTask, {
      token,
      body: { name: 'Pack', fileIds: [fileId] },
    });
    expect(task.status).toBe(200);
    const taskId = task.data().id;
    await waitFor('the pack', async () => {
      const list = await call(api1, downloadRoutes.taskList, { token, query: { all: 'true' } });
      return list.data().data.find((t) => t.id === taskId && t.state !== 'packing');
    });
    const zip = await call(api1, downloadRoutes.taskFile, { token, params: { id: taskId } });
    expect(zip.status).toBe(200);
    expect(
      readZip(zip.bytes)
        .find((e) => e.name.endsWith('Protocol.pdf'))
        ?.content.equals(content),
    ).toBe(true);
    const jobs = await db.execute<{ state: string; retry_count: number }>(
      sql`SELECT state, retry_count FROM pgboss.job WHERE name = 'download.pack' AND data->>'taskId' = ${String(taskId)}`,
    );
    expect(jobs.rows).toEqual([{ state: 'completed', retry_count: 0 }]);
    expect(await db.select().from(documents).where(eq(documents.projectId, projectId))).toHaveLength(1);
  });

  it('sends a mail asked for on an API node once, from the worker', async () => {
    const company = await createCompany(db);
    const user = await createCompanyAdmin(db, company.id);
    expect((await call(api1, authRoutes.verifyCode, { query: { email: user.email } })).status).toBe(200);
    const outbox = (name: string) => fs.readdir(path.join(dataDirs[name], 'outbox')).catch(() => [] as string[]);
    const mails = await waitFor('the mail', async () => {
      const files = await outbox('worker');
      return files.length > 0 ? files : null;
    });
    await new Promise((r) => setTimeout(r, 1000));
    expect(await outbox('worker')).toEqual(mails);
    expect(mails).toHaveLength(1);
    expect(await outbox('api1')).toEqual([]);
    expect(await outbox('api2')).toEqual([]);
  });

  it('an API node killed under load: the other answers every request, every acknowledged upload is whole (issue 25)', async () => {
    const made = await projectOnNode(db, api1, { code: 'KILL-1', name: 'Node kill' });
    const token = await signInOn(db, api1, made.pm.email);
    await call(api1, projectEntryRoutes.enter, { token, body: { studyId: made.projectId } });
    // A folder per node: each load names its uploads Load 0, Load 1…
    const folderOn = async (name: string) =>
      (await call(api1, folderRoutes.create, { token, body: { name, parentId: 0 } })).data().folderId;
    const folderIds = [await folderOn('Load 1'), await folderOn('Load 2')];
    // One load on each node, as a round-robin spreads its users; then the first node dies mid-load.
    const onOne = loadOn(api1, token, folderIds[0]);
    const onTwo = loadOn(api2, token, folderIds[1]);
    // Killed once it has acknowledged a few uploads (3 s at least; on a loaded machine 3 s had acknowledged none).
    await new Promise((r) => setTimeout(r, 3_000));
    await waitFor('uploads acknowledged by the first node', async () => onOne.acknowledged.length >= 2, 30_000, 100);
    await api1.kill();
    await new Promise((r) => setTimeout(r, 2_000));
    const [one, two] = await Promise.all([onOne.stop(), onTwo.stop()]);
    expect(two.outcomes.filter((o) => o.httpStatus !== 200)).toEqual([]);
    expect(one.acknowledged.length).toBeGreaterThan(0);
    // What the dead node acknowledged is read back whole through the other one; no document lacks its file.
    await expectAcknowledgedWhole(api2, token, [...one.acknowledged, ...two.acknowledged]);
    const bare = await db.execute(
      sql`select d.id from documents d where d.folder_id in (${folderIds[0]}, ${folderIds[1]})
          and not exists (select 1 from document_versions v where v.document_id = d.id)`,
    );
    expect(bare.rows).toEqual([]);
    // Started again on its own folder, it serves at once.
    api1 = await start('api1', 'api');
    expect((await call(api1, userRoutes.info, { token })).status).toBe(200);
  }, 120_000);

  it('keeps one trail chain that every node wrote to, pinned by every node’s checkpoints in S3', async () => {
    const copies = await createS3Checkpoints(loadConfig(env))!.list();
    // Each node wrote one at start, to its own DATA_DIR and to the bucket, where all of them meet.
    for (const name of ['api1', 'api2', 'worker']) {
      const local = await fs.readFile(path.join(dataDirs[name], 'trail-checkpoints.jsonl'), 'utf8');
      expect(local.trim().split('\n').length).toBeGreaterThanOrEqual(1);
    }
    expect(copies.length).toBeGreaterThanOrEqual(3);
    const report = await verifyTrail(db, { more: copies });
    expect(report).toMatchObject({ ok: true });
  });
});
