import { type Lang, TrailType } from './enums.ts';
import { FIELD_LABELS } from './fields.ts';
import { TRAIL_FIELD_LABELS } from './trail-field-labels.ts';
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
  // Identity (issue 29) part 5
  webhook: ['Webhook 订阅', 'Webhook'],
  webhook_delivery: ['Webhook 投递', 'Webhook delivery'],
  webhook_settings: ['Webhook 设置', 'Webhook settings'],
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
