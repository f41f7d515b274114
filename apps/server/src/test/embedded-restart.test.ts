import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { folderRoutes } from '@edoc/contract/folder-routes';
import { projectEntryRoutes } from '@edoc/contract/project-routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../db/client.ts';
import { loadTrailKey } from '../trail/trail-key.ts';
import { TRAIL_KEY } from './context.ts';
import { expectAcknowledgedWhole, expectHonestOutage, expectTrailVerifies, loadOn } from './load.ts';
import { call, projectOnNode, signInOn, startNode, waitFor, type EdocNode } from './nodes.ts';

// Issue 25, item 1, the single-machine layout: `npm start` with its embedded PostgreSQL (no DATABASE_URL). A server
// process of that PostgreSQL dies (the kernel's OOM killer picks one, a crash): the postmaster ends every connection
// and reinitialises, which is a restart of the database under the running app. The app must not exit, must answer
// 503 with Retry-After meanwhile, serve again within 5 s, and lose nothing it acknowledged.
const BACK_WITHIN_MS = 5_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let root: string;
let node: EdocNode;
let db: Db;
let token: string;
let folderId: number;

/** The embedded PostgreSQL's postmaster and port, from its postmaster.pid. */
async function postmaster(): Promise<{ pid: number; port: number }> {
  const lines = (await fs.readFile(path.join(root, 'postgres', 'postmaster.pid'), 'utf8')).split('\n');
  return { pid: Number(lines[0]), port: Number(lines[3]) };
}

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'edoc-embedded-restart-'));
  await fs.chmod(root, 0o755); // the embedded server runs as the postgres user when we are root
  node = await startNode('single', { DATA_DIR: root, TRAIL_KEY, LOGIN_CAPTCHA: 'on' }, 120_000);
  const { port } = await postmaster();
  const secrets = JSON.parse(await fs.readFile(path.join(root, 'db-secrets.json'), 'utf8')) as { owner: string };
  db = createDb(`postgres://edoc:${encodeURIComponent(secrets.owner)}@127.0.0.1:${port}/edoc`, 2);
  await loadTrailKey({ dataDir: root, trailKey: TRAIL_KEY });
  const { projectId, pm } = await projectOnNode(db, node, { code: 'E-1', name: 'Embedded restart' });
  token = await signInOn(db, node, pm.email);
  await call(node, projectEntryRoutes.enter, { token, body: { studyId: projectId } });
  const folder = await call(node, folderRoutes.create, {
    token,
    body: { name: 'Restart', parentId: 0 },
  });
  folderId = folder.data().folderId;
}, 180_000);

afterAll(async () => {
  await db?.$client.end();
  await node?.stop();
  await fs.rm(root, { recursive: true, force: true });
}, 60_000);

describe('the embedded database restarting under `npm start`', () => {
  it('ends not the app; 503 with Retry-After only meanwhile; it serves within 5 s; nothing acknowledged is lost', async () => {
    const load = loadOn(node, token, folderId);
    await sleep(1_500);
    const { pid } = await postmaster();
    // A client backend of the app's, killed as the OOM killer kills: the postmaster then restarts them all.
    const backends = execFileSync('pgrep', ['-P', String(pid), '-f', 'edoc_app'], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean);
    expect(backends.length).toBeGreaterThan(0);
    const downAt = Date.now();
    process.kill(Number(backends[0]), 'SIGKILL');
    await sleep(500); // the postmaster's turn to notice and end the other connections
    // Back when a new connection is served again (the postmaster's recovery takes about a second).
    await waitFor('the database back', () =>
      db.$client.query('select 1').then(
        () => true,
        () => false,
      ),
    );
    const upAt = Date.now();
    await sleep(BACK_WITHIN_MS + 2_000);
    const { outcomes, acknowledged } = await load.stop();

    expect(node.alive(), node.output().slice(-3000)).toBe(true);
    expect((await postmaster()).pid).toBe(pid);
    expectHonestOutage(outcomes, { downAt, upAt, backWithinMs: BACK_WITHIN_MS });
    await expectAcknowledgedWhole(node, token, acknowledged);
    await expectTrailVerifies(db, root);
  }, 120_000);
});
