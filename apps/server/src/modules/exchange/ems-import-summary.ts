import { errorMessage, isErrorCode } from '@edoc/contract/errors';
import type { ImportRow, ImportSummary, ImportView } from '@edoc/contract/exchange-import';
import type { Lang } from '@edoc/contract/enums';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { exchangeImportRows, exchangeImports } from '../../db/schema/exchange.ts';
import { isBlocking, type ImportOptions, type Problem, type StoredTarget } from './ems-import-map.ts';

/* An import's counts (kept on the row for the list) and its rows and itself as the contract shows them. */

type ImportRecord = typeof exchangeImports.$inferSelect;
type RowRecord = typeof exchangeImportRows.$inferSelect;

export const optionsOf = (imp: Pick<ImportRecord, 'options'>): ImportOptions & { fullAccess?: boolean } => {
  const o = imp.options as Partial<ImportOptions> & { fullAccess?: boolean };
  return { createCountries: Boolean(o.createCountries), createSites: Boolean(o.createSites), fullAccess: o.fullAccess };
};

/** Whether a row may be filed: accepted (or a new version of its conflict) with no blocking problem. */
export function fileable(row: Pick<RowRecord, 'decision' | 'problems' | 'conflict'>, options: ImportOptions): boolean {
  if (row.decision !== 'accept' && row.decision !== 'new_version') return false;
  // A conflict is filed only as a new version of the existing document; a new object only as accept.
  if ((row.decision === 'new_version') !== (row.conflict === 'exists')) return false;
  return !(row.problems as Problem[]).some((p) => isBlocking(p, options));
}

/** Recounts the rows into the import's summary (after the preview, each decision and each filed row). */
export async function refreshSummary(tx: Tx, importId: number): Promise<ImportSummary> {
  const [imp] = await tx.select().from(exchangeImports).where(eq(exchangeImports.id, importId));
  const options = optionsOf(imp);
  const rows = await tx
    .select({
      source: exchangeImportRows.source,
      problems: exchangeImportRows.problems,
      conflict: exchangeImportRows.conflict,
      decision: exchangeImportRows.decision,
      state: exchangeImportRows.state,
    })
    .from(exchangeImportRows)
    .where(eq(exchangeImportRows.importId, importId));
  const s: ImportSummary = {
    objects: rows.length,
    versions: 0,
    files: 0,
    problems: 0,
    blocking: 0,
    conflicts: 0,
    accepted: 0,
    skipped: 0,
    undecided: 0,
    filed: 0,
    failed: 0,
  };
  // What the options would create, shown beside each (contract importView.missing).
  const missingCountries = new Set<string>();
  const missingSites = new Map<string, { siteId: string; name: string | null; countryId: string | null }>();
  for (const r of rows) {
    const src = r.source as { siteName?: string | null; countryId?: string | null };
    for (const p of r.problems as Problem[]) {
      if (p.code === 'unknown_country' && p.params.code) missingCountries.add(p.params.code);
      if (p.code === 'unknown_site' && p.params.code)
        missingSites.set(p.params.code, {
          siteId: p.params.code,
          name: src.siteName ?? null,
          countryId: src.countryId ?? null,
        });
    }
    const versions = (r.source as { versions?: Array<{ files: unknown[] }> }).versions ?? [];
    s.versions += versions.length;
    s.files += versions.reduce((n, v) => n + v.files.length, 0);
    const problems = r.problems as Problem[];
    if (problems.length) s.problems++;
    if (problems.some((p) => isBlocking(p, options))) s.blocking++;
    if (r.conflict === 'exists') s.conflicts++;
    if (r.decision === 'skip') s.skipped++;
    else if (r.decision) s.accepted++;
    else s.undecided++;
    if (r.state === 'filed') s.filed++;
    if (r.state === 'failed') s.failed++;
  }
  const missing = { countries: [...missingCountries].sort(), sites: [...missingSites.values()] };
  await tx
    .update(exchangeImports)
    .set({ summary: { ...s, missing }, updatedAt: new Date() })
    .where(eq(exchangeImports.id, importId));
  return s;
}

/** A stored error ({ code, params } as JSON) in the reader's language. */
export function errorOf(text: string | null, lang: Lang) {
  if (!text) return null;
  try {
    const e = JSON.parse(text) as { code: string; params?: Record<string, string> };
    return { code: e.code, message: isErrorCode(e.code) ? errorMessage(e.code, lang, e.params ?? {}) : e.code };
  } catch {
    return { code: 'exchange_package_failed', message: text };
  }
}

const EMPTY: ImportSummary = {
  objects: 0,
  versions: 0,
  files: 0,
  problems: 0,
  blocking: 0,
  conflicts: 0,
  accepted: 0,
  skipped: 0,
  undecided: 0,
  filed: 0,
  failed: 0,
};

export function importViewOf(imp: ImportRecord, user: { id: number; name: string }, lang: Lang): ImportView {
  const { createCountries, createSites } = optionsOf(imp);
  const { missing, ...counts } = imp.summary as Partial<ImportSummary> & { missing?: ImportView['missing'] };
  return {
    id: imp.id,
    kind: 'ems',
    state: imp.state as ImportView['state'],
    packageName: imp.packageName,
    packageSize: imp.packageSize,
    sourceSystem: imp.sourceSystem,
    studyId: imp.studyId,
    options: { createCountries, createSites },
    ...(imp.state === 'preview' && missing ? { missing } : {}),
    summary: { ...EMPTY, ...counts },
    progress: imp.progress,
    error: errorOf(imp.error, lang),
    user,
    createdAt: imp.createdAt.toISOString(),
    finishedAt: imp.finishedAt?.toISOString() ?? null,
  };
}

export function importRowOf(row: RowRecord, options: ImportOptions, lang: Lang): ImportRow {
  const src = row.source as ImportRow['source'];
  const { existingDocumentId = null, folderNameEn = null, ...stored } = row.target as StoredTarget;
  // The folder as the reader's tree names it (an English reader saw the Chinese name, found in session 20's look).
  const target = { ...stored, folderName: lang === 'en-US' ? (folderNameEn ?? stored.folderName) : stored.folderName };
  return {
    id: row.id,
    rowNo: row.rowNo,
    objectId: row.objectId,
    title: row.title,
    source: {
      ...src,
      versions: src.versions.map((v) => ({
        uniqueId: v.uniqueId,
        version: v.version,
        state: v.state,
        title: v.title,
        documentDate: v.documentDate,
        expiryDate: v.expiryDate,
        files: v.files,
        signatures: v.signatures,
        auditRecords: v.auditRecords,
      })),
    },
    target,
    problems: (row.problems as Problem[]).map((p) => ({
      code: p.code,
      params: p.params,
      blocking: isBlocking(p, options),
      message: errorMessage(`exchange_problem_${p.code}` as Parameters<typeof errorMessage>[0], lang, p.params),
    })),
    conflict: row.conflict as ImportRow['conflict'],
    existingDocumentId,
    decision: row.decision as ImportRow['decision'],
    state: row.state as ImportRow['state'],
    documentId: row.documentId,
    error: errorOf(row.error, lang)?.message ?? null,
  };
}
