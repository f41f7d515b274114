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
}

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

/** The actions the caller may take on a document in this status (the `abilities` the web shows). */
export function abilitiesOf(status: number, f: ActorFacts): WorkflowAction[] {
  return WORKFLOW_ACTIONS.filter((action) => {
    const t = transitionOf(status, action);
    return t !== undefined && refusalOf(t, f) === null;
  });
}

/** What anyone holding these keys may do in this status, whoever they are to the document (a list's batch menu). */
export const holderAbilities = (status: number, keys: readonly string[]): WorkflowAction[] =>
  abilitiesOf(status, {
    keys: new Set(keys),
    isReceiver: false,
    isPendingAssignee: false,
    hasStandingPass: false,
    isSender: false,
    anyActed: false,
    isDeletionApprover: false,
  });
