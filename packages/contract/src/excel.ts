import { z } from 'zod';

/**
 * One problem of an imported workbook, as the user sees it in Excel: the 1-based row number, the column's header
 * in the request's language and the message. sheet names the worksheet when the workbook has several.
 */
export const excelRowError = z.object({
  sheet: z.string().optional(),
  row: z.number(),
  column: z.string(),
  message: z.string(),
});
export type ExcelRowError = z.infer<typeof excelRowError>;

/** The `data` of a 400 `import_invalid` answer: every problem found; nothing was imported. */
export interface ImportInvalidData {
  errors: ExcelRowError[];
}

/** The answer of a successful import: how many rows were created. */
export const importResult = z.object({ imported: z.number() });
export type ImportResult = z.infer<typeof importResult>;

/** Uploads larger than this are refused before they are read. */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** Rows past this many are refused as one error rather than read. */
export const IMPORT_MAX_ROWS = 5000;
