import type { Lang } from './enums.ts';
import { EXCHANGE_ERRORS } from './errors-exchange.ts';
import { IDENTITY_ERRORS } from './errors-identity.ts';
import { TMF_ERRORS } from './errors-tmf.ts';

/**
 * Every error the API answers with: a stable code, its honest HTTP status and the message in
 * both languages (SPEC §8 wording where the spec gives one). `{name}` placeholders are filled
 * from the params of the error.
 */
export const ERRORS = {
  // generic
  parameter_error: [400, '参数错误', 'Parameter error'],
  system_error: [500, '系统错误', 'System error'],
  request_failed: [500, '请求失败', 'Request failed'],
  // TMF health (issue 27): models, a project's model, countries and milestones, expected documents, quality issues
  ...TMF_ERRORS,
  // Exchange (issue 28): EMS export and import, bulk import, certified copies, the inspection package
  ...EXCHANGE_ERRORS,
  // Identity and integration (issue 29): single sign-on, the second factor, API tokens, webhooks
  ...IDENTITY_ERRORS,
  // The database or the file store is away (a restart, a network cut): the request did nothing; try again soon.
  service_unavailable: [
    503,
    '服务暂时不可用（数据库或文件存储正在恢复），请在 {seconds} 秒后重试',
    'The service is briefly unavailable (its database or file store is coming back); please try again in {seconds} seconds',
  ],
  unknown_error: [500, '未知错误', 'Unknown error'],
  system_abnormal: [500, '系统异常，请联系管理员', 'System abnormal, please contact the administrator'],
  not_found: [404, '资源不存在', 'Not found'],
  route_not_found: [404, '接口不存在', 'No such API path'],
  // The background queues (issue 29 part 6)
  job_state: [
    409,
    '该任务的状态不允许此操作：只能重试失败的任务，只能取消等待中或运行中的任务',
    "The job's state does not allow this: only a failed job can be retried, and only a waiting or running one cancelled",
  ],
  forbidden: [403, '没有权限', 'You do not have permission for this'],
  payload_too_large: [413, '文件过大', 'File too large'],
  too_many_requests: [429, '请求过于频繁，请稍后再试', 'Too many requests, please try again later'],
  do_not_resubmit: [409, '请勿重复提交', 'Do not re-submit'],
  idempotency_key_reused: [
    422,
    '该幂等键已用于另一个请求',
    'This Idempotency-Key was already used for a different request',
  ],
  stale_state: [409, '数据已被他人修改，请刷新页面', 'The record was changed by someone else, refresh the page'],
  already_exists: [409, '该记录已存在，请刷新页面', 'This record already exists, refresh the page'],
  // validation of one field; {field} is the field label in the request's language
  required: [400, '请输入{field}', '{field} is required'],
  /** The same refusal for a field picked rather than typed (a select, a date): Chinese says 请选择 there. */
  required_choice: [400, '请选择{field}', '{field} is required'],
  too_long: [400, '{field}不能超过{max}个字符', '{field} cannot exceed {max} characters'],
  too_short: [400, '{field}不能少于{min}个字符', '{field} must have at least {min} characters'],
  invalid_email: [400, '{field}格式不正确', '{field} is not a valid e-mail address'],
  invalid_value: [400, '{field}无效', '{field} is invalid'],
  unknown_field: [400, '不允许的字段：{field}', 'Field not allowed: {field}'],
  // A JSON route sent a form, text or nothing typed as JSON (issue 26): say what it takes, not " is invalid".
  json_body_required: [
    415,
    '请求内容须为 JSON（Content-Type: application/json）',
    'The request body must be JSON (Content-Type: application/json)',
  ],
  // session and sign-in
  unauthorized: [401, '请先登录', 'Please sign in'],
  session_expired: [401, '操作时间已过，请重新打开页面', 'The operation time is over, reopen the page'],
  abnormal_identity: [401, '身份状态异常', 'Abnormal status or identity'],
  wrong_credentials: [401, '邮箱或密码错误', 'Wrong e-mail or password'],
  user_inactivated: [403, '新用户请先修改密码', 'A new user must change the password first'],
  password_expired: [403, '密码已过期，请修改密码', 'Your password has expired, please change it'],
  user_disabled: [403, '账号已停用，请联系管理员', 'This account is disabled, contact the administrator'],
  user_pending_approval: [403, '账号正在等待审批', 'This account is waiting for approval'],
  too_many_wrong_passwords: [423, '密码错误次数过多，请一小时后再试', 'Too many wrong passwords, retry after one hour'],
  user_not_exist: [404, '用户不存在，请检查邮箱', 'User does not exist, check the e-mail'],
  wrong_password: [400, '密码错误', 'Wrong password'],
  password_same_as_recent: [400, '新密码不能与最近使用过的密码相同', 'The password is the same as a recent one'],
  password_too_short: [400, '密码长度不能小于6', 'Password length cannot be less than 6'],
  password_too_long: [400, '密码长度不能超过20', 'Password length cannot exceed 20'],
  password_weak: [400, '长度6-20，必须包含数字、字母和符号', 'Length 6-20, must contain digits, letters and symbols'],
  passwords_mismatch: [400, '两次输入的密码不一致！', 'Two entered passwords do not match!'],
  get_code_first: [400, '请先获取验证码', 'Get a code first'],
  verification_code_error: [400, '验证码错误', 'Verification code error'],
  code_requested_recently: [
    429,
    '验证码已发送，请稍后再试',
    'A code was sent already, please wait before asking again',
  ],
  email_registered: [409, '邮箱已注册，请直接登录', 'E-mail already registered, log in directly'],
  // notices
  notice_too_long: [400, '公告详情不能超过4000字节', 'Announcement details cannot exceed 4000 bytes'],
  notice_empty: [400, '公告详情不能为空', 'Announcement details cannot be empty'],
  // roles, companies, projects, sites, folders, files (SPEC §8)
  role_code_exists: [409, '角色唯一标识已存在', 'Role unique identity exists'],
  role_code_reserved: [400, '该角色编码为系统内置角色保留', 'This role code is reserved for a built-in role'],
  role_linked_menu: [409, '角色已关联菜单，不能删除', 'A role linked to a menu cannot be deleted'],
  role_builtin: [409, '系统内置角色不能删除', 'A built-in system role cannot be deleted'],
  role_in_use: [409, '角色正在使用', 'The role is in use'],
  cannot_modify: [409, '不能删除或修改', 'Cannot delete or modify'],
  directory_in_use: [409, '目录正在使用', 'The directory is in use'],
  company_name_exists: [409, '公司名称重复', 'Duplicate company name'],
  project_code_exists: [409, '项目编号重复', 'Project code repeated'],
  project_expired: [
    403,
    '项目已过期，请联系管理员或切换项目',
    'Project expired, contact the administrator or switch projects',
  ],
  project_closed: [403, '项目已关闭，只能查阅，不能修改', 'The project is closed: it can be read but not changed'],
  inspector_access_ended: [
    403,
    '您的检查访问期限已结束或尚未开始',
    'Your inspection access has ended or has not started yet',
  ],
  inspector_is_member: [
    409,
    '该用户已是本项目成员，不能再邀请为检查员',
    'This user is already a member of the project and cannot be invited as an inspector',
  ],
  inspector_other_company: [
    409,
    '该邮箱属于其他公司的账号，不能邀请',
    'This e-mail belongs to an account of another company and cannot be invited',
  ],
  site_code_exists: [409, '中心编号重复', 'Duplicate site code'],
  site_has_files: [409, '中心下仍有文件', 'The site still has files'],
  user_has_tasks: [
    409,
    '当前用户有以下任务未完成，不能修改角色和权限',
    'The current user has the following tasks not completed and cannot modify roles and permissions',
  ],
  cannot_change_own_rights: [403, '不能修改自己的权限', 'You cannot change your own rights'],
  folder_name_exists: [409, '文件夹名称已存在', 'Folder name already exists'],
  folder_has_files: [409, '当前文件夹包含文件，不能删除', 'The current folder contains files and cannot be deleted'],
  duplicate_file_name: [409, '文件名重复！', 'Duplicate file name!'],
  effective_after_expiry: [
    400,
    '生效日期不能晚于失效日期！',
    'The effective date cannot be after the expiration date!',
  ],
  start_after_end: [400, '开始时间不能晚于结束时间', 'Start time cannot be later than end time'],
  template_limit: [409, '模板最多创建5个！', 'Template can be created Max 5!'],
  no_permission_view_file: [403, '没有权限查看此文件', 'No permission to view this file'],
  not_viewable_online: [415, '该文档不支持在线查看', 'This document does not support online viewing'],
  rendition_not_ready: [409, '文档正在转换，请稍候', 'The document is still being converted, please wait'],
  rendition_failed: [422, '文档转换失败，无法在线查看', 'The document could not be converted for online viewing'],
  // the document-signing certificate (PAdES signatures of downloaded PDFs)
  signing_key_invalid: [
    400,
    '私钥无法读取（须为未加密的 RSA 或 EC 私钥 PEM）',
    'The private key cannot be read (an unencrypted RSA or EC private key in PEM is needed)',
  ],
  signing_certificate_invalid: [
    400,
    '证书无法读取（须为 PEM 格式的证书链）',
    'The certificate cannot be read (a PEM certificate chain is needed)',
  ],
  signing_pkcs12_invalid: [
    400,
    'PKCS#12 文件无法读取或密码错误',
    'The PKCS#12 file cannot be read, or the password is wrong',
  ],
  signing_key_mismatch: [400, '证书链中没有与该私钥匹配的证书', 'No certificate in the chain matches the private key'],
  signing_certificate_expired: [400, '证书不在有效期内', 'The certificate is not valid at this time'],
  already_received: [409, '文件已被接收，请刷新页面', 'File already received, refresh the page'],
  route_changed: [
    409,
    '审核人、QC人或批准人已变更，请修改后重新发送',
    'Reviewer, QCer or approver changed, revise and resend',
  ],
  not_in_this_status: [
    409,
    '文件当前状态不允许此操作，请刷新页面',
    "This action is not possible in the document's current status, refresh the page",
  ],
  project_has_workflow: [
    409,
    '项目中还有{count}个文件在流程中，不能关闭项目',
    'The project still has {count} document(s) in a workflow and cannot be closed',
  ],
  // editing sessions (issue 15): {name} holds the document since {since} (UTC; data.holder has the instant)
  document_locked: [
    423,
    '{name}正在编辑此文件（{since}起），请稍后再试',
    '{name} is editing this document (since {since}); try later',
  ],
  edit_type_not_supported: [
    400,
    '此类型的文件不能在线编辑，请使用签出',
    'This type of file cannot be edited online: check it out instead',
  ],
  browser_editor_unavailable: [
    503,
    '在线编辑服务不可用，请在桌面应用中编辑或签出',
    'The online editor is not available: edit in the desktop app or check the document out',
  ],
  edit_session_ended: [410, '编辑会话已结束，请重新打开', 'The editing session has ended: open the document again'],
  library_folder_upload: [
    400,
    '文件库目录只存放已归档的文件，请上传到工作区目录',
    'A library folder holds archived documents only: upload into a workspace folder',
  ],
  // issue 26: what to do, and who can do it. (A library with no folder at all gets the workspace's tree on the first
  // archive, so this is met only where the library was built by hand without the document's ICH code.)
  library_folder_required: [
    409,
    '文件库中没有相同ICH编码的目录：请选择归档目录。没有合适的目录时，请项目管理员在“管理 → 文件夹管理”中添加文件库目录并为其授权',
    'No library folder has this ICH code: choose the library folder to archive into. If none fits, a project administrator adds one, with its grants, under Management → Folder Management',
  ],
  version_not_current: [
    409,
    '只能归档文档的当前版本，请刷新页面',
    "Only the document's current version can be archived, refresh the page",
  ],
  deletion_approver_invalid: [
    400,
    '所选审批人不能审批此文件的删除',
    'The approver chosen cannot approve the deletion of this document',
  ],
  signature_not_confirmed: [400, '电子签名确认必须勾选', 'Electronic signature confirmation must be ticked'],
  already_acted: [409, '已有处理人处理，不能撤回，请刷新页面', 'An assignee has already acted, refresh the page'],
  no_change: [400, '文档没有变化', 'No change in the document'],
  file_too_large: [413, '文件过大', 'File too large'],
  upload_incomplete: [400, '上传未完成，请重新上传', 'The upload did not complete, please upload it again'],
  file_type_not_allowed: [415, '不允许的文件类型', 'This file type is not allowed'],
  // company administration and registration
  cannot_disable_self: [403, '不能停用自己的账号', 'You cannot disable your own account'],
  // project administration, templates and dictionaries
  group_name_exists: [409, '用户组名称已存在', 'User group name already exists'],
  code_exists: [409, '编码已存在', 'The code already exists'],
  code_type_in_use: [409, '编码类型下仍有编码，不能删除', 'The code type still has codes and cannot be deleted'],
  tag_exists: [409, '标签已存在', 'The tag already exists'],
  template_name_exists: [409, '模板名称已存在', 'Template name already exists'],
  // issue 26: two route templates of one name in one scope (site, group or the whole project) cannot be told apart
  route_preset_name_exists: [
    409,
    '此范围内已有名为“{name}”的流程模板，请换一个名称',
    'A route template named "{name}" already exists here: choose another name',
  ],
  release_version_exists: [409, '版本号已存在', 'The version number already exists'],
  not_project_member: [400, '该用户不是本项目成员', 'The user is not a member of this project'],
  import_invalid: [400, '导入文件有误，未导入任何数据', 'The import file has errors; nothing was imported'],
  import_not_excel: [400, '请上传Excel文件（.xlsx）', 'Upload an Excel file (.xlsx)'],
  duplicate_in_file: [400, '{field}在文件中重复', '{field} appears more than once in the file'],
  // the message board (issue 14)
  board_body_too_long: [400, '内容不能超过4000字节', 'The text cannot exceed 4000 bytes'],
  board_topic_closed: [409, '主题已关闭，不能回复', 'The topic is closed and takes no more replies'],
  board_too_many_files: [400, '附件不能超过{max}个', 'No more than {max} attachments'],
  // custom reports (issue 14); {column} is the report field's label in the request's language
  custom_report_unknown_field: [400, '数据集中没有字段“{column}”', 'The dataset has no field "{column}"'],
  custom_report_bad_operator: [400, '字段“{column}”不能使用此条件', 'This condition cannot be used on "{column}"'],
  custom_report_bad_value: [400, '字段“{column}”的筛选值无效', 'The filter value of "{column}" is not valid'],
  custom_report_not_groupable: [400, '不能按字段“{column}”分组', 'Cannot group by "{column}"'],
  custom_report_not_numeric: [400, '求和或平均须选择数值字段', 'A sum or an average needs a number field'],
  custom_report_name_exists: [409, '您已有同名的报表', 'You already have a report with this name'],
  // download center
  download_empty: [400, '没有可下载的文件', 'There are no files you may download here'],
  download_not_ready: [409, '压缩包尚未打包完成', 'The package is not ready yet'],
  download_expired: [410, '下载任务已过期', 'The download task has expired'],
  download_file_missing: [500, '文件内容缺失：{name}', 'File content is missing: {name}'],
  download_pack_failed: [500, '打包失败：{reason}', 'Packing failed: {reason}'],
} as const satisfies Record<string, readonly [number, string, string]>;

export type ErrorCode = keyof typeof ERRORS;

export function isErrorCode(code: string): code is ErrorCode {
  return Object.prototype.hasOwnProperty.call(ERRORS, code);
}

export function httpStatusOf(code: ErrorCode): number {
  return ERRORS[code][0];
}

export function errorMessage(code: ErrorCode, lang: Lang, params: Record<string, string | number> = {}): string {
  const template = ERRORS[code][lang === 'en-US' ? 2 : 1];
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in params ? String(params[key]) : whole));
}
