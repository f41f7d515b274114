import { DocStatus } from './enums.ts';
import { transitionOf, WORKFLOW_ACTIONS, type Actor, type Transition, type WorkflowAction } from './workflow.ts';

// Who may take a row of the transition table (workflow.ts): the caller's facts, the refusal, the abilities.

/** What the caller is to the document right now; the server computes it from the rows, the web receives it. */
export interface ActorFacts {
  /** Keys the caller holds on the document's folder. */
  keys: ReadonlySet<string>;
  isReceiver: boolean;
  /** An assignee of the open stage who has not acted. */
  isPendingAssignee: boolean;
  /** An assignee of the open stage whose pass stands while the stage waits for others. */
  hasStandingPass: boolean;
  /** Sent the open route. */
  isSender: boolean;
  /** Anyone of the open stage has passed or rejected. */
  anyActed: boolean;
  isDeletionApprover: boolean;
  /** An open edit session holds the document (anyone's, the caller's own included): see LOCK_WITHHOLDS. */
  locked?: boolean;
}

/**
 * What an open edit session (a check-out, an editor) withholds from everyone, its holder included, until it ends:
 * every change a document in editing may take (a new version, its details, its name or place, sending, deleting;
 * the server's requireUnlocked answers 423). Sessions are opened in editing only, and sending ends that status.
 */
export const LOCK_WITHHOLDS: readonly WorkflowAction[] = WORKFLOW_ACTIONS.filter(
  (a) => transitionOf(DocStatus.Editing, a) !== undefined,
);

function actorMatches(who: Actor, f: ActorFacts): boolean {
  switch (who) {
    case 'holder':
      return true;
    case 'receiver':
      return f.isReceiver;
    case 'assignee':
      return f.isPendingAssignee;
    case 'passer':
      return f.hasStandingPass;
    case 'sender':
      return f.isSender && !f.anyActed;
    case 'deletionApprover':
      return f.isDeletionApprover;
  }
}

/** Why a row refuses this caller, as an error code of errors.ts; null when it allows. */
export function refusalOf(t: Transition, f: ActorFacts): 'forbidden' | 'already_acted' | null {
  if (t.key && !f.keys.has(t.key)) return 'forbidden';
  if (actorMatches(t.who, f)) return null;
  return t.who === 'sender' && f.isSender ? 'already_acted' : 'forbidden';
}

/** The actions the caller may take on a document in this status (the `abilities` the web shows), the lock heeded. */
export function abilitiesOf(status: number, f: ActorFacts): WorkflowAction[] {
  return WORKFLOW_ACTIONS.filter((action) => {
    const t = transitionOf(status, action);
    return t !== undefined && refusalOf(t, f) === null && !(f.locked && LOCK_WITHHOLDS.includes(action));
  });
}

/** The actions only the lock keeps from the caller now: the web shows them disabled, naming who holds it. */
export function withheldByLock(status: number, f: ActorFacts): WorkflowAction[] {
  if (!f.locked) return [];
  const allowed = abilitiesOf(status, f);
  return abilitiesOf(status, { ...f, locked: false }).filter((a) => !allowed.includes(a));
}

/** What anyone holding these keys may do in this status, whoever they are to the document (a list's batch menu). */
export const holderAbilities = (status: number, keys: readonly string[], locked = false): WorkflowAction[] =>
  abilitiesOf(status, {
    locked,
    keys: new Set(keys),
    isReceiver: false,
    isPendingAssignee: false,
    hasStandingPass: false,
    isSender: false,
    anyActed: false,
    isDeletionApprover: false,
  });
