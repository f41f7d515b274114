import { BULK_FILES_MAX } from '@edoc/contract/bulk-import';
import { and, eq, lt, or } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { judgeUpload } from '@edoc/contract/file-rules';
import { allowedTypes } from '../../access/document-access.ts';
import { exchangeImportRows, exchangeImports } from '../../db/schema/exchange.ts';
import type { JobHandler } from '../../jobs/jobs.ts';
import { AppError } from '../../lib/app-error.ts';
import { withPackage, type JobDeps } from '../exchange/ems-import-package.ts';
import { PackageRefused, packageFailed, type OpenedPackage, type PackageEntry } from '../exchange/ems-package.ts';
import { failPreview } from '../exchange/ems-import-preview.ts';
import { extractText, type ExtractTools } from '../search/extract.ts';
import { toolsOf } from '../search/extract-loop.ts';
import { bulkContext } from './bulk-import-target.ts';
import { firstTarget } from './bulk-import-target.ts';
import { matchLines, readSheetLines, type SheetLine } from './bulk-import-sheet.ts';
import { refreshBulkSummary, type BulkOptions } from './bulk-import-summary.ts';
import type { BulkStoredProblem } from './bulk-import-view.ts';
import { loadSuggestCorpus } from './suggest-corpus.ts';
import { suggest } from './suggest.ts';

/*
 * The 'bulk-import.preview' job (docs/exchange.md part 3): the zip checked as the EMS import checks a package
 * (ems-package.ts: paths, entry count, sizes, ratio — refused with the reason, nothing kept, the zip removed), then
 * per file its sha256 and size, its text through the search module's reader (capped: a few pages, a short time), the
 * spreadsheet's values and suggest() for the rest; one row per file; state → preview.
 */

type ImportRecord = typeof exchangeImports.$inferSelect;
const STALE_MS = 10 * 60_000;
/** A bulk file's text is read from its first pages only, and soon given up: the head says what a document is. */
const TEXT_PAGES = 3;
const TEXT_CHARS = 12_000;
const TEXT_SECONDS = 20;

/** What a desktop adds to a folder it zips: never a document. */
const isJunk = (p: string) =>
  /(^|\/)(__MACOSX|\.git)\//.test(p) || /(^|\/)(\.DS_Store|Thumbs\.db|desktop\.ini|\._[^/]*)$/i.test(p);
const SHEET_AT_ROOT = /^metadata\.(xlsx|csv)$/i;
/** The first bytes an upload's content is judged by (judgeUpload: executables, content against extension). */
const HEAD_BYTES = 4100;

/** Hashes an entry into a temporary file (the text reader wants a path) and answers its sha256 and size. */
async function spill(entry: PackageEntry, file: string) {
  const hash = createHash('sha256');
  let size = 0;
  let head = Buffer.alloc(0);
  const tap = new Transform({
    transform(chunk: Buffer, _e, done) {
      hash.update(chunk);
      if (head.length < HEAD_BYTES) head = Buffer.concat([head, chunk.subarray(0, HEAD_BYTES - head.length)]);
      size += chunk.length;
      done(null, chunk);
    },
  });
  await pipeline(entry.open(), tap, createWriteStream(file));
  return { sha256: hash.digest('hex'), size, head };
}

async function textOf(file: string, extension: string, workDir: string, tools: ExtractTools) {
  try {
    const got = await extractText({ file, extension, workDir, tools });
    return { text: (got?.pages ?? []).join('\n'), problem: null };
  } catch (err) {
    // Unreadable is a note on the row: suggestions then come from the name alone, and the file is still filed.
    const reason = (err instanceof Error ? err.message : String(err)).slice(0, 200);
    return { text: '', problem: { code: 'unreadable_file', params: { reason }, blocking: false } as BulkStoredProblem };
  }
}

async function sheetOf(pkg: OpenedPackage, imp: ImportRecord, options: BulkOptions) {
  if (options.sheet) return { lines: options.sheet, name: options.sheetName ?? null };
  const entry = [...pkg.entries.values()].find((e) => SHEET_AT_ROOT.test(e.path));
  if (!entry) return { lines: [] as SheetLine[], name: null };
  const chunks: Buffer[] = [];
  for await (const c of entry.open()) chunks.push(c as Buffer);
  // Its refusal names the file itself (the stored error is worded when read: a field key would stay untranslated).
  const lines = await readSheetLines(Buffer.concat(chunks), entry.path).catch((err: unknown) => {
    if (err instanceof AppError)
      throw new PackageRefused(err.code, { ...err.params, field: entry.path } as Record<string, string>);
    throw err;
  });
  return { lines, name: entry.path };
}

