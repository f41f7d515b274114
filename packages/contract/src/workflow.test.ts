import { describe, expect, it } from 'vitest';
import { DocStatus } from './enums.ts';
import { enabledStages, nextStatus, Stage, stageComplete, transitionOf, TRANSITIONS } from './workflow.ts';
import { abilitiesOf, refusalOf, type ActorFacts } from './workflow-abilities.ts';

const nobody: ActorFacts = {
  keys: new Set(),
  isReceiver: false,
  isPendingAssignee: false,
  hasStandingPass: false,
  isSender: false,
  anyActed: false,
  isDeletionApprover: false,
};
const as = (keys: string[], facts: Partial<ActorFacts> = {}): ActorFacts => ({
  ...nobody,
  ...facts,
  keys: new Set(keys),
});

describe('the transition table', () => {
  it('has one row per status and action', () => {
    const pairs = TRANSITIONS.map((t) => `${t.from}:${t.action}`);
    expect(new Set(pairs).size).toBe(pairs.length);
  });

  it('gives every stage its pass, reject, withdraw and retract', () => {
    for (const stage of [Stage.Review, Stage.Qc, Stage.Approval])
      for (const action of ['pass', 'reject', 'withdraw', 'retract'] as const)
        expect(transitionOf(stage, action), `${stage} ${action}`).toBeDefined();
    expect(transitionOf(DocStatus.Editing, 'pass')).toBeUndefined();
    expect(transitionOf(DocStatus.InReview, 'send')).toBeUndefined();
  });

  it('serves the library rows (issue 11): archive from 8, recall and deletion from 6, the decision from 9', () => {
    expect(transitionOf(DocStatus.Processed, 'archive')).toMatchObject({ to: 'archiveOrActivate', key: 'archiveDoc' });
    expect(abilitiesOf(DocStatus.Processed, as(['archiveDoc', 'editDoc']))).toEqual(['archive']);
    expect(abilitiesOf(DocStatus.Processed, as(['editDoc']))).toEqual([]);
    expect(abilitiesOf(DocStatus.Archived, as(['recallDoc', 'deleteDoc']))).toEqual(['recall', 'applyDelete']);
    expect(abilitiesOf(DocStatus.DeletionInApproval, as([]))).toEqual([]);
    expect(abilitiesOf(DocStatus.DeletionInApproval, { ...as([]), isDeletionApprover: true })).toEqual([
      'approveDelete',
      'rejectDelete',
    ]);
    // Nothing edits, sends or deletes an archived document directly (record protection).
    for (const action of ['edit', 'send', 'delete', 'move'] as const)
      expect(transitionOf(DocStatus.Archived, action)).toBeUndefined();
  });

  it('moves a document to another work folder only while editing (issue 26 item 11)', () => {
    const movable = Object.values(DocStatus).filter((s) => transitionOf(s, 'move') !== undefined);
    expect(movable).toEqual([DocStatus.Editing]);
    expect(transitionOf(DocStatus.Editing, 'move')).toMatchObject({ key: 'editDoc', to: DocStatus.Editing });
  });
});

describe('the route', () => {
  it('goes through the enabled stages in order, then to processed', () => {
    const all = enabledStages({ reviewOpen: true, qcOpen: true, approveOpen: true });
    expect(all).toEqual([3, 4, 5]);
    expect([nextStatus(null, all), nextStatus(3, all), nextStatus(4, all), nextStatus(5, all)]).toEqual([3, 4, 5, 8]);
    const qcOnly = enabledStages({ reviewOpen: false, qcOpen: true, approveOpen: false });
    expect([nextStatus(null, qcOnly), nextStatus(4, qcOnly)]).toEqual([4, 8]);
    expect(nextStatus(null, enabledStages({ reviewOpen: false, qcOpen: false, approveOpen: false }))).toBe(8);
  });

  it('completes a stage on the first pass, or when all passed where all must act', () => {
    expect(stageComplete(false, 3, 1)).toBe(true);
    expect(stageComplete(true, 3, 2)).toBe(false);
    expect(stageComplete(true, 3, 3)).toBe(true);
  });
});

describe('abilities', () => {
  it('lets a holder of the keys edit, send and delete while editing', () => {
    expect(abilitiesOf(DocStatus.Editing, as(['viewDoc', 'editDoc', 'deleteDoc']))).toEqual([
      'edit',
      'send',
      'delete',
      'move',
    ]);
    expect(abilitiesOf(DocStatus.Editing, as(['viewDoc']))).toEqual([]);
  });

  it('lets only the receiver receive', () => {
    expect(abilitiesOf(DocStatus.WaitingReceive, as(['viewDoc'], { isReceiver: true }))).toEqual(['receive']);
    expect(abilitiesOf(DocStatus.WaitingReceive, as(['viewDoc']))).toEqual([]);
  });

  it('lets a pending assignee with the stage key pass or reject', () => {
    expect(abilitiesOf(DocStatus.InQc, as(['qcDoc'], { isPendingAssignee: true }))).toEqual(['pass', 'reject']);
    // The wrong stage's key is not enough.
    expect(abilitiesOf(DocStatus.InQc, as(['reviewDoc'], { isPendingAssignee: true }))).toEqual([]);
  });

  it('lets the sender withdraw only until someone acted, and a passer retract', () => {
    const sender = as(['editDoc'], { isSender: true });
    expect(abilitiesOf(DocStatus.InReview, sender)).toEqual(['withdraw']);
    const late = as(['editDoc'], { isSender: true, anyActed: true });
    expect(abilitiesOf(DocStatus.InReview, late)).toEqual([]);
    expect(refusalOf(transitionOf(DocStatus.InReview, 'withdraw')!, late)).toBe('already_acted');
    expect(abilitiesOf(DocStatus.InApproval, as(['approveDoc'], { hasStandingPass: true }))).toEqual(['retract']);
  });
});
