import type { ReportExportFormat } from '@edoc/contract/report-export';
import type { Lang } from '@edoc/contract/enums';
import type { FastifyReply } from 'fastify';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { z } from 'zod';
import { csvDocument } from './csv.ts';
import { writeXlsx } from './excel.ts';
import { embedCjkFont } from './pdf-font.ts';
import { contentDisposition } from './send-blob.ts';

/**
 * One table exported as Excel, CSV or PDF (issue 14: every report, ready-made or custom, exports the table it shows).
 * The caller gives headers and cells already in the reader's language; numbers stay numbers in Excel.
 */
export type ExportFormat = ReportExportFormat;

export interface ExportColumn {
  header: string;
  /** Relative width (Excel characters; the PDF shares its page width in the same proportions). Default 16. */
  width?: number;
}

export type ExportCell = string | number | null | undefined;

export interface ExportTable {
  /** The report's name: the title line, the sheet's name and the file name's stem. */
  title: string;
  /** Lines under the title in the PDF (the filters applied); the file always says when it was made. */
  notes?: string[];
  columns: ExportColumn[];
  rows: ReadonlyArray<ReadonlyArray<ExportCell>>;
}

export interface Exported {
  bytes: Buffer;
  contentType: string;
  fileName: string;
}

const TYPES: Record<ExportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
  pdf: 'application/pdf',
};

export async function exportTable(
  format: ExportFormat,
  table: ExportTable,
  lang: Lang,
  at = new Date(),
): Promise<Exported> {
  const stamp = at.toISOString().slice(0, 10);
  const fileName = `${table.title.replace(/[\\/:*?"<>|\r\n]+/g, '_')}-${stamp}.${format}`;
  const bytes =
    format === 'csv'
      ? Buffer.from(csvDocument([table.columns.map((c) => c.header), ...table.rows]))
      : format === 'xlsx'
        ? await toXlsx(table, lang)
        : await toPdf(table, lang, at);
  return { bytes, contentType: TYPES[format], fileName };
}

/** Sends an export as a download: made for this request, never cached. */
export function sendExport(reply: FastifyReply, out: Exported) {
  return reply
    .header('Content-Disposition', contentDisposition(out.fileName))
    .header('Cache-Control', 'no-store')
    .type(out.contentType)
    .send(out.bytes);
}

function toXlsx(table: ExportTable, lang: Lang): Promise<Buffer> {
  // Excel refuses sheet names over 31 characters or with []:*?/\ in them.
  const sheetName = table.title.replace(/[[\]:*?/\\]+/g, ' ').slice(0, 31) || 'Report';
  const columns = table.columns.map((c, i) => ({
    key: `c${i}`,
    header: [c.header, c.header] as const,
    schema: z.unknown(),
    width: c.width ?? 16,
  }));
  const rows = table.rows.map((r) => Object.fromEntries(r.map((v, i) => [`c${i}`, v ?? null])));
  return writeXlsx([{ spec: { name: [sheetName, sheetName], columns }, rows }], lang);
}

const PAGE = { width: 842, height: 595, margin: 36 }; // A4 landscape, in points
const ROW = 15;
const SIZE = 8;
const GREY = rgb(0.4, 0.4, 0.4);
const RULE = rgb(0.85, 0.85, 0.85);

/** Cuts text to the width, with an ellipsis: a cell never runs into the next one. */
function fit(font: PDFFont, text: string, width: number): string {
  if (font.widthOfTextAtSize(text, SIZE) <= width) return text;
  let s = text;
  while (s.length > 0 && font.widthOfTextAtSize(`${s}…`, SIZE) > width) s = s.slice(0, -1);
  return `${s}…`;
}

function toPdf(table: ExportTable, lang: Lang, at: Date): Promise<Buffer> {
  return tablesPdf({ title: table.title, notes: table.notes, sections: [table] }, lang, at);
}

/** A line chart over a table: one line per series across the x labels, values 0..1 drawn as 0..100 %. */
export interface PdfLineChart {
  xLabels: string[];
  series: Array<{ label: string; points: ReadonlyArray<number | null> }>;
}

/** One table of a PDF holding several (the TMF health dashboard: its figures, groups and trend), under a heading. */
export interface PdfSection {
  heading?: string;
  /** Drawn above the table, which stays the figures' text. */
  chart?: PdfLineChart;
  columns: ExportColumn[];
  rows: ReadonlyArray<ReadonlyArray<ExportCell>>;
}

const CHART_HEIGHT = 130;
const LINE_COLOURS = [rgb(0.09, 0.47, 1), rgb(0.32, 0.77, 0.1), rgb(0.98, 0.55, 0.09), rgb(0.96, 0.13, 0.18)];

