import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { TextState } from '@edoc/contract/search';
import { RenditionState } from '@edoc/contract/states';
import { OFFICE_TYPES } from '@edoc/contract/viewer';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { documentVersions } from '../../db/schema/documents.ts';
import { contentPages, contentTexts } from '../../db/schema/search.ts';
import type { Deps } from '../../lib/deps.ts';
import { renewLease } from '../../lib/lease.ts';
import { ensureRendition } from '../viewer/rendition.service.ts';
import { extractText, ToolMissing, type ExtractTools } from './extract.ts';
import { tsvectorOf } from './lexemes.ts';

/** An Office file waits for its PDF rendition: it is looked at again this long after. */
const RENDITION_WAIT_MS = 2_000;
/**
 * The lease of a content being read: its worker renews it every LEASE_MS / 3; a row not renewed for LEASE_MS was
 * left by a worker that died and is handed back (issue 25: such a version stayed "reading" for good). A worker
 * hands back every LEASE_MS / 2, so another takes it within about 1.5 × LEASE_MS.
 */
export const LEASE_MS = 60_000;
/** A content whose reading was cut off this many times (each time its worker died) is given up, with the reason. */
export const MAX_ATTEMPTS = 5;
/** The wait before a handed-back content is read again: 30 s, doubling with each attempt, at most 10 minutes. */
const backoffSeconds = sql`least(30 * power(2, greatest(${contentTexts.attempts} - 1, 0)), 600)`;

export const toolsOf = (config: Deps['config']): ExtractTools => ({
  pdftotext: config.PDFTOTEXT_PATH,
  pdftoppm: config.PDFTOPPM_PATH,
  tesseract: config.TESSERACT_PATH,
  timeoutMs: config.EXTRACT_TIMEOUT_SECONDS * 1000,
  maxPages: config.EXTRACT_MAX_PAGES,
  maxChars: config.EXTRACT_MAX_CHARS,
  ocrPages: config.OCR_MAX_PAGES,
});

async function finish(deps: Deps, sha256: string, set: PgUpdateSetSource<typeof contentTexts>) {
  await deps.db
    .update(contentTexts)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(contentTexts.sha256, sha256));
}

/**
 * Takes the next waiting content (several workers may run this at once: SKIP LOCKED gives each its own), reads its
 * text and stores it page by page with its lexemes. Answers false when nothing was waiting.
 */
export async function extractNext(deps: Deps): Promise<boolean> {
  const claimed = await deps.db.execute<{ sha256: string; extension: string }>(sql`
    update ${contentTexts} set state = ${TextState.Extracting}, attempts = attempts + 1, updated_at = now()
    where sha256 = (select sha256 from ${contentTexts} where state = ${TextState.Waiting} and next_at <= now()
                    order by next_at limit 1 for update skip locked)
    returning sha256, extension`);
  const row = claimed.rows[0];
  if (!row) return false;
  const { sha256, extension } = row;
  const office = (OFFICE_TYPES as readonly string[]).includes(extension);
  const workDir = await fs.mkdtemp(path.join(await ensureDir(deps.config.tmpDir), 'extract-'));
  // The lease is renewed while this worker reads (OCR of a long scan takes minutes).
  const stopRenewing = renewLease(LEASE_MS, () =>
    deps.db
      .update(contentTexts)
      .set({ updatedAt: new Date() })
      .where(and(eq(contentTexts.sha256, sha256), eq(contentTexts.state, TextState.Extracting))),
  );
  try {
    let pdf: string | undefined;
    if (office) {
      const rendition = await ensureRendition(deps, { sha256, extension }, { retryFailed: false });
      if (rendition.state === RenditionState.Failed)
        return (
          await finish(deps, sha256, { state: TextState.Failed, reason: `no PDF: ${rendition.error ?? ''}` }),
          true
        );
      if (rendition.state !== RenditionState.Done || !rendition.pdfSha256) {
        // Waiting for the PDF is not a try at reading: it does not count towards MAX_ATTEMPTS.
        await finish(deps, sha256, {
          state: TextState.Waiting,
          nextAt: new Date(Date.now() + RENDITION_WAIT_MS),
          attempts: sql`${contentTexts.attempts} - 1`,
        });
        return true;
      }
      pdf = await copyBlob(deps, rendition.pdfSha256, path.join(workDir, 'rendition.pdf'));
    }
    const file = office ? '' : await copyBlob(deps, sha256, path.join(workDir, `source.${extension}`));
    const text = await extractText({ file, extension, pdf, workDir, tools: toolsOf(deps.config) });
    const pages = text?.pages ?? [];
    const chars = pages.reduce((n, p) => n + p.length, 0);
    await deps.db.transaction(async (tx) => {
      await tx.delete(contentPages).where(eq(contentPages.sha256, sha256));
      // In slices: a long document's pages would otherwise make one statement of many megabytes.
      for (let i = 0; i < pages.length; i += 50) {
        const slice = pages
          .slice(i, i + 50)
          .map((body, j) => ({ sha256, page: i + j + 1, body, tsv: tsvectorOf(body) }));
        const kept = slice.filter((p) => p.body.length > 0);
        if (kept.length) await tx.insert(contentPages).values(kept);
      }
      await tx
        .update(contentTexts)
        .set({
          state: chars > 0 ? TextState.Done : TextState.NoText,
          reason: null,
          pages: pages.length,
          chars,
          // The whole text's lexemes, a few places each: phrases across the document, within the size limit.
          tsv: chars > 0 ? tsvectorOf(pages.join('\n'), 8) : null,
          ocr: text?.ocr ? 1 : 0,
          updatedAt: new Date(),
        })
        .where(eq(contentTexts.sha256, sha256));
    });
  } catch (err) {
    const missing = err instanceof ToolMissing;
    const reason = (err instanceof Error ? err.message : String(err)).slice(0, 500);
    await finish(deps, sha256, { state: missing ? TextState.Unavailable : TextState.Failed, reason });
  } finally {
    stopRenewing();
    await fs.rm(workDir, { recursive: true, force: true });
  }
  return true;
}

