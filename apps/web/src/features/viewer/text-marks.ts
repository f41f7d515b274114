/** A run of text on a page, where pdf.js's text layer would put it: CSS pixels at scale 1, from the top left. */
export interface TextRun {
  str: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A box to mark over the page (same units as TextRun). */
export type MarkBox = Omit<TextRun, 'str'>;

/**
 * Where the searched words are on a page (issue 26, item 9): the boxes over their characters, as the viewer's search
 * finds them — case-insensitive, whitespace ignored, so a phrase broken across runs or lines is marked on each.
 * pdf.js gives a run's width, not each glyph's: a part of a run is placed by `measure` (a font's widths, scaled to
 * the run's), by default as if every character were equally wide.
 */
export function markBoxes(
  runs: TextRun[],
  query: string,
  measure: (text: string) => number = (text) => [...text].length,
): MarkBox[] {
  const needle = [...query.replace(/\s+/g, '')].map(lower).join('');
  if (!needle) return [];
  // Each non-space character of the page, with the run and the position in it that it came from.
  const chars: Array<{ run: number; at: number; ch: string }> = [];
  runs.forEach((r, run) => [...r.str].forEach((ch, at) => /\s/.test(ch) || chars.push({ run, at, ch: lower(ch) })));
  const text = chars.map((c) => c.ch).join('');
  const length = [...needle].length;
  const boxes: MarkBox[] = [];
  // Offsets in code points: the text and the needle are compared as strings of single characters.
  const points = [...text];
  for (let i = 0; i + length <= points.length; i++) {
    if (points.slice(i, i + length).join('') !== needle) continue;
    const matched = chars.slice(i, i + length);
    for (const run of new Set(matched.map((c) => c.run))) {
      const ats = matched.filter((c) => c.run === run).map((c) => c.at);
      const r = runs[run];
      const glyphs = [...r.str];
      const scale = r.width / Math.max(1e-6, measure(r.str));
      const from = scale * measure(glyphs.slice(0, Math.min(...ats)).join(''));
      const to = scale * measure(glyphs.slice(0, Math.max(...ats) + 1).join(''));
      boxes.push({ x: r.x + from, y: r.y, width: to - from, height: r.height });
    }
    i += length - 1;
  }
  return boxes;
}

/** One character lower-cased, kept as it is where lower case would make it two ("İ"). */
function lower(ch: string): string {
  const l = ch.toLowerCase();
  return [...l].length === 1 ? l : ch;
}
