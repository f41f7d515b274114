import type { Lang } from '@edoc/contract/enums';
import { tmfName } from '@edoc/contract/tmf-model';
import { z } from 'zod';
import { defineSheet, writeXlsx, type ExcelColumn } from '../../lib/excel.ts';
import { tablesPdf, type ExportCell, type PdfSection } from '../../lib/table-export.ts';
import type { IndexData, IndexDocument, IndexItem } from './tmf-index-read.ts';
import {
  artifactName,
  headingOf,
  headLines,
  kindOf,
  levelsOf,
  levelWord,
  placeOf,
  say,
  meaningWord,
  signatureText,
  stateWord,
  statusWord,
  WORDS,
  type IndexHead,
} from './tmf-index-labels.ts';

/*
 * The TMF index's two files (issue 27 part 7), from one read (tmf-index-read.ts): a workbook (Index: a row per
 * artifact × item or document with the artifact's columns repeated, so a filter on any column works; Gaps: the
 * missing items; Summary: the head) and an A4 landscape PDF (the head, then per zone › section a table of its
 * artifacts, each followed by its items, documents with their signatures, and its gaps; then every gap).
 */

/** Items and documents by their artifact, in the read's order. */
function byArtifact(data: IndexData) {
  const items = new Map<number, IndexItem[]>();
  const documents = new Map<number, IndexDocument[]>();
  // Pushed, not spread: an artifact due monthly at 500 sites holds thousands of items.
  for (const i of data.items) (items.get(i.artifactId) ?? items.set(i.artifactId, []).get(i.artifactId)!).push(i);
  for (const d of data.documents)
    (documents.get(d.artifactId) ?? documents.set(d.artifactId, []).get(d.artifactId)!).push(d);
  return { items: (id: number) => items.get(id) ?? [], documents: (id: number) => documents.get(id) ?? [] };
}

const col = (key: keyof typeof WORDS, width = 14): ExcelColumn => ({
  key,
  header: WORDS[key],
  schema: z.unknown(),
  width,
});

const ARTIFACT_COLUMNS = [
  col('zone', 24),
  col('section', 24),
  col('number', 10),
  col('artifact', 36),
  col('levels', 14),
  col('kind', 12),
];
const indexSheet = defineSheet(
  ['索引', 'Index'],
  [
    ...ARTIFACT_COLUMNS,
    col('row', 12),
    col('level', 8),
    col('country', 8),
    col('site', 20),
    col('occurrence', 8),
    col('dueDate', 12),
    col('state', 12),
    col('reason', 24),
    col('name', 36),
    col('status', 12),
    col('version', 8),
    col('documentDate', 12),
    col('filedOn', 12),
    col('approvedOn', 12),
    col('signatures', 48),
  ],
);
const gapsSheet = defineSheet(
  ['缺失', 'Gaps'],
  [
    ...ARTIFACT_COLUMNS,
    col('level', 8),
    col('country', 8),
    col('site', 20),
    col('occurrence', 8),
    col('dueDate', 12),
    col('overdue', 8),
  ],
);
const summarySheet = defineSheet(['汇总', 'Summary'], [col('figure', 24), col('value', 48)]);

const documentLevel = (d: IndexDocument) => (d.siteName ? 'site' : d.countryCode ? 'country' : 'trial');

export function indexWorkbook(data: IndexData, head: IndexHead, lang: Lang): Promise<Buffer> {
  const of = byArtifact(data);
  const index: Record<string, unknown>[] = [];
  const gaps: Record<string, unknown>[] = [];
  for (const a of data.artifacts) {
    const art = {
      zone: `${a.zone.number} ${tmfName(a.zone, lang)}`,
      section: `${a.section.number} ${tmfName(a.section, lang)}`,
      number: a.number,
      artifact: artifactName(a, lang),
      levels: levelsOf(a, lang),
      kind: kindOf(a, lang),
    };
    const items = of.items(a.id);
    const documents = of.documents(a.id);
    if (items.length === 0 && documents.length === 0) index.push({ ...art, row: say('none', lang) });
    for (const i of items) {
      const place = {
        level: levelWord(i.level, lang),
        country: i.countryCode,
        site: i.siteName,
        occurrence: i.occurrence,
      };
      index.push({
        ...art,
        row: say('item', lang),
        ...place,
        dueDate: i.dueDate,
        state: stateWord(i, lang),
        reason: i.reason,
        filedOn: i.filedOn,
      });
      if (i.state === 'expected')
        gaps.push({ ...art, ...place, dueDate: i.dueDate, overdue: i.overdue ? say('overdue', lang) : '' });
    }
    for (const d of documents) {
      index.push({
        ...art,
        row: say('document', lang),
        level: levelWord(documentLevel(d), lang),
        country: d.countryCode,
        site: d.siteName,
        name: d.name,
        status: statusWord(d, lang),
        version: d.versionNo,
        documentDate: d.documentDate,
        filedOn: d.filedOn,
        approvedOn: d.approvedOn,
        signatures: d.signatures.map((s) => signatureText(s, lang)).join('\n'),
      });
    }
  }
  const summary = headLines(head, lang).map(([figure, value]) => ({ figure, value }));
  return writeXlsx(
    [
      { spec: indexSheet, rows: index },
      { spec: gapsSheet, rows: gaps },
      { spec: summarySheet, rows: summary },
    ],
    lang,
  );
}

