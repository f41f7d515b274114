import { IMPORT_OBJECTS_MAX } from '@edoc/contract/exchange-import';
import { and, eq, lt, or } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { insertJson } from '../../db/json-rows.ts';
import { exchangeImportRows, exchangeImports } from '../../db/schema/exchange.ts';
import type { JobDeps } from './ems-import-package.ts';
import type { JobHandler } from '../../jobs/jobs.ts';
import { discardUpload } from '../../storage/blob-sweep.ts';
import { dayOfEmsDate } from './ems-xml.ts';
import { checkFile, withPackage, type FileCheck } from './ems-import-package.ts';
import {
  existingObjects,
  mapContext,
  mapTarget,
  targetProblems,
  type MapContext,
  type Problem,
} from './ems-import-map.ts';
import { PackageRefused, packageFailed, type OpenedPackage } from './ems-package.ts';
import { isInsidePackage } from './ems-paths.ts';
import { parseExchange, type ParsedObject } from './ems-parse.ts';
import { SCHEMA_MAX, validateSchema } from './ems-schema.ts';
import { refreshSummary } from './ems-import-summary.ts';
import { inLanes } from './ems-lanes.ts';

/*
 * The 'exchange.preview' job (docs/exchange.md, part 2): the package checked (ems-package.ts), exchange.xml read as a
 * stream, each FILE hashed against its INTEGRITY, the objects grouped by OBJECTID and mapped to the project, one row
 * each written in batches; state → preview. A package that fails a check → failed with the reason, no row kept and
 * its uploaded blob removed.
 */

const BATCH = 500;
const STALE_MS = 10 * 60_000;
const STATE_RANK: Record<string, number> = { Obsolete: 0, Superseded: 1, Current: 2 };

/**
 * Files asked for at once: a zip's stored files queue for the digest threads (ems-digest-pool.ts), which take 8 a
 * message and two messages ahead; a folder's or a deflated entry's stream is read here, each a chunk at a time.
 */
const HASHING = 32;

/** Checks each file of `urls` (content URL → INTEGRITY), HASHING at a time; a refused package stops them all. */
async function checkFiles(pkg: OpenedPackage, urls: Map<string, string>, step: (done: number) => unknown) {
  const checks = new Map<string, FileCheck>();
  let done = 0;
  await inLanes([...urls], HASHING, async ([url, integrity]) => {
    checks.set(url, await checkFile(pkg, url, integrity));
    await step(++done);
  });
  return checks;
}

/** A version as a row's source keeps it: what the preview shows and what filing needs (signatures, audit). */
function versionOf(o: ParsedObject, index: number, checks: Map<string, FileCheck>, problems: Problem[]) {
  const f = o.fields;
  const day = (name: string) => {
    const text = f[name];
    if (!text) return null;
    const d = dayOfEmsDate(text);
    if (!d) problems.push({ code: 'bad_date', params: { value: text.slice(0, 40) } });
    return d;
  };
  return {
    uniqueId: f.UNIQUEID || `#${index}`,
    version: f.OBJECTVERSION || String(index + 1),
    state: f.OBJECTVERSIONSTATE ?? 'Current',
    title: f.OBJECTTITLE || f.OBJECTID,
    documentDate: day('ARTIFACTDATE'),
    expiryDate: day('OBJECTEXPIRYDATE'),
    files: o.files.map((file) => {
      const c = checks.get(file.contentUrl)!;
      if (c.problem)
        problems.push({
          code: c.problem,
          params: { path: file.contentUrl.slice(0, 200), value: file.integrity.slice(0, 80) },
        });
      return {
        fileName: file.fileName || file.contentUrl.split('/').pop()!,
        contentUrl: file.contentUrl,
        integrity: file.integrity,
        size: c.size,
        integrityOk: c.ok,
      };
    }),
    signatures: o.files.reduce((n, file) => n + file.signatures.length, 0),
    auditRecords: o.files.reduce((n, file) => n + file.audits.length, 0),
    sigs: o.files.flatMap((file) => file.signatures),
    audits: o.files.flatMap((file) => file.audits),
  };
}

