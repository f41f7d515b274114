import { type Lang, TrailType } from './enums.ts';
import { FIELD_LABELS } from './fields.ts';
import { TRAIL_OBJECT_FIELD_LABELS, TRAIL_OBJECT_VALUE_LABELS, TRAIL_VALUE_LABELS } from './trail-value-labels.ts';
import type { TrailObjectType } from './trail.ts';

type Label = readonly [zh: string, en: string];

const pick = (label: Label, lang: Lang) => label[lang === 'en-US' ? 1 : 0];

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
  job: ['后台任务', 'Background job'],
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
  tmf_health_export: ['TMF健康度导出', 'TMF health export'],
  tmf_index_export: ['TMF索引导出', 'TMF index export'],
  tmf_health_mail: ['TMF健康度每周邮件', 'TMF health weekly mail'],
  // Exchange (issue 28) part 1
  exchange_export: ['TMF交换包导出', 'TMF exchange export'],
  // part 2
  exchange_import: ['TMF交换包导入', 'TMF exchange import'],
  // Identity (issue 29) parts 1 and 2
  sso_provider: ['单点登录提供方', 'Single sign-on provider'],
  sso_group_rule: ['单点登录组规则', 'Single sign-on group rule'],
  // Identity (issue 29) part 3
  user_totp: ['双重验证', 'Two-factor sign-in'],
  sign_in_policy: ['登录策略', 'Sign-in policy'],
  // Identity (issue 29) part 4
  api_token: ['API 令牌', 'API token'],
  service_account: ['服务账号', 'Service account'],
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
  // the recomputable package of TMF health (issue 27 part 8): rows of each CSV
  itemsExported: ['导出的预期文档行数', 'Expected document rows exported'],
  filingsExported: ['导出的归档关联行数', 'Filing rows exported'],
  documentsExported: ['导出的文档行数', 'Document rows exported'],
  qcStagesExported: ['导出的质控环节行数', 'QC stage rows exported'],
  issuesExported: ['导出的质量问题行数', 'Quality issue rows exported'],
  // an EMS import (issue 28 part 2)
  importId: ['导入编号', 'Import number'],
  packageName: ['导入包', 'Package'],
  packageSize: ['导入包大小（字节）', 'Package size (bytes)'],
  serverPath: ['服务器路径', 'Server path'],
  sourceSystem: ['来源系统', 'Source system'],
  sourceObjectId: ['来源对象编号', 'Source object id'],
  imported: ['从交换包导入', 'Imported from an exchange package'],
  objects: ['对象数', 'Objects'],
  accepted: ['接受的行数', 'Rows accepted'],
  filed: ['已归档的行数', 'Rows filed'],
  failed: ['未能归档的行数', 'Rows not filed'],
  // two-factor sign-in (issue 29 part 3)
  enrolled: ['已设置双重验证', 'Two-factor set up'],
  confirmed: ['已确认', 'Confirmed'],
  recoveryCodesLeft: ['剩余恢复码', 'Recovery codes left'],
  // single sign-on and API tokens (issue 29 parts 1, 2 and 4)
  clientSecretSet: ['已设置客户端密钥', 'Client secret set'],
  prefix: ['令牌前缀', 'Token prefix'],
  projectIds: ['项目', 'Projects'],
  scopes: ['权限范围', 'Scopes'],
  // Exchange (issue 28) part 1: an export's selection
  countries: ['国家', 'Countries'],
  sites: ['中心', 'Sites'],
  // the TMF index for inspection (issue 27 part 7): what it listed
  artifactsListed: ['列出的工件数', 'Artifacts listed'],
  itemsExpected: ['预期文档数', 'Expected items'],
  itemsFiled: ['已归档的预期文档', 'Items filed'],
  itemsMissing: ['缺失的预期文档', 'Items missing'],
  itemsOverdue: ['已逾期的预期文档', 'Items overdue'],
  itemsNotApplicable: ['不适用的预期文档', 'Items not applicable'],
  documentsListed: ['列出的文档数', 'Documents listed'],
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
  // Certified copies (issue 28 part 4).
  certifiedCopy: ['核证副本', 'Certified copy'],
  pages: ['已核对页数', 'Pages checked'],
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

export function trailFieldLabel(key: string, lang: Lang, objectType?: string): string {
  const byObject = objectType ? TRAIL_OBJECT_FIELD_LABELS[objectType as TrailObjectType]?.[key] : undefined;
  const label = byObject ?? FIELD_LABELS[key] ?? TRAIL_FIELD_LABELS[key];
  return label ? pick(label, lang) : key;
}

export function trailObjectLabel(objectType: string, lang: Lang): string {
  const label = (TRAIL_OBJECT_LABELS as Record<string, Label | undefined>)[objectType];
  return label ? pick(label, lang) : objectType;
}

export function trailTypeLabel(type: number, lang: Lang): string {
  const label = (TRAIL_TYPE_LABELS as Record<number, Label | undefined>)[type];
  return label ? pick(label, lang) : String(type);
}

/** The label of a code a field holds (an object's own meaning of the key first), or undefined. */
export function trailCodeLabel(key: string, code: unknown, objectType?: string): Label | undefined {
  const byObject = objectType ? TRAIL_OBJECT_VALUE_LABELS[objectType as TrailObjectType]?.[key] : undefined;
  return (byObject ?? TRAIL_VALUE_LABELS[key])?.[String(code)];
}
