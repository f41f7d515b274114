import { z } from 'zod';
import { ALERT_KINDS } from './alert.ts';
import { TrailType } from './enums.ts';
import { FolderType } from './permissions.ts';
import { entry } from './trail-entry.ts';
import { INTEGRATION_ENTRIES } from './trail-integration.ts';

/*
 * What each trail row says: one schema per (trail type, object type) pair the server writes, giving the shape
 * of its old and new values. The server's recordTrail accepts only `TrailEntry`, so a new call site must name
 * its pair here (and its fields get labels in trail-labels.ts); the formatter in trail-format.ts reads them.
 * The schemas describe the stored JSON; rows written before them may hold other shapes and are read leniently.
 */
import {
  id,
  text,
  optText,
  sha,
  grant,
  account,
  profile,
  sealCert,
  imageChange,
  member,
  group,
  role,
  site,
  company,
  notice,
  release,
  project,
  folder,
  folderPlace,
  template,
  codeType,
  code,
  tag,
  download,
  documentChange,
  workflowStep,
  routeSent,
  decision,
  signed,
  archived,
  invalidMark,
  deletionStep,
  inspectorGrant,
  boardPost,
  boardState,
  customReport,
  editStep,
  versionRead,
  coded,
  docStatus,
  jobShape,
} from './trail-shapes.ts';
import {
  country,
  milestoneDates,
  milestoneTypeShape,
  expectedItemShape,
  expectedLink,
  qualityIssueBefore,
  qualityIssueStep,
  expectedGeneration,
  tmfTargetShape,
  tmfHealthExport,
  tmfIndexExport,
  tmfHealthMailShape,
  tmfModel,
  tmfModelChange,
} from './trail-shapes-tmf.ts';

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
      docStatus: docStatus.optional(),
      // Issue 27: the artifact it is filed under (its folder's, by number) and the date that dates it.
      artifact: text.optional(),
      documentDate: text.optional(),
    }),
  }),
  entry(TrailType.Update, 'document', { old: documentChange, new: documentChange }),
  // The artifact (by number) goes with the folder when it changes (issue 27); null: the new folder has none.
  entry(TrailType.Move, 'document', {
    old: z.object({ folderId: id.nullable(), artifact: optText.optional() }),
    new: z.object({ folderId: id, artifact: optText.optional() }),
  }),
  // A library record filed in another library folder (issue 26 item 12).
  entry(TrailType.Move, 'document', {
    old: z.object({ libraryFolderId: id, entryId: id }),
    new: z.object({ libraryFolderId: id, entryId: id }),
  }),
  entry(TrailType.OnlineEdit, 'document', { old: editStep.nullable(), new: editStep }),
  // The workflow (issue 10): receive is an update; each stage's decision has its stage's type.
  entry(TrailType.Update, 'document', { old: workflowStep, new: workflowStep.extend({ received: z.literal(true) }) }),
  entry(TrailType.SendToReview, 'document', { old: workflowStep, new: routeSent }),
  entry(TrailType.Review, 'document', { old: workflowStep, new: decision }),
  entry(TrailType.QualityCheck, 'document', { old: workflowStep, new: decision }),
  entry(TrailType.Approve, 'document', { old: workflowStep, new: decision }),
  entry(TrailType.Sign, 'document', { new: signed }),
  entry(TrailType.Revoke, 'document', { old: decision, new: decision }),
  entry(TrailType.Withdraw, 'document', { old: workflowStep, new: workflowStep }),
  // The library (issue 11): archive is a publish; activation, recall, invalid marks and deletion applications are
  // updates; an approved deletion is a delete to the recycle bin.
  entry(TrailType.Publish, 'document', { old: workflowStep, new: archived }),
  entry(TrailType.Update, 'document', { old: workflowStep, new: workflowStep.extend({ activated: z.literal(true) }) }),
  entry(TrailType.Update, 'document', { old: workflowStep, new: workflowStep.extend({ recalled: z.literal(true) }) }),
  entry(TrailType.Update, 'document', { old: invalidMark, new: invalidMark }),
  entry(TrailType.Update, 'document', { old: workflowStep, new: deletionStep }),
  entry(TrailType.Delete, 'document', { old: deletionStep, new: deletionStep.extend({ recycled: z.literal(true) }) }),
  entry(TrailType.Create, 'route_template', { new: z.object({ name: text, stages: z.array(z.unknown()) }) }),
  entry(TrailType.Update, 'route_template', { old: z.object({ name: text }), new: z.object({ name: text }) }),
  entry(TrailType.Delete, 'route_template', { old: z.object({ name: text, stages: z.array(z.unknown()) }) }),
  entry(TrailType.Delete, 'document', {
    old: z.union([
      z.object({ name: text, folderId: id.nullable(), status: docStatus }),
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
    old: z.object({ type: coded(z.number(), FolderType), folderCount: z.number() }),
    new: z.object({
      type: coded(z.number(), FolderType),
      folderCount: z.number(),
      template: text,
      added: z.array(text),
    }),
  }),
  entry(TrailType.Create, 'template', { new: template }),
  entry(TrailType.Update, 'template', { old: template, new: template }),
  entry(TrailType.Delete, 'template', { old: template }),
  // TMF models (issue 27): a version is created (by hand, by import or as a copy), edited while a draft, published.
  entry(TrailType.Create, 'tmf_model', { new: tmfModel }),
  entry(TrailType.Update, 'tmf_model', { old: tmfModel, new: tmfModelChange }),
  entry(TrailType.Publish, 'tmf_model', { old: tmfModel, new: tmfModel }),
  entry(TrailType.Delete, 'tmf_model', { old: tmfModel }),
  // A project uses a model (issue 27 part 2): the model chosen ("name vN") with the folders built and mapped; one
  // folder mapped to an artifact (by number; null: unmapped) with the documents in it that took the artifact.
  entry(TrailType.SettingsChange, 'project_tmf_model', {
    old: z.object({ model: optText }),
    new: z.object({ model: text, foldersCreated: z.number(), foldersMapped: z.number() }),
  }),
  entry(TrailType.Update, 'folder_artifact', {
    old: z.object({ folder: text, artifact: optText }),
    new: z.object({ folder: text, artifact: optText, documentsFiled: z.number() }),
  }),
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
  // A project's countries and milestones (issue 27 part 3); a milestone's row holds its dates before and after.
  entry(TrailType.Create, 'country', { new: country }),
  entry(TrailType.Update, 'country', { old: country, new: country }),
  entry(TrailType.Delete, 'country', { old: country }),
  entry(TrailType.Update, 'milestone', { old: milestoneDates, new: milestoneDates }),
  entry(TrailType.Create, 'milestone_type', { new: milestoneTypeShape }),
  entry(TrailType.Update, 'milestone_type', { old: milestoneTypeShape, new: milestoneTypeShape }),
  entry(TrailType.Delete, 'milestone_type', { old: milestoneTypeShape }),
  // Expected documents (issue 27 part 4): one row per regeneration with its counts; a person's item, decision
  // (not applicable with the reason, reopened) or removal; a link to a document, on the item and on the document.
  entry(TrailType.SettingsChange, 'expected_items', { new: expectedGeneration }),
  entry(TrailType.Create, 'expected_item', { new: expectedItemShape }),
  entry(TrailType.Update, 'expected_item', { old: expectedItemShape, new: expectedItemShape }),
  entry(TrailType.Delete, 'expected_item', { old: expectedItemShape, new: z.object({ removed: z.literal(true) }) }),
  entry(TrailType.Update, 'expected_item_document', { new: expectedLink }),
  entry(TrailType.Update, 'document', { new: expectedLink }),
  // A quality issue's steps (issue 27 part 5), on its document: raised (nothing before), then each step with the
  // state and assignee it found.
  entry(TrailType.Update, 'document', { old: qualityIssueBefore.nullable(), new: qualityIssueStep }),
  // A project's TMF timeliness target (issue 27 part 6), before and after.
  entry(TrailType.SettingsChange, 'tmf_target', { old: tmfTargetShape, new: tmfTargetShape }),
  // The dashboard exported (every format), and a member's weekly mail of it switched on or off (their own only).
  entry(TrailType.View, 'tmf_health_export', { new: tmfHealthExport }),
  // The TMF index for inspection exported (part 7): format, scope and what it listed.
  entry(TrailType.View, 'tmf_index_export', { new: tmfIndexExport }),
  entry(TrailType.SettingsChange, 'tmf_health_mail', { old: tmfHealthMailShape, new: tmfHealthMailShape }),
  // Exchange (issue 28) and identity and integration (issue 29): trail-integration.ts.
  ...INTEGRATION_ENTRIES,
  entry(TrailType.SettingsChange, 'project', { old: project, new: project }),
  entry(TrailType.SettingsChange, 'company', { old: company, new: company }),
  entry(TrailType.SettingsChange, 'release', { old: release, new: release }),
  entry(TrailType.SettingsChange, 'study_alert', {
    old: z.object({ kinds: z.array(coded(text, ALERT_KINDS)) }),
    new: z.object({ kinds: z.array(coded(text, ALERT_KINDS)) }),
  }),
  // The certificate downloaded PDFs are signed with (DESIGN §7): which one was in use before and which is now.
  entry(TrailType.SettingsChange, 'signing_certificate', { old: sealCert.nullable(), new: sealCert }),
  // A background job retried or cancelled by the system administrator (issue 29 part 6): its state before and after.
  entry(TrailType.SettingsChange, 'job', { old: jobShape, new: jobShape }),
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
