import type { TrailObjectType } from './trail.ts';

type Label = readonly [zh: string, en: string];

/** Values some fields hold as codes, shown by their meaning. */
export const TRAIL_VALUE_LABELS: Record<string, Record<string, Label>> = {
  userType: { 1: ['系统用户', 'System user'], 2: ['公司用户', 'Company user'], 3: ['项目用户', 'Project user'] },
  approvalStatus: { 0: ['待审批', 'Pending'], 1: ['已通过', 'Approved'], 2: ['已拒绝', 'Rejected'] },
  origin: { 0: ['内部', 'Internal'], 1: ['外部', 'External'], 2: ['检查员邀请', 'Inspector invitation'] },
  sex: { man: ['男', 'Male'], woman: ['女', 'Female'], secrecy: ['保密', 'Not disclosed'] },
  action: { download: ['下载', 'Download'], view: ['查看', 'View'] },
  // quality issues (issue 27 part 5)
  issueStep: {
    raise: ['提出', 'Raised'],
    resolve: ['已处理', 'Resolved'],
    verify: ['已确认', 'Verified'],
    reopen: ['重新打开', 'Reopened'],
    waive: ['豁免', 'Waived'],
    reassign: ['改派', 'Reassigned'],
  },
  issueCategory: {
    missing_signature: ['缺少签名', 'Missing signature'],
    wrong_artifact: ['工件归类错误', 'Wrong artifact'],
    wrong_date: ['日期错误', 'Wrong date'],
    illegible: ['无法辨认', 'Illegible'],
    missing_pages: ['缺页', 'Missing pages'],
    personal_data: ['含个人信息', 'Personal data'],
    other: ['其他', 'Other'],
  },
  issueState: {
    open: ['待处理', 'Open'],
    resolved: ['已处理待确认', 'Resolved'],
    verified: ['已确认', 'Verified'],
    waived: ['已豁免', 'Waived'],
  },
  editMode: {
    wopi: ['浏览器中编辑', 'In the browser'],
    webdav: ['桌面应用中编辑', 'In the desktop app'],
    checkout: ['签出', 'Checked out'],
  },
  outcome: {
    saved: ['已保存为新版本', 'Saved as a new version'],
    unchanged: ['内容未变', 'No change in the document'],
    cancelled: ['已放弃', 'Cancelled'],
    expired: ['锁定过期', 'Lock expired'],
    ended_by_admin: ['管理员结束', 'Ended by an administrator'],
  },
  // Not `status`: notices and download tasks have statuses of their own.
  docStatus: {
    1: ['编辑中', 'Editing'],
    2: ['待接收', 'Waiting to be received'],
    3: ['审阅中', 'In review'],
    4: ['质控中', 'In QC'],
    5: ['审批中', 'In approval'],
    6: ['已归档', 'Archived'],
    7: ['待生效', 'Waiting to be activated'],
    8: ['已处理', 'Processed'],
    9: ['删除审批中', 'Deletion in approval'],
  },
  stage: { 3: ['审阅', 'Review'], 4: ['质控', 'QC'], 5: ['审批', 'Approval'] },
  decision: { pass: ['通过', 'Passed'], reject: ['驳回', 'Rejected'], retract: ['撤回', 'Retracted'] },
  dir: { asc: ['升序', 'Ascending'], desc: ['降序', 'Descending'] },
  fn: { count: ['数量', 'Count'], sum: ['合计', 'Sum'], avg: ['平均值', 'Average'] },
  meaning: {
    reviewed: ['已审阅', 'Reviewed'],
    qualityChecked: ['已质控', 'Quality checked'],
    approved: ['已批准', 'Approved'],
    // issue 28 part 4: a scan certified as a copy of its paper original
    certifiedCopy: ['核证副本', 'Certified copy'],
  },
  // Folder rights (issue 26: "Grantee type: user", manage level 2).
  subjectType: { role: ['角色', 'Role'], group: ['用户组', 'User group'], user: ['用户', 'User'] },
  manageLevel: {
    0: ['无', 'None'],
    1: ['查看', 'View'],
    2: ['管理', 'Manage'],
    3: ['管理并可新建文件夹', 'Manage and create folders'],
  },
  docKeys: {
    createDoc: ['新建', 'Create'],
    editDoc: ['编辑', 'Edit'],
    qcDoc: ['质控', 'Quality check'],
    reviewDoc: ['审阅', 'Review'],
    approveDoc: ['审批', 'Approve'],
    viewDoc: ['查看', 'View'],
    downDoc: ['下载', 'Download'],
    deleteDoc: ['删除', 'Delete'],
    archiveDoc: ['归档', 'Archive'],
    viewTrailDoc: ['查看轨迹', 'View trail'],
    viewVersionDoc: ['查看版本', 'View versions'],
    manageFolder: ['管理文件夹', 'Manage folders'],
    importDoc: ['导入文件', 'Import documents'],
    certifyDoc: ['核证副本', 'Certify copies'],
  },
  libraryKeys: {
    viewDoc: ['查看', 'View'],
    moveDoc: ['移动', 'Move'],
    recallDoc: ['召回', 'Recall'],
    downDoc: ['下载', 'Download'],
    renameDoc: ['重命名', 'Rename'],
    viewTrailDoc: ['查看轨迹', 'View trail'],
    invalidDoc: ['作废', 'Invalidate'],
  },
  kinds: {
    receive: ['接收', 'Receive'],
    review: ['审阅', 'Review'],
    qc: ['质控', 'QC'],
    approve: ['审批', 'Approval'],
    archive: ['归档', 'Archive'],
    deletion: ['删除', 'Deletion'],
    expiry: ['到期提醒', 'Expiry'],
    mention: ['@提及', 'Mentions'],
  },
  source: {
    generated: ['edoc 生成（自签名）', 'Made by edoc (self-signed)'],
    installed: ['管理员安装', 'Installed by an administrator'],
  },
  // A tag's preset colours (a #rrggbb colour reads as itself).
  color: {
    magenta: ['品红', 'Magenta'],
    red: ['红色', 'Red'],
    volcano: ['火山橙', 'Volcano'],
    orange: ['橙色', 'Orange'],
    gold: ['金色', 'Gold'],
    lime: ['青柠', 'Lime'],
    green: ['绿色', 'Green'],
    cyan: ['青色', 'Cyan'],
    blue: ['蓝色', 'Blue'],
    geekblue: ['极客蓝', 'Geek blue'],
    purple: ['紫色', 'Purple'],
  },
};

