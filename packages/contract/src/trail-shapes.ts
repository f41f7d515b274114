import { z } from 'zod';
import { reportDefinition } from './custom-report.ts';
import { DownloadStatus } from './download.ts';
import { EDIT_MODES, EDIT_OUTCOMES } from './editing.ts';
import {
  ApprovalStatus,
  DOC_PERMISSION_KEYS,
  DocStatus,
  LIBRARY_PERMISSION_KEYS,
  NoticeStatus,
  Sex,
  UserOrigin,
  UserType,
} from './enums.ts';
import { SUBJECT_TYPES } from './folder.ts';
import { JOB_STATES } from './job-queue.ts';
import { FolderType } from './permissions.ts';
import { TAG_COLORS } from './tag.ts';
import { TEMPLATE_TYPES } from './template.ts';

/** The value shapes trail rows carry (trail.ts pairs them with trail and object types). */

/**
 * A value stored as one of a list of codes (a status number, a permission key): the trail shows each code by its
 * label, never the code itself, and trail-labels.test.ts fails on a code without a label in both languages. Typed as
 * its base (number, string), so a row built from a database column needs no cast; the codes ride in the schema's
 * metadata (`trailCodesOf`).
 */
export function coded<T extends z.ZodType>(
  base: T,
  codes: readonly (string | number)[] | Record<string, string | number>,
) {
  return base.meta({ trailCodes: Array.isArray(codes) ? [...codes] : Object.values(codes) });
}
/** The codes a schema made by `coded` holds; undefined for any other schema. */
export const trailCodesOf = (schema: z.ZodType): (string | number)[] | undefined =>
  (z.globalRegistry.get(schema) as { trailCodes?: (string | number)[] } | undefined)?.trailCodes;

export const id = z.number();
export const text = z.string();
export const optText = z.string().nullable();
export const ids = z.array(z.number());
export const sha = z.string();

// Snapshots shared by several pairs. Rows passed whole may carry more columns (ids, timestamps): they are kept.
export const docKeyList = z.array(coded(text, DOC_PERMISSION_KEYS));
export const libraryKeyList = z.array(coded(text, LIBRARY_PERMISSION_KEYS));
/** 0 none, 1 view, 2 manage, 3 manage and create folders (permissions.ts ManageLevel). */
export const manageLevel = coded(z.number(), [0, 1, 2, 3]);
export const grant = z.object({
  folderId: id.optional(),
  subjectType: z.enum(SUBJECT_TYPES).optional(),
  subjectId: id.optional(),
  docKeys: docKeyList,
  libraryKeys: libraryKeyList.optional(),
  manageLevel: manageLevel.optional(),
});
export const account = z.object({
  email: text,
  userName: text.optional(),
  firstName: optText.optional(),
  lastName: optText.optional(),
  mobile: optText.optional(),
  userType: coded(z.number(), UserType),
  companyId: id.nullable().optional(),
  isCompanyManager: z.boolean().optional(),
  enabled: z.boolean().optional(),
  origin: coded(z.number(), UserOrigin).optional(),
  approvalStatus: coded(z.number(), ApprovalStatus).optional(),
  approvalReason: optText.optional(),
});
export const profile = z
  .object({
    userName: text,
    firstName: optText,
    lastName: optText,
    mobile: optText,
    phone: optText,
    sex: coded(z.union([z.number(), z.string()]), Sex).nullable(),
    country: optText,
    city: optText,
  })
  .partial();
export const sealCert = z.object({
  subject: text,
  issuer: text,
  serialNumber: text,
  fingerprintSha256: text,
  validTo: text,
  source: coded(text, ['generated', 'installed']),
});
export const imageChange = z.object({ signatureSha256: sha.nullable() }).or(z.object({ avatarSha256: sha.nullable() }));
export const member = z
  .object({
    userId: id,
    email: text,
    role: text,
    roleId: id,
    siteIds: ids,
    groupIds: ids,
    grants: z.array(grant),
    tasksHandedOver: z.number(),
  })
  .partial();
export const group = z.object({ name: text, description: optText, memberIds: ids, grants: z.array(grant).optional() });
export const role = z.object({
  code: text,
  name: text,
  description: optText,
  docKeys: docKeyList,
  libraryKeys: libraryKeyList,
});
// country: the code of the site's country (issue 27 part 3), null while it has none; absent on rows written before.
export const site = z.object({
  name: text,
  shortName: optText,
  code: text,
  country: optText.optional(),
  memberUserIds: ids.optional(),
});
export const company = z.object({ companyName: text, description: optText, enabled: z.boolean() });
export const notice = z.object({
  subject: text,
  contents: text,
  effectiveTime: text,
  status: coded(z.number(), NoticeStatus),
});
export const release = z.object({ version: text, releasedOn: text, notesZh: text, notesEn: text });
export const project = z
  .object({
    code: text,
    name: text,
    phase: optText,
    description: optText,
    idleMinutes: z.number(),
    pageSize: z.number(),
    timeZone: text,
    expiryNoticeDays: z.number(),
    reviewOpen: z.boolean(),
    qcOpen: z.boolean(),
    approveOpen: z.boolean(),
    allowedFileTypes: z.array(text),
    versionConvention: text,
    libraryFolder: z.unknown(),
    endDate: optText,
    closed: z.boolean(),
    template: optText,
    groupTemplate: optText,
    foldersCreated: z.number(),
    groupsCreated: z.number(),
    grantsCreated: z.number(),
  })
  .partial();
