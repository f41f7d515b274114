import { TASK_KIND_LABELS } from '@edoc/contract/custom-report-fields';
import type { Lang } from '@edoc/contract/enums';
import type { ReportColumn } from '@edoc/contract/report';
import type { SystemReportKey } from '@edoc/contract/report';
import { TRAIL_VALUE_LABELS } from '@edoc/contract/trail-value-labels';

/**
 * The reports' words in both languages. They are written by the server because the export files carry them too:
 * the page and the file a user downloads say the same thing.
 */
type Label = readonly [zh: string, en: string];
export const say = (label: Label, lang: Lang) => (lang === 'en-US' ? label[1] : label[0]);

export const REPORT_TITLES: Record<SystemReportKey, Label> = {
  docsByStatus: ['文档状态分布', 'Documents by status'],
  docsByFolder: ['文件夹文档数', 'Documents by folder'],
  docsBySite: ['中心文档数', 'Documents by site'],
  docsByType: ['文档类型分布', 'Documents by type'],
  docsFiledPerMonth: ['每月归入文档', 'Documents filed per month'],
  openTasks: ['每人待办任务', 'Open tasks per person'],
  overdueTasks: ['逾期任务', 'Overdue tasks'],
  stageDurations: ['各环节处理天数', 'Days per stage'],
  stageRejections: ['各环节驳回率', 'Rejection rate per stage'],
  timeliness: ['生效至归档天数', 'Days from effective date to archiving'],
  expiring: ['即将到期文档', 'Documents expiring soon'],
  userActivity: ['用户活动', 'User activity'],
};

export const WORDS = {
  count: ['文档数', 'Documents'],
  status: ['状态', 'Status'],
  folder: ['文件夹', 'Folder'],
  site: ['中心', 'Site'],
  central: ['总部（所有中心）', 'Central (all sites)'],
  type: ['类型', 'Type'],
  month: ['月份', 'Month'],
  person: ['人员', 'Person'],
  open: ['待办', 'Open'],
  notDue: ['未逾期', 'Not yet due'],
  overdue: ['逾期', 'Overdue'],
  document: ['文档', 'Document'],
  task: ['任务', 'Task'],
  dueDate: ['截止日期', 'Due date'],
  daysOverdue: ['逾期天数', 'Days overdue'],
  stage: ['环节', 'Stage'],
  closed: ['已完成', 'Completed'],
  avgDays: ['平均天数', 'Average days'],
  p90Days: ['90%分位天数', '90th percentile days'],
  decided: ['已决定', 'Decided'],
  rejected: ['驳回', 'Rejected'],
  rate: ['驳回率（%）', 'Rejection rate (%)'],
  effective: ['生效日期', 'Effective date'],
  archived: ['归档日期', 'Archived on'],
  days: ['天数', 'Days'],
  expiration: ['到期日期', 'Expiration date'],
  daysLeft: ['剩余天数', 'Days left'],
  signIns: ['登录', 'Sign-ins'],
  views: ['查看', 'Views'],
  uploads: ['上传', 'Uploads'],
  downloads: ['下载', 'Downloads'],
  dates: ['日期', 'Dates'],
  timeZone: ['时区', 'Time zone'],
  expiringWithin: ['到期天数内', 'Expiring within (days)'],
  any: ['全部', 'All'],
  code: ['项目编号', 'Code'],
  project: ['项目', 'Project'],
  members: ['成员', 'Members'],
  openTasks: ['待办任务', 'Open tasks'],
  overdueTasks: ['逾期任务', 'Overdue tasks'],
  storage: ['存储（字节）', 'Storage (bytes)'],
  companyReport: ['公司报表', 'Company report'],
} as const satisfies Record<string, Label>;

export const word = (key: keyof typeof WORDS, lang: Lang) => say(WORDS[key], lang);

/** A column of a table: its header in the caller's language and how its cells read. */
export const col = (key: keyof typeof WORDS, kind: ReportColumn['kind'], lang: Lang): ReportColumn => ({
  title: word(key, lang),
  kind,
});

export const statusLabel = (status: number, lang: Lang) => {
  const label = TRAIL_VALUE_LABELS.docStatus[String(status)];
  return label ? say(label, lang) : String(status);
};

export const stageLabel = (stage: number, lang: Lang) => {
  const label = TRAIL_VALUE_LABELS.stage[String(stage)];
  return label ? say(label, lang) : String(stage);
};

/** tasks.kind as SPEC §4's task states name it (the custom reports' labels). */
const TASK_KINDS: Record<string, Label> = TASK_KIND_LABELS;
export const taskKindLabel = (kind: string, lang: Lang) => (TASK_KINDS[kind] ? say(TASK_KINDS[kind], lang) : kind);

/** The buckets of a day count (timeliness, expiry), the same bounds the SQL's CASE uses. */
export const DAY_BUCKETS: ReadonlyArray<{ key: number; label: Label }> = [
  { key: 0, label: ['≤ 0 天', '≤ 0 days'] },
  { key: 1, label: ['1–7 天', '1–7 days'] },
  { key: 2, label: ['8–30 天', '8–30 days'] },
  { key: 3, label: ['31–90 天', '31–90 days'] },
  { key: 4, label: ['> 90 天', '> 90 days'] },
];