/** The PDF's columns: an artifact's line, then its items', documents' and signatures' lines under it. */
const PDF_COLUMNS: Array<[keyof typeof WORDS, number]> = [
  ['number', 8],
  ['artifact', 40],
  ['level', 8],
  ['place', 16],
  ['dateColumn', 15],
  ['stateColumn', 11],
  ['version', 8],
  ['filedOn', 10],
  ['approvedOn', 11],
  ['noteColumn', 28],
];

export function indexPdf(data: IndexData, head: IndexHead, lang: Lang): Promise<Buffer> {
  const of = byArtifact(data);
  const columns = PDF_COLUMNS.map(([key, width]) => ({ header: say(key, lang), width }));
  const sections: PdfSection[] = [];
  let current: { heading: string; rows: ExportCell[][] } | undefined;
  for (const a of data.artifacts) {
    const heading = headingOf(a, lang);
    if (current?.heading !== heading) {
      current = { heading, rows: [] };
      sections.push({ heading, columns, rows: current.rows });
    }
    const rows = current.rows;
    rows.push([a.number, artifactName(a, lang), levelsOf(a, lang), '', '', kindOf(a, lang)]);
    const items = of.items(a.id);
    const documents = of.documents(a.id);
    if (items.length === 0 && documents.length === 0) rows.push(['', `  ${say('none', lang)}`]);
    for (const i of items) {
      rows.push([
        '',
        `  ${say('item', lang)} #${i.occurrence}`,
        levelWord(i.level, lang),
        placeOf(i),
        i.dueDate,
        stateWord(i, lang),
        '',
        i.filedOn,
        '',
        i.reason,
      ]);
    }
    for (const d of documents) {
      rows.push([
        '',
        `  ${say('document', lang)}: ${d.name}`,
        levelWord(documentLevel(d), lang),
        placeOf(d),
        d.documentDate,
        statusWord(d, lang),
        d.versionNo,
        d.filedOn,
        d.approvedOn,
      ]);
      // A signature's line: who and when (UTC) under the document's name, its meaning in the state column.
      for (const s of d.signatures)
        rows.push([
          '',
          `    ${say('signature', lang)}: ${s.signer} — ${s.signedAt} UTC`,
          '',
          '',
          '',
          meaningWord(s, lang),
        ]);
    }
    // Its gaps last, one line each, so none is cut at the column's edge.
    for (const g of items.filter((i) => i.state === 'expected'))
      rows.push([
        '',
        `  ${say('gap', lang)} #${g.occurrence}`,
        levelWord(g.level, lang),
        placeOf(g),
        g.dueDate,
        stateWord(g, lang),
      ]);
  }
  const artifacts = new Map(data.artifacts.map((a) => [a.id, a]));
  const gapRows = data.items
    .filter((i) => i.state === 'expected')
    .map((i) => {
      const a = artifacts.get(i.artifactId)!;
      return [a.number, artifactName(a, lang), levelWord(i.level, lang), placeOf(i), i.dueDate, stateWord(i, lang)];
    });
  sections.push({ heading: say('gaps', lang), columns: columns.slice(0, 6), rows: gapRows });
  // tablesPdf prints when it was generated itself.
  const notes = headLines(head, lang)
    .filter(([label]) => label !== say('generatedAt', lang))
    .map(([label, value]) => `${label}: ${value}`);
  return tablesPdf(
    {
      title: `${say('title', lang)} — ${head.header.project.name}`,
      notes: [notes.slice(0, 3).join('    '), notes.slice(3, 5).join('    '), notes.slice(5).join('    ')],
      sections,
      pageLabel: (n, total) => say('page', lang).replace('{n}', String(n)).replace('{total}', String(total)),
    },
    lang,
    head.at,
  );
}
