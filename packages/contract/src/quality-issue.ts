import { z } from 'zod';
import { pageFields } from './paging.ts';
import { idField, idParam, requiredText } from './fields.ts';
import { DEFAULT_PAGE_SIZE } from './limits.ts';

/**
 * Issue 27 part 5: quality issues, problems raised on a document by someone with QC rights, assigned, resolved by
 * the assignee and verified by the raiser (or waived by an administrator). Open ones block archiving.
 */
export const QUALITY_ISSUE_CATEGORIES = [
  'missing_signature',
  'wrong_artifact',
  'wrong_date',
  'illegible',
  'missing_pages',
  'personal_data',
  'other',
] as const;
export type QualityIssueCategory = (typeof QUALITY_ISSUE_CATEGORIES)[number];

/** open → resolved (by the assignee) → verified (by the raiser); resolved → open when the raiser rejects the fix;
 * open or resolved → waived (an administrator, with a reason). */
export const QUALITY_ISSUE_STATES = ['open', 'resolved', 'verified', 'waived'] as const;
export type QualityIssueState = (typeof QUALITY_ISSUE_STATES)[number];

/** The steps of an issue after it is raised, each a route of its own (quality-issue-routes.ts). */
export const QUALITY_ISSUE_ACTIONS = ['resolve', 'verify', 'reopen', 'waive', 'reassign'] as const;
export type QualityIssueAction = (typeof QUALITY_ISSUE_ACTIONS)[number];

/**
 * The state machine as one table, read by the server (a step from another state is 409 quality_issue_state) and by
 * the web (which buttons to offer): for each step, the states it starts from and the state it leaves. Reassign keeps
 * the state. Who may take each step is the server's policy (quality-issue.policy.ts), sent as `abilities`.
 */
export const QUALITY_ISSUE_TRANSITIONS = {
  resolve: { from: ['open'], to: 'resolved' },
  verify: { from: ['resolved'], to: 'verified' },
  reopen: { from: ['resolved'], to: 'open' },
  waive: { from: ['open', 'resolved'], to: 'waived' },
  reassign: { from: ['open'], to: 'open' },
} as const satisfies Record<QualityIssueAction, { from: readonly QualityIssueState[]; to: QualityIssueState }>;

/** Whether a step may start from a state (the rule, not the person: see abilities). */
export function canStep(action: QualityIssueAction, state: QualityIssueState): boolean {
  return (QUALITY_ISSUE_TRANSITIONS[action].from as readonly QualityIssueState[]).includes(state);
}

/** Open and resolved issues are not finished: they block archiving the document and count in TMF health. */
export const UNFINISHED_QUALITY_STATES = ['open', 'resolved'] as const satisfies readonly QualityIssueState[];
export const isUnfinished = (state: QualityIssueState) =>
  (UNFINISHED_QUALITY_STATES as readonly QualityIssueState[]).includes(state);

/** The longest comment, resolution or reason. */
export const QUALITY_TEXT_MAX = 2000;

const person = z.object({ id: z.number(), name: z.string() });

/** One issue as the caller reads it; abilities are what the caller may do with it now (state and person). */
export const qualityIssue = z.object({
  id: z.number(),
  documentId: z.number(),
  documentName: z.string(),
  /** The label of the version it was raised on (document_versions.version_no, e.g. V1.0); null: the document. */
  versionNo: z.string().nullable(),
  page: z.number().nullable(),
  category: z.enum(QUALITY_ISSUE_CATEGORIES),
  comment: z.string(),
  state: z.enum(QUALITY_ISSUE_STATES),
  raisedBy: person,
  assignee: person,
  resolution: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  verifiedAt: z.string().nullable(),
  waivedBy: person.nullable(),
  waiveReason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  abilities: z.object({
    resolve: z.boolean(),
    verify: z.boolean(),
    reopen: z.boolean(),
    waive: z.boolean(),
    reassign: z.boolean(),
  }),
});
export type QualityIssue = z.infer<typeof qualityIssue>;

/** A flag in the query string: 'true' or 'false'. */
const queryFlag = z
  .enum(['true', 'false'], 'invalid_value')
  .transform((v) => v === 'true')
  .optional();

/**
 * GET /quality-issue/list: the issues on documents the caller may read (folder and site rights), newest first;
 * assignedToMe / raisedByMe narrow to the caller's. page from 1.
 */
export const qualityIssueListQuery = z.object({
  documentId: idParam.optional(),
  state: z.enum(QUALITY_ISSUE_STATES, 'invalid_value').optional(),
  assignedToMe: queryFlag,
  raisedByMe: queryFlag,
  ...pageFields(1000, DEFAULT_PAGE_SIZE),
});
export type QualityIssueListQuery = z.input<typeof qualityIssueListQuery>;

/** canRaise: with documentId, whether the caller may raise an issue on that document (QC rights on its folder). */
export const qualityIssuePage = z.object({ items: z.array(qualityIssue), total: z.number(), canRaise: z.boolean() });
export type QualityIssuePage = z.infer<typeof qualityIssuePage>;

/**
 * POST /quality-issue/create: the assignee must be a member of the project who may read the document (400
 * quality_issue_assignee naming assigneeId); versionNo a version of the document (400 quality_issue_version).
 */
export const qualityIssueCreateBody = z.object({
  documentId: idField,
  category: z.enum(QUALITY_ISSUE_CATEGORIES, 'required'),
  comment: requiredText(QUALITY_TEXT_MAX),
  assigneeId: idField,
  versionNo: z.string().trim().min(1, 'required').max(64, 'too_long').optional(),
  page: z.number().int('invalid_value').min(1, 'invalid_value').max(100_000, 'invalid_value').optional(),
});
export type QualityIssueCreateBody = z.infer<typeof qualityIssueCreateBody>;
export const qualityIssueCreated = z.object({ id: z.number() });

export const qualityIssueResolveBody = z.object({ resolution: requiredText(QUALITY_TEXT_MAX) });
export const qualityIssueReopenBody = z.object({ comment: requiredText(QUALITY_TEXT_MAX) });
export const qualityIssueWaiveBody = z.object({ reason: requiredText(QUALITY_TEXT_MAX) });
export const qualityIssueReassignBody = z.object({ assigneeId: idField });
