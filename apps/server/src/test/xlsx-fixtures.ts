import ExcelJS from 'exceljs';
import { XLSX_TYPE } from '../lib/excel.ts';
import type { TestContext } from './context.ts';
import { client } from './requests.ts';

/** A workbook from plain rows: each sheet's first row is its header row. */
export async function xlsxOf(sheets: Record<string, unknown[][]>): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) {
    const sheet = workbook.addWorksheet(name);
    for (const row of rows) sheet.addRow(row);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The rows of every sheet of a workbook the API sent, as plain values. */
export async function rowsOf(buffer: Buffer): Promise<Record<string, unknown[][]>> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ExcelJS.Buffer);
  const out: Record<string, unknown[][]> = {};
  for (const sheet of workbook.worksheets) {
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    out[sheet.name] = rows;
  }
  return out;
}

/** POSTs a workbook as multipart/form-data (field `file`) with the person's token. */
export const uploadAs = (ctx: TestContext, token: string, url: string, fileName: string, content: Buffer) =>
  client(ctx.app, token).upload(url, { name: fileName, content, type: XLSX_TYPE });
