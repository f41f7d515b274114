/**
 * Ticks on whole numbers only, for an axis of counts (issue 26, item 16: "2.5 tasks" read as nonsense): about
 * `count` of them on a 1-2-5 step of at least 1, from the first multiple of the step in the range.
 */
export function integerTicks(start: number, end: number, count = 5): number[] {
  const lo = Math.ceil(Math.min(start, end));
  const hi = Math.floor(Math.max(start, end));
  if (hi <= lo) return [lo];
  const raw = (hi - lo) / Math.max(1, count - 1);
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = Math.max(1, [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= raw) ?? 10 * magnitude);
  const ticks: number[] = [];
  for (let tick = Math.ceil(lo / step) * step; tick <= hi; tick += step) ticks.push(tick);
  return ticks;
}

/** A chart's values are counts when every one is a whole number: its value axis then ticks on whole numbers. */
export const isCounts = (values: number[]) => values.every((v) => Number.isInteger(v));