async function buildPreview(deps: JobDeps, imp: typeof exchangeImports.$inferSelect) {
  const progress = (p: number) =>
    deps.db.update(exchangeImports).set({ progress: p, updatedAt: new Date() }).where(eq(exchangeImports.id, imp.id));
  return withPackage(deps, imp, async (pkg) => {
    const xml = pkg.entries.get('exchange.xml');
    if (!xml) throw new PackageRefused('exchange_package_no_xml');
    const objects = new Map<string, ParsedObject[]>();
    let count = 0;
    const batch = await parseExchange(xml.open(), (o) => {
      if (++count > IMPORT_OBJECTS_MAX)
        throw new PackageRefused('exchange_package_too_many', { max: String(IMPORT_OBJECTS_MAX) });
      for (const f of o.files)
        if (!isInsidePackage(f.contentUrl))
          throw new PackageRefused('exchange_package_path', { path: f.contentUrl.slice(0, 200) });
      const list = objects.get(o.fields.OBJECTID) ?? [];
      list.push(o);
      objects.set(o.fields.OBJECTID, list);
    });
    await progress(30);
    // The schema first, in xmllint-wasm's own thread: beside the digest threads its memory (some 70 MB for an 11 MB
    // exchange.xml) was most of the preview's peak, and a package it refuses is refused before gigabytes are read.
    if (xml.size <= SCHEMA_MAX) await validateSchema(xml.open());
    // Every file hashed once, however many objects name it (against the INTEGRITY of the first that does).
    const urls = new Map<string, string>();
    for (const o of [...objects.values()].flat())
      for (const f of o.files) if (!urls.has(f.contentUrl)) urls.set(f.contentUrl, f.integrity);
    const checks = await checkFiles(pkg, urls, (done) =>
      done % 200 === 0 ? progress(30 + Math.floor((60 * done) / urls.size)) : undefined,
    );
    const m = await mapContext(deps.db, imp.projectId, {
      userId: imp.userId,
      fullAccess: Boolean((imp.options as { fullAccess?: boolean }).fullAccess),
    });
    const existing = await existingObjects(deps.db, imp.projectId, [...objects.keys()]);
    return { batch, objects, view: { imp, checks, m, existing } };
  });
}

interface RowContext {
  imp: typeof exchangeImports.$inferSelect;
  checks: Map<string, FileCheck>;
  m: MapContext;
  existing: Map<string, number>;
}

/** An object's row: its versions in order (Obsolete, Superseded, then Current), mapped to the project. */
function rowOf(c: RowContext, rowNo: number, objectId: string, list: ParsedObject[]) {
  const problems: Problem[] = [];
  const ordered = list
    .map((o, i) => ({ o, i }))
    .sort(
      (a, b) =>
        (STATE_RANK[a.o.fields.OBJECTVERSIONSTATE] ?? 2) - (STATE_RANK[b.o.fields.OBJECTVERSIONSTATE] ?? 2) ||
        a.i - b.i,
    );
  const versions = ordered.map(({ o, i }) => versionOf(o, i, c.checks, problems));
  if (!versions.some((v) => v.files.length > 0)) problems.push({ code: 'no_version', params: {} });
  const last = ordered[ordered.length - 1].o.fields;
  const current = versions[versions.length - 1];
  const source = {
    level: last.OBJECTLEVEL,
    countryId: last.COUNTRYID ?? null,
    siteId: last.SITEID ?? null,
    siteSystemId: last.SITESYSTEMID ?? null,
    siteName: last.ORGANIZATIONNAME ?? null,
    artifactNumber: last.ARTIFACTNUMBER,
    versions,
  };
  const target = {
    ...mapTarget(c.m, source, {
      name: current.title,
      documentDate: current.documentDate,
      expiryDate: current.expiryDate,
    }),
    existingDocumentId: c.existing.get(objectId) ?? null,
  };
  return {
    importId: c.imp.id,
    rowNo,
    objectId,
    title: current.title,
    source,
    target,
    problems: [...targetProblems(c.m, source, target), ...problems],
    conflict: c.existing.has(objectId) ? 'exists' : 'none',
  };
}