export const folder = z.object({
  name: text,
  nameEn: optText.optional(),
  ichCode: optText.optional(),
  parentId: id.nullable().optional(),
  type: coded(z.number(), FolderType).optional(),
  sortOrder: z.number().optional(),
  grants: z.array(grant).optional(),
});
export const folderPlace = z.object({ parentId: id, sortOrder: z.number() });
export const template = z.object({
  name: text,
  type: coded(z.number(), TEMPLATE_TYPES),
  folders: z.array(z.unknown()).optional(),
  groups: z.array(z.unknown()).optional(),
  bindings: z.array(z.unknown()).optional(),
});
export const codeType = z.object({
  code: text,
  name: text,
  nameEn: optText,
  description: optText,
  enabled: z.boolean(),
});
export const code = codeType.extend({ typeId: id.nullable(), sortOrder: z.number() });
/** A preset colour by its name; a #rrggbb colour reads as itself. */
export const tag = z.object({ name: text, color: coded(text, TAG_COLORS) });
export const download = z.object({
  name: text,
  documentIds: ids,
  expiresAt: text.optional(),
  status: coded(z.number(), DownloadStatus).optional(),
  sha256: sha.nullable().optional(),
  action: z.literal('download').optional(),
});

/** Document metadata a change may touch, and the version a new file makes. */
export const documentChange = z
  .object({
    name: text,
    fileCode: optText,
    effectiveDate: optText,
    expirationDate: optText,
    documentDate: optText,
    // Issue 27 part 4: a country-level document's country, by code.
    country: optText,
    comment: optText,
    versionNo: text,
    sha256: sha,
    label: optText,
    folderId: id.nullable(),
    recycled: z.literal(true),
    restored: z.literal(true),
  })
  .partial();
/** The lifecycle side of a workflow row (DESIGN §6): the status before or after, and the route it belongs to. */
/** The stages a route passes: review, QC, approval (DocStatus's numbers). */
export const stageNo = coded(z.number(), [DocStatus.InReview, DocStatus.InQc, DocStatus.InApproval]);
export const docStatus = coded(z.number(), DocStatus);
export const workflowStep = z.object({
  docStatus,
  routeId: id.optional(),
  stage: stageNo.optional(),
  versionNo: text.optional(),
});
export const routeSent = workflowStep.extend({
  stages: z.array(
    z.object({
      stage: stageNo,
      assigneeIds: ids,
      allMustAct: z.boolean(),
      signatureRequired: z.boolean(),
      dueDate: optText,
    }),
  ),
});
export const decision = workflowStep.extend({
  decision: z.enum(['pass', 'reject', 'retract']),
  comment: optText.optional(),
  stagePassed: z.boolean().optional(),
});
export const signed = z.object({
  meaning: coded(text, ['reviewed', 'qualityChecked', 'approved', 'certifiedCopy']),
  signerName: text,
  contentSha256: sha,
  signedAt: text,
  timeZone: text,
  versionNo: text,
});
export const archived = workflowStep.extend({
  libraryFolderId: id,
  publishDate: text,
  effectiveDate: text,
  entryId: id,
});
export const invalidMark = z.object({ invalid: z.boolean(), entryId: id });
export const deletionStep = workflowStep.extend({
  applyId: id,
  approverId: id,
  decision: z.enum(['pass', 'reject']).optional(),
});
export const inspectorGrant = z.object({
  email: text,
  startsOn: text,
  endsOn: text,
  canDownload: z.boolean(),
  revoked: z.boolean(),
});
/** A message-board post as the trail keeps it (issue 14): its text, its files and whom it mentioned. */
export const boardFile = z.object({ fileName: text, sha256: sha, size: z.number() });
export const boardPost = z.object({
  topicId: id.optional(),
  subject: text.optional(),
  body: text,
  attachments: z.array(boardFile),
  mentionIds: ids,
});
export const boardState = z.object({ pinned: z.boolean(), closed: z.boolean() }).partial();
/** A custom report as saved (issue 14): what it reads, who sees it and who receives it by mail. */
export const customReport = z.object({ name: text, shared: z.boolean(), mailTo: ids, definition: reportDefinition });
/** An editing session (issue 15): its start, and its end with the versions before and after. */
export const editStep = z.object({
  sessionId: id,
  editMode: coded(text, EDIT_MODES),
  versionNo: text.nullable(),
  holderId: id.optional(),
  outcome: coded(text, EDIT_OUTCOMES).optional(),
  sha256: sha.optional(),
});
export const versionRead = z.object({ action: z.enum(['download', 'view']), fileVersionId: id, sha256: sha });

/** A background job as the system administrator retried or cancelled it (issue 29 part 6): its queue and state. */
export const jobShape = z.object({ queue: text, state: coded(text, JOB_STATES) });
