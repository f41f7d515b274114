import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { downloadRoutes } from '@edoc/contract/download-routes';
import { DocStatus } from '@edoc/contract/enums';
import { folderRoutes } from '@edoc/contract/folder-routes';
import { TextState } from '@edoc/contract/search';
import { searchRoutes } from '@edoc/contract/search-routes';
import { RenditionState } from '@edoc/contract/states';
import { userRoutes } from '@edoc/contract/user-routes';
import { Stage } from '@edoc/contract/workflow';
import { workflowRoutes } from '@edoc/contract/workflow-routes';
import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { documents, documentVersions } from '../db/schema/documents.ts';
import { tasks } from '../db/schema/workflow.ts';
import { makeDocx, makePdf } from '@edoc/test-support/files';
import { readZip } from '@edoc/test-support/zip-reader';
import { createFsBlobStore } from '../storage/blob-store.ts';
import { SAMPLE } from './factories.ts';
import { FaultDrill } from './fault-drill.ts';
import { expectAcknowledgedWhole, expectTrailVerifies, loadOn } from './load.ts';
import { call, waitFor } from './nodes.ts';

// Issue 9, "A fault test": a real edoc process (as `npm start` runs it) is killed with SIGKILL in the middle of an upload, a
// download pack and a workflow transition, then started again on the same data. Each time: no half-written record,
// no orphan file once the start-up sweep ran, no job stuck, and the trail still verifies.
const drill = new FaultDrill();

beforeAll(async () => {
  await drill.open(inject('templateUrl'));
}, 120_000);

afterAll(async () => {
  await drill.close();
}, 60_000);

