import { describe, expect, it } from 'vitest';
import { ApprovalStatus } from './enums.ts';
import { Decision, DeletionState, StageState } from './states.ts';

describe('state enumerations', () => {
  // SPEC §4 fixes one "approval record status" for all of these: the names differ, the stored numbers must not.
  it('stages, decisions and deletion applications keep SPEC §4 approval record numbers', () => {
    for (const s of [StageState, Decision, DeletionState]) {
      expect(Object.values(s).slice(0, 3)).toEqual([
        ApprovalStatus.Pending,
        ApprovalStatus.Passed,
        ApprovalStatus.Rejected,
      ]);
    }
  });
});