/** Units of number fields that mean themselves: "45 minutes", not "45". */
export const TRAIL_VALUE_UNITS: Record<string, Label> = {
  idleMinutes: ['分钟', 'minutes'],
  expiryNoticeDays: ['天', 'days'],
};

const FOLDER_TYPES: Record<string, Label> = { 0: ['工作区', 'Workspace'], 1: ['文件库', 'Library'] };

/** How the TMF health dashboard groups its figures (issue 27 part 6). */
const TMF_GROUP_BY_LABELS: Record<string, Label> = {
  level: ['层级', 'Level'],
  country: ['国家', 'Country'],
  site: ['中心', 'Site'],
  zone: ['区域', 'Zone'],
  section: ['分区', 'Section'],
  artifact: ['工件', 'Artifact'],
  person: ['归档人', 'Filed by'],
};
const TMF_EXPORT_FORMAT_LABELS: Record<string, Label> = {
  xlsx: ['Excel 工作簿', 'Excel workbook'],
  pdf: ['PDF 文档', 'PDF document'],
  zip: ['可重算数据包', 'Recomputable package'],
};

/** Codes whose meaning depends on the object: `status` of a notice, a download task, a deleted document. Read first. */
export const TRAIL_OBJECT_VALUE_LABELS: Partial<Record<TrailObjectType, Record<string, Record<string, Label>>>> = {
  notice: { status: { 0: ['草稿', 'Draft'], 1: ['已发布', 'Released'], 2: ['已撤回', 'Withdrawn'] } },
  download_task: { status: { 0: ['打包中', 'Packing'], 1: ['已完成', 'Completed'], 2: ['失败', 'Failed'] } },
  document: { status: TRAIL_VALUE_LABELS.docStatus },
  folder: { type: FOLDER_TYPES },
  folder_template_apply: { type: FOLDER_TYPES },
  template: {
    type: {
      1: ['用户组', 'User group'],
      2: ['目录', 'Directory'],
      3: ['用户+目录组（无绑定）', 'User + directory group (no binding)'],
      4: ['用户+目录组（有绑定）', 'User + directory group (with binding)'],
    },
  },
  milestone_type: {
    level: { trial: ['试验', 'Trial'], country: ['国家', 'Country'], site: ['中心', 'Site'] },
  },
  expected_item: {
    level: { trial: ['试验', 'Trial'], country: ['国家', 'Country'], site: ['中心', 'Site'] },
    state: {
      expected: ['待归档', 'Expected'],
      filed: ['已归档', 'Filed'],
      not_applicable: ['不适用', 'Not applicable'],
    },
  },
  tmf_health_export: { groupBy: TMF_GROUP_BY_LABELS, format: TMF_EXPORT_FORMAT_LABELS },
  tmf_index_export: { format: TMF_EXPORT_FORMAT_LABELS },
  // Exchange (issue 28) part 1: an export's kind, levels and statuses.
  exchange_export: {
    kind: { ems: ['eTMF-EMS交换包', 'eTMF-EMS package'], inspection: ['检查包', 'Inspection package'] },
    levels: { trial: ['试验', 'Trial'], country: ['国家', 'Country'], site: ['中心', 'Site'] },
    statuses: TRAIL_VALUE_LABELS.docStatus,
  },
  // part 2: an import's steps.
  exchange_import: {
    state: {
      filing: ['归档中', 'Filing'],
      done: ['已完成', 'Done'],
      failed: ['失败', 'Failed'],
      cancelled: ['已取消', 'Cancelled'],
    },
  },
  tmf_health_mail: { groupBy: TMF_GROUP_BY_LABELS },
  // A background job retried or cancelled by the system administrator (issue 29 part 6).
  job: {
    state: {
      waiting: ['等待中', 'Waiting'],
      running: ['运行中', 'Running'],
      failed: ['失败', 'Failed'],
      done: ['已完成', 'Done'],
      cancelled: ['已取消', 'Cancelled'],
    },
  },
  tmf_target: {
    unit: { calendar: ['自然日', 'Calendar days'], working: ['工作日（周一至周五）', 'Working days (Monday–Friday)'] },
  },
  tmf_model: {
    state: { draft: ['草稿', 'Draft'], published: ['已发布', 'Published'] },
    origin: {
      created: ['新建', 'Created'],
      imported: ['从Excel导入', 'Imported from Excel'],
      version: ['新版本（复制）', 'New version (copied)'],
    },
  },
};

/** Field labels whose meaning depends on the object (the request forms' word for the key means something else). */
export const TRAIL_OBJECT_FIELD_LABELS: Partial<Record<TrailObjectType, Record<string, Label>>> = {
  member: { groupIds: ['用户组', 'User groups'] },
  signing_certificate: { subject: ['证书主体', 'Subject'] },
  expected_items: { removed: ['不再需要而移除', 'Removed (no longer expected)'] },
};
