import { TrailType } from './enums.ts';
import type { TrailObjectType } from './trail.ts';

type Label = readonly [zh: string, en: string];

/** Names of the trail types (SPEC §4, DESIGN §7): the export's Type column, the custom report's operations. */
export const TRAIL_TYPE_LABELS: Record<TrailType, Label> = {
  [TrailType.Create]: ['创建', 'Create'],
  [TrailType.Update]: ['修改', 'Update'],
  [TrailType.Delete]: ['删除', 'Delete'],
  [TrailType.Review]: ['审阅', 'Review'],
  [TrailType.QualityCheck]: ['质控', 'Quality check'],
  [TrailType.Approve]: ['审批', 'Approve'],
  [TrailType.Sign]: ['签名', 'Sign'],
  [TrailType.SendToReview]: ['发送审阅', 'Send file to review'],
  [TrailType.Revoke]: ['撤销', 'Revoke'],
  [TrailType.Withdraw]: ['撤回', 'Withdraw'],
  [TrailType.View]: ['查看', 'View'],
  [TrailType.Publish]: ['发布', 'Publish'],
  [TrailType.OnlineEdit]: ['在线编辑', 'Online edit'],
  [TrailType.Move]: ['移动', 'Move'],
  [TrailType.Login]: ['登录', 'Login'],
  [TrailType.LoginFailure]: ['登录失败', 'Login failure'],
  [TrailType.Logout]: ['退出', 'Logout'],
  [TrailType.PasswordChange]: ['修改密码', 'Password change'],
  [TrailType.PasswordReset]: ['重置密码', 'Password reset'],
  [TrailType.ProfileChange]: ['修改个人信息', 'Profile change'],
  [TrailType.NoticeChange]: ['公告变更', 'Notice change'],
  [TrailType.PermissionChange]: ['权限变更', 'Permission change'],
  [TrailType.UserChange]: ['用户变更', 'User change'],
  [TrailType.SettingsChange]: ['设置变更', 'Settings change'],
};

/** Names of the objects a trail row is about. */
export const TRAIL_OBJECT_LABELS: Record<TrailObjectType, Label> = {
  document: ['文档', 'Document'],
  document_word: ['文档评论', 'Comment'],
  download_task: ['下载任务', 'Download task'],
  folder: ['文件夹', 'Folder'],
  folder_grants: ['文件夹授权', 'Folder rights'],
  folder_template_apply: ['目录模板应用', 'Directory template applied'],
  template: ['模板', 'Template'],
  codeType: ['编码类型', 'Code type'],
  code: ['编码', 'Code'],
  tag: ['标签', 'Tag'],
  member: ['成员', 'Member'],
  group: ['用户组', 'User group'],
  role: ['角色', 'Role'],
  user: ['用户', 'User'],
  site: ['中心', 'Site'],
  project: ['项目', 'Project'],
  company: ['公司', 'Company'],
  release: ['版本发布', 'Release'],
  study_alert: ['项目提醒', 'Project alerts'],
  notice: ['公告', 'Notice'],
  session: ['会话', 'Session'],
  route_template: ['流程模板', 'Route template'],
  signing_certificate: ['文档签名证书', 'Document-signing certificate'],
  inspection: ['检查访问', 'Inspection visit'],
  inspector: ['检查员', 'Inspector'],
  board_topic: ['留言主题', 'Board topic'],
  board_reply: ['留言回复', 'Board reply'],
  custom_report: ['自定义报表', 'Custom report'],
  tmf_model: ['TMF模型', 'TMF model'],
  project_tmf_model: ['项目TMF模型', "Project's TMF model"],
  folder_artifact: ['文件夹对应工件', "Folder's artifact"],
  country: ['国家', 'Country'],
  milestone: ['里程碑', 'Milestone'],
  milestone_type: ['里程碑类型', 'Milestone type'],
  expected_items: ['预期文档生成', 'Expected documents generated'],
  expected_item: ['预期文档', 'Expected document'],
  expected_item_document: ['预期文档关联', 'Expected document link'],
  tmf_target: ['TMF及时性目标', 'TMF timeliness target'],
};

/**
 * Labels of trail value fields that request forms do not have (those are in FIELD_LABELS, read first).
 * A key found in neither is shown as it is stored.
 */
