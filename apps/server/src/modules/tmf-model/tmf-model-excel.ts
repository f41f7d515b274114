import type { Lang } from '@edoc/contract/enums';
import { errorMessage } from '@edoc/contract/errors';
import type { ExcelRowError } from '@edoc/contract/excel';
import { IMPORT_MAX_ROWS } from '@edoc/contract/excel';
import { optionalText, requiredText } from '@edoc/contract/fields';
import {
  isTmfChildNumber,
  TMF_MODEL_ARTIFACTS_MAX,
  TMF_NUMBER,
  TMF_SUB_ARTIFACTS_MAX,
  type TmfArtifactInput,
  type TmfLevel,
  type TmfZoneInput,
  type TmfZoneView,
} from '@edoc/contract/tmf-model';
import type ExcelJS from 'exceljs';
import { z } from 'zod';
import { cellIssueMessage, cellText, failImport, loadWorkbook } from '../../lib/excel.ts';

/**
 * A TMF model as a workbook in the published TMF Reference Model's layout: one row per artifact, its zone and section
 * repeated on each row. The importer finds the header row (a title above it is skipped), reads the columns by their
 * header in any order (case and spaces ignored, any of the names below), and refuses the whole file, listing every
 * problem by row and column, when anything is wrong. The export writes the same columns with edoc's own after them
 * (the Chinese names, review / QC / approval), so an exported model imports as the same model.
 */

type Key =
  | 'zoneNumber'
  | 'zoneName'
  | 'zoneNameZh'
  | 'sectionNumber'
  | 'sectionName'
  | 'sectionNameZh'
  | 'artifactNumber'
  | 'artifactName'
  | 'artifactNameZh'
  | 'subArtifacts'
  | 'trial'
  | 'country'
  | 'site'
  | 'core'
  | 'ichRef'
  | 'dateLabel'
  | 'review'
  | 'qc'
  | 'approval';

interface Column {
  key: Key;
  /** The headers it is found by; the first is the one the export writes. */
  headers: readonly string[];
  /** How a refusal names the column, per language. */
  label: readonly [zh: string, en: string];
  required?: boolean;
  width: number;
}

const col = (key: Key, headers: string[], label: [string, string], width: number, required = false): Column => ({
  key,
  headers,
  label,
  width,
  required,
});

export const TMF_COLUMNS: readonly Column[] = [
  col('zoneNumber', ['Zone #', 'Zone No', 'Zone Number'], ['区域编号', 'Zone #'], 8, true),
  col('zoneName', ['Zone Name'], ['区域英文名称', 'Zone Name'], 28, true),
  col('sectionNumber', ['Section #', 'Section No', 'Section Number'], ['分区编号', 'Section #'], 10, true),
  col('sectionName', ['Section Name'], ['分区英文名称', 'Section Name'], 32, true),
  col('artifactNumber', ['Artifact #', 'Artifact No', 'Artifact Number'], ['工件编号', 'Artifact #'], 12, true),
  col('artifactName', ['Artifact Name'], ['工件英文名称', 'Artifact Name'], 40, true),
  col('subArtifacts', ['Sub-artifacts', 'Sub Artifacts'], ['子工件', 'Sub-artifacts'], 32),
  col('trial', ['Trial', 'Trial Level', 'Trial Level Document'], ['试验层级', 'Trial'], 8),
  col('country', ['Country', 'Country Level', 'Country Level Document'], ['国家层级', 'Country'], 8),
  col('site', ['Site', 'Site Level', 'Site Level Document'], ['中心层级', 'Site'], 8),
  col('core', ['Core or Recommended', 'Core or Recommended for inclusion'], ['核心或推荐', 'Core or Recommended'], 14),
  col('ichRef', ['ICH Code', 'ICH E6 Reference'], ['ICH编码', 'ICH Code'], 10),
  col('dateLabel', ['Artifact Date', 'Date Definition'], ['文档日期', 'Artifact Date'], 24),
  col('zoneNameZh', ['Zone Name (zh)', '区域名称'], ['区域名称', 'Zone Name (zh)'], 20),
  col('sectionNameZh', ['Section Name (zh)', '分区名称'], ['分区名称', 'Section Name (zh)'], 24),
  col('artifactNameZh', ['Artifact Name (zh)', '工件名称'], ['工件名称', 'Artifact Name (zh)'], 30),
  col('review', ['Review', '审阅'], ['审阅', 'Review'], 8),
  col('qc', ['QC', '质控'], ['质控', 'QC'], 8),
  col('approval', ['Approval', '审批'], ['审批', 'Approval'], 8),
];
const LEVEL_KEYS = ['trial', 'country', 'site'] as const satisfies readonly TmfLevel[];
const byKey = new Map(TMF_COLUMNS.map((c) => [c.key, c]));
const labelOf = (key: Key, lang: Lang) => byKey.get(key)!.label[lang === 'en-US' ? 1 : 0];

