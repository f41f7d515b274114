import type { Lang } from '@edoc/contract/enums';
import { QUALITY_ISSUE_CATEGORIES } from '@edoc/contract/quality-issue';
import type { TmfFigures, TmfSummary } from '@edoc/contract/tmf-health';
import { z } from 'zod';
import { defineSheet, writeXlsx, type ExcelColumn } from '../../lib/excel.ts';

/*
 * GET /tmf-health/export (issue 27 part 6): the summary as a workbook in the caller's language, sheets Summary (each
 * figure of everything), Groups (a row per group) and Trend (a row per week). Ratios are written as fractions
 * (0.85), as the API answers them, for a spreadsheet to format or recompute. The PDF (tmf-health-pdf.ts) shows the same figures.
 */

export type Pair = readonly [string, string];
const col = (key: string, header: Pair, width = 14): ExcelColumn => ({ key, header, schema: z.unknown(), width });

/** Each figure: its column key, its header, how it is read from the figures. */
const FIGURES: Array<[string, Pair, (f: TmfFigures) => number | null]> = [
  ['expected', ['应有文档', 'Expected'], (f) => f.expected],
  ['filed', ['已归档', 'Filed'], (f) => f.filed],
  ['notApplicable', ['不适用', 'Not applicable'], (f) => f.notApplicable],
  ['open', ['缺失', 'Missing'], (f) => f.open],
  ['overdue', ['已逾期', 'Overdue'], (f) => f.overdue],
  ['dueByToday', ['截至今日应归档', 'Due by today'], (f) => f.dueByToday],
  ['filedDueByToday', ['截至今日应归档中已归档', 'Due by today and filed'], (f) => f.filedDueByToday],
  ['completeness', ['完整性', 'Completeness'], (f) => f.completeness],
  ['completenessDue', ['到期完整性', 'Completeness of due items'], (f) => f.completenessDue],
  ['timelinessDocuments', ['计入及时性的文档', 'Documents timed'], (f) => f.timeliness.documents],
  ['withinTarget', ['按时归档', 'Filed within target'], (f) => f.timeliness.withinTarget],
  ['timelinessPct', ['及时率', 'Timeliness'], (f) => f.timeliness.pct],
  ['medianDays', ['归档天数中位数', 'Median days to file'], (f) => f.timeliness.medianDays],
  ['qcDecided', ['质控完成', 'QC decided'], (f) => f.quality.qcDecided],
  ['qcRejected', ['质控驳回', 'QC rejected'], (f) => f.quality.qcRejected],
  ['rejectionRate', ['驳回率', 'Rejection rate'], (f) => f.quality.rejectionRate],
  ['firstTimeRight', ['一次通过率', 'First time right'], (f) => f.quality.firstTimeRight],
  ['openIssues', ['未解决质量问题', 'Open quality issues'], (f) => f.quality.openIssues],
];

const CATEGORY_NAMES: Record<(typeof QUALITY_ISSUE_CATEGORIES)[number], Pair> = {
  missing_signature: ['缺少签名', 'Missing signature'],
  wrong_artifact: ['工件错误', 'Wrong artifact'],
  wrong_date: ['日期错误', 'Wrong date'],
  illegible: ['无法辨认', 'Illegible'],
  missing_pages: ['缺页', 'Missing pages'],
  personal_data: ['含个人信息', 'Personal data'],
  other: ['其他', 'Other'],
};
const CATEGORIES: Array<[string, Pair, (f: TmfFigures) => number]> = QUALITY_ISSUE_CATEGORIES.map((c) => [
  `issues_${c}`,
  [`质量问题：${CATEGORY_NAMES[c][0]}`, `Issues: ${CATEGORY_NAMES[c][1]}`],
  (f) => f.quality.issuesByCategory[c],
]);
/** Every figure of the export, in order, with its header and how it is read (the PDF's figures table too). */
export const ALL = [...FIGURES, ...CATEGORIES];

const summarySheet = defineSheet(
  ['汇总', 'Summary'],
  [col('figure', ['指标', 'Figure'], 32), col('value', ['数值', 'Value'])],
);
const groupsSheet = defineSheet(
  ['分组', 'Groups'],
  [col('group', ['分组', 'Group'], 36), ...ALL.map(([key, header]) => col(key, header))],
);
const trendSheet = defineSheet(
  ['趋势', 'Trend'],
  [
    col('weekEnd', ['周末日期', 'Week ending'], 14),
    col('completeness', ['完整性', 'Completeness']),
    col('completenessDue', ['到期完整性', 'Completeness of due items']),
    col('timelinessPct', ['及时率', 'Timeliness']),
    col('rejectionRate', ['驳回率', 'Rejection rate']),
  ],
);

export function healthWorkbook(summary: TmfSummary, lang: Lang): Promise<Buffer> {
  const pick = (pair: Pair) => pair[lang === 'en-US' ? 1 : 0];
  const target: Pair = [
    `${summary.target.days} ${summary.target.unit === 'working' ? '个工作日' : '天'}`,
    `${summary.target.days} ${summary.target.unit === 'working' ? 'working days' : 'calendar days'}`,
  ];
  const summaryRows = [
    { figure: pick(['及时性目标', 'Timeliness target']), value: pick(target) },
    ...ALL.map(([, header, read]) => ({ figure: pick(header), value: read(summary.total) })),
  ];
  const groupRows = summary.groups.map((g) => ({
    group: g.label,
    ...Object.fromEntries(ALL.map(([key, , read]) => [key, read(g.figures)])),
  }));
  return writeXlsx(
    [
      { spec: summarySheet, rows: summaryRows },
      { spec: groupsSheet, rows: groupRows },
      { spec: trendSheet, rows: summary.trend },
    ],
    lang,
  );
}
