import { describe, expect, it } from 'vitest';
import { loadWorkbook } from './excel.ts';
import { exportTable, type ExportTable } from './table-export.ts';
import { poppler, popplerTools } from '../test/signed-fixture.ts';

const table: ExportTable = {
  title: '文档状态 / Documents by status',
  notes: ['站点: 北京协和'],
  columns: [{ header: '状态' }, { header: 'Count', width: 8 }],
  rows: [
    ['已生效', 12],
    ['=cmd|calc', 3],
    ['Draft', null],
  ],
};
const at = new Date('2026-11-25T08:00:00Z');

describe('exporting a report table', () => {
  it('writes a workbook whose numbers stay numbers and whose text is never a formula', async () => {
    const out = await exportTable('xlsx', table, 'zh-CN', at);
    expect(out.fileName).toBe('文档状态 _ Documents by status-2026-11-25.xlsx');
    const sheet = (await loadWorkbook(out.bytes)).worksheets[0]!;
    expect(sheet.name).toBe('文档状态   Documents by status');
    expect(sheet.getRow(1).values).toEqual([undefined, '状态', 'Count']);
    expect(sheet.getCell('B2').value).toBe(12);
    expect(sheet.getCell('A3').value).toBe('=cmd|calc');
    expect(sheet.getCell('A3').formula).toBeUndefined();
    expect(sheet.getCell('B4').value).toBeNull();
  });

  it('writes CSV with a byte-order mark and a neutralised formula', async () => {
    const out = await exportTable('csv', table, 'en-US', at);
    expect(out.contentType).toBe('text/csv; charset=utf-8');
    expect(out.bytes.toString()).toBe("\uFEFF状态,Count\r\n已生效,12\r\n'=cmd|calc,3\r\nDraft,\r\n");
  });

  it.skipIf(!popplerTools)(
    'writes a PDF whose Chinese and English text pdftotext reads, paged with the header repeated',
    async () => {
      const many: ExportTable = { ...table, rows: Array.from({ length: 70 }, (_, i) => [`研究者手册 ${i + 1}`, i]) };
      const text = await poppler('pdftotext', (await exportTable('pdf', many, 'en-US', at)).bytes);
      expect(text).toContain('文档状态 / Documents by status');
      expect(text).toContain('站点: 北京协和');
      expect(text).toContain('Generated: 2026-11-25 08:00:00 UTC');
      expect(text).toContain('研究者手册 70');
      // pdftotext reads the footer "1 / 3" without its spaces.
      const pages = Number(/\b1 ?\/ ?(\d+)/.exec(text)![1]);
      expect(pages).toBeGreaterThan(1);
      expect(text.replace(/ /g, '')).toContain(`${pages}/${pages}`);
      expect(text.match(/状态/g)!.length).toBe(pages + 1); // the title, and the header row on each page
    },
  );
});
