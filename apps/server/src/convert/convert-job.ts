import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { RenditionState } from '@edoc/contract/states';
import { OFFICE_TYPES } from '@edoc/contract/viewer';
import { and, eq, lt, or } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { renditions } from '../db/schema/documents.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import { createOfficeConverter, type OfficeConverter } from './warm-office.ts';
import { refuseZipBomb } from './zip-guard.ts';
import { renewLease } from '../lib/lease.ts';

export const CONVERT_QUEUE = 'convert-office';
/**
 * The lease of a conversion: renewed every third of it while LibreOffice works; a row left "converting" this long
 * was left by a worker that died, and the job's retry (handed back by jobs.ts within about 90 s) takes it over
 * (issue 25: such a rendition stayed "converting" until a viewer asked again minutes later).
 */
export const CONVERT_LEASE_MS = 60_000;

/**
 * The worker side of a rendition: claims the waiting row (only one worker wins, so a duplicate job is a no-op),
 * copies the source blob to a temp file with its extension (LibreOffice picks the filter by it), converts it,
 * stores the PDF as a blob and records it. A failure is recorded with its reason and not retried by the queue:
 * a broken file would fail again; a later request may retry it (see ensureRendition).
 */
export function createConvertHandler(opts: {
  db: Db;
  blobs: BlobStore;
  tmpDir: string;
  office: OfficeConverter;
  timeoutMs: number;
  log: (msg: string, err?: unknown) => void;
}) {
  return async (data: Record<string, unknown>) => {
    const sha = String(data.sha256);
    const ext = String(data.extension).toLowerCase();
    if (!/^[0-9a-f]{64}$/.test(sha) || !(OFFICE_TYPES as readonly string[]).includes(ext)) return;
    const leaseRanOut = and(
      eq(renditions.state, RenditionState.Converting),
      lt(renditions.updatedAt, new Date(Date.now() - CONVERT_LEASE_MS)),
    );
    const [claimed] = await opts.db
      .update(renditions)
      .set({ state: RenditionState.Converting, updatedAt: new Date() })
      .where(and(eq(renditions.sourceSha256, sha), or(eq(renditions.state, RenditionState.Waiting), leaseRanOut)))
      .returning();
    if (!claimed) return;
    await fs.mkdir(opts.tmpDir, { recursive: true });
    const workDir = await fs.mkdtemp(path.join(opts.tmpDir, 'convert-'));
    const started = Date.now();
    const stopRenewing = renewLease(CONVERT_LEASE_MS, () =>
      opts.db
        .update(renditions)
        .set({ updatedAt: new Date() })
        .where(and(eq(renditions.sourceSha256, sha), eq(renditions.state, RenditionState.Converting))),
    );
    try {
      const source = path.join(workDir, `source.${ext}`);
      await pipeline(await opts.blobs.get(sha), createWriteStream(source));
      await refuseZipBomb(source, ext);
      const pdf = await opts.office.toPdf(source, workDir, opts.timeoutMs);
      const blob = await opts.blobs.put(createReadStream(pdf));
      await opts.db
        .update(renditions)
        .set({ state: RenditionState.Done, pdfSha256: blob.sha256, error: null, updatedAt: new Date() })
        .where(eq(renditions.sourceSha256, sha));
      opts.log(`converted ${sha.slice(0, 12)}.${ext} to PDF in ${Date.now() - started} ms`);
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      await opts.db
        .update(renditions)
        .set({ state: RenditionState.Failed, error: reason.slice(0, 1000), updatedAt: new Date() })
        .where(eq(renditions.sourceSha256, sha));
      opts.log(`conversion of ${sha.slice(0, 12)}.${ext} failed`, err);
    } finally {
      stopRenewing();
      await fs.rm(workDir, { recursive: true, force: true });
    }
  };
}

/** The handler as the configuration sets it (programs, temp folder, time limit), with its own warm LibreOffice: for
 * the server, the reindex, tests. */
/** The running LibreOffice a worker converts with (warm-office.ts). */
export const officeOf = (config: Config, log: (msg: string, err?: unknown) => void = () => {}) =>
  createOfficeConverter({ sofficePath: config.SOFFICE_PATH, python: config.OFFICE_PYTHON, tmpDir: config.tmpDir, log });

export const convertHandlerOf = (
  config: Config,
  db: Db,
  blobs: BlobStore,
  log: (msg: string, err?: unknown) => void = () => {},
  // A caller that ends before its process does (a test's context) passes its own, to close it.
  office: OfficeConverter = officeOf(config, log),
) =>
  createConvertHandler({
    db,
    blobs,
    tmpDir: config.tmpDir,
    office,
    timeoutMs: config.CONVERT_TIMEOUT_SECONDS * 1000,
    log,
  });
