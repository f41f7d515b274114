import { z } from 'zod';
import { TrailType } from './enums.ts';

/*
 * What each trail row says: one schema per (trail type, object type) pair the server writes, giving the shape
 * of its old and new values. The server's recordTrail accepts only `TrailEntry`, so a new call site must name
 * its pair here (and its fields get labels in trail-labels.ts); the formatter in trail-format.ts reads them.
 * The schemas describe the stored JSON; rows written before them may hold other shapes and are read leniently.
 */

const id = z.number();
const text = z.string();
const optText = z.string().nullable();
const ids = z.array(z.number());
const sha = z.string();

const common = {
  objectId: z.union([z.string(), z.number()]).nullish(),
  version: z.string().nullish(),
  reason: z.string().nullish(),
};

/** One pair's entry. A side not given is absent (null or left out). */
function entry<
  T extends TrailType,
  O extends string,
  Old extends z.ZodType = z.ZodNull,
  New extends z.ZodType = z.ZodNull,
>(type: T, objectType: O, sides: { old?: Old; new?: New }) {
  return z.object({
    type: z.literal(type),
    objectType: z.literal(objectType),
    ...common,
    oldValue: ((sides.old ?? z.null()) as Old).nullish(),
    newValue: ((sides.new ?? z.null()) as New).nullish(),
  });
}

