import { transitionOf, type Transition, type WorkflowAction } from '@edoc/contract/workflow';
import { abilitiesOf, refusalOf, withheldByLock, type ActorFacts } from '@edoc/contract/workflow-abilities';
import type { FolderRights } from '@edoc/contract/permissions';
import { Decision, RouteState, StageState } from '@edoc/contract/states';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { documentRoutes, routeStages, signatures, stageAssignees } from '../db/schema/workflow.ts';
import type { ProjectContext } from '../plugins/context.ts';
import { fail } from '../lib/app-error.ts';
import { locksOf } from './edit-lock.ts';

type RouteRow = typeof documentRoutes.$inferSelect;
type StageRow = typeof routeStages.$inferSelect;
type AssigneeRow = typeof stageAssignees.$inferSelect;

/** The open route of a document, its open stage and that stage's assignees; null when nothing is in flight. */
export interface OpenStage {
  route: RouteRow;
  stage: StageRow;
  assignees: AssigneeRow[];
  /** An earlier stage of the route has passed: someone has acted on this route. */
  earlierPassed: boolean;
}

/**
 * Read under the document's row lock (the caller holds it), so what it answers stays true until the commit.
 * Stages are opened one at a time: the open one has state StageState.Open.
 */
export async function openStageOf(tx: Tx, documentId: number): Promise<OpenStage | null> {
  const [route] = await tx
    .select()
    .from(documentRoutes)
    .where(and(eq(documentRoutes.documentId, documentId), eq(documentRoutes.state, RouteState.Open)))
    .orderBy(desc(documentRoutes.id))
    .limit(1);
  if (!route) return null;
  const [stage] = await tx
    .select()
    .from(routeStages)
    .where(and(eq(routeStages.routeId, route.id), eq(routeStages.state, StageState.Open)))
    .orderBy(asc(routeStages.stage))
    .limit(1);
  if (!stage) return null;
  const [passed] = await tx
    .select({ id: routeStages.id })
    .from(routeStages)
    .where(and(eq(routeStages.routeId, route.id), eq(routeStages.state, StageState.Passed)))
    .limit(1);
  const assignees = await tx
    .select()
    .from(stageAssignees)
    .where(eq(stageAssignees.stageId, stage.id))
    .orderBy(asc(stageAssignees.id));
  return { route, stage, assignees, earlierPassed: !!passed };
}

/** What the caller is to the document now, from the rows (DESIGN §6 "who"). */
export function factsOf(
  userId: number,
  doc: { assigneeId: number | null },
  rights: FolderRights | undefined,
  open: OpenStage | null,
): ActorFacts {
  const mine = open?.assignees.find((a) => a.userId === userId);
  return {
    keys: new Set(rights?.isEnabled ? rights.docKeys : []),
    isReceiver: doc.assigneeId === userId,
    isPendingAssignee: mine?.decision === Decision.Pending || mine?.decision === Decision.Retracted,
    hasStandingPass: mine?.decision === Decision.Passed,
    isSender: open?.route.senderId === userId,
    // "While no assignee has acted" (DESIGN §6) reads the whole route: a withdrawal must not void passed stages.
    anyActed:
      !!open?.earlierPassed ||
      !!open?.assignees.some((a) => a.decision === Decision.Passed || a.decision === Decision.Rejected),
    isDeletionApprover: false,
  };
}

/**
 * For changes whose keys the caller's module already checked (edit, delete): the document's status must allow the
 * action by the table, else 409 'refresh the page' — nothing changes under a reviewer's eyes.
 */
export function requireStatusFor(status: number, action: WorkflowAction): void {
  if (!transitionOf(status, action)) fail('not_in_this_status');
}

/**
 * The table's row for this action in this status, or the refusal: an action the status does not allow is
 * 409 'refresh the page' (the page was stale), an actor the row does not name is 403.
 */
export function requireTransition(status: number, action: WorkflowAction, facts: ActorFacts): Transition {
  const t = transitionOf(status, action);
  if (!t) fail('not_in_this_status');
  const refusal = refusalOf(t, facts);
  if (refusal) fail(refusal);
  return t;
}

/**
 * What the action panel shows a caller for a document: the actions the table allows them now (an edit session's
 * lock heeded), those only the lock withholds, who holds it, and whether a pass asks for a signature (and, at the
 * session's first signing, the e-mail too).
 */
export async function workflowOf(
  tx: Tx,
  ctx: ProjectContext,
  doc: { id: number; status: number; assigneeId: number | null },
  rights: FolderRights | undefined,
) {
  const open = await openStageOf(tx, doc.id);
  const lock = (await locksOf(tx, [doc.id])).get(doc.id) ?? null;
  const facts = { ...factsOf(ctx.auth.user.id, doc, rights, open), locked: lock !== null };
  const actions = abilitiesOf(doc.status, facts);
  const withheld = withheldByLock(doc.status, facts);
  const required = !!open?.stage.signatureRequired && actions.includes('pass');
  let needsEmail = false;
  if (required) needsEmail = !(await signedInSession(tx, ctx));
  return { actions, withheld, lock, signing: { required, needsEmail } };
}

/** Whether the caller has signed in this session already: later signings ask for the password alone (11.200(a)). */
export async function signedInSession(db: Tx | Db, ctx: ProjectContext): Promise<boolean> {
  const sessionId = ctx.auth.session.id;
  if (sessionId === null) return false; // an API token's call: no session, never signs (e-signature.service.ts)
  const [earlier] = await db
    .select({ id: signatures.id })
    .from(signatures)
    .where(and(eq(signatures.userId, ctx.auth.user.id), eq(signatures.sessionId, sessionId)))
    .limit(1);
  return !!earlier;
}