export const TRAIL_FIELD_LABELS: Record<string, Label> = {
  /** A stored value that is not an object (older rows). */
  value: ['值', 'Value'],
  page: ['页面', 'Page'],
  params: ['参数', 'Parameters'],
  revoked: ['已撤销', 'Revoked'],
  fileName: ['文件名', 'File name'],
  sha256: ['SHA-256', 'SHA-256'],
  size: ['大小（字节）', 'Size (bytes)'],
  versionNo: ['版本号', 'Version'],
  sessionId: ['编辑会话', 'Editing session'],
  editMode: ['编辑方式', 'Editing mode'],
  holderId: ['编辑人', 'Editor'],
  outcome: ['结果', 'Outcome'],
  label: ['版本标签', 'Version label'],
  comment: ['备注', 'Comment'],
  action: ['操作', 'Action'],
  recycled: ['移入回收站', 'Moved to the recycle bin'],
  restored: ['从回收站恢复', 'Restored'],
  purged: ['彻底删除', 'Deleted permanently'],
  versions: ['版本', 'Versions'],
  text: ['内容', 'Text'],
  userAgent: ['浏览器', 'Browser'],
  role: ['角色', 'Role'],
  groupIds: ['用户组', 'User groups'],
  grants: ['授权', 'Grants'],
  tasksHandedOver: ['移交的待办', 'Tasks handed over'],
  signatureSha256: ['签名图片', 'Signature image'],
  avatarSha256: ['头像', 'Avatar'],
  userType: ['用户类型', 'User type'],
  isCompanyManager: ['公司管理员', 'Company manager'],
  origin: ['来源', 'Origin'],
  approvalStatus: ['审批状态', 'Approval status'],
  approvalReason: ['审批意见', 'Approval comment'],
  mustChangePassword: ['须修改密码', 'Must change password'],
  closed: ['已关闭', 'Closed'],
  template: ['模板', 'Template'],
  groupTemplate: ['用户组模板', 'User group template'],
  foldersCreated: ['创建的文件夹', 'Folders created'],
  groupsCreated: ['创建的用户组', 'Groups created'],
  grantsCreated: ['创建的授权', 'Grants created'],
  folderCount: ['文件夹数', 'Folder count'],
  added: ['新增', 'Added'],
  folder: ['文件夹', 'Folder'],
  // a project uses a TMF model (issue 27 part 2)
  model: ['TMF模型', 'TMF model'],
  artifact: ['工件', 'Artifact'],
  foldersMapped: ['对应工件的文件夹', 'Folders mapped to artifacts'],
  documentsFiled: ['归入工件的文档', 'Documents filed under the artifact'],
  // countries and milestones (issue 27 part 3)
  country: ['国家', 'Country'],
  milestone: ['里程碑', 'Milestone'],
  site: ['中心', 'Site'],
  planned: ['计划日期', 'Planned date'],
  actual: ['实际日期', 'Actual date'],
  level: ['层级', 'Level'],
  position: ['排序', 'Position'],
  // expected documents (issue 27 part 4)
  occurrence: ['次序', 'Occurrence'],
  expectedItem: ['预期文档', 'Expected document'],
  document: ['文档', 'Document'],
  linked: ['已关联', 'Linked'],
  auto: ['归档时自动关联', 'Linked on filing'],
  created: ['新增', 'Added'],
  updated: ['更新截止日期', 'Due dates changed'],
  kept: ['未变', 'Unchanged'],
  // quality issues (issue 27 part 5)
  qualityIssue: ['质量问题编号', 'Quality issue number'],
  issueStep: ['质量问题操作', 'Quality issue step'],
  issueCategory: ['问题类别', 'Issue category'],
  issueState: ['问题状态', 'Issue state'],
  resolution: ['处理说明', 'Resolution'],
  memberUserIds: ['受影响的成员', 'Members affected'],
  documentIds: ['文档', 'Documents'],
  expiresAt: ['过期时间', 'Expires at'],
  reviewOpen: ['启用审阅', 'Review enabled'],
  qcOpen: ['启用质控', 'QC enabled'],
  approveOpen: ['启用审批', 'Approval enabled'],
  libraryFolder: ['文件库目录', 'Library folder'],
  groups: ['用户组', 'User groups'],
  bindings: ['授权绑定', 'Grant bindings'],
  projectId: ['项目', 'Project'],
  createdAt: ['创建时间', 'Created at'],
  updatedAt: ['修改时间', 'Updated at'],
  // The workflow (issue 10).
  docStatus: ['文档状态', 'Document status'],
  /** A route has no name: its number among the routes, beside the stages it sends. */
  routeId: ['流程编号', 'Route number'],
  received: ['已接收', 'Received'],
  assigneeIds: ['处理人', 'Assignees'],
  allMustAct: ['须全部处理', 'All must act'],
  signatureRequired: ['需要签名', 'Signature required'],
  decision: ['处理结果', 'Decision'],
  stagePassed: ['节点通过', 'Stage passed'],
  meaning: ['签名含义', 'Meaning'],
  signerName: ['签名人', 'Signed by'],
  contentSha256: ['签名内容 SHA-256', 'Signed content SHA-256'],
  signedAt: ['签名时间', 'Signed at'],
  subject: ['证书主体', 'Subject'],
  issuer: ['颁发者', 'Issuer'],
  serialNumber: ['序列号', 'Serial number'],
  fingerprintSha256: ['SHA-256 指纹', 'SHA-256 fingerprint'],
  validTo: ['有效期至', 'Valid until'],
  expiryNoticeDays: ['到期提醒提前天数', 'Expiry notice (days before)'],
  source: ['来源', 'Source'],
  // Custom reports (issue 14).
  shared: ['共享给项目成员', 'Shared with the project'],
  definition: ['报表定义', 'Report definition'],
  // Inside a definition that is not read as a whole (a row written before definitionText).
  field: ['字段', 'Field'],
  op: ['条件', 'Condition'],
  fn: ['统计', 'Function'],
  dir: ['顺序', 'Order'],
  sort: ['排序', 'Sort'],
  limit: ['最多行数', 'Row limit'],
  // The library (issue 11).
  libraryFolderId: ['文件库目录', 'Library folder'],
  publishDate: ['发布日期', 'Publish date'],
  entryId: ['文件库条目', 'Library entry'],
  activated: ['已生效', 'Activated'],
  recalled: ['已召回', 'Recalled'],
  invalid: ['标记为无效', 'Marked invalid'],
  applyId: ['删除申请', 'Deletion application'],
  approverId: ['审批人', 'Approver'],
  // The message board (issue 14).
  attachments: ['附件', 'Attachments'],
  removed: ['已删除', 'Removed'],
  // TMF models (issue 27).
  state: ['状态', 'State'],
  zoneCount: ['区域数', 'Zones'],
  sectionCount: ['分区数', 'Sections'],
  artifactCount: ['工件数', 'Artifacts'],
  treeSha256: ['模型内容 SHA-256', 'Model content SHA-256'],
  basedOn: ['复制自', 'Copied from'],
  numbersAdded: ['新增的编号', 'Numbers added'],
  numbersRemoved: ['删除的编号', 'Numbers removed'],
  numbersChanged: ['修改的编号', 'Numbers changed'],
};

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

