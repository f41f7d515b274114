// Enumerations shared by server and web. Numbers are those of SPEC.md so existing clients keep working.

export const LANGS = ['zh-CN', 'en-US'] as const;
export type Lang = (typeof LANGS)[number];

/**
 * The language a client names, in the forms existing clients send (issue 14): `zh-CN` / `en-US`, `zh`, `en`,
 * `zh_CN`, `en_us`, any case, any region (`en-GB` reads English; `zh-TW` reads Chinese, the only Chinese we have).
 * Null for anything else.
 */
export function langOf(value: unknown): Lang | null {
  if (typeof value !== 'string') return null;
  const tag = value.trim().toLowerCase().replace('_', '-');
  if (tag === 'zh' || tag.startsWith('zh-')) return 'zh-CN';
  if (tag === 'en' || tag.startsWith('en-')) return 'en-US';
  return null;
}
export const DEFAULT_LANG: Lang = 'zh-CN';

export const UserType = { System: 1, Company: 2, Project: 3 } as const;
export type UserType = (typeof UserType)[keyof typeof UserType];

/** How an account came to be: made by an administrator, registered by its owner, or made by an inspector invitation. */
export const UserOrigin = { Internal: 0, External: 1, Inspector: 2 } as const;

export const RoleCode = {
  ProjectAdmin: 'STU_PM',
  ProjectStaff: 'STU_STAFF',
  CompanyAdmin: 'COMPANY_ADMIN',
  /** Not a member's role: an inspector's or auditor's time-boxed, read-only access to the library (issue 11). */
  Inspector: 'INSPECTOR',
} as const;

/** Approval status of user registrations and workflow records. */
export const ApprovalStatus = { Pending: 0, Passed: 1, Rejected: 2 } as const;

export const DocStatus = {
  Editing: 1,
  WaitingReceive: 2,
  InReview: 3,
  InQc: 4,
  InApproval: 5,
  Archived: 6,
  WaitingActivation: 7,
  Processed: 8,
  DeletionInApproval: 9,
} as const;
export type DocStatus = (typeof DocStatus)[keyof typeof DocStatus];

/** Trail types 1-14 are SPEC §4; 100+ are the administrative events DESIGN §7 adds. */
export const TrailType = {
  Create: 1,
  Update: 2,
  Delete: 3,
  Review: 4,
  QualityCheck: 5,
  Approve: 6,
  Sign: 7,
  SendToReview: 8,
  Revoke: 9,
  Withdraw: 10,
  View: 11,
  Publish: 12,
  OnlineEdit: 13,
  Move: 14,
  Login: 101,
  LoginFailure: 102,
  Logout: 103,
  PasswordChange: 104,
  PasswordReset: 105,
  ProfileChange: 106,
  NoticeChange: 107,
  PermissionChange: 108,
  UserChange: 109,
  SettingsChange: 110,
} as const;
export type TrailType = (typeof TrailType)[keyof typeof TrailType];

export const DOC_PERMISSION_KEYS = [
  'createDoc',
  'editDoc',
  'qcDoc',
  'reviewDoc',
  'approveDoc',
  'viewDoc',
  'downDoc',
  'deleteDoc',
  'archiveDoc',
  'viewTrailDoc',
  'viewVersionDoc',
  'manageFolder',
  // Issue 28: filing an import's objects into the folder, and certifying a scan as a copy of its paper original.
  'importDoc',
  'certifyDoc',
] as const;
export const LIBRARY_PERMISSION_KEYS = [
  'viewDoc',
  'moveDoc',
  'recallDoc',
  'downDoc',
  'renameDoc',
  'viewTrailDoc',
  'invalidDoc',
] as const;

export const NoticeStatus = { Draft: 0, Released: 1, Undone: 2 } as const;

export const Sex = ['man', 'woman', 'secrecy'] as const;
