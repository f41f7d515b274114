import { DocStatus, TrailType } from './enums.ts';
import type { DocKey, LibraryKey } from './permissions.ts';

/**
 * The document lifecycle of DESIGN §6 as data: the server refuses whatever this table does not allow, the web
 * shows exactly the actions it allows (abilitiesOf, workflow-abilities.ts). Rows DESIGN §6 does not spell out are
 * marked `decided` with the reason, so the issue note can list them.
 */

/** Request types (SPEC §4): a stage of the route; its number is the status a document has while in it. */
export const Stage = { Review: 3, Qc: 4, Approval: 5 } as const;
export type Stage = (typeof Stage)[keyof typeof Stage];
export const STAGES: readonly Stage[] = [Stage.Review, Stage.Qc, Stage.Approval];

/** SPEC §4 task states, as the kinds of task rows: waiting for receiving, editing, rejected, review, QC, approval, archiving. */
export const TASK_KINDS = [
  'receive',
  'edit',
  'rejected',
  'review',
  'qc',
  'approve',
  'archive',
  'deleteApproval',
  // Quality issues (issue 27 part 5): one to resolve (its assignee), one to verify (its raiser, once resolved).
  'qualityIssue',
  'qualityVerify',
] as const;
export type TaskKind = (typeof TASK_KINDS)[number];

/**
 * What each stage needs, records, gives its assignees to do and means when signed (21 CFR 11.50: the meaning
 * comes from the stage, never chosen).
 */
type StageTrail = typeof TrailType.Review | typeof TrailType.QualityCheck | typeof TrailType.Approve;
export const STAGE_RULES: Record<
  Stage,
  { key: DocKey; trail: StageTrail; task: TaskKind; meaning: ESignatureMeaning }
> = {
  [Stage.Review]: { key: 'reviewDoc', trail: TrailType.Review, task: 'review', meaning: 'reviewed' },
  [Stage.Qc]: { key: 'qcDoc', trail: TrailType.QualityCheck, task: 'qc', meaning: 'qualityChecked' },
  [Stage.Approval]: { key: 'approveDoc', trail: TrailType.Approve, task: 'approve', meaning: 'approved' },
};
/** certifiedCopy: a scan certified as a copy of its paper original (issue 28 part 4), not a stage's. */
export type ESignatureMeaning = 'reviewed' | 'qualityChecked' | 'approved' | 'certifiedCopy';

export const WORKFLOW_ACTIONS = [
  'receive',
  'edit',
  'send',
  'pass',
  'reject',
  'withdraw',
  'retract',
  'delete',
  'move',
  'archive',
  'recall',
  'refile',
  'retitle',
  'applyDelete',
  'approveDelete',
  'rejectDelete',
] as const;
export type WorkflowAction = (typeof WORKFLOW_ACTIONS)[number];

/**
 * Who may take a row, besides holding its key on the document's folder:
 * - holder: anyone holding the key;
 * - receiver: the person the document was created for;
 * - assignee: an assignee of the open stage who has not acted yet;
 * - passer: an assignee of the open stage whose pass still stands;
 * - sender: whoever sent the open route, while no assignee has acted;
 * - deletionApprover: the approver named in the deletion application.
 */
export type Actor = 'holder' | 'receiver' | 'assignee' | 'passer' | 'sender' | 'deletionApprover';

/** Where a row leads: a status, the next enabled stage (else 8), the same status, or the recycle bin. */
export type Target = DocStatus | 'nextStage' | 'sameStage' | 'recycleBin' | 'archiveOrActivate';

export interface Transition {
  from: DocStatus;
  action: WorkflowAction;
  to: Target;
  who: Actor;
  /** The right needed on the document's folder (library keys for library documents). */
  key: DocKey | LibraryKey | null;
  /** The trail type of the row written with the change; a stage's own type for pass/reject. */
  trail: TrailType | 'stage';
  /** Rows of a scope not in SERVED_SCOPES are refused (the library issue adds 'library'). */
  scope: 'workflow' | 'library';
  /** Why this row exists where DESIGN §6 leaves it open. */
  decided?: string;
}

const S = DocStatus;
const stageRows = (from: Stage): Transition[] => [
  {
    from,
    action: 'pass',
    to: 'nextStage',
    who: 'assignee',
    key: STAGE_RULES[from].key,
    trail: 'stage',
    scope: 'workflow',
  },
  {
    from,
    action: 'reject',
    to: S.Editing,
    who: 'assignee',
    key: STAGE_RULES[from].key,
    trail: 'stage',
    scope: 'workflow',
  },
  {
    from,
    action: 'withdraw',
    to: S.Editing,
    who: 'sender',
    key: 'editDoc',
    trail: TrailType.Withdraw,
    scope: 'workflow',
  },
  {
    from,
    action: 'retract',
    to: 'sameStage',
    who: 'passer',
    key: STAGE_RULES[from].key,
    trail: TrailType.Revoke,
    scope: 'workflow',
    decided: 'only while the stage is still open, i.e. an "all must act" stage still waiting for others',
  },
];

