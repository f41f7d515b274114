import type { Lang } from './enums.ts';
import { TRAIL_OBJECT_LABELS, TRAIL_TYPE_LABELS } from './trail-labels.ts';
import { TRAIL_VALUE_LABELS } from './trail-value-labels.ts';
import { TASK_KINDS } from './workflow.ts';

/*
 * What a custom report (issue 14) may read: its datasets and, per dataset, the whitelist of fields. The server
 * builds its SQL only from these keys (each has its expression there), never from text a user sent; the web builds
 * its forms from the same list, so both sides agree on what a field is and how its values read.
 */

export type Label = readonly [zh: string, en: string];

export const CUSTOM_DATASETS = ['documents', 'versions', 'requests', 'tasks', 'trail'] as const;
export type CustomDataset = (typeof CUSTOM_DATASETS)[number];

export const FIELD_KINDS = ['text', 'number', 'date', 'enum'] as const;
export type FieldKind = (typeof FIELD_KINDS)[number];

export interface ReportField {
  key: string;
  kind: FieldKind;
  label: Label;
  /** May be the group-by (a date groups by month). */
  groupable: boolean;
  filterable: boolean;
  /** An enum's values (numbers or codes) and how each reads. */
  options?: ReadonlyArray<{ value: number | string; label: Label }>;
}

export const DATASET_LABELS: Record<CustomDataset, Label> = {
  documents: ['文档', 'Documents'],
  versions: ['文档版本', 'Document versions'],
  requests: ['流程请求', 'Workflow requests'],
  tasks: ['任务', 'Tasks'],
  trail: ['操作轨迹', 'Operation trail'],
};

const optionsOf = (labels: Record<string, Label>, numeric = true) =>
  Object.entries(labels).map(([value, label]) => ({ value: numeric ? Number(value) : value, label }));

const DOC_STATUS = optionsOf(TRAIL_VALUE_LABELS.docStatus);
const STAGES = optionsOf(TRAIL_VALUE_LABELS.stage);
const REQUEST_STATES = optionsOf({ 0: ['处理中', 'Pending'], 1: ['已通过', 'Passed'], 2: ['已驳回', 'Rejected'] });
const TASK_STATES = optionsOf({ 0: ['待处理', 'Open'], 1: ['已完成', 'Done'], 2: ['已取消', 'Cancelled'] });
/** tasks.kind as SPEC §4's task states name it (the custom and the ready-made reports both show it). */
export const TASK_KIND_LABELS: Record<(typeof TASK_KINDS)[number], Label> = {
  receive: ['待接收', 'Waiting for receiving'],
  edit: ['待编辑', 'Waiting for editing'],
  rejected: ['已驳回', 'Rejected'],
  review: ['待审阅', 'Waiting for review'],
  qc: ['待质控', 'Waiting for QC'],
  approve: ['待审批', 'Waiting for approval'],
  archive: ['待归档', 'Waiting to archive'],
  deleteApproval: ['删除待审批', 'Deletion waiting for approval'],
  qualityIssue: ['质量问题待处理', 'Quality issue to resolve'],
  qualityVerify: ['质量问题待确认', 'Quality issue to verify'],
};

type Spec = [key: string, kind: FieldKind, label: Label, groupable?: boolean, options?: ReportField['options']];
const fields = (specs: Spec[]): ReportField[] =>
  specs.map(([key, kind, label, groupable = false, options]) => ({
    key,
    kind,
    label,
    groupable,
    filterable: true,
    ...(options ? { options } : {}),
  }));

const documentName: Spec = ['document', 'text', ['文档名称', 'Document'], false];
const folder: Spec = ['folder', 'text', ['文件夹', 'Folder'], true];
const site: Spec = ['site', 'text', ['中心', 'Site'], true];
const status: Spec = ['status', 'enum', ['文档状态', 'Document status'], true, DOC_STATUS];

