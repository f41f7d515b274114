import { z } from 'zod';
import { reportDefinition } from './custom-report.ts';

/** The value shapes trail rows carry (trail.ts pairs them with trail and object types). */

export const id = z.number();
export const text = z.string();
export const optText = z.string().nullable();
export const ids = z.array(z.number());
export const sha = z.string();

// Snapshots shared by several pairs. Rows passed whole may carry more columns (ids, timestamps): they are kept.
export const docKeyList = z.array(text);
export const grant = z.object({
  folderId: id.optional(),
  subjectType: text.optional(),
  subjectId: id.optional(),
  docKeys: docKeyList,
  libraryKeys: docKeyList.optional(),
  manageLevel: z.number().optional(),
});
export const account = z.object({
  email: text,
  userName: text.optional(),
  firstName: optText.optional(),
  lastName: optText.optional(),
  mobile: optText.optional(),
  userType: z.number(),
  companyId: id.nullable().optional(),
  isCompanyManager: z.boolean().optional(),
  enabled: z.boolean().optional(),
  origin: z.number().optional(),
  approvalStatus: z.number().optional(),
  approvalReason: optText.optional(),
});
export const profile = z
  .object({
    userName: text,
    firstName: optText,
    lastName: optText,
    mobile: optText,
    phone: optText,
    sex: z.union([z.number(), z.string()]).nullable(),
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
  source: text,
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
  libraryKeys: docKeyList,
});
export const site = z.object({ name: text, shortName: optText, code: text, memberUserIds: ids.optional() });
export const company = z.object({ companyName: text, description: optText, enabled: z.boolean() });
export const notice = z.object({ subject: text, contents: text, effectiveTime: text, status: z.number() });
export const release = z.object({ version: text, releasedOn: text, notesZh: text, notesEn: text });
export const project = z
  .object({
    code: text,
    name: text,
    phase: optText,
    description: optText,
    idleMinutes: z.number(),
    pageSize: z.number(),
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
  type: z.number().optional(),
  sortOrder: z.number().optional(),
  grants: z.array(grant).optional(),
});
export const folderPlace = z.object({ parentId: id, sortOrder: z.number() });
export const template = z.object({
  name: text,
  type: z.number(),
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
export const tag = z.object({ name: text, color: text });
export const download = z.object({
  name: text,
  documentIds: ids,
  expiresAt: text.optional(),
  status: z.number().optional(),
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
export const workflowStep = z.object({
  docStatus: z.number(),
  routeId: id.optional(),
  stage: z.number().optional(),
  versionNo: text.optional(),
});
export const routeSent = workflowStep.extend({
  stages: z.array(
    z.object({
      stage: z.number(),
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
  meaning: text,
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
  editMode: text,
  versionNo: text.nullable(),
  holderId: id.optional(),
  outcome: text.optional(),
  sha256: sha.optional(),
});
export const versionRead = z.object({ action: z.enum(['download', 'view']), fileVersionId: id, sha256: sha });
