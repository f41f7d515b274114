import type { Lang } from '@edoc/contract/enums';
import { errorMessage } from '@edoc/contract/errors';
import type { ExcelRowError } from '@edoc/contract/excel';
import { IMPORT_MAX_ROWS } from '@edoc/contract/excel';
import { EXPECTED_OFFSET_MAX, type ExpectedRule } from '@edoc/contract/expected';
import { optionalText, requiredText } from '@edoc/contract/fields';
import {
  isTmfChildNumber,
  TMF_MODEL_ARTIFACTS_MAX,
  TMF_NUMBER,
  TMF_SUB_ARTIFACTS_MAX,
  type TmfArtifactInput,
  type TmfZoneInput,
} from '@edoc/contract/tmf-model';
import type ExcelJS from 'exceljs';
import { z } from 'zod';
import { cellIssueMessage, cellText, failImport, loadWorkbook } from '../../lib/excel.ts';
import {
  DUE_KEYS,
  HEADER_SEARCH_ROWS,
  isMarked,
  LEVEL_KEYS,
  labelOf,
  norm,
  parseRuleText,
  TMF_COLUMNS,
  type Key,
} from './tmf-model-excel.ts';

/** The import of a model workbook in the layout tmf-model-excel.ts describes (its columns, found by header). */

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
      // A level's due rule: in ruleText's form, on a level the artifact applies at (its milestone code is checked
      // against the company's types when the model is written, as a typed model's is).
      const rules: ExpectedRule[] = [];
      for (const level of LEVEL_KEYS) {
        const cell = text(DUE_KEYS[level]);
        if (cell === undefined) continue;
        const rule = parseRuleText(level, cell);
        const fits =
          rule &&
          levels.includes(level) &&
          Math.abs(rule.offsetDays) <= EXPECTED_OFFSET_MAX &&
          (rule.milestoneCode ?? '').length <= 64;
        if (fits) rules.push(rule);
        else {
          ok = false;
          fault(r, DUE_KEYS[level], say('invalid_value', DUE_KEYS[level]));
        }
      }
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
          ...(rules.length ? { rules } : {}),
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
