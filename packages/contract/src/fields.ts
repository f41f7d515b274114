import { z } from 'zod';
import { LANGS, langOf, type Lang } from './enums.ts';
import { ERRORS, errorMessage, isErrorCode } from './errors.ts';
import { EMAIL_MAX, NAME_MAX, PASSWORD_MAX } from './limits.ts';

/** Field labels used in validation messages, so "email" reads "E-mail" / "邮箱". */
export const FIELD_LABELS: Record<string, readonly [string, string]> = {
  // The request body as a whole (an issue with no field path): a JSON array or text where an object belongs.
  requestBody: ['请求内容', 'Request body'],
  email: ['邮箱', 'E-mail'],
  password: ['密码', 'Password'],
  privateKey: ['私钥', 'Private key'],
  certificate: ['证书', 'Certificate'],
  pkcs12: ['PKCS#12 文件', 'PKCS#12 file'],
  newPassword: ['新密码', 'New password'],
  confirmPassword: ['确认密码', 'Confirm password'],
  captchaId: ['验证码标识', 'Verification code id'],
  captchaCode: ['验证码', 'Verification code'],
  code: ['编码', 'Code'],
  lang: ['语言', 'Language'],
  name: ['名称', 'Name'],
  userName: ['姓名', 'Name'],
  firstName: ['名', 'First name'],
  lastName: ['姓', 'Last name'],
  mobile: ['手机', 'Mobile'],
  phone: ['电话', 'Phone'],
  sex: ['性别', 'Sex'],
  country: ['国家', 'Country'],
  city: ['城市', 'City'],
  subject: ['主题', 'Subject'],
  contents: ['内容', 'Contents'],
  effectiveTime: ['生效时间', 'Effective time'],
  id: ['编号', 'Id'],
  file: ['文件', 'File'],
  companyName: ['公司名称', 'Company name'],
  description: ['描述', 'Description'],
  companyId: ['公司', 'Company'],
  userId: ['用户', 'User'],
  enabled: ['启用状态', 'Enabled'],
  studyId: ['项目', 'Project'],
  pass: ['审批结果', 'Decision'],
  reason: ['原因', 'Reason'],
  status: ['状态', 'Status'],
  pageNum: ['页码', 'Page number'],
  pageSize: ['每页条数', 'Page size'],
  searchValue: ['搜索内容', 'Search text'],
  shortName: ['简称', 'Short name'],
  siteIds: ['中心', 'Sites'],
  siteId: ['中心', 'Site'],
  fileCode: ['文件编号', 'File code'],
  effectiveDate: ['生效日期', 'Effective date'],
  expirationDate: ['失效日期', 'Expiration date'],
  tagIds: ['标签', 'Tags'],
  fileId: ['文件', 'File'],
  fileVersionId: ['文件版本', 'File version'],
  fileIds: ['文件', 'Files'],
  roleId: ['角色', 'Role'],
  roleCode: ['角色编码', 'Role code'],
  docKeys: ['文档权限', 'Document rights'],
  libraryKeys: ['文件库权限', 'Library rights'],
  manageLevel: ['管理级别', 'Manage level'],
  memberIds: ['成员', 'Members'],
  groupId: ['用户组', 'User group'],
  folderId: ['文件夹', 'Folder'],
  folderName: ['文件夹名称', 'Folder name'],
  parentId: ['上级文件夹', 'Parent folder'],
  ichCode: ['ICH编码', 'ICH code'],
  nameEn: ['英文名称', 'English name'],
  sortOrder: ['排序', 'Order'],
  subjectType: ['授权对象类型', 'Grantee type'],
  subjectId: ['授权对象', 'Grantee'],
  templateId: ['模板', 'Template'],
  directoryTemplateId: ['目录模板', 'Directory template'],
  groupTemplateId: ['用户组模板', 'User group template'],
  folderPath: ['文件夹路径', 'Folder path'],
  folders: ['目录', 'Folders'],
  group: ['用户组', 'User group'],
  type: ['类型', 'Type'],
  typeId: ['编码类型', 'Code type'],
  color: ['颜色', 'Colour'],
  version: ['版本号', 'Version number'],
  releasedOn: ['发布日期', 'Release date'],
  notesZh: ['中文说明', 'Notes (Chinese)'],
  notesEn: ['英文说明', 'Notes (English)'],
  kinds: ['提醒类型', 'Alert kinds'],
  phase: ['分期', 'Phase'],
  idleMinutes: ['空闲时间', 'Idle time'],
  endDate: ['结束日期', 'End date'],
  startsOn: ['访问开始日期', 'Access starts on'],
  endsOn: ['访问结束日期', 'Access ends on'],
  canDownload: ['允许下载', 'May download'],
  allowedFileTypes: ['允许的文件类型', 'Allowed file types'],
  versionConvention: ['版本命名规则', 'Version naming convention'],
  stages: ['流程', 'Route'],
  stage: ['流程节点', 'Stage'],
  userIds: ['处理人', 'Assignees'],
  groupIds: ['处理组', 'Assignee groups'],
  dueDate: ['截止日期', 'Due date'],
  comment: ['意见', 'Comment'],
  confirmed: ['电子签名确认', 'Signature confirmation'],
  timeZone: ['时区', 'Time zone'],
  assigneeId: ['接收人', 'Recipient'],
  mode: ['编辑方式', 'Editing mode'],
  uniqueSymbol: ['编辑会话标识', 'Editing session'],
  discard: ['放弃修改', 'Discard changes'],
  body: ['内容', 'Text'],
  topicId: ['主题', 'Topic'],
  mentionIds: ['提及的成员', 'Mentioned members'],
  pinned: ['置顶', 'Pinned'],
  closed: ['已关闭', 'Closed'],
  ids: ['编号', 'Ids'],
  // custom reports (issue 14)
  mailTo: ['每周邮件接收人', 'Mailed weekly to'],
  dataset: ['数据集', 'Dataset'],
  columns: ['列', 'Columns'],
  filters: ['筛选条件', 'Filters'],
  groupBy: ['分组字段', 'Group by'],
  chartType: ['图表类型', 'Chart type'],
  measure: ['统计方式', 'Measure'],
  // TMF models (issue 27)
  source: ['来源', 'Source'],
  zones: ['区域', 'Zones'],
  sections: ['分区', 'Sections'],
  artifacts: ['工件', 'Artifacts'],
  number: ['编号', 'Number'],
  nameZh: ['中文名称', 'Chinese name'],
  subArtifacts: ['子工件', 'Sub-artifacts'],
  levels: ['适用层级', 'Levels'],
  core: ['核心工件', 'Core'],
  ichRef: ['ICH E6 条款', 'ICH E6 reference'],
  dateLabel: ['文档日期', 'Document date'],
  review: ['审阅', 'Review'],
  qc: ['质控', 'QC'],
  approval: ['审批', 'Approval'],
  tmfModelId: ['TMF模型', 'TMF model'],
  modelId: ['TMF模型', 'TMF model'],
  artifactId: ['工件', 'Artifact'],
  documentDate: ['文档日期', 'Document date'],
  // countries and milestones (issue 27 part 3)
  countryId: ['国家', 'Country'],
  planned: ['计划日期', 'Planned date'],
  position: ['排序', 'Position'],
  level: ['层级', 'Level'],
  actual: ['实际日期', 'Actual date'],
  // expected documents (issue 27 part 4)
  rules: ['预期规则', 'Expected document rules'],
  milestoneCode: ['里程碑', 'Milestone'],
  offsetDays: ['偏移天数', 'Offset (days)'],
  recurrence: ['重复周期', 'Recurrence'],
  itemId: ['预期文档', 'Expected document'],
  documentId: ['文档', 'Document'],
  state: ['状态', 'State'],
  queue: ['队列', 'Queue'],
  q: ['搜索内容', 'Search text'],
  sort: ['排序字段', 'Sort by'],
  order: ['排序方向', 'Order'],
  // TMF health (issue 27 part 6)
  days: ['天数', 'Days'],
  unit: ['计算方式', 'Counting'],
  key: ['分组', 'Group'],
  list: ['清单', 'List'],
  category: ['类别', 'Category'],
  page: ['页码', 'Page'],
  format: ['导出格式', 'Export format'],
  subscribed: ['每周邮件', 'Weekly mail'],
  // quality issues (issue 27 part 5)
  resolution: ['处理说明', 'Resolution'],
  versionNo: ['版本', 'Version'],
  assignedToMe: ['指派给我', 'Assigned to me'],
  raisedByMe: ['我提出的', 'Raised by me'],
  // EMS export (issue 28 part 1)
  kind: ['类型', 'Kind'],
  artifactIds: ['工件', 'Artifacts'],
  countryIds: ['国家', 'Countries'],
  statuses: ['文档状态', 'Document statuses'],
  documentDateFrom: ['文档日期起', 'Document date from'],
  documentDateTo: ['文档日期止', 'Document date to'],
  allVersions: ['全部版本', 'All versions'],
  milestoneId: ['里程碑', 'Milestone'],
  // certified copies (issue 28 part 4)
  pagesChecked: ['已核对页数', 'Pages checked'],
  // single sign-on (issue 29 parts 1 and 2)
  label: ['显示名称', 'Label'],
  issuer: ['签发方地址', 'Issuer URL'],
  clientId: ['客户端 ID', 'Client ID'],
  clientSecret: ['客户端密钥', 'Client secret'],
  domains: ['电子邮箱域名', 'E-mail domains'],
  emailClaim: ['电子邮箱声明', 'E-mail claim'],
  nameClaim: ['姓名声明', 'Name claim'],
  groupsClaim: ['用户组声明', 'Groups claim'],
  jitAccounts: ['首次登录时创建账号', 'Create accounts at first sign-in'],
  groupName: ['用户组', 'Group'],
  provider: ['单点登录提供方', 'Single sign-on provider'],
  iss: ['签发方', 'Issuer'],
  ticket: ['登录凭据', 'Sign-in ticket'],
  returnTo: ['返回页面', 'Return page'],
  ssoProof: ['身份确认', 'Identity confirmation'],
  projectId: ['项目', 'Project'],
  error: ['错误', 'Error'],
  // two-factor sign-in (issue 29 part 3)
  challenge: ['登录步骤', 'Sign-in step'],
  recoveryCode: ['恢复码', 'Recovery code'],
  totpCode: ['动态验证码', 'Authenticator code'],
  totpRequired: ['所有人须使用双重验证', 'Two-factor required of everyone'],
  totpRoles: ['须使用双重验证的角色', 'Roles that must use two-factor'],
  passwordSignIn: ['允许密码登录', 'Password sign-in allowed'],
  // API tokens (issue 29 part 4); the scopes too, which token_scope_missing names
  expiresAt: ['有效期至', 'Expires'],
  scopes: ['权限范围', 'Scopes'],
  projectIds: ['可用项目', 'Projects'],
  'x-edoc-project': ['项目（X-Edoc-Project 请求头）', 'Project (X-Edoc-Project header)'],
  'documents:read': ['读取文件', 'Read documents'],
  'documents:write': ['提交文件', 'File documents'],
  'tasks:act': ['处理任务', 'Act on tasks'],
  'reports:read': ['读取报表', 'Read reports'],
  admin: ['管理', 'Administer'],
  // webhooks (issue 29 part 5)
  url: ['接收地址', 'URL'],
  events: ['事件', 'Events'],
  deliveryId: ['投递记录', 'Delivery'],
  allowPrivateTargets: ['允许内网和本机目标', 'Allow private and loopback targets'],
  // bulk import (issue 28 part 3): the optional metadata spreadsheet part
  sheet: ['元数据表格', 'Metadata spreadsheet'],
};

