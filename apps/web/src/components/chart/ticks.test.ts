import { describe, expect, it } from 'vitest';
import { integerTicks, isCounts } from './ticks';

// Issue 26, item 16: an axis of task counts ticked 0, 0.5, 1, 1.5, 2.
describe('integer ticks', () => {
  it.each([
    [0, 2, 5, [0, 1, 2]],
    [0, 4, 5, [0, 1, 2, 3, 4]],
    [0, 1, 5, [0, 1]],
    [0, 0, 5, [0]],
    [0, 1234, 5, [0, 500, 1000]],
    [0, 17.5, 5, [0, 5, 10, 15]],
  ])('from %d to %d (about %d) ticks on whole numbers: %j', (start, end, count, ticks) => {
    expect(integerTicks(start, end, count)).toEqual(ticks);
  });

  it('takes whole values for counts, not sizes with decimals', () => {
    expect(isCounts([0, 4, 2])).toBe(true);
    expect(isCounts([5.86, 4])).toBe(false);
  });
});