/** Headers compare without case and spaces: "Zone #", "zone#" and "ZONE  #" are one. */
const norm = (s: string) => s.replace(/\s+/g, '').toLowerCase();
/** A level, review, QC or approval cell that says yes. */
const MARKED = new Set(['x', 'yes', 'y', '✓', '✔']);
const isMarked = (text: string | undefined) => !!text && MARKED.has(norm(text));

const SHEET_NAME = 'TMF model';
const HEADER_SEARCH_ROWS = 30;

// ---------------------------------------------------------------- export

const mark = (on: boolean) => (on ? 'X' : null);

function rowsOf(zones: readonly TmfZoneView[]): Array<Record<Key, string | null>> {
  const rows: Array<Record<Key, string | null>> = [];
  const blank = Object.fromEntries(TMF_COLUMNS.map((c) => [c.key, null])) as Record<Key, string | null>;
  for (const z of zones) {
    const zone = { ...blank, zoneNumber: z.number, zoneName: z.nameEn, zoneNameZh: z.nameZh };
    // A zone without sections, or a section without artifacts, is a row of its own, so it survives the round trip.
    if (z.sections.length === 0) rows.push(zone);
    for (const s of z.sections) {
      const section = { ...zone, sectionNumber: s.number, sectionName: s.nameEn, sectionNameZh: s.nameZh };
      if (s.artifacts.length === 0) rows.push(section);
      for (const a of s.artifacts)
        rows.push({
          ...section,
          artifactNumber: a.number,
          artifactName: a.nameEn,
          artifactNameZh: a.nameZh,
          subArtifacts: a.subArtifacts.join('\n') || null,
          trial: mark(a.levels.includes('trial')),
          country: mark(a.levels.includes('country')),
          site: mark(a.levels.includes('site')),
          core: a.core ? 'Core' : 'Recommended',
          ichRef: a.ichRef,
          dateLabel: a.dateLabel,
          review: mark(a.review),
          qc: mark(a.qc),
          approval: mark(a.approval),
        });
    }
  }
  return rows;
}

