import type { Lang } from '@edoc/contract/enums';
import { errorMessage, type ErrorCode } from '@edoc/contract/errors';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, type ExcelRowError } from '@edoc/contract/excel';
import { issueMessage } from '@edoc/contract/fields';
import type ExcelJS from 'exceljs';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { fail } from './app-error.ts';
import { contentDisposition } from './send-blob.ts';

/**
 * Excel import and export shared by every module that takes rows from a workbook (templates, codes, company
 * users). A sheet is described once by its columns; each column's zod schema parses the cell's text, so an
 * import says exactly which cell is wrong, in the request's language, and nothing is written unless every row
 * is right (the caller collects all errors first and then calls failImport).
 */

export interface ExcelColumn {
  key: string;
  /** The header cell, per language; either language's header is accepted on import. */
  header: readonly [zh: string, en: string];
  /** Parses the cell's text (trimmed; undefined when empty). */
  schema: z.ZodType;
  /** The values must not repeat in the file (trimmed, ignoring case); the message of a repeat. */
  unique?: ErrorCode;
  width?: number;
}

export interface SheetSpec<C extends readonly ExcelColumn[] = readonly ExcelColumn[]> {
  name: readonly [zh: string, en: string];
  columns: C;
}

/** The typed values of a row, from the columns' schemas. */
export type RowOf<C extends readonly ExcelColumn[]> = { [K in C[number] as K['key']]: z.output<K['schema']> };

export interface ParsedRow<T> {
  /** The row number as Excel shows it (the header is row 1). */
  row: number;
  values: T;
}

export interface SheetResult<T> {
  rows: ParsedRow<T>[];
  errors: ExcelRowError[];
}

export const defineSheet = <const C extends readonly ExcelColumn[]>(
  name: readonly [string, string],
  columns: C,
): SheetSpec<C> => ({ name, columns });

const pick = (pair: readonly [string, string], lang: Lang) => pair[lang === 'en-US' ? 1 : 0];
const norm = (s: string) => s.trim().toLowerCase();

/** One error about a cell, worded in the request's language. */
export function cellError(
  spec: SheetSpec,
  {
    row,
    key,
    code,
    lang,
    params = {},
    withSheet = false,
  }: {
    row: number;
    key: string;
    code: ErrorCode;
    lang: Lang;
    params?: Record<string, string | number>;
    /** Name the sheet too (a workbook of several sheets). */
    withSheet?: boolean;
  },
): ExcelRowError {
  const column = spec.columns.find((c) => c.key === key);
  const header = column ? pick(column.header, lang) : key;
  return {
    ...(withSheet ? { sheet: pick(spec.name, lang) } : {}),
    row,
    column: header,
    message: errorMessage(code, lang, { field: header, ...params }),
  };
}

/** Refuses the whole import when any row is wrong: 400 import_invalid with every problem in data.errors. */
export function failImport(errors: ExcelRowError[]): void {
  if (errors.length > 0) fail('import_invalid', {}, { errors: errors.slice(0, 500) });
}

/** The text of a cell whatever Excel stored (rich text, hyperlink, formula result, date). */
export function cellText(value: ExcelJS.CellValue): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string') return value.trim() || undefined;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if ('richText' in value) return cellText(value.richText.map((r) => r.text).join(''));
  if ('text' in value && typeof value.text === 'string') return cellText(value.text);
  if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
  if ('error' in value) return String(value.error);
  return undefined;
}

/** exceljs takes a third of a second to load: the first import or export loads it, not the server's start (issue 16). */
const exceljs = () => import('exceljs').then((m) => m.default);

/** Opens an uploaded workbook; anything that is not an .xlsx file is refused as import_not_excel. */
export async function loadWorkbook(buffer: Buffer): Promise<ExcelJS.Workbook> {
  // Every .xlsx is a zip archive: a quick look at the signature spares the parser obvious non-workbooks.
  if (buffer.length < 4 || buffer.readUInt32LE(0) !== 0x04034b50) fail('import_not_excel');
  const workbook = new (await exceljs()).Workbook();
  try {
    await workbook.xlsx.load(buffer as unknown as ExcelJS.Buffer);
  } catch {
    fail('import_not_excel');
  }
  if (workbook.worksheets.length === 0) fail('import_not_excel');
  return workbook;
}

/** The worksheet named in either language; with `fallbackFirst` the first sheet when none has the name. */
function findSheet(workbook: ExcelJS.Workbook, spec: SheetSpec, fallbackFirst: boolean) {
  const names = spec.name.map(norm);
  return (
    workbook.worksheets.find((ws) => names.includes(norm(ws.name))) ??
    (fallbackFirst ? workbook.worksheets[0] : undefined)
  );
}

/**
 * Reads one sheet: row 1 holds the headers (in either language, any order), every later non-blank row is
 * parsed by the columns' schemas. A missing sheet reads as empty unless `required`.
 */
