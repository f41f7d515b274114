import type { ParsedQuery, SearchTerm } from '@edoc/contract/search';

/**
 * The search index's words, made in the application so the index works on any PostgreSQL (no extension, any
 * locale; issue 13). Chinese, Japanese and Korean text has no spaces: each run of such characters becomes its
 * overlapping character pairs (研究者手册 → 研究 究者 者手 手册), and a query's run the same pairs in a row, so a word
 * is found wherever its characters stand together, whatever a dictionary would have cut. Other scripts give their
 * words and numbers, lower-cased. The run's last character is also kept on its own, at its last pair's position,
 * so a one-character query finds it at the end of a run as well as (by prefix) inside one.
 */
const CJK = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}';
const TOKEN = new RegExp(`[${CJK}]+|[\\p{L}\\p{N}\\p{M}]+`, 'gu');
const IS_CJK = new RegExp(`^[${CJK}]`, 'u');
/** PostgreSQL keeps positions up to 16383; a lexeme past a few hundred bytes is noise (base64, hashes). */
const MAX_POSITION = 16_383;
const MAX_LEXEME = 64;

/** A lexeme and its position (positions repeat where a run's last character stands with its last pair). */
export type Lexeme = [text: string, position: number];

export function lexemes(text: string): Lexeme[] {
  const out: Lexeme[] = [];
  let pos = 0;
  for (const [run] of text.matchAll(TOKEN)) {
    if (IS_CJK.test(run)) {
      const chars = [...run];
      if (chars.length === 1) out.push([chars[0], ++pos]);
      for (let i = 0; i + 1 < chars.length; i++) out.push([chars[i] + chars[i + 1], ++pos]);
      if (chars.length > 1) out.push([chars[chars.length - 1], pos]);
    } else if (run.length <= MAX_LEXEME) out.push([run.toLowerCase(), ++pos]);
    else pos++;
  }
  return out;
}

const quote = (lexeme: string) => `'${lexeme.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;

/** PostgreSQL refuses a tsvector over 1 MB: the text form is kept well under it. */
const MAX_TSVECTOR_CHARS = 700_000;

/**
 * The text form of a tsvector (`'word':1,5 'pair':2`) for the lexemes of a text, cast by the caller. A lexeme keeps
 * up to `maxPositions` places (phrases need them); a vector that would grow too large keeps its lexemes without
 * places (each word still found, a phrase then as its words anywhere), and past that its first lexemes only.
 */
export function tsvectorOf(text: string, maxPositions = 256): string {
  const positions = new Map<string, number[]>();
  for (const [lexeme, pos] of lexemes(text)) {
    const list = positions.get(lexeme) ?? [];
    const at = Math.min(pos, MAX_POSITION);
    if (list.length < maxPositions && list[list.length - 1] !== at) list.push(at);
    positions.set(lexeme, list);
  }
  const withPlaces = [...positions].map(([lexeme, list]) => `${quote(lexeme)}:${list.join(',')}`).join(' ');
  if (withPlaces.length <= MAX_TSVECTOR_CHARS) return withPlaces;
  let out = '';
  for (const lexeme of positions.keys()) {
    const next = quote(lexeme);
    if (out.length + next.length + 1 > MAX_TSVECTOR_CHARS) break;
    out += (out ? ' ' : '') + next;
  }
  return out;
}

/** One term as a tsquery: its lexemes one after the other (a lone CJK character by prefix); null when it has none. */
export function termQuery(term: SearchTerm): string | null {
  // A run's lone last character shares its pair's position: in a query it is left out (the pair says it).
  const all = lexemes(term.text);
  const list = all.filter(([, pos], i) => i === 0 || all[i - 1][1] !== pos);
  if (list.length === 0) return null;
  if (list.length === 1) {
    const [lexeme] = list[0];
    return IS_CJK.test(lexeme) && [...lexeme].length === 1 ? `${quote(lexeme)}:*` : quote(lexeme);
  }
  return `(${list.map(([lexeme]) => quote(lexeme)).join(' <-> ')})`;
}

/**
 * The text form of the tsquery for a parsed query: every clause (one of its terms) and none of the excluded.
 * Null when nothing searchable is left (only punctuation, or only exclusions).
 */
export function tsqueryOf(query: ParsedQuery): string | null {
  const clauses = query.clauses
    .map((terms) => terms.map(termQuery).filter((t): t is string => t !== null))
    .filter((terms) => terms.length > 0)
    .map((terms) => (terms.length === 1 ? terms[0] : `(${terms.join(' | ')})`));
  if (clauses.length === 0) return null;
  const excluded = query.exclude.map(termQuery).filter((t): t is string => t !== null);
  return [...clauses, ...excluded.map((t) => `!${t}`)].join(' & ');
}

/** Any of the query's terms: which pages to show as snippets, and how well a page matches. */
export function anyTermQuery(query: ParsedQuery): string | null {
  const terms = query.clauses
    .flat()
    .map(termQuery)
    .filter((t): t is string => t !== null);
  return terms.length ? terms.join(' | ') : null;
}