/**
 * What the ids in the values point to. The server names them when it answers (TrailItem.refs, one query per page);
 * the formatter shows the name, and "#id" for one it could not name (deleted since). `subjectId` points to what its
 * record's `subjectType` says.
 */
export const TRAIL_REF_KINDS = [
  'user',
  'role',
  'roleCode',
  'group',
  'site',
  'folder',
  'document',
  'company',
  'topic',
  'codeType',
  'member',
] as const;
export type TrailRefKind = (typeof TRAIL_REF_KINDS)[number];

export const TRAIL_REF_KEYS: Record<string, TrailRefKind> = {
  userId: 'user',
  memberIds: 'user',
  memberUserIds: 'user',
  mentionIds: 'user',
  mailTo: 'user',
  assigneeId: 'user',
  assigneeIds: 'user',
  holderId: 'user',
  approverId: 'user',
  roleId: 'role',
  /** A role's code (members): a built-in role by its name in the reader's language, a custom one by its name. */
  role: 'roleCode',
  groupIds: 'group',
  groupId: 'group',
  siteIds: 'site',
  siteId: 'site',
  folderId: 'folder',
  parentId: 'folder',
  libraryFolderId: 'folder',
  documentIds: 'document',
  fileId: 'document',
  companyId: 'company',
  topicId: 'topic',
  typeId: 'codeType',
};

/** The objects a row may be about that the server names by id (a member by its user's name). */
export const TRAIL_OBJECT_REF_KINDS: Partial<Record<TrailObjectType, TrailRefKind>> = {
  document: 'document',
  folder: 'folder',
  folder_grants: 'folder',
  folder_artifact: 'folder',
  member: 'member',
  group: 'group',
  role: 'role',
  site: 'site',
  board_topic: 'topic',
  /** A user's alert choices in the project: the row's id is the user's. */
  study_alert: 'user',
  user: 'user',
};

/**
 * Number fields that mean themselves: counts, sizes, orders, and ids kept as ids (an editing session, a route,
 * a library entry, a deletion application, a file version have no name to show). Any other number field must be
 * coded (trail-shapes.ts `coded`) or a reference (TRAIL_REF_KEYS): trail-labels.test.ts fails on one that is neither.
 */
export const TRAIL_NUMBER_KEYS = [
  // quality issues (issue 27 part 5): an issue's number and the page it names
  'qualityIssue',
  'page',
  // expected documents (issue 27 part 4): an occurrence's number and a regeneration's counts
  'occurrence',
  'created',
  'updated',
  'removed',
  'kept',
  'size',
  'folderCount',
  'foldersCreated',
  'groupsCreated',
  'grantsCreated',
  'tasksHandedOver',
  'sortOrder',
  'idleMinutes',
  'expiryNoticeDays',
  'days',
  'pageSize',
  'limit',
  'id',
  'sessionId',
  'routeId',
  'entryId',
  'applyId',
  'fileVersionId',
  // TMF models (issue 27): a model's version number and its size.
  'version',
  'zoneCount',
  'sectionCount',
  'artifactCount',
  'foldersMapped',
  'position',
  'documentsFiled',
] as const;