/**
 * The rows, BATCH at a time, each batch made from its objects (then dropped) and sent as one JSON parameter: the
 * parsed package shrinks as it is written instead of living beside all its rows and their statements' parameters
 * until the last is sent (docs/exchange.md, Benchmark: the preview's memory).
 */
async function writeRows(tx: Tx, c: RowContext, objects: Map<string, ParsedObject[]>) {
  let rowNo = 0;
  let rows: Array<ReturnType<typeof rowOf>> = [];
  for (const [objectId, list] of objects) {
    rows.push(rowOf(c, ++rowNo, objectId, list));
    objects.delete(objectId);
    if (rows.length === BATCH) {
      await insertJson(tx, exchangeImportRows, rows);
      rows = [];
    }
  }
  await insertJson(tx, exchangeImportRows, rows);
}

/** Checks and previews one import; a second run of a finished one does nothing. */
export async function previewImport(deps: JobDeps, importId: number): Promise<void> {
  const [imp] = await deps.db
    .update(exchangeImports)
    .set({ state: 'validating', updatedAt: new Date() })
    // Claimed once: a second delivery of the job finds it validating and leaves it, unless that run went quiet
    // (a crash: progress renews updatedAt while one runs).
    .where(
      and(
        eq(exchangeImports.id, importId),
        or(
          eq(exchangeImports.state, 'uploaded'),
          and(eq(exchangeImports.state, 'validating'), lt(exchangeImports.updatedAt, new Date(Date.now() - STALE_MS))),
        ),
      ),
    )
    .returning();
  if (!imp) return;
  try {
    const { batch, objects, view } = await buildPreview(deps, imp);
    await deps.db.transaction(async (tx) => {
      // Cancelled while it was checked: the cancel stands, nothing is written.
      const [still] = await tx
        .update(exchangeImports)
        .set({
          state: 'preview',
          progress: 100,
          sourceSystem: batch.sourceId,
          studyId: batch.studyId,
          updatedAt: new Date(),
        })
        .where(and(eq(exchangeImports.id, imp.id), eq(exchangeImports.state, 'validating')))
        .returning();
      if (!still) return;
      // A run that broke off after writing some rows starts them again.
      await tx.delete(exchangeImportRows).where(eq(exchangeImportRows.importId, imp.id));
      await writeRows(tx, view, objects);
      await refreshSummary(tx, imp.id);
    });
  } catch (err) {
    await failPreview(
      deps,
      imp,
      err instanceof PackageRefused ? { code: err.code, params: err.params } : packageFailed(err),
    );
  }
}

/** A preview (EMS or bulk) that broke off: the import failed with the reason, no row kept, its uploaded zip removed. */
export async function failPreview(
  deps: JobDeps,
  imp: { id: number; packageSha256: string | null },
  error: { code: string; params: Record<string, unknown> },
) {
  await deps.db
    .update(exchangeImports)
    .set({ state: 'failed', error: JSON.stringify(error), finishedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(exchangeImports.id, imp.id), eq(exchangeImports.state, 'validating')));
  await deps.db.delete(exchangeImportRows).where(eq(exchangeImportRows.importId, imp.id));
  if (imp.packageSha256) await discardPackage(deps, imp.packageSha256);
}

/** The uploaded zip goes once its import has failed (unless another row still names the same bytes). */
export async function discardPackage(deps: JobDeps, sha256: string) {
  await discardUpload(deps.db, deps.blobs, sha256).catch(() => undefined);
}

export function createPreviewHandler(deps: JobDeps): JobHandler<'exchange.preview'> {
  return (data) => previewImport(deps, data.importId);
}
