import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import { documentRoutes } from '@edoc/contract/document-routes';
import type { Route } from '@edoc/contract/route';
import { userRoutes } from '@edoc/contract/user-routes';
import { expect } from 'vitest';
import type { Db } from '../db/client.ts';
import { verifyTrail } from '../trail/trail-verify.ts';
import { call, waitFor, type EdocNode, type NodeAnswer } from './nodes.ts';

/** One request of a load: when it ran and how it was answered. */
export interface Outcome {
  kind: 'read' | 'upload';
  startedAt: number;
  endedAt: number;
  /** The HTTP status; 0 when no answer came. */
  httpStatus: number;
  errorCode: string | null;
  retryAfter: string | null;
}

export interface Acknowledged {
  fileId: number;
  sha256: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Reads (two readers of /user/info) and small uploads into a folder against a node until stopped: the load the
 * outage tests (a database restarting, crashing, a store away) put a node under. Answers what each request got and
 * the uploads the node acknowledged, with their sha256.
 */
export function loadOn(node: EdocNode, token: string, folderId: number) {
  const outcomes: Outcome[] = [];
  const acknowledged: Acknowledged[] = [];
  let running = true;
  const measure = async <R extends Route>(kind: Outcome['kind'], send: () => Promise<NodeAnswer<R>>) => {
    const startedAt = Date.now();
    const res = await send().catch(() => null);
    outcomes.push({
      kind,
      startedAt,
      endedAt: Date.now(),
      httpStatus: res?.status ?? 0,
      errorCode: res?.json?.errorCode ?? null,
      retryAfter: res?.headers.get('retry-after') ?? null,
    });
    return res;
  };
  const reader = async () => {
    while (running) {
      await measure('read', () => call(node, userRoutes.info, { token }));
      await sleep(40);
    }
  };
  const uploader = async () => {
    for (let i = 0; running; i++) {
      const content = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(2048), Buffer.from('\n%%EOF\n')]);
      const form = new FormData();
      form.set('folderId', String(folderId));
      form.set('name', `Load ${i}`);
      form.set('file', new Blob([content]), `load-${i}.pdf`);
      const res = await measure('upload', () => call(node, documentRoutes.upload, { token, form }));
      if (res?.status === 200) {
        const { fileId } = res.data();
        acknowledged.push({ fileId, sha256: createHash('sha256').update(content).digest('hex') });
      }
      await sleep(100);
    }
  };
  const load = Promise.all([reader(), reader(), uploader()]);
  return {
    /** The uploads acknowledged so far (filled as they come). */
    acknowledged,
    async stop() {
      running = false;
      await load;
      return { outcomes, acknowledged };
    },
  };
}

/**
 * An outage answered honestly: failures happened (it was real), each a 503 service_unavailable with Retry-After,
 * none before it began nor later than `backWithinMs` after its end; reads and uploads succeed after that.
 */
export function expectHonestOutage(
  outcomes: Outcome[],
  window: { downAt: number; upAt: number; backWithinMs: number },
) {
  const failed = outcomes.filter((o) => o.httpStatus !== 200);
  expect(failed.length).toBeGreaterThan(0);
  for (const o of failed) {
    expect(o, JSON.stringify(o)).toMatchObject({ httpStatus: 503, errorCode: 'service_unavailable', retryAfter: '5' });
    expect(o.endedAt, JSON.stringify(o)).toBeGreaterThanOrEqual(window.downAt);
    expect(o.startedAt, JSON.stringify(o)).toBeLessThan(window.upAt + window.backWithinMs);
  }
  const after = outcomes.filter((o) => o.startedAt >= window.upAt + window.backWithinMs);
  expect(after.filter((o) => o.kind === 'read').length).toBeGreaterThan(0);
  expect(after.filter((o) => o.kind === 'upload').length).toBeGreaterThan(0);
}

/** Every upload the node acknowledged is there, byte for byte. */
export async function expectAcknowledgedWhole(node: EdocNode, token: string, acknowledged: Acknowledged[]) {
  expect(acknowledged.length).toBeGreaterThan(3);
  for (const { fileId, sha256 } of acknowledged) {
    const down = await call(node, documentRoutes.download, { token, query: { fileId } });
    expect(down.status, `file ${fileId}`).toBe(200);
    expect(createHash('sha256').update(down.bytes).digest('hex')).toBe(sha256);
  }
}

/** The trail verifies with the checkpoints and anchor a node keeps in its data folder (given the time to write them). */
export async function expectTrailVerifies(db: Db, dataDir: string) {
  const report = await waitFor('the trail checked', async () => {
    const r = await verifyTrail(db, {
      checkpointFile: path.join(dataDir, 'trail-checkpoints.jsonl'),
      anchorFile: path.join(dataDir, 'trail-head.json'),
    });
    return r.ok ? r : null;
  });
  expect(report).toMatchObject({ ok: true });
}
