import { BULK_LOW_CONFIDENCE, type BulkSummary } from '@edoc/contract/bulk-import';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { exchangeImportRows, exchangeImports } from '../../db/schema/exchange.ts';
import type { SheetLine } from './bulk-import-sheet.ts';

/* A bulk import's options (whose rights count, and the uploaded spreadsheet's lines) and its counts, kept on the
 * import row for the list (exchange_imports.options / summary, as the EMS import keeps its own). */

export interface BulkOptions {
  /** Whose rights count: the uploader's until acceptance, the accepter's after. */
  fullAccess?: boolean;
  siteIds?: number[] | null;
  /** The spreadsheet sent as its own part, read at upload (a refused one refuses the upload). */
  sheet?: SheetLine[];
  sheetName?: string | null;
}

/** Recounts the rows into the import's summary, keeping what the preview noted (the spreadsheet's name, its lines
 * naming no file of the zip). */
export async function refreshBulkSummary(
  tx: Tx,
  importId: number,
  noted?: { sheetName: string | null; unmatched: Array<{ line: number; file: string }> },
): Promise<BulkSummary> {
  const r = exchangeImportRows;
  const [c] = await tx
    .select({
      files: sql<number>`count(*)::int`,
      problems: sql<number>`count(*) filter (where jsonb_array_length(${r.problems}) > 0)::int`,
      lowConfidence: sql<number>`count(*) filter (where ${r.target}->'from'->>'artifact' is distinct from 'sheet'
        and ${r.target}->'from'->>'artifact' is distinct from 'user'
        and coalesce((${r.suggestions}->'artifacts'->0->>'confidence')::float, 0) < ${BULK_LOW_CONFIDENCE})::int`,
      accepted: sql<number>`count(*) filter (where ${r.decision} = 'accept')::int`,
      skipped: sql<number>`count(*) filter (where ${r.decision} = 'skip')::int`,
      undecided: sql<number>`count(*) filter (where ${r.decision} is null)::int`,
      filed: sql<number>`count(*) filter (where ${r.state} = 'filed')::int`,
      failed: sql<number>`count(*) filter (where ${r.state} = 'failed')::int`,
    })
    .from(r)
    .where(eq(r.importId, importId));
  const [imp] = await tx
    .select({ summary: exchangeImports.summary })
    .from(exchangeImports)
    .where(eq(exchangeImports.id, importId));
  const before = imp.summary as { sheetName?: string | null; unmatched?: unknown };
  const summary = {
    ...c,
    sheetName: noted ? noted.sheetName : (before.sheetName ?? null),
    unmatched: noted ? noted.unmatched : (before.unmatched ?? []),
  };
  await tx.update(exchangeImports).set({ summary, updatedAt: new Date() }).where(eq(exchangeImports.id, importId));
  return c;
}