export const TRANSITIONS: readonly Transition[] = [
  {
    from: S.WaitingReceive,
    action: 'receive',
    to: S.Editing,
    who: 'receiver',
    key: 'viewDoc',
    trail: TrailType.Update,
    scope: 'workflow',
    decided: 'receiving is recorded as an update (type 2): SPEC §4 has no type of its own',
  },
  {
    from: S.WaitingReceive,
    action: 'delete',
    to: 'recycleBin',
    who: 'holder',
    key: 'deleteDoc',
    trail: TrailType.Delete,
    scope: 'workflow',
    decided: 'a document nobody has received yet may still be withdrawn by deleting it',
  },
  {
    from: S.Editing,
    action: 'edit',
    to: S.Editing,
    who: 'holder',
    key: 'editDoc',
    trail: TrailType.Update,
    scope: 'workflow',
    decided: 'new versions and metadata changes only while editing: what is in review is what the reviewer signs',
  },
  {
    from: S.Editing,
    action: 'send',
    to: 'nextStage',
    who: 'holder',
    key: 'editDoc',
    trail: TrailType.SendToReview,
    scope: 'workflow',
  },
  {
    from: S.Editing,
    action: 'move',
    to: S.Editing,
    who: 'holder',
    key: 'editDoc',
    trail: TrailType.Move,
    scope: 'workflow',
    decided:
      'to another work folder only while editing, as rename and edit (issue 26): waiting to be received, the ' +
      'receiver was chosen for their rights on this folder; in review, QC or approval the assignees act on it ' +
      'where they hold their keys; processed, it waits for its archiver there; archived, waiting to be activated or ' +
      'in deletion it is a record filed in the library. The target folder needs createDoc as well',
  },
  {
    from: S.Editing,
    action: 'delete',
    to: 'recycleBin',
    who: 'holder',
    key: 'deleteDoc',
    trail: TrailType.Delete,
    scope: 'workflow',
  },
  ...stageRows(Stage.Review),
  ...stageRows(Stage.Qc),
  ...stageRows(Stage.Approval),
  {
    from: S.Processed,
    action: 'archive',
    to: 'archiveOrActivate',
    who: 'holder',
    key: 'archiveDoc',
    trail: TrailType.Publish,
    scope: 'library',
  },
  {
    from: S.Archived,
    action: 'recall',
    to: S.Editing,
    who: 'holder',
    key: 'recallDoc',
    trail: TrailType.Update,
    scope: 'library',
  },
  // Filing a library record elsewhere or correcting its title (issue 26 item 12): the content and the entry's dates
  // stay; archived or waiting to be activated only (a document in deletion waits for its approver).
  ...[S.Archived, S.WaitingActivation].flatMap((from): Transition[] => [
    {
      from,
      action: 'refile',
      to: from,
      who: 'holder',
      key: 'moveDoc',
      trail: TrailType.Move,
      scope: 'library',
      decided: 'to another library folder where the caller also holds moveDoc',
    },
    { from, action: 'retitle', to: from, who: 'holder', key: 'renameDoc', trail: TrailType.Update, scope: 'library' },
  ]),
  {
    from: S.Archived,
    action: 'applyDelete',
    to: S.DeletionInApproval,
    who: 'holder',
    key: 'deleteDoc',
    trail: TrailType.Update,
    scope: 'library',
  },
  {
    from: S.DeletionInApproval,
    action: 'approveDelete',
    to: 'recycleBin',
    who: 'deletionApprover',
    key: null,
    trail: TrailType.Delete,
    scope: 'library',
  },
  {
    from: S.DeletionInApproval,
    action: 'rejectDelete',
    to: S.Archived,
    who: 'deletionApprover',
    key: null,
    trail: TrailType.Update,
    scope: 'library',
  },
];

/** The scopes whose rows the product serves today; archiving, recall and deletion by approval come next. */
export const SERVED_SCOPES: ReadonlySet<Transition['scope']> = new Set(['workflow', 'library']);

/** The served row for this status and action, or undefined: the action is not possible in this status. */
export function transitionOf(from: number, action: WorkflowAction): Transition | undefined {
  return TRANSITIONS.find((t) => t.from === from && t.action === action && SERVED_SCOPES.has(t.scope));
}

/** The stages a project enables, in route order (SPEC §4 reviewOpen, qcOpen, approveOpen). */
export interface EnabledStages {
  reviewOpen: boolean;
  qcOpen: boolean;
  approveOpen: boolean;
}

export function enabledStages(p: EnabledStages): Stage[] {
  return STAGES.filter((s) => (s === Stage.Review ? p.reviewOpen : s === Stage.Qc ? p.qcOpen : p.approveOpen));
}

/**
 * The status after `current` (null: sending from editing) among the route's stages; 8 (processed, waiting to
 * archive) once none is left.
 */
export function nextStatus(current: Stage | null, routeStages: readonly Stage[]): DocStatus {
  const next = routeStages.find((s) => current === null || s > current);
  return next ?? DocStatus.Processed;
}

/**
 * Whether a stage is complete after this pass: with "all must act", when every assignee passed; otherwise on the
 * first pass.
 */
export function stageComplete(allMustAct: boolean, assignees: number, passed: number): boolean {
  return allMustAct ? passed >= assignees : passed >= 1;
}
