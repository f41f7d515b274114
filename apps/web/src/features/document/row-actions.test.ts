import { describe, expect, it } from 'vitest';
import { DocStatus, TrailType } from '@edoc/contract/enums';
import { transitionOf } from '@edoc/contract/workflow';
import { LOCK_WITHHOLDS } from '@edoc/contract/workflow-abilities';
import { LIFECYCLE, NEEDS, type RowAction } from './components/row-actions';

describe("the row menu's changes and the transition table", () => {
  it.each(Object.entries(LIFECYCLE))(
    '%s is the row %s out of editing, with the key the menu asks for, withheld by a lock',
    (action, step) => {
      const row = transitionOf(DocStatus.Editing, step!);
      expect(row).toBeDefined();
      if (action !== 'delete') expect(row!.key).toBe(NEEDS[action as RowAction]);
      expect(LOCK_WITHHOLDS).toContain(step);
    },
  );

  it('a move is the move row, recorded as a move, not an edit (issue 26 item 6)', () => {
    expect(LIFECYCLE.move).toBe('move');
    expect(transitionOf(DocStatus.Editing, LIFECYCLE.move!)!.trail).toBe(TrailType.Move);
  });
});