describe('kill -9 and start again', () => {
  it('during an upload: no document, no version, no temporary file, no stored file', async () => {
    const { db, dataDir, folderId, projectId } = drill;
    const before = await db.select().from(documents).where(eq(documents.projectId, projectId));
    // Half of a 40 MB PDF is sent, then the process dies while it streams the file part to disk.
    const boundary = `----fault${randomBytes(6).toString('hex')}`;
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="folderId"\r\n\r\n${folderId}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nHalf\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="half.pdf"\r\n` +
        `Content-Type: application/pdf\r\n\r\n`,
    );
    const url = new URL(`${drill.node.url}/edoc/minio/file/save`);
    const req = http.request(url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${drill.token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(head.length + 40 * 1024 * 1024 + boundary.length + 8),
      },
    });
    req.on('error', () => undefined);
    req.write(head);
    req.write(Buffer.concat([SAMPLE.pdf(), randomBytes(20 * 1024 * 1024)]));
    await waitFor('the upload being spooled', async () => {
      for (const f of await drill.tmpFiles()) {
        const size = await fs
          .stat(path.join(dataDir, 'tmp', f))
          .then((s) => s.size)
          .catch(() => 0);
        if (size > 1024 * 1024) return true;
      }
      return false;
    });
    await drill.crashAndRestart();
    req.destroy();

    expect(await db.select().from(documents).where(eq(documents.projectId, projectId))).toEqual(before);
    expect(await db.select().from(documents).where(eq(documents.name, 'Half'))).toEqual([]);
    expect(await drill.tmpFiles()).toEqual([]);
    await drill.expectNoOrphans();
    await expectTrailVerifies(db, dataDir);
  }, 120_000);

  it('a file stored just before its record was committed is removed by the next start', async () => {
    // What a kill between the blob's move into place and the version row's commit leaves behind.
    const blobs = createFsBlobStore(path.join(drill.dataDir, 'blobs'), path.join(drill.dataDir, 'tmp'));
    const orphan = await blobs.put(Readable.from([Buffer.from(`orphan ${randomBytes(16).toString('hex')}`)]));
    expect(await drill.blobFiles()).toContain(orphan.sha256);
    await drill.crashAndRestart();
    await waitFor('the orphan removed', async () => !(await drill.blobFiles()).includes(orphan.sha256));
    await drill.expectNoOrphans();
  }, 120_000);

  it('during a download pack: the job is handed back and finishes, the zip is whole, nothing is left over', async () => {
    const { db, dataDir } = drill;
    const fileIds: number[] = [];
    // Random text deflates slowly enough (several seconds for 90 MB) to be caught half way.
    for (let i = 1; i <= 3; i++) {
      fileIds.push(
        await drill.upload(`Log ${i}`, `log-${i}.txt`, Buffer.from(randomBytes(15 * 1024 * 1024).toString('hex'))),
      );
    }
    const task = await call(drill.node, downloadRoutes.createTask, {
      token: drill.token,
      body: { name: 'Pack', fileIds },
    });
    expect(task.status).toBe(200);
    const taskId = task.data().id;
    await waitFor(
      'the zip being written',
      // The zip is spooled to a temporary file (uploads are done): the pack's storing thread writes its own (pack-)
      // when the store takes a finished file (a local one), else the store spools its stream (upload-).
      async () => (await drill.tmpFiles()).some((f) => f.startsWith('pack-') || f.startsWith('upload-')),
      30_000,
    );
    await drill.node.kill();
    // The dead worker's heartbeat stops; a minute later any worker hands its job back. The clock is moved on
    // instead of waiting that minute.
    await db.execute(sql`UPDATE job_runs SET beat_at = now() - interval '5 minutes'`);
    await drill.restart();
    // The restarted worker hands the job back at once; pg-boss retries it after its retry delay (30 s), which the
    // clock is moved past in the same way.
    await waitFor('the job handed back for retry', async () => {
      const moved = await db.execute(
        sql`UPDATE pgboss.job SET start_after = now() WHERE name = 'download.pack' AND state = 'retry' AND data->>'taskId' = ${String(taskId)} RETURNING id`,
      );
      return moved.rows.length > 0;
    });

    const done = await waitFor(
      'the pack finishing after the restart',
      async () => {
        const list = await call(drill.node, downloadRoutes.taskList, { token: drill.token });
        return list.data().data.find((t) => t.id === taskId && t.state !== 'packing');
      },
      120_000,
    );
    expect(done.state).toBe('completed');
    const zip = await call(drill.node, downloadRoutes.taskFile, { token: drill.token, params: { id: taskId } });
    expect(zip.status).toBe(200);
    const names = readZip(zip.bytes).map((e) => e.name);
    for (let i = 1; i <= 3; i++) expect(names.some((n) => n.endsWith(`Log ${i}.txt`))).toBe(true);
    const jobs = await db.execute<{ state: string }>(
      sql`SELECT state FROM pgboss.job WHERE name = 'download.pack' AND data->>'taskId' = ${String(taskId)}`,
    );
    expect(jobs.rows.map((j) => j.state)).toEqual(['completed']);
    await waitFor('no temporary zip', async () => (await drill.tmpFiles()).length === 0);
    await drill.expectNoOrphans();
    await expectTrailVerifies(db, dataDir);
  }, 240_000);

  it('during a workflow transition: the pass is not half made, and can be made after the restart', async () => {
    const { db, dataDir, database } = drill;
    const fileId = await drill.upload('Protocol', 'protocol.pdf', SAMPLE.pdf());
    const me = await call(drill.node, userRoutes.info, { token: drill.token });
    const sent = await call(drill.node, workflowRoutes.send, {
      token: drill.token,
      // The project enables all three stages; the route must name each.
      body: {
        fileId,
        stages: [Stage.Review, Stage.Qc, Stage.Approval].map((stage) => ({ stage, userIds: [me.data().userId] })),
      },
    });
    expect(sent.status, JSON.stringify(sent.json)).toBe(200);
    const openTasks = () =>
      db
        .select()
        .from(tasks)
        .where(and(eq(tasks.documentId, fileId), sql`${tasks.doneAt} is null`));
    const tasksBefore = await openTasks();
    const trailBefore = await db.execute<{ n: number }>(sql`select count(*)::int as n from trail`);

    // The trail is locked, so the pass's transaction stops after changing the status, at its trail row; then the
    // process dies with the transaction open.
    const blocker = new pg.Client({ connectionString: database.ownerUrl });
    await blocker.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query('LOCK TABLE trail IN EXCLUSIVE MODE');
      void call(drill.node, workflowRoutes.decide, {
        token: drill.token,
        params: { id: fileId },
        body: { pass: true },
      }).catch(() => undefined);
      await waitFor('the pass waiting at its trail row', async () => {
        const waiting = await blocker.query(
          `select 1 from pg_locks where not granted and relation = 'trail'::regclass`,
        );
        return (waiting.rowCount ?? 0) > 0;
      });
      await drill.node.kill();
      await blocker.query('COMMIT');
    } finally {
      await blocker.end();
    }

    const [doc] = await db.select().from(documents).where(eq(documents.id, fileId));
    expect(doc.status).toBe(DocStatus.InReview);
    expect(await openTasks()).toEqual(tasksBefore);
    const trailAfter = await db.execute<{ n: number }>(sql`select count(*)::int as n from trail`);
    expect(trailAfter.rows[0].n).toBe(trailBefore.rows[0].n);

    await drill.restart();
    const passed = await call(drill.node, workflowRoutes.decide, {
      token: drill.token,
      params: { id: fileId },
      body: { pass: true },
    });
    expect(passed.status, JSON.stringify(passed.json)).toBe(200);
    expect(passed.data().status).not.toBe(DocStatus.InReview);
    expect(await db.select().from(documentVersions).where(eq(documentVersions.documentId, fileId))).toHaveLength(1);
    await expectTrailVerifies(db, dataDir);
  }, 120_000);
  it('during a conversion and a reading for search: both finish after the restart, LibreOffice dies with its node', async () => {
    const { db, dataDir } = drill;
    const word = `Kilowatt${randomBytes(3).toString('hex')}`;
    const plan = await makeDocx('plan.docx', ['Monitoring plan', word]);
    // Pages with no text layer are read by OCR, a page at a time: long enough to be caught half way.
    const scan = makePdf(
      'scan.pdf',
      Array.from({ length: 6 }, () => ''),
    );
    // Under load: reads and uploads into another folder go on until the node dies.
    const load = loadOn(
      drill.node,
      drill.token,
      (
        await call(drill.node, folderRoutes.create, {
          token: drill.token,
          body: { name: 'Load', parentId: 0 },
        })
      ).data().folderId,
    );
    await waitFor('some uploads acknowledged', async () => load.acknowledged.length >= 4);
    await drill.upload('Plan', 'plan.docx', plan.buffer);
    await drill.upload('Scan', 'scan.pdf', scan.buffer);
    const stateOf = async (table: 'renditions' | 'content_texts', sha: string) =>
      (
        await db.execute<{ state: number }>(
          table === 'renditions'
            ? sql`select state from renditions where source_sha256 = ${sha}`
            : sql`select state from content_texts where sha256 = ${sha}`,
        )
      ).rows[0]?.state;
    // A fresh node's first conversion starts LibreOffice (seconds); the scan's reading runs beside it.
    await waitFor(
      'a conversion and a reading under way',
      async () =>
        (await stateOf('renditions', plan.sha256)) === RenditionState.Converting &&
        (await stateOf('content_texts', scan.sha256)) === TextState.Extracting,
      30_000,
      20,
    );
    const dead = drill.node.pid;
    await drill.node.kill();
    const { acknowledged } = await load.stop();
    // The office of the killed node goes with it (its pipe's name carries the node's pid).
    const offices = () =>
      spawnSync('pgrep', ['-f', `soffice.bin.*edoc-${dead}-`])
        .stdout.toString()
        .trim();
    await waitFor('no LibreOffice of the killed node', async () => offices() === '', 20_000);
    // The leases (a minute) and the job's retry delay run out; the clock is moved on instead of waiting.
    await db.execute(sql`UPDATE job_runs SET beat_at = now() - interval '5 minutes'`);
    await db.execute(sql`UPDATE renditions SET updated_at = now() - interval '5 minutes' WHERE state = 1`);
    await db.execute(sql`UPDATE content_texts SET updated_at = now() - interval '5 minutes' WHERE state = 1`);
    await drill.restart();
    await waitFor('the retry of the conversion scheduled', async () => {
      const moved = await db.execute(
        sql`UPDATE pgboss.job SET start_after = now() WHERE name = 'convert-office' AND state = 'retry'`,
      );
      return (moved.rowCount ?? 0) > 0 || (await stateOf('renditions', plan.sha256)) === RenditionState.Done;
    });
    await waitFor(
      'the rendition made',
      async () => (await stateOf('renditions', plan.sha256)) === RenditionState.Done,
      90_000,
    );
    await db.execute(sql`UPDATE content_texts SET next_at = now() WHERE state = ${TextState.Waiting}`);
    const found = await waitFor(
      'the plan found by a word inside',
      async () => {
        const hits = await call(drill.node, searchRoutes.search, { token: drill.token, query: { q: word } });
        return hits.data().data.find((h) => h.name === 'Plan');
      },
      90_000,
    );
    expect(found).toBeTruthy();
    await waitFor(
      'the scan read to the end',
      async () => {
        const state = await stateOf('content_texts', scan.sha256);
        return state !== undefined && state !== TextState.Waiting && state !== TextState.Extracting;
      },
      90_000,
    );
    await expectAcknowledgedWhole(drill.node, drill.token, acknowledged);
    await drill.expectNoOrphans();
    await expectTrailVerifies(db, dataDir);
  }, 240_000);
});