async function ensureDir(dir: string) {
  await fs.mkdir(dir, { recursive: true });
  return dir;
}

async function copyBlob(deps: Deps, sha256: string, to: string) {
  await pipeline(await deps.blobs.get(sha256), createWriteStream(to));
  return to;
}

/**
 * Hands back the contents whose lease ran out (their worker died while reading them): to wait again, after a
 * back-off that doubles with each attempt, or, after MAX_ATTEMPTS, failed with the reason. Answers how many.
 */
export async function releaseStuck(deps: Pick<Deps, 'db'>, leaseMs = LEASE_MS): Promise<number> {
  const expired = and(
    eq(contentTexts.state, TextState.Extracting),
    lt(contentTexts.updatedAt, new Date(Date.now() - leaseMs)),
  );
  const given = await deps.db
    .update(contentTexts)
    .set({
      state: TextState.Failed,
      reason: `the worker reading it stopped ${MAX_ATTEMPTS} times; run npm run search:reindex to try again`,
      updatedAt: new Date(),
    })
    .where(and(expired, sql`${contentTexts.attempts} >= ${MAX_ATTEMPTS}`))
    .returning({ sha256: contentTexts.sha256 });
  const again = await deps.db
    .update(contentTexts)
    .set({
      state: TextState.Waiting,
      nextAt: sql`now() + make_interval(secs => ${backoffSeconds})`,
      updatedAt: new Date(),
    })
    .where(expired)
    .returning({ sha256: contentTexts.sha256 });
  return given.length + again.length;
}

/**
 * npm run search:reindex: every stored version's content gets a row (a data folder from before search, a row lost),
 * failed ones wait again, and with `all` every one is read again. Answers how many now wait.
 */
export async function queueReindex(db: Deps['db'], all: boolean): Promise<number> {
  await db.execute(sql`
    insert into ${contentTexts} (sha256, extension)
    select distinct on (sha256) sha256, extension from ${documentVersions} order by sha256
    on conflict do nothing`);
  const again = all
    ? sql`state <> ${TextState.Extracting}`
    : sql`state in (${TextState.Failed}, ${TextState.Unavailable})`;
  await db.execute(
    sql`update ${contentTexts} set state = ${TextState.Waiting}, next_at = now(), attempts = 0 where ${again}`,
  );
  return waitingCount(db);
}

/** How many contents wait for their text (or are being read). */
export async function waitingCount(db: Deps['db']): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(contentTexts)
    .where(sql`${contentTexts.state} in (${TextState.Waiting}, ${TextState.Extracting})`);
  return row.n;
}

/** Extracts until nothing is waiting (tests, the reindex command); answers how many were taken. */
export async function drainExtraction(deps: Deps, opts: { until?: number } = {}): Promise<number> {
  let n = 0;
  const until = opts.until ?? Date.now() + 120_000;
  for (;;) {
    if (await extractNext(deps)) n++;
    else {
      if ((await waitingCount(deps.db)) === 0 || Date.now() > until) return n;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

/**
 * The worker's loop: one content at a time (the machine's cores go to the other jobs too), resting a moment when
 * nothing waits. Answers the function that stops it.
 */
export function startExtraction(deps: Deps, log: (msg: string, err?: unknown) => void): () => Promise<void> {
  let stopped = false;
  let releasedAt = 0;
  const loop = (async () => {
    while (!stopped) {
      if (Date.now() - releasedAt > LEASE_MS / 2) {
        releasedAt = Date.now();
        await releaseStuck(deps).catch((err: unknown) => log('could not hand back stuck extractions', err));
      }
      const did = await extractNext(deps).catch((err: unknown) => (log('text extraction failed', err), false));
      if (!did) await new Promise((r) => setTimeout(r, 1_000).unref());
    }
  })();
  return async () => {
    stopped = true;
    await loop;
  };
}
