import { highlightTerms, type ParsedQuery, type SnippetPart } from '@edoc/contract/search';

/** Characters shown either side of the words found. */
const AROUND = 60;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The words to mark: each term as written, any run of spaces in a phrase matching any other, case ignored. */
export function markerOf(query: ParsedQuery): RegExp | null {
  const terms = highlightTerms(query)
    .map((t) => t.trim())
    .filter(Boolean)
    .sort((a, b) => b.length - a.length)
    .map((t) => escape(t).replace(/\s+/g, '\\s+'));
  return terms.length ? new RegExp(terms.join('|'), 'giu') : null;
}

/**
 * Up to `max` pieces of a page around the words found, each cut at a space where one is near, with the words
 * marked: plain text parts, never HTML, so nothing in a document can reach the page as markup.
 */
export function snippetsOf(body: string, query: ParsedQuery, max: number): SnippetPart[][] {
  const marker = markerOf(query);
  if (!marker) return [];
  const hits = [...body.matchAll(marker)].map((m) => [m.index, m.index + m[0].length] as const);
  const out: SnippetPart[][] = [];
  let shownTo = 0;
  for (const [start] of hits) {
    if (out.length >= max) break;
    if (start < shownTo) continue;
    const from = cut(body, Math.max(0, start - AROUND), -1);
    const to = cut(body, Math.min(body.length, start + AROUND * 2), 1);
    const parts: SnippetPart[] = [];
    let at = from;
    for (const [s, e] of hits) {
      if (s < from || e > to) continue;
      if (s > at) parts.push({ text: body.slice(at, s), hit: false });
      parts.push({ text: body.slice(s, e), hit: true });
      at = e;
    }
    if (at < to) parts.push({ text: body.slice(at, to), hit: false });
    const clean = parts.map((p) => ({ ...p, text: p.text.replace(/\s+/g, ' ') }));
    if (from > 0) clean.unshift({ text: '…', hit: false });
    if (to < body.length) clean.push({ text: '…', hit: false });
    out.push(clean);
    shownTo = to;
  }
  return out;
}

/** Moves a cut to a nearby space (within 15 characters) so words stay whole; CJK text is cut anywhere. */
function cut(text: string, at: number, direction: -1 | 1): number {
  for (let i = 0; i < 15; i++) {
    const j = at + i * direction;
    if (j <= 0 || j >= text.length) return Math.max(0, Math.min(text.length, j));
    if (/\s/.test(text[j])) return direction < 0 ? j + 1 : j;
  }
  return at;
}
