import type { BulkImportView, BulkRow, BulkSummary } from '@edoc/contract/bulk-import';
import type { Lang } from '@edoc/contract/enums';
import { errorMessage, isErrorCode } from '@edoc/contract/errors';
import type { exchangeImportRows, exchangeImports } from '../../db/schema/exchange.ts';
import { errorOf } from '../exchange/ems-import-summary.ts';
import { suggestionsIn } from './bulk-import-why.ts';

/*
 * Bulk import (issue 28 part 3): an import and its rows as the contract shows them. The tables are the EMS import's
 * (kind = 'bulk'); what a bulk row keeps in their JSON columns is typed here so the preview, the corrections and the
 * filing read and write the same shapes.
 */

type ImportRecord = typeof exchangeImports.$inferSelect;
type RowRecord = typeof exchangeImportRows.$inferSelect;

/** exchange_import_rows.source of a bulk row: the file as the zip holds it. */
export interface BulkStoredSource {
  path: string;
  size: number;
  sha256: string;
}
/** exchange_import_rows.target of a bulk row: where it is filed, and where each value came from. */
export type BulkStoredTarget = BulkRow['target'] & { from: BulkRow['from'] };
/** exchange_import_rows.problems of a bulk row; the message is made in the reader's language when read. */
export interface BulkStoredProblem {
  code: string;
  params: Record<string, string>;
  blocking: boolean;
}

const EMPTY: BulkSummary = {
  files: 0,
  problems: 0,
  lowConfidence: 0,
  accepted: 0,
  skipped: 0,
  undecided: 0,
  filed: 0,
  failed: 0,
};
const NO_SUGGESTIONS: BulkRow['suggestions'] = { artifacts: [], site: null, documentDate: null, title: null };

export function bulkViewOf(imp: ImportRecord, user: { id: number; name: string }, lang: Lang): BulkImportView {
  const {
    sheetName = null,
    unmatched = [],
    ...counts
  } = imp.summary as Partial<BulkSummary> & { sheetName?: string | null; unmatched?: BulkImportView['unmatched'] };
  return {
    id: imp.id,
    state: imp.state as BulkImportView['state'],
    packageName: imp.packageName,
    packageSize: imp.packageSize,
    sheetName,
    unmatched,
    summary: { ...EMPTY, ...counts },
    progress: imp.progress,
    error: errorOf(imp.error, lang),
    user,
    createdAt: imp.createdAt.toISOString(),
    finishedAt: imp.finishedAt?.toISOString() ?? null,
  };
}

/** A problem's message: its code is `bulk_problem_<code>` in errors-exchange.ts (params name the column). */
function problemMessage(p: BulkStoredProblem, lang: Lang): string {
  const code = `bulk_problem_${p.code}`;
  return isErrorCode(code) ? errorMessage(code, lang, p.params) : p.code;
}

export function bulkRowOf(row: RowRecord, lang: Lang): BulkRow {
  const src = row.source as BulkStoredSource;
  const { from, ...target } = row.target as BulkStoredTarget;
  return {
    id: row.id,
    rowNo: row.rowNo,
    path: src.path,
    size: src.size,
    target,
    from,
    suggestions: suggestionsIn((row.suggestions as BulkRow['suggestions'] | null) ?? NO_SUGGESTIONS, lang),
    problems: (row.problems as BulkStoredProblem[]).map((p) => ({ ...p, message: problemMessage(p, lang) })),
    decision: row.decision as BulkRow['decision'],
    state: row.state as BulkRow['state'],
    documentId: row.documentId,
    error: errorOf(row.error, lang)?.message ?? null,
  };
}
