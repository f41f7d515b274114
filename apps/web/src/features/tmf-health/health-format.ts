/** A ratio (0..1) as a percentage in the reader's locale ("85.3%", "85.3 %"); a ratio over nothing reads as a dash. */
export function formatPct(ratio: number | null, lang: string): string {
  if (ratio === null) return '—';
  return new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 1 }).format(ratio);
}

export function formatCount(n: number | null, lang: string): string {
  return n === null ? '—' : n.toLocaleString(lang);
}

/** Sorts nulls (nothing to measure) below every figure, whichever way the column sorts. */
export function compareFigure(a: number | null, b: number | null): number {
  if (a === null || b === null) return (a === null ? -1 : 0) - (b === null ? -1 : 0);
  return a - b;
}
