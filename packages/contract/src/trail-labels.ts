import type { TrailObjectType } from './trail.ts';

type Label = readonly [zh: string, en: string];

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
};

/**
 * Labels of trail value fields that request forms do not have (those are in FIELD_LABELS, read first).
 * A key found in neither is shown as it is stored.
 */
export const TRAIL_FIELD_LABELS: Record<string, Label> = {
  /** A stored value that is not an object (older rows). */
  value: ['值', 'Value'],
  fileName: ['文件名', 'File name'],
  sha256: ['SHA-256', 'SHA-256'],
  size: ['大小（字节）', 'Size (bytes)'],
  versionNo: ['版本号', 'Version'],
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
};

/** Values some fields hold as codes, shown by their meaning. */
export const TRAIL_VALUE_LABELS: Record<string, Record<string, Label>> = {
  userType: { 1: ['系统用户', 'System user'], 2: ['公司用户', 'Company user'], 3: ['项目用户', 'Project user'] },
  approvalStatus: { 0: ['待审批', 'Pending'], 1: ['已通过', 'Approved'], 2: ['已拒绝', 'Rejected'] },
  origin: { 0: ['内部', 'Internal'], 1: ['外部', 'External'] },
  action: { download: ['下载', 'Download'], view: ['查看', 'View'] },
};