export function fieldLabel(field: string, lang: Lang): string {
  const label = FIELD_LABELS[field];
  return label ? label[lang === 'en-US' ? 1 : 0] : field;
}

interface IssueLike {
  code: string;
  path: PropertyKey[];
  message: string;
  minimum?: unknown;
  maximum?: unknown;
  format?: string;
  keys?: string[];
}

/**
 * A field the user picks (ids from a select or tree, dates, kinds, the language, a file) rather than types: its "required"
 * reads 请选择 in Chinese, not 请输入 (issue 12, defect 7).
 */
export function isChoiceField(field: string): boolean {
  return (
    /(Ids?|Date|Time|On)$/.test(field) ||
    ['type', 'lang', 'sex', 'stage', 'stages', 'status', 'file', 'files'].includes(field)
  );
}

/** The message code of a refusal on a field: "required" becomes "required_choice" on a picked field. */
export const messageCodeFor = (code: keyof typeof ERRORS, field: string): keyof typeof ERRORS =>
  code === 'required' && isChoiceField(field) ? 'required_choice' : code;

/** Turns one zod issue into a message naming the field in the user's language. */
export function issueMessage(issue: IssueLike, lang: Lang): { field: string; message: string } {
  const field = String(
    [...issue.path].reverse().find((p) => typeof p === 'string') ?? issue.keys?.[0] ?? 'requestBody',
  );
  const params = { field: fieldLabel(field, lang), max: String(issue.maximum ?? ''), min: String(issue.minimum ?? '') };
  let code: keyof typeof ERRORS;
  if (isErrorCode(issue.message)) code = issue.message;
  else if (issue.code === 'invalid_type' && issue.message.includes('undefined')) code = 'required';
  else if (issue.code === 'too_small') code = issue.minimum === 1 ? 'required' : 'too_short';
  else if (issue.code === 'too_big') code = 'too_long';
  else if (issue.code === 'invalid_format' && issue.format === 'email') code = 'invalid_email';
  else if (issue.code === 'unrecognized_keys') code = 'unknown_field';
  else code = 'invalid_value';
  return { field, message: errorMessage(messageCodeFor(code, field), lang, params) };
}