/** The model in the layout (headers as the published spreadsheet writes them, whatever the language); text cells. */
export async function tmfModelWorkbook(zones: readonly TmfZoneView[]): Promise<Buffer> {
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  workbook.creator = 'edoc';
  const sheet = workbook.addWorksheet(SHEET_NAME, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = TMF_COLUMNS.map((c) => ({ header: c.headers[0], key: c.key, width: c.width }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rowsOf(zones)) sheet.addRow(row);
  // Numbers stay text ("01.01" is no 1.01), and a leading = is never a formula.
  sheet.eachRow((row) => row.eachCell((cell) => (cell.numFmt = '@')));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export const tmfModelSample = () => tmfModelWorkbook([]);

// ---------------------------------------------------------------- import

interface Found {
  sheet: ExcelJS.Worksheet;
  headerRow: number;
  positions: Map<Key, number>;
}

/** The first row, on the first sheet that has one, naming at least three of the layout's required columns. */
function findHeader(workbook: ExcelJS.Workbook): Found | null {
  const byHeader = new Map(TMF_COLUMNS.flatMap((c) => c.headers.map((h) => [norm(h), c.key] as const)));
  for (const sheet of workbook.worksheets) {
    for (let r = 1; r <= Math.min(sheet.rowCount, HEADER_SEARCH_ROWS); r++) {
      const positions = new Map<Key, number>();
      sheet.getRow(r).eachCell((cell, c) => {
        const text = cellText(cell.value);
        const key = text ? byHeader.get(norm(text)) : undefined;
        if (key && !positions.has(key)) positions.set(key, c);
      });
      if (TMF_COLUMNS.filter((c) => c.required && positions.has(c.key)).length >= 3)
        return { sheet, headerRow: r, positions };
    }
  }
  return null;
}

const numberCell = requiredText(16).regex(TMF_NUMBER, 'invalid_value');
const nameCell = requiredText(256);
const SCHEMAS: Partial<Record<Key, z.ZodType>> = {
  zoneNumber: numberCell,
  sectionNumber: numberCell,
  artifactNumber: numberCell,
  zoneName: nameCell,
  sectionName: nameCell,
  artifactName: nameCell,
  zoneNameZh: optionalText(256),
  sectionNameZh: optionalText(256),
  artifactNameZh: optionalText(256),
  subArtifacts: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(/\r?\n/)
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(requiredText(256)).max(TMF_SUB_ARTIFACTS_MAX, 'too_long')),
  ichRef: optionalText(64),
  dateLabel: optionalText(256),
};

/**
 * Reads a workbook in the layout into a model's zones. Every problem of every row is collected, then the whole file
 * is refused at once (400 import_invalid, each with its row and its column's name in the request's language).
 */
export async function readTmfModelWorkbook(buffer: Buffer, lang: Lang): Promise<TmfZoneInput[]> {
  const workbook = await loadWorkbook(buffer);
  const errors: ExcelRowError[] = [];
  const fault = (row: number, key: Key | readonly Key[], message: string) =>
    errors.push({ row, column: (Array.isArray(key) ? key : [key]).map((k) => labelOf(k, lang)).join(' / '), message });
  const say = (code: Parameters<typeof errorMessage>[0], key: Key, params: Record<string, string | number> = {}) =>
    errorMessage(code, lang, { field: labelOf(key, lang), ...params });

  const found = findHeader(workbook);
  const headerRow = found?.headerRow ?? 1;
  const missing = TMF_COLUMNS.filter((c) => c.required && !found?.positions.has(c.key));
  for (const c of missing) fault(headerRow, c.key, say('import_column_missing', c.key));
  if (found && !LEVEL_KEYS.some((k) => found.positions.has(k)))
    fault(headerRow, LEVEL_KEYS, say('import_column_missing', 'trial'));
  failImport(errors);
  const { sheet, positions } = found!;

  const zones: TmfZoneInput[] = [];
  const zoneByNumber = new Map<string, TmfZoneInput>();
  const sectionByNumber = new Map<string, TmfZoneInput['sections'][number]>();
  const artifactRows = new Map<string, number>();
  let artifacts = 0;

  for (let r = headerRow + 1; r <= sheet.rowCount; r++) {
    const excelRow = sheet.getRow(r);
    const text = (key: Key) => {
      const c = positions.get(key);
      return c === undefined ? undefined : cellText(excelRow.getCell(c).value);
    };
    if (TMF_COLUMNS.every((c) => text(c.key) === undefined)) continue;
    if (r - headerRow > IMPORT_MAX_ROWS) {
      errors.push({
        row: r,
        column: '',
        message: errorMessage('too_long', lang, { field: lang === 'en-US' ? 'Rows' : '行数', max: IMPORT_MAX_ROWS }),
      });
      break;
    }
    let ok = true;
    const value = <T>(key: Key): T | undefined => {
      const parsed = (SCHEMAS[key] ?? z.string().optional()).safeParse(text(key));
      if (parsed.success) return parsed.data as T;
      ok = false;
      fault(r, key, cellIssueMessage(parsed.error, labelOf(key, lang), lang));
      return undefined;
    };
    const hasSection = text('sectionNumber') !== undefined || text('sectionName') !== undefined;
    const hasArtifact = text('artifactNumber') !== undefined || text('artifactName') !== undefined;
    const zoneNumber = value<string>('zoneNumber');
    const zoneName = value<string>('zoneName');
    const zoneNameZh = value<string>('zoneNameZh');
    if (zoneNumber?.includes('.')) {
      ok = false;
      fault(r, 'zoneNumber', say('invalid_value', 'zoneNumber'));
    }
    const sectionNumber = hasSection || hasArtifact ? value<string>('sectionNumber') : undefined;
    const sectionName = hasSection || hasArtifact ? value<string>('sectionName') : undefined;
    const sectionNameZh = value<string>('sectionNameZh');
    if (zoneNumber && sectionNumber && !isTmfChildNumber(sectionNumber, zoneNumber)) {
      ok = false;
      fault(
        r,
        'sectionNumber',
        say('tmf_number_not_under', 'sectionNumber', { number: sectionNumber, parent: zoneNumber }),
      );
    }
    let artifact: TmfArtifactInput | undefined;
    if (hasArtifact) {
      const number = value<string>('artifactNumber');
      const nameEn = value<string>('artifactName');
      const levels = LEVEL_KEYS.filter((k) => isMarked(text(k)));
      if (levels.length === 0) {
        ok = false;
        fault(
          r,
          LEVEL_KEYS.filter((k) => positions.has(k)),
          errorMessage('tmf_level_missing', lang),
        );
      }
      if (number && sectionNumber && !isTmfChildNumber(number, sectionNumber)) {
        ok = false;
        fault(r, 'artifactNumber', say('tmf_number_not_under', 'artifactNumber', { number, parent: sectionNumber }));
      }
      if (number && artifactRows.has(number)) {
        ok = false;
        fault(r, 'artifactNumber', say('duplicate_in_file', 'artifactNumber'));
      }
      if (number) artifactRows.set(number, r);
      if (++artifacts === TMF_MODEL_ARTIFACTS_MAX + 1)
        fault(r, 'artifactNumber', errorMessage('tmf_too_many_artifacts', lang, { max: TMF_MODEL_ARTIFACTS_MAX }));
      const subArtifacts = value<string[]>('subArtifacts') ?? [];
      const ichRef = value<string>('ichRef');
      const dateLabel = value<string>('dateLabel');
      const nameZh = value<string>('artifactNameZh');
      if (number && nameEn)
        artifact = {
          number,
          nameEn,
          nameZh: nameZh || undefined,
          subArtifacts,
          levels,
          core: /^core/i.test(text('core') ?? ''),
          ichRef: ichRef || undefined,
          dateLabel: dateLabel || undefined,
          review: isMarked(text('review')),
          qc: isMarked(text('qc')),
          approval: isMarked(text('approval')),
        };
    }
    if (!ok || !zoneNumber || !zoneName) continue;
    // The zone and section names are read from their first row; the rows after it repeat them.
    let zone = zoneByNumber.get(zoneNumber);
    if (!zone) {
      zone = { number: zoneNumber, nameEn: zoneName, nameZh: zoneNameZh || undefined, sections: [] };
      zoneByNumber.set(zoneNumber, zone);
      zones.push(zone);
    }
    if (!sectionNumber || !sectionName) continue;
    let section = sectionByNumber.get(sectionNumber);
    if (!section) {
      section = { number: sectionNumber, nameEn: sectionName, nameZh: sectionNameZh || undefined, artifacts: [] };
      sectionByNumber.set(sectionNumber, section);
      zone.sections.push(section);
    }
    if (artifact) section.artifacts.push(artifact);
  }
  if (errors.length === 0 && zones.length === 0)
    fault(headerRow + 1, 'artifactNumber', say('required', 'artifactNumber'));
  failImport(errors.sort((a, b) => a.row - b.row));
  return zones;
}