/** The chart with its top at y: a 0–100 % scale, a line per series (broken where a value is null), a legend. */
function drawLineChart(page: PDFPage, font: PDFFont, chart: PdfLineChart, top: number, width: number) {
  const left = PAGE.margin + 28;
  const plotWidth = width - 28 - 150;
  const bottom = top - CHART_HEIGHT + 14;
  const height = CHART_HEIGHT - 24;
  const x = (i: number) => left + (chart.xLabels.length > 1 ? (i / (chart.xLabels.length - 1)) * plotWidth : 0);
  const y = (v: number) => bottom + Math.max(0, Math.min(1, v)) * height;
  for (const v of [0, 0.5, 1]) {
    page.drawLine({ start: { x: left, y: y(v) }, end: { x: left + plotWidth, y: y(v) }, thickness: 0.4, color: RULE });
    page.drawText(`${v * 100}%`, { x: PAGE.margin, y: y(v) - 2, size: 6, font, color: GREY });
  }
  chart.xLabels.forEach((label, i) => {
    if (i % 2 === chart.xLabels.length % 2) return; // every other label, the last always: they would overlap
    page.drawText(label, { x: x(i) - 16, y: bottom - 10, size: 6, font, color: GREY });
  });
  chart.series.forEach((s, k) => {
    const color = LINE_COLOURS[k % LINE_COLOURS.length]!;
    s.points.forEach((v, i) => {
      if (v === null) return;
      const prev = i > 0 ? s.points[i - 1] : null;
      if (prev !== null && prev !== undefined)
        page.drawLine({ start: { x: x(i - 1), y: y(prev) }, end: { x: x(i), y: y(v) }, thickness: 1.2, color });
      page.drawCircle({ x: x(i), y: y(v), size: 1.6, color });
    });
    const ly = top - 10 - k * 12;
    page.drawLine({
      start: { x: left + plotWidth + 16, y: ly + 3 },
      end: { x: left + plotWidth + 32, y: ly + 3 },
      color,
      thickness: 1.2,
    });
    page.drawText(fit(font, s.label, 110), { x: left + plotWidth + 36, y: ly, size: SIZE, font });
  });
}

/**
 * A4 landscape PDF of tables one after another, in the CJK font: the title and notes on the first page, each table
 * under its heading with its header row (repeated on the pages it runs onto), page numbers at the foot.
 */
export async function tablesPdf(
  doc: {
    title: string;
    notes?: string[];
    sections: PdfSection[];
    /** The foot of each page (default "n / N"): the TMF index says "Page n of N" in the reader's language. */
    pageLabel?: (n: number, total: number) => string;
  },
  lang: Lang,
  at: Date,
): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(doc.title);
  pdf.setProducer('edoc');
  const font = await embedCjkFont(pdf);
  const inner = PAGE.width - 2 * PAGE.margin;
  const made = `${lang === 'en-US' ? 'Generated' : '生成时间'}: ${at.toISOString().replace('T', ' ').slice(0, 19)} UTC`;
  const pages: PDFPage[] = [];
  let page!: PDFPage;
  let y = 0;
  const line = (cells: ReadonlyArray<ExportCell>, widths: number[], bold: boolean) => {
    if (bold) page.drawRectangle({ x: PAGE.margin, y: y - 4, width: inner, height: ROW, color: rgb(0.94, 0.94, 0.94) });
    let x = PAGE.margin;
    cells.forEach((v, i) => {
      const text = fit(font, v === null || v === undefined ? '' : String(v), widths[i]! - 4);
      page.drawText(text, { x: x + 2, y, size: SIZE, font });
      x += widths[i]!;
    });
    page.drawLine({
      start: { x: PAGE.margin, y: y - 4 },
      end: { x: PAGE.margin + inner, y: y - 4 },
      thickness: 0.4,
      color: RULE,
    });
    y -= ROW;
  };
  const newPage = () => {
    page = pdf.addPage([PAGE.width, PAGE.height]);
    pages.push(page);
    y = PAGE.height - PAGE.margin - 14;
  };
  newPage();
  page.drawText(doc.title, { x: PAGE.margin, y, size: 14, font });
  y -= 18;
  for (const note of [...(doc.notes ?? []), made]) {
    page.drawText(fit(font, note, inner), { x: PAGE.margin, y, size: SIZE, font, color: GREY });
    y -= 12;
  }
  y -= 6;
  for (const [k, section] of doc.sections.entries()) {
    const weights = section.columns.map((c) => c.width ?? 16);
    const total = weights.reduce((a, b) => a + b, 0) || 1;
    const widths = weights.map((w) => (w / total) * inner);
    const header = section.columns.map((c) => c.header);
    // A heading, its header row and a first row stay together on one page.
    if (k > 0) y -= 10;
    if (y < PAGE.margin + 3 * ROW + 16) newPage();
    if (section.heading) {
      page.drawText(fit(font, section.heading, inner), { x: PAGE.margin, y, size: 11, font });
      y -= 16;
    }
    if (section.chart) {
      if (y < PAGE.margin + CHART_HEIGHT + 3 * ROW) newPage();
      drawLineChart(page, font, section.chart, y, inner);
      y -= CHART_HEIGHT + 16;
    }
    line(header, widths, true);
    if (section.rows.length === 0) {
      page.drawText(lang === 'en-US' ? 'No data' : '暂无数据', {
        x: PAGE.margin + 2,
        y,
        size: SIZE,
        font,
        color: GREY,
      });
      y -= ROW;
    }
    for (const row of section.rows) {
      if (y < PAGE.margin + ROW) {
        newPage();
        line(header, widths, true);
      }
      line(row, widths, false);
    }
  }
  const pageLabel = doc.pageLabel ?? ((n: number, total: number) => `${n} / ${total}`);
  pages.forEach((p, i) =>
    p.drawText(pageLabel(i + 1, pages.length), {
      x: PAGE.width - PAGE.margin - font.widthOfTextAtSize(pageLabel(i + 1, pages.length), SIZE),
      y: PAGE.margin / 2,
      size: SIZE,
      font,
      color: GREY,
    }),
  );
  return Buffer.from(await pdf.save());
}