/** Text that can be stored and read back: no NUL character, no lone UTF-16 surrogate. */
export function isCleanText(s: string): boolean {
  return !s.includes('\u0000') && !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(s);
}

// Building blocks for request schemas. Messages are error codes; issueMessage translates them.
export const requiredText = (max = NAME_MAX) =>
  z.string().trim().min(1, 'required').max(max, 'too_long').refine(isCleanText, 'invalid_value');
export const optionalText = (max = NAME_MAX) =>
  z.string().trim().max(max, 'too_long').refine(isCleanText, 'invalid_value').optional();
export const emailField = z
  .string('required')
  .trim()
  .min(1, 'required')
  .max(EMAIL_MAX, 'too_long')
  .pipe(z.email('invalid_email'));
export const passwordInput = z.string('required').min(1, 'required').max(PASSWORD_MAX, 'too_long');
/** The largest id a serial column holds (PostgreSQL integer); a larger one names nothing and is bad input. */
export const ID_MAX = 2_147_483_647;
export const idParam = z.coerce
  .number('invalid_value')
  .int('invalid_value')
  .positive('invalid_value')
  .max(ID_MAX, 'invalid_value');
/** Path parameters of a call on one object: `/…/:id`. */
export const idParams = z.object({ id: idParam });
/** An optional id in a query, an empty value (a cleared filter) read as none. */
export const optionalIdParam = z.preprocess((v) => (v === '' ? undefined : v), idParam.optional());
/** Path parameters of a call on one user: `/…/:userId`. */
export const userIdParams = z.object({ userId: idParam });

