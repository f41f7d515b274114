import { filterText, measureLabel, type CustomReportResult, type ReportDefinition } from '@edoc/contract/custom-report';
import { DATASET_LABELS, fieldOf, formatValue, pickLabel } from '@edoc/contract/custom-report-fields';
import type { Lang } from '@edoc/contract/enums';
import type { ReportExportFormat } from '@edoc/contract/report-export';
import { exportTable, type ExportTable, type Exported } from '../../lib/table-export.ts';

/** A report as it was run: its name, what it asked and what it found. */
export interface ReportRun {
  name: string;
  definition: ReportDefinition;
  result: CustomReportResult;
}

/**
 * The table a report shows, in the reader's language: with a group-by, one row per group and its measure (what the
 * chart draws); without, the rows with their columns. The notes say what was read and how much of it.
 */
export function reportTable({ name, definition: def, result }: ReportRun, lang: Lang): ExportTable {
  const en = lang === 'en-US';
  const label = (key: string) => pickLabel(fieldOf(def.dataset, key)!.label, lang);
  const filters = def.filters.map((f) => filterText(def.dataset, f, lang));
  const notes = [
    `${en ? 'Dataset' : '数据集'}: ${pickLabel(DATASET_LABELS[def.dataset], lang)}`,
    ...(filters.length ? [`${en ? 'Filters' : '筛选条件'}: ${filters.join('; ')}`] : []),
  ];
  if (def.groupBy && result.groups) {
    const field = fieldOf(def.dataset, def.groupBy)!;
    return {
      title: name,
      notes,
      columns: [
        { header: label(def.groupBy), width: 28 },
        { header: measureLabel(def, lang), width: 14 },
      ],
      rows: result.groups.map((g) => [formatValue(field, g.key, lang), g.value]),
    };
  }
  if (result.capped)
    notes.push(
      en
        ? `The first ${result.rows.length} of ${result.total} rows`
        : `共 ${result.total} 行，仅列出前 ${result.rows.length} 行`,
    );
  return {
    title: name,
    notes,
    columns: def.columns.map((key) => ({
      header: label(key),
      width: fieldOf(def.dataset, key)!.kind === 'text' ? 24 : 16,
    })),
    rows: result.rows.map((row) =>
      row.map((v, i) => (v === null ? null : formatValue(fieldOf(def.dataset, def.columns[i]!)!, v, lang))),
    ),
  };
}

export function exportReport(format: ReportExportFormat, run: ReportRun, lang: Lang): Promise<Exported> {
  return exportTable(format, reportTable(run, lang), lang);
}