export function readSheet<C extends readonly ExcelColumn[]>(
  workbook: ExcelJS.Workbook,
  spec: SheetSpec<C>,
  lang: Lang,
  opts: { fallbackFirst?: boolean; withSheet?: boolean; required?: boolean } = {},
): SheetResult<RowOf<C>> {
  const sheet = findSheet(workbook, spec, opts.fallbackFirst ?? false);
  const withSheet = opts.withSheet ?? false;
  const where = withSheet ? { sheet: pick(spec.name, lang) } : {};
  if (!sheet) {
    const name = pick(spec.name, lang);
    const missing = { sheet: name, row: 1, column: '', message: errorMessage('required', lang, { field: name }) };
    return { rows: [], errors: opts.required ? [missing] : [] };
  }
  const errors: ExcelRowError[] = [];
  const headerCells = new Map<string, number>();
  sheet.getRow(1).eachCell((cell, col) => {
    const text = cellText(cell.value);
    if (text) headerCells.set(norm(text), col);
  });
  const positions = new Map<string, number>();
  for (const column of spec.columns) {
    const col = [column.key, ...column.header].map((h) => headerCells.get(norm(h))).find((c) => c !== undefined);
    if (col === undefined) errors.push(cellError(spec, { row: 1, key: column.key, code: 'required', lang, withSheet }));
    else positions.set(column.key, col);
  }
  if (errors.length > 0) return { rows: [], errors };

  const rows: ParsedRow<RowOf<C>>[] = [];
  const seen = new Map<string, Map<string, number>>();
  const last = sheet.actualRowCount > 0 ? sheet.rowCount : 0;
  let dataRows = 0;
  for (let r = 2; r <= last; r++) {
    const excelRow = sheet.getRow(r);
    const texts = spec.columns.map((c) => cellText(excelRow.getCell(positions.get(c.key)!).value));
    if (texts.every((t) => t === undefined)) continue;
    if (++dataRows > IMPORT_MAX_ROWS) {
      errors.push({
        ...where,
        row: r,
        column: '',
        message: errorMessage('too_long', lang, { field: pick(['行数', 'Rows'], lang), max: IMPORT_MAX_ROWS }),
      });
      break;
    }
    const values: Record<string, unknown> = {};
    let rowOk = true;
    spec.columns.forEach((column, i) => {
      const header = pick(column.header, lang);
      const parsed = column.schema.safeParse(texts[i]);
      if (!parsed.success) {
        rowOk = false;
        // The label goes in after translation: issueMessage knows field keys, the sheet knows its headers.
        const { message } = issueMessage({ ...parsed.error.issues[0], path: [PLACEHOLDER] }, lang);
        errors.push({ ...where, row: r, column: header, message: message.split(PLACEHOLDER).join(header) });
        return;
      }
      values[column.key] = parsed.data;
      if (column.unique && texts[i] !== undefined) {
        const byValue = seen.get(column.key) ?? new Map<string, number>();
        seen.set(column.key, byValue);
        const first = byValue.get(norm(texts[i]!));
        if (first !== undefined) {
          rowOk = false;
          errors.push({ ...cellError(spec, { row: r, key: column.key, code: column.unique, lang, withSheet }) });
        } else byValue.set(norm(texts[i]!), r);
      }
    });
    if (rowOk) rows.push({ row: r, values: values as RowOf<C> });
  }
  return { rows, errors };
}

const PLACEHOLDER = '\u0001field\u0001';

/** The message of a cell its column's schema refused, naming the column by its header (a sheet read by hand). */
export function cellIssueMessage(error: z.ZodError, header: string, lang: Lang): string {
  const { message } = issueMessage({ ...error.issues[0], path: [PLACEHOLDER] }, lang);
  return message.split(PLACEHOLDER).join(header);
}

/** One-sheet import: the workbook's sheet of that name, else its first sheet. */
export async function parseXlsx<C extends readonly ExcelColumn[]>(
  buffer: Buffer,
  spec: SheetSpec<C>,
  lang: Lang,
): Promise<SheetResult<RowOf<C>>> {
  return readSheet(await loadWorkbook(buffer), spec, lang, { fallbackFirst: true });
}

export interface SheetData {
  spec: SheetSpec;
  rows: ReadonlyArray<Record<string, unknown>>;
}

/** Writes sheets with a bold, frozen header row in the request's language; the rows' keys are the column keys. */
export async function writeXlsx(sheets: SheetData[], lang: Lang): Promise<Buffer> {
  const workbook = new (await exceljs()).Workbook();
  workbook.creator = 'edoc';
  for (const { spec, rows } of sheets) {
    const sheet = workbook.addWorksheet(pick(spec.name, lang), { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = spec.columns.map((c) => ({ header: pick(c.header, lang), key: c.key, width: c.width ?? 20 }));
    sheet.getRow(1).font = { bold: true };
    for (const row of rows) {
      // Plain values only: strings stay strings (a leading = is text, never a formula).
      sheet.addRow(
        Object.fromEntries(
          spec.columns.map((c) => {
            const v = row[c.key];
            return [c.key, v === null || v === undefined ? null : typeof v === 'number' ? v : String(v)];
          }),
        ),
      );
    }
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Sends a workbook as a download with a UTF-8 file name. */
export function xlsxHeaders(fileName: string): Record<string, string> {
  return { 'Content-Type': XLSX_TYPE, 'Content-Disposition': contentDisposition(fileName) };
}

/** The uploaded workbook of a multipart request (field `file`); refuses anything but an .xlsx name. */
export async function readUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) fail('required', { field: 'file' });
  const part = await request.file({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1 } });
  if (!part) fail('required', { field: 'file' });
  const buffer = await part.toBuffer();
  if (!/\.xlsx$/i.test(part.filename)) fail('import_not_excel');
  return buffer;
}
