/**
 * The states of the workflow's and the worker's rows, as the database stores them. Server and web compare and
 * write these names, never the numbers (scripts/check-states.mjs fails on a bare number), so a newcomer reads
 * `RouteState.Open` where the column says 0.
 *
 * Where SPEC.md §4 fixes the numbers ("approval record status: 0 pending or in approval, 1 passed, 2 rejected")
 * they are those; the rest are edoc's own, fixed by the migrations that created the columns and kept since.
 *
 * The other enumerations live beside what they describe: DocStatus, ApprovalStatus, UserType, UserOrigin,
 * NoticeStatus, TrailType and RoleCode in enums.ts; Stage (request types 3/4/5) in workflow.ts; FolderType in
 * permissions.ts; TemplateType in template.ts; TextState in search.ts; DownloadStatus in download.ts.
 */

/**
 * tasks.state: one row per person and thing to do (DESIGN §6). SPEC §4 names task states only as labels (what the
 * task is: tasks.kind, TASK_KINDS); whether it is still to do is edoc's: 0 open, 1 done, 2 cancelled (the work
 * went away: a rejection elsewhere in the stage, a withdrawal, the document deleted).
 */
export const TaskState = { Open: 0, Done: 1, Cancelled: 2 } as const;
export type TaskState = (typeof TaskState)[keyof typeof TaskState];

/** The ways a task closes (closeTasks): done by the person, or cancelled. */
export type ClosedTaskState = typeof TaskState.Done | typeof TaskState.Cancelled;

/**
 * document_routes.state: one sending of a document (edoc's numbers): 0 open, 1 done (every stage passed, the
 * document is processed, status 8), 2 rejected, 3 withdrawn by the sender.
 */
export const RouteState = { Open: 0, Done: 1, Rejected: 2, Withdrawn: 3 } as const;
export type RouteState = (typeof RouteState)[keyof typeof RouteState];

/**
 * route_stages.state: SPEC §4 approval record status: 0 pending or in approval (the stage is open; stages open one
 * at a time), 1 passed, 2 rejected. Null (not a member here) until the route reaches the stage.
 */
export const StageState = { Open: 0, Passed: 1, Rejected: 2 } as const;
export type StageState = (typeof StageState)[keyof typeof StageState];

/**
 * stage_assignees.decision: 0-2 are SPEC §4's approval record status (0 pending, 1 passed, 2 rejected); 3 and 4 are
 * edoc's: 3 a pass taken back while the stage waited for the others, after which the assignee acts again; 4 not
 * needed: the stage closed before this assignee acted (another's rejection, or the pass that completed a stage where
 * one pass is enough), so their task was cancelled (issue 26).
 */
export const Decision = { Pending: 0, Passed: 1, Rejected: 2, Retracted: 3, NotNeeded: 4 } as const;
export type Decision = (typeof Decision)[keyof typeof Decision];

/**
 * deletion_applications.state: an application to delete an archived document (DESIGN §6, status 9), decided by
 * the approver it names; SPEC §4 approval record status: 0 pending, 1 passed (deleted), 2 rejected (archived again).
 */
export const DeletionState = { Pending: 0, Passed: 1, Rejected: 2 } as const;
export type DeletionState = (typeof DeletionState)[keyof typeof DeletionState];

/**
 * renditions.state: the PDF LibreOffice makes of an Office file, once per content (edoc's numbers): 0 waiting,
 * 1 converting, 2 done, 3 failed (the error column says why).
 */
export const RenditionState = { Waiting: 0, Converting: 1, Done: 2, Failed: 3 } as const;
export type RenditionState = (typeof RenditionState)[keyof typeof RenditionState];