// Snapshots shared by several pairs. Rows passed whole may carry more columns (ids, timestamps): they are kept.
const docKeyList = z.array(text);
const grant = z.object({
  folderId: id.optional(),
  subjectType: text.optional(),
  subjectId: id.optional(),
  docKeys: docKeyList,
  libraryKeys: docKeyList.optional(),
  manageLevel: z.number().optional(),
});
const account = z.object({
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
const profile = z
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
const signingCert = z.object({
  subject: text,
  issuer: text,
  serialNumber: text,
  fingerprintSha256: text,
  validTo: text,
  source: text,
});
const imageChange = z.object({ signatureSha256: sha.nullable() }).or(z.object({ avatarSha256: sha.nullable() }));
const member = z
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
const group = z.object({ name: text, description: optText, memberIds: ids, grants: z.array(grant).optional() });
const role = z.object({ code: text, name: text, description: optText, docKeys: docKeyList, libraryKeys: docKeyList });
const site = z.object({ name: text, shortName: optText, code: text, memberUserIds: ids.optional() });
const company = z.object({ companyName: text, description: optText, enabled: z.boolean() });
const notice = z.object({ subject: text, contents: text, effectiveTime: text, status: z.number() });
const release = z.object({ version: text, releasedOn: text, notesZh: text, notesEn: text });
const project = z
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
const folder = z.object({
  name: text,
  nameEn: optText.optional(),
  ichCode: optText.optional(),
  parentId: id.nullable().optional(),
  type: z.number().optional(),
  sortOrder: z.number().optional(),
  grants: z.array(grant).optional(),
});
const folderPlace = z.object({ parentId: id, sortOrder: z.number() });
const template = z.object({
  name: text,
  type: z.number(),
  folders: z.array(z.unknown()).optional(),
  groups: z.array(z.unknown()).optional(),
  bindings: z.array(z.unknown()).optional(),
});
const codeType = z.object({ code: text, name: text, nameEn: optText, description: optText, enabled: z.boolean() });
const code = codeType.extend({ typeId: id.nullable(), sortOrder: z.number() });
const tag = z.object({ name: text, color: text });
const download = z.object({
  name: text,
  documentIds: ids,
  expiresAt: text.optional(),
  status: z.number().optional(),
  sha256: sha.nullable().optional(),
  action: z.literal('download').optional(),
});

/** Document metadata a change may touch, and the version a new file makes. */
const documentChange = z
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
const flowStep = z.object({
  docStatus: z.number(),
  routeId: id.optional(),
  stage: z.number().optional(),
  versionNo: text.optional(),
});
const routeSent = flowStep.extend({
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
const decision = flowStep.extend({
  decision: z.enum(['pass', 'reject', 'retract']),
  comment: optText.optional(),
  stagePassed: z.boolean().optional(),
});
const signed = z.object({
  meaning: text,
  signerName: text,
  contentSha256: sha,
  signedAt: text,
  timeZone: text,
  versionNo: text,
});
const archived = flowStep.extend({
  libraryFolderId: id,
  publishDate: text,
  effectiveDate: text,
  entryId: id,
});
const invalidMark = z.object({ invalid: z.boolean(), entryId: id });
const deletionStep = flowStep.extend({ applyId: id, approverId: id, decision: z.enum(['pass', 'reject']).optional() });
const inspectorGrant = z.object({
  email: text,
  startsOn: text,
  endsOn: text,
  canDownload: z.boolean(),
  revoked: z.boolean(),
});
/** A message-board post as the trail keeps it (issue 14): its text, its files and whom it mentioned. */
const boardFile = z.object({ fileName: text, sha256: sha, size: z.number() });
const boardPost = z.object({
  topicId: id.optional(),
  subject: text.optional(),
  body: text,
  attachments: z.array(boardFile),
  mentionIds: ids,
});
const boardState = z.object({ pinned: z.boolean(), closed: z.boolean() }).partial();
/** A custom report as saved (issue 14): what it reads, who sees it and who receives it by mail. */
const customReport = z.object({ name: text, shared: z.boolean(), mailTo: ids, definition: z.unknown() });
/** An editing session (issue 15): its start, and its end with the versions before and after. */
const editStep = z.object({
  sessionId: id,
  editMode: text,
  versionNo: text.nullable(),
  holderId: id.optional(),
  outcome: text.optional(),
  sha256: sha.optional(),
});
const versionRead = z.object({ action: z.enum(['download', 'view']), fileVersionId: id, sha256: sha });

export const TRAIL_ENTRIES = [
  // Documents (SPEC §4 trail types).
  entry(TrailType.Create, 'document', {
    new: z.object({
      name: text,
      folderId: id.nullable(),
      fileName: text,
      sha256: sha,
      size: z.number(),
      versionNo: text,
      // Created for someone else (issue 10): who is to receive it, and the status it waits in.
      assigneeId: id.optional(),
      docStatus: z.number().optional(),
    }),
  }),
  entry(TrailType.Update, 'document', { old: documentChange, new: documentChange }),
  entry(TrailType.Move, 'document', { old: z.object({ folderId: id.nullable() }), new: z.object({ folderId: id }) }),
  entry(TrailType.OnlineEdit, 'document', { old: editStep.nullable(), new: editStep }),
  // The workflow (issue 10): receive is an update; each stage's decision has its stage's type.
  entry(TrailType.Update, 'document', { old: flowStep, new: flowStep.extend({ received: z.literal(true) }) }),
  entry(TrailType.SendToReview, 'document', { old: flowStep, new: routeSent }),
  entry(TrailType.Review, 'document', { old: flowStep, new: decision }),
  entry(TrailType.QualityCheck, 'document', { old: flowStep, new: decision }),
  entry(TrailType.Approve, 'document', { old: flowStep, new: decision }),
  entry(TrailType.Sign, 'document', { new: signed }),
  entry(TrailType.Revoke, 'document', { old: decision, new: decision }),
  entry(TrailType.Withdraw, 'document', { old: flowStep, new: flowStep }),
  // The library (issue 11): archive is a publish; activation, recall, invalid marks and deletion applications are
  // updates; an approved deletion is a delete to the recycle bin.
  entry(TrailType.Publish, 'document', { old: flowStep, new: archived }),
  entry(TrailType.Update, 'document', { old: flowStep, new: flowStep.extend({ activated: z.literal(true) }) }),
  entry(TrailType.Update, 'document', { old: flowStep, new: flowStep.extend({ recalled: z.literal(true) }) }),
  entry(TrailType.Update, 'document', { old: invalidMark, new: invalidMark }),
  entry(TrailType.Update, 'document', { old: flowStep, new: deletionStep }),
  entry(TrailType.Delete, 'document', { old: deletionStep, new: deletionStep.extend({ recycled: z.literal(true) }) }),
  entry(TrailType.Create, 'route_template', { new: z.object({ name: text, stages: z.array(z.unknown()) }) }),
  entry(TrailType.Delete, 'route_template', { old: z.object({ name: text, stages: z.array(z.unknown()) }) }),
  entry(TrailType.Delete, 'document', {
    old: z.union([
      z.object({ name: text, folderId: id.nullable(), status: z.number() }),
      z.object({ name: text, versions: z.array(z.object({ versionNo: text, sha256: sha })) }),
      z.object({ fileVersionId: id, versionNo: text, sha256: sha }),
    ]),
    new: z.union([z.object({ recycled: z.literal(true) }), z.object({ purged: z.literal(true) })]),
  }),
  entry(TrailType.View, 'document', { new: versionRead }),
  // An inspector's visit (issue 11): each page they open (the library list, a document's detail or trail).
  entry(TrailType.View, 'inspection', { new: z.object({ page: text, params: z.record(z.string(), z.unknown()) }) }),
  entry(TrailType.PermissionChange, 'inspector', { old: inspectorGrant.nullable(), new: inspectorGrant }),
  entry(TrailType.Create, 'document_word', { new: z.object({ fileId: id, text }) }),
  entry(TrailType.Create, 'download_task', { new: download }),
  entry(TrailType.View, 'download_task', { new: download }),
  entry(TrailType.Delete, 'download_task', { old: download }),
  // Folders, templates and catalogues of a project or company.
  entry(TrailType.Create, 'folder', { new: folder }),
  entry(TrailType.Update, 'folder', { old: folder, new: folder }),
  entry(TrailType.Delete, 'folder', { old: folder }),
  entry(TrailType.Move, 'folder', { old: folderPlace, new: folderPlace }),
  entry(TrailType.PermissionChange, 'folder_grants', {
    old: z.object({ folder: text, grants: z.array(grant) }),
    new: z.object({ folder: text, grants: z.array(grant) }),
  }),
  entry(TrailType.Create, 'folder_template_apply', {
    old: z.object({ type: z.number(), folderCount: z.number() }),
    new: z.object({ type: z.number(), folderCount: z.number(), template: text, added: z.array(text) }),
  }),
  entry(TrailType.Create, 'template', { new: template }),
  entry(TrailType.Update, 'template', { old: template, new: template }),
  entry(TrailType.Delete, 'template', { old: template }),
  entry(TrailType.Create, 'codeType', { new: codeType }),
  entry(TrailType.Update, 'codeType', { old: codeType, new: codeType }),
  entry(TrailType.Delete, 'codeType', { old: codeType }),
  entry(TrailType.Create, 'code', { new: code }),
  entry(TrailType.Update, 'code', { old: code, new: code }),
  entry(TrailType.Delete, 'code', { old: code }),
  entry(TrailType.Create, 'tag', { new: tag }),
  entry(TrailType.Update, 'tag', { old: tag, new: tag }),
  entry(TrailType.Delete, 'tag', { old: tag }),
  // The message board (issue 14): removal keeps the rows; the trail says who removed what.
  entry(TrailType.Create, 'board_topic', { new: boardPost }),
  entry(TrailType.Update, 'board_topic', { old: boardState, new: boardState }),
  entry(TrailType.Delete, 'board_topic', {
    old: z.object({ subject: text }),
    new: z.object({ removed: z.literal(true) }),
  }),
  entry(TrailType.Create, 'board_reply', { new: boardPost }),
  entry(TrailType.Delete, 'board_reply', {
    old: z.object({ topicId: id, body: text }),
    new: z.object({ removed: z.literal(true) }),
  }),
  entry(TrailType.Create, 'custom_report', { new: customReport }),
  entry(TrailType.Update, 'custom_report', { old: customReport, new: customReport }),
  entry(TrailType.Delete, 'custom_report', { old: customReport }),
  // Administration (DESIGN §7 trail types).
  entry(TrailType.PermissionChange, 'member', { old: member, new: member }),
  entry(TrailType.PermissionChange, 'group', { old: group, new: group }),
  entry(TrailType.PermissionChange, 'role', { old: role, new: role }),
  entry(TrailType.PermissionChange, 'user', { new: account }),
  entry(TrailType.SettingsChange, 'site', { old: site, new: site }),
  entry(TrailType.SettingsChange, 'project', { old: project, new: project }),
  entry(TrailType.SettingsChange, 'company', { old: company, new: company }),
  entry(TrailType.SettingsChange, 'release', { old: release, new: release }),
  entry(TrailType.SettingsChange, 'study_alert', {
    old: z.object({ kinds: z.array(text) }),
    new: z.object({ kinds: z.array(text) }),
  }),
  // The certificate downloaded PDFs are signed with (DESIGN §7): which one was in use before and which is now.
  entry(TrailType.SettingsChange, 'signing_certificate', { old: signingCert.nullable(), new: signingCert }),
  entry(TrailType.NoticeChange, 'notice', { old: notice, new: notice }),
  entry(TrailType.UserChange, 'user', { old: account, new: account }),
  entry(TrailType.ProfileChange, 'user', { old: profile.or(imageChange), new: profile.or(imageChange) }),
  entry(TrailType.PasswordChange, 'user', {}),
  entry(TrailType.PasswordReset, 'user', {
    old: z.object({ mustChangePassword: z.boolean() }),
    new: z.object({ mustChangePassword: z.literal(true) }),
  }),
  entry(TrailType.Login, 'session', { new: z.object({ email: text, userAgent: optText }) }),
  entry(TrailType.LoginFailure, 'user', { new: z.object({ email: text }) }),
  entry(TrailType.Logout, 'session', {}),
] as const;

/** Any row the server may append to the trail. */
export const trailEntry = z.union(TRAIL_ENTRIES);
export type TrailEntry = z.input<typeof trailEntry>;
export type TrailObjectType = TrailEntry['objectType'];
