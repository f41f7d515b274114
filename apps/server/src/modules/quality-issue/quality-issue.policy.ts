import {
  canStep,
  QUALITY_ISSUE_ACTIONS,
  UNFINISHED_QUALITY_STATES,
  type QualityIssue,
  type QualityIssueAction,
} from '@edoc/contract/quality-issue';
import type { FolderRights } from '@edoc/contract/permissions';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { documents } from '../../db/schema/documents.ts';
import { qualityIssues } from '../../db/schema/quality.ts';
import { eligibilityOf } from '../../access/assignees.ts';
import { documentAccess, type DocumentAccess } from '../../access/document-access.ts';
import { seesSite } from '../../access/sites.ts';
import { fail } from '../../lib/app-error.ts';
import type { ProjectContext } from '../../plugins/context.ts';

/*
 * Who may do what with quality issues (issue 27 part 5), stated once. Reading follows the document: its folder's
 * viewDoc and its site; an issue on a document the caller cannot read does not exist for them (404). Raising needs
 * QC rights on the document's folder (qcDoc, the key the workflow's QC stage asks of its assignees; a project
 * administrator holds every key). The steps belong to people: the assignee resolves, the raiser verifies or reopens,
 * a project administrator waives, the raiser or an administrator reassigns; the state table (the contract's
 * QUALITY_ISSUE_TRANSITIONS) says from which states.
 */

export type IssueRow = typeof qualityIssues.$inferSelect;
type DocRow = typeof documents.$inferSelect;

/** Whether the caller may read documents of a folder with these rights. */
export const mayRead = (r: FolderRights | undefined) => !!r?.isEnabled && r.docKeys.includes('viewDoc');

/** Whether the caller may raise issues on documents of a folder with these rights (a closed project: no key). */
export const mayRaise = (r: FolderRights | undefined) => mayRead(r) && r!.docKeys.includes('qcDoc');

/** Whether the person may take the step, their part only (the state is canStep's). */
function isTheirs(action: QualityIssueAction, issue: Pick<IssueRow, 'raisedBy' | 'assigneeId'>, ctx: ProjectContext) {
  const me = ctx.auth.user.id;
  switch (action) {
    case 'resolve':
      return issue.assigneeId === me;
    case 'verify':
    case 'reopen':
      return issue.raisedBy === me;
    case 'waive':
      return ctx.fullAccess;
    case 'reassign':
      return issue.raisedBy === me || ctx.fullAccess;
  }
}

/** The caller's abilities on an issue now: their part, and a state the step starts from; none in a closed project. */
export function abilitiesOf(
  issue: Pick<IssueRow, 'state' | 'raisedBy' | 'assigneeId'>,
  ctx: ProjectContext,
): QualityIssue['abilities'] {
  const may = (a: QualityIssueAction) => !ctx.readOnly && isTheirs(a, issue, ctx) && canStep(a, issue.state);
  return Object.fromEntries(QUALITY_ISSUE_ACTIONS.map((a) => [a, may(a)])) as QualityIssue['abilities'];
}

/** Someone else's step is 403; a step the state does not allow, 409 (the person is checked first: never theirs). */
export function requireStep(action: QualityIssueAction, issue: IssueRow, ctx: ProjectContext): void {
  if (!isTheirs(action, issue, ctx)) fail('forbidden');
  if (!canStep(action, issue.state)) fail('quality_issue_state');
}

/** A live document of the project the caller may read, locked when asked; else 404. */
export async function readableDocument(
  tx: Tx,
  ctx: ProjectContext,
  documentId: number,
  opts: { lock?: boolean; access?: DocumentAccess } = {},
): Promise<{ doc: DocRow; rights: FolderRights }> {
  const query = tx
    .select()
    .from(documents)
    .where(and(eq(documents.id, documentId), eq(documents.projectId, ctx.projectId), isNull(documents.deletedAt)));
  const [doc] = opts.lock ? await query.for('update') : await query;
  if (!doc || doc.folderId === null) fail('not_found');
  const { rights, sites } = opts.access ?? (await documentAccess(tx, ctx));
  const r = rights.get(doc.folderId);
  if (!seesSite(sites, doc) || !mayRead(r)) fail('not_found');
  return { doc, rights: r! };
}

/**
 * An issue of the project on a document the caller may read, locked with its document (the document first, as
 * archiving locks it, so a step and an archive of the same document run one after the other); else 404.
 */
export async function loadIssueFor(tx: Tx, ctx: ProjectContext, id: number) {
  const [found] = await tx
    .select({ documentId: qualityIssues.documentId })
    .from(qualityIssues)
    .where(and(eq(qualityIssues.id, id), eq(qualityIssues.projectId, ctx.projectId)));
  if (!found) fail('not_found');
  const { doc } = await readableDocument(tx, ctx, found.documentId, { lock: true });
  const [issue] = await tx.select().from(qualityIssues).where(eq(qualityIssues.id, id)).for('update');
  return { doc, issue };
}

/** The assignee: a member of the project who may read the document (its folder and site); else 400 naming the field. */
export async function requireAssignee(tx: Tx, projectId: number, doc: DocRow, userId: number): Promise<void> {
  const verdicts = await eligibilityOf(tx, projectId, { doc, userIds: [userId], key: 'viewDoc' });
  if (verdicts.get(userId) !== null) fail('quality_issue_assignee', { field: 'assigneeId' });
}

/** How many issues of the document are not finished (open, or resolved and awaiting verification). */
export async function unfinishedIssueCount(tx: Tx, documentId: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(qualityIssues)
    .where(and(eq(qualityIssues.documentId, documentId), inArray(qualityIssues.state, [...UNFINISHED_QUALITY_STATES])));
  return row?.n ?? 0;
}

/**
 * Archiving waits for the document's quality issues (issue 27 part 5): refused with their count while any is open
 * or resolved. Called by every path that archives, under the document's row lock, which raising an issue takes too.
 */
export async function requireNoUnfinishedIssues(tx: Tx, documentId: number): Promise<void> {
  const count = await unfinishedIssueCount(tx, documentId);
  if (count > 0) fail('quality_issues_open', { count });
}
