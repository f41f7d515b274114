import { BULK_SHEET_COLUMNS, type BulkSheetColumn } from '@edoc/contract/bulk-import';
import type { Lang } from '@edoc/contract/enums';
import { IMPORT_MAX_ROWS } from '@edoc/contract/excel';
import { z } from 'zod';
import { fail } from '../../lib/app-error.ts';
import { cellText, defineSheet, loadWorkbook, writeXlsx } from '../../lib/excel.ts';

/*
 * The bulk import's metadata spreadsheet (docs/exchange.md part 3): one line per file, the file's path in the zip
 * (or its bare name, when that is unique) and any of artifact (number or name), level, country, site (code or name),
 * document date, name, version. Headers in either language (or the column keys), in any order; only the file
 * column is required. Values are kept as text here and checked against the project per row, so a wrong value is a
 * problem on its row, not a refused upload.
 */

/** Each column's header, Chinese and English: the template's and what is read. */
export const SHEET_HEADERS: Record<BulkSheetColumn, readonly [string, string]> = {
  file: ['文件', 'File'],
  artifact: ['工件', 'Artifact'],
  level: ['层级', 'Level'],
  country: ['国家', 'Country'],
  site: ['中心', 'Site'],
  documentDate: ['文档日期', 'Document date'],
  name: ['文档名称', 'Document name'],
  version: ['版本号', 'Version'],
};

/** One line of the spreadsheet: its line number as the user sees it and the values given. */
export type SheetLine = { line: number; file: string } & Partial<Record<Exclude<BulkSheetColumn, 'file'>, string>>;

const spec = defineSheet(
  ['元数据', 'Metadata'],
  BULK_SHEET_COLUMNS.map((key) => ({ key, header: SHEET_HEADERS[key], schema: z.string().optional(), width: 24 })),
);

/** The template: headers in the caller's language and one example line. */
export async function sheetTemplate(lang: Lang): Promise<Buffer> {
  const en = lang === 'en-US';
  const example = {
    file: en ? 'site-01/cv-smith.pdf' : '中心01/研究者简历.pdf',
    artifact: '8.2.10',
    level: en ? 'site' : '中心',
    country: 'CN',
    site: 'S01',
    documentDate: '2024-03-05',
    name: en ? 'CV of the investigator' : '研究者简历',
    version: 'V1.0',
  };
  return writeXlsx([{ spec, rows: [example] }], lang);
}

/** RFC 4180 CSV: quoted fields with doubled quotes, commas and line breaks inside quotes. */
function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') [cell, i] = [cell + '"', i + 1];
      else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell === '') quoted = true;
    else if (ch === ',') [row, cell] = [[...row, cell], ''];
    else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      rows.push([...row, cell]);
      [row, cell] = [[], ''];
    } else cell += ch;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

function decode(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    // What Chinese Excel writes when saving as CSV.
    return new TextDecoder('gb18030').decode(bytes);
  }
}

async function gridOf(bytes: Buffer, fileName: string): Promise<string[][]> {
  if (/\.csv$/i.test(fileName)) return csvRows(decode(bytes));
  if (!/\.xlsx$/i.test(fileName)) fail('bulk_sheet_unreadable', { field: 'sheet' });
  const workbook = await loadWorkbook(bytes).catch(() => fail('bulk_sheet_unreadable', { field: 'sheet' }));
  const sheet = workbook.worksheets[0];
  const grid: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, n) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, col) => (cells[col - 1] = cellText(cell.value) ?? ''));
    grid[n - 1] = Array.from(cells, (c) => c ?? '');
  });
  return Array.from(grid, (r) => r ?? []);
}

/** Reads a spreadsheet's lines; refuses (400, naming the spreadsheet) one that cannot be read or lacks the file column. */
export async function readSheetLines(bytes: Buffer, fileName: string): Promise<SheetLine[]> {
  const grid = await gridOf(bytes, fileName);
  const headers = (grid[0] ?? []).map((h) => h.trim().toLowerCase());
  const col = new Map<BulkSheetColumn, number>();
  for (const key of BULK_SHEET_COLUMNS) {
    const at = headers.findIndex((h) => [key, ...SHEET_HEADERS[key]].some((name) => name.toLowerCase() === h));
    if (at >= 0) col.set(key, at);
  }
  if (!col.has('file')) fail('bulk_sheet_no_file_column', { field: 'sheet' });
  const lines: SheetLine[] = [];
  for (let r = 1; r < grid.length; r++) {
    const get = (key: BulkSheetColumn) => {
      const at = col.get(key);
      const v = at === undefined ? '' : (grid[r][at] ?? '').trim();
      return v === '' ? undefined : v.slice(0, 500);
    };
    const file = get('file');
    if (!file) continue;
    if (lines.length >= IMPORT_MAX_ROWS) fail('bulk_sheet_too_long', { field: 'sheet', max: String(IMPORT_MAX_ROWS) });
    const line: SheetLine = { line: r + 1, file };
    for (const key of BULK_SHEET_COLUMNS) if (key !== 'file' && get(key)) line[key] = get(key);
    lines.push(line);
  }
  return lines;
}

const pathKey = (p: string) =>
  p
    .replace(/\\/g, '/')
    .replace(/^(\.\/|\/)+/, '')
    .toLowerCase();

/** The spreadsheet's lines by the file they name: the whole path, or the bare name when only one file has it. */
export function matchLines(lines: SheetLine[], paths: string[]) {
  const byPath = new Map(paths.map((p) => [pathKey(p), p]));
  const byBase = new Map<string, string[]>();
  for (const p of paths) {
    const base = pathKey(p).split('/').pop()!;
    byBase.set(base, [...(byBase.get(base) ?? []), p]);
  }
  const matched = new Map<string, SheetLine>();
  const unmatched: SheetLine[] = [];
  for (const line of lines) {
    const key = pathKey(line.file);
    const same = byBase.get(key);
    const p = byPath.get(key) ?? (same?.length === 1 ? same[0] : undefined);
    if (p && !matched.has(p)) matched.set(p, line);
    else unmatched.push(line);
  }
  return { matched, unmatched };
}