async function buildRows(deps: JobDeps, imp: ImportRecord) {
  const options = imp.options as BulkOptions;
  const progress = (p: number) =>
    deps.db.update(exchangeImports).set({ progress: p, updatedAt: new Date() }).where(eq(exchangeImports.id, imp.id));
  return withPackage(deps, imp, async (pkg) => {
    const files = [...pkg.entries.values()].filter((e) => !isJunk(e.path) && !SHEET_AT_ROOT.test(e.path));
    if (files.length === 0) throw new PackageRefused('bulk_no_files');
    if (files.length > BULK_FILES_MAX) throw new PackageRefused('bulk_too_many_files', { max: String(BULK_FILES_MAX) });
    const sheet = await sheetOf(pkg, imp, options);
    const { matched, unmatched } = matchLines(
      sheet.lines,
      files.map((f) => f.path),
    );
    const corpus = await loadSuggestCorpus(deps.db, imp.projectId);
    const c = await bulkContext(deps.db, imp.projectId, {
      userId: imp.userId,
      fullAccess: Boolean(options.fullAccess),
      siteIds: options.siteIds ?? null,
    });
    const types = await allowedTypes(deps.db, imp.projectId);
    const base = toolsOf(deps.config);
    const tools: ExtractTools = {
      ...base,
      maxPages: Math.min(base.maxPages, TEXT_PAGES),
      maxChars: Math.min(base.maxChars, TEXT_CHARS),
      ocrPages: Math.min(base.ocrPages, 1),
      timeoutMs: Math.min(base.timeoutMs, TEXT_SECONDS * 1000),
    };
    await progress(5);
    const rows: Array<typeof exchangeImportRows.$inferInsert> = [];
    for (const [i, entry] of files.entries()) {
      const workDir = await fs.mkdtemp(path.join(deps.config.tmpDir, 'bulk-'));
      try {
        const fileName = entry.path.split('/').pop()!;
        const extension = (/\.([^.]+)$/.exec(fileName)?.[1] ?? '').toLowerCase();
        const local = path.join(workDir, `file.${extension || 'bin'}`);
        const { sha256, size, head } = await spill(entry, local);
        const read = await textOf(local, extension, workDir, tools);
        const s = suggest({ path: entry.path, text: read.text }, corpus);
        const { target, problems } = firstTarget(c, matched.get(entry.path) ?? null, s, fileName);
        // A zip's files are judged as uploads are (the project's types, executables, content against extension, size).
        const judged = judgeUpload({
          fileName,
          size,
          head,
          allowedTypes: types,
          otherCap: deps.config.UPLOAD_MAX_BYTES,
        });
        if (judged)
          problems.push({
            code: judged === 'file_too_large' ? 'too_large' : 'type_not_allowed',
            params: { key: 'file', value: extension },
            blocking: true,
          });
        rows.push({
          importId: imp.id,
          rowNo: i + 1,
          objectId: entry.path.slice(0, 1000),
          title: target.name,
          source: { path: entry.path, size, sha256 },
          target,
          suggestions: s,
          problems: read.problem ? [...problems, read.problem] : problems,
        });
      } finally {
        await fs.rm(workDir, { recursive: true, force: true });
      }
      if ((i + 1) % 10 === 0) await progress(5 + Math.floor((90 * (i + 1)) / files.length));
    }
    return { rows, sheetName: sheet.name, unmatched };
  });
}

/** Checks and previews one bulk import; a second run of a finished one does nothing. */
export async function previewBulkImport(deps: JobDeps, importId: number): Promise<void> {
  await fs.mkdir(deps.config.tmpDir, { recursive: true });
  const [imp] = await deps.db
    .update(exchangeImports)
    .set({ state: 'validating', updatedAt: new Date() })
    // Claimed once, unless the run that claimed it went quiet (a crash: progress renews updatedAt).
    .where(
      and(
        eq(exchangeImports.id, importId),
        eq(exchangeImports.kind, 'bulk'),
        or(
          eq(exchangeImports.state, 'uploaded'),
          and(eq(exchangeImports.state, 'validating'), lt(exchangeImports.updatedAt, new Date(Date.now() - STALE_MS))),
        ),
      ),
    )
    .returning();
  if (!imp) return;
  try {
    const { rows, sheetName, unmatched } = await buildRows(deps, imp);
    await deps.db.transaction(async (tx) => {
      const [still] = await tx
        .update(exchangeImports)
        .set({ state: 'preview', progress: 100, updatedAt: new Date() })
        .where(and(eq(exchangeImports.id, imp.id), eq(exchangeImports.state, 'validating')))
        .returning();
      // Cancelled while it was read: the cancel stands, nothing is written.
      if (!still) return;
      await tx.delete(exchangeImportRows).where(eq(exchangeImportRows.importId, imp.id));
      for (let i = 0; i < rows.length; i += 200) await tx.insert(exchangeImportRows).values(rows.slice(i, i + 200));
      await refreshBulkSummary(tx, imp.id, {
        sheetName,
        unmatched: unmatched.slice(0, 100).map((l) => ({ line: l.line, file: l.file })),
      });
    });
  } catch (err) {
    const refused = err instanceof PackageRefused || err instanceof AppError;
    await failPreview(deps, imp, refused ? { code: err.code, params: err.params } : packageFailed(err));
  }
}

export function createBulkPreviewHandler(deps: JobDeps): JobHandler<'bulk-import.preview'> {
  return (data) => previewBulkImport(deps, data.importId);
}