export const DATASET_FIELDS: Record<CustomDataset, readonly ReportField[]> = {
  documents: fields([
    ['name', 'text', ['文件名称', 'Name']],
    ['fileCode', 'text', ['文件编号', 'File code']],
    ['ichCode', 'text', ['ICH编码', 'ICH code'], true],
    folder,
    status,
    site,
    ['creator', 'text', ['创建人', 'Creator'], true],
    ['versionNo', 'text', ['版本号', 'Version']],
    ['extension', 'text', ['文件类型', 'File type'], true],
    ['size', 'number', ['大小（字节）', 'Size (bytes)']],
    ['effectiveDate', 'date', ['生效日期', 'Effective date'], true],
    ['expirationDate', 'date', ['失效日期', 'Expiration date'], true],
    ['createdAt', 'date', ['创建时间', 'Created'], true],
    ['updatedAt', 'date', ['修改时间', 'Updated'], true],
  ]),
  versions: fields([
    documentName,
    folder,
    status,
    site,
    ['versionNo', 'text', ['版本号', 'Version'], true],
    ['fileName', 'text', ['文件名', 'File name']],
    ['extension', 'text', ['文件类型', 'File type'], true],
    ['size', 'number', ['大小（字节）', 'Size (bytes)']],
    ['uploader', 'text', ['上传人', 'Uploaded by'], true],
    ['createdAt', 'date', ['上传时间', 'Uploaded'], true],
  ]),
  requests: fields([
    documentName,
    folder,
    site,
    ['stage', 'enum', ['请求类型', 'Request type'], true, STAGES],
    ['state', 'enum', ['请求状态', 'Request state'], true, REQUEST_STATES],
    ['sender', 'text', ['发送人', 'Sent by'], true],
    ['openedAt', 'date', ['开始时间', 'Opened'], true],
    ['closedAt', 'date', ['结束时间', 'Closed'], true],
    ['dueDate', 'date', ['截止日期', 'Due date'], true],
    ['days', 'number', ['用时（天）', 'Days taken']],
  ]),
  tasks: fields([
    documentName,
    folder,
    site,
    ['assignee', 'text', ['处理人', 'Assignee'], true],
    ['kind', 'enum', ['任务类型', 'Task'], true, optionsOf(TASK_KIND_LABELS, false)],
    ['state', 'enum', ['任务状态', 'Task state'], true, TASK_STATES],
    ['outcome', 'text', ['处理结果', 'Outcome'], true],
    ['createdAt', 'date', ['创建时间', 'Created'], true],
    ['doneAt', 'date', ['完成时间', 'Done'], true],
    ['dueDate', 'date', ['截止日期', 'Due date'], true],
  ]),
  trail: fields([
    ['at', 'date', ['操作时间', 'Time'], true],
    ['actor', 'text', ['操作人', 'Actor'], true],
    ['type', 'enum', ['操作类型', 'Operation'], true, optionsOf(TRAIL_TYPE_LABELS)],
    ['objectType', 'enum', ['对象类型', 'Object type'], true, optionsOf(TRAIL_OBJECT_LABELS, false)],
    documentName,
    ['version', 'text', ['版本号', 'Version']],
    ['reason', 'text', ['原因', 'Reason']],
  ]),
};

export function fieldOf(dataset: CustomDataset, key: string): ReportField | undefined {
  return DATASET_FIELDS[dataset].find((f) => f.key === key);
}

export const pickLabel = (label: Label, lang: Lang) => label[lang === 'en-US' ? 1 : 0];

/** "（空）": a row without a value, in a cell or as a group. */
export const EMPTY_LABEL: Label = ['（空）', '(empty)'];

/**
 * A value as a person reads it: an enum by its label, a date as yyyy-mm-dd (a month group as yyyy-mm), a number as
 * it is. The export and the web show the same text.
 */
export function formatValue(field: ReportField, value: unknown, lang: Lang): string | number {
  if (value === null || value === undefined || value === '') return pickLabel(EMPTY_LABEL, lang);
  if (field.kind === 'enum') {
    const option = field.options?.find((o) => String(o.value) === String(value));
    return option ? pickLabel(option.label, lang) : String(value);
  }
  if (field.kind === 'number') return typeof value === 'number' ? value : Number(value);
  return String(value);
}