/** The one id rule of a JSON body: a positive whole number within PostgreSQL's integer (issue 9). */
export const idField = z.number('required').int('invalid_value').positive('invalid_value').max(ID_MAX, 'invalid_value');

/**
 * A day that exists on the calendar, yyyy-mm-dd (no 2023-02-29, no month 13), years 1900–9999: the one date rule
 * of every request (issue 9), so the database never meets a date it refuses.
 */
export function isCalendarDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1900) return false;
  const day = new Date(Date.UTC(y, mo - 1, d));
  return day.getUTCFullYear() === y && day.getUTCMonth() === mo - 1 && day.getUTCDate() === d;
}
// z.iso.date keeps `format: date` in the OpenAPI document, which the suite's bad-input test reads.
export const calendarDate = z.iso.date('invalid_value').refine(isCalendarDate, 'invalid_value');
/** A date a form may leave empty: '' reads as "no date". */
export const optionalCalendarDate = calendarDate.optional().or(z.literal('').transform(() => undefined));
/** An ISO date-time with its offset, on a day that exists (the same calendar rule). */
export const calendarDateTime = z.iso
  .datetime({ offset: true, error: 'invalid_value' })
  .refine((s) => isCalendarDate(s.slice(0, 10)), 'invalid_value');

/**
 * What the caller may do with a record (DESIGN §5 `abilities`): the names, from the resource's own list, of the
 * actions or keys it holds — a document's keys, a library row's keys, a document's workflow actions, a board topic's.
 */
export const abilityList = <const T extends readonly [string, ...string[]]>(names: T) => z.array(z.enum(names));

/** The text fields of a multipart request that carries only its file part (an avatar, an import). */
export const fileOnly = z.object({});

/** A language field: any form langOf reads becomes zh-CN / en-US; anything else is refused as invalid. */
export const langField = z.preprocess((v) => langOf(v) ?? v, z.enum(LANGS, 'invalid_value'));
