import type { Lang } from '@edoc/contract/enums';
import { EXPECTED_RECURRENCES, type ExpectedRule } from '@edoc/contract/expected';
import type { TmfLevel, TmfZoneView } from '@edoc/contract/tmf-model';
/**
 * A TMF model as a workbook in the published TMF Reference Model's layout: one row per artifact, its zone and section
 * repeated on each row. The importer finds the header row (a title above it is skipped), reads the columns by their
 * header in any order (case and spaces ignored, any of the names below), and refuses the whole file, listing every
 * problem by row and column, when anything is wrong. The export writes the same columns with edoc's own after them
 * (the Chinese names, review / QC / approval, and each level's due rule), so an exported model imports as the same
 * model, its expected-document rules included.
 */

export type Key =
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
  | 'approval'
  | 'dueTrial'
  | 'dueCountry'
  | 'dueSite';

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
  col('dueTrial', ['Due (trial)', '试验层级应交'], ['试验层级应交', 'Due (trial)'], 24),
  col('dueCountry', ['Due (country)', '国家层级应交'], ['国家层级应交', 'Due (country)'], 24),
  col('dueSite', ['Due (site)', '中心层级应交'], ['中心层级应交', 'Due (site)'], 24),
];
/** The due-rule column of each level. */
export const DUE_KEYS = { trial: 'dueTrial', country: 'dueCountry', site: 'dueSite' } as const satisfies Record<
  TmfLevel,
  Key
>;
export const LEVEL_KEYS = ['trial', 'country', 'site'] as const satisfies readonly TmfLevel[];
const byKey = new Map(TMF_COLUMNS.map((c) => [c.key, c]));
export const labelOf = (key: Key, lang: Lang) => byKey.get(key)!.label[lang === 'en-US' ? 1 : 0];

/** Headers compare without case and spaces: "Zone #", "zone#" and "ZONE  #" are one. */
export const norm = (s: string) => s.replace(/\s+/g, '').toLowerCase();
/** A level, review, QC or approval cell that says yes. */
const MARKED = new Set(['x', 'yes', 'y', '✓', '✔']);
export const isMarked = (text: string | undefined) => !!text && MARKED.has(norm(text));

const SHEET_NAME = 'TMF model';
export const HEADER_SEARCH_ROWS = 30;

/**
 * A level's due rule as one cell: the milestone type's code ("-" for none), the offset in days from its date, and the
 * recurrence when it is not once: "site_activated -30", "first_subject_in +30 monthly". Empty: no rule (one document,
 * no due date).
 */
export function ruleText(rule: ExpectedRule): string {
  const offset = `${rule.offsetDays < 0 ? '' : '+'}${rule.offsetDays}`;
  return [rule.milestoneCode ?? '-', offset, rule.recurrence === 'once' ? null : rule.recurrence]
    .filter(Boolean)
    .join(' ');
}

const RULE_CELL = new RegExp(`^(\\S+)(?:\\s+([+-]?\\d+))?(?:\\s+(${EXPECTED_RECURRENCES.join('|')}))?$`, 'i');

/** The rule a cell states, or null when it is not in ruleText's form. */
export function parseRuleText(level: TmfLevel, text: string): ExpectedRule | null {
  const m = RULE_CELL.exec(text.trim());
  if (!m) return null;
  return {
    level,
    milestoneCode: m[1] === '-' ? null : m[1],
    offsetDays: m[2] === undefined ? 0 : Number(m[2]),
    recurrence: (m[3]?.toLowerCase() ?? 'once') as ExpectedRule['recurrence'],
  };
}

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
          ...Object.fromEntries((a.rules ?? []).map((rule) => [DUE_KEYS[rule.level], ruleText(rule)])),
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
