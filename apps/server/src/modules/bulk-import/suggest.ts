import type { SuggestCorpus, SuggestSite } from './suggest-corpus.ts';
import { pickDocumentDate } from './suggest-dates.ts';
import { tokenise } from './suggest-text.ts';

/** One file of a bulk import: its path in the zip and its extracted text ('' when none). */
export interface SuggestInput {
  path: string;
  text: string;
  /** Today in the project's calendar (YYYY-MM-DD): later dates are weaker. Defaults to the UTC date. */
  today?: string;
}
export interface Scored<T> {
  value: T;
  confidence: number; // 0..1
  why: string; // short, English, code-ish
}
export interface Suggestion {
  artifacts: Scored<number>[]; // top 3, best first
  site: Scored<number> | null;
  documentDate: Scored<string> | null;
  title: Scored<string> | null;
}

/** How much of a file's text is read: the head says what a document is; the rest costs time. */
const TEXT_CHARS = 12_000;
const K1 = 1.2;
const BM25_B = 0.75;
/** An artifact's own names count this many times its filed documents' words. */
const NAME_WEIGHT = 4;
/** A word of the file name counts this many times a word of the text. */
const PATH_WEIGHT = 3;

interface Index {
  docs: Map<string, number>[]; // per artifact: term -> weighted frequency
  lengths: number[];
  avg: number;
  idf: Map<string, number>;
}

// Built once per corpus object (a bulk import scores hundreds of files against one corpus).
const indexes = new WeakMap<SuggestCorpus, Index>();

function buildIndex(corpus: SuggestCorpus): Index {
  const docs = corpus.artifacts.map((a) => {
    const tf = new Map<string, number>();
    const add = (text: string, w: number) => {
      for (const t of tokenise(text)) tf.set(t, (tf.get(t) ?? 0) + w);
    };
    add([a.nameEn, a.nameZh, ...a.subArtifacts].join('\n'), NAME_WEIGHT);
    add(corpus.learned[a.artifactId] ?? '', 1);
    return tf;
  });
  const lengths = docs.map((d) => [...d.values()].reduce((s, v) => s + v, 0));
  const avg = lengths.reduce((s, v) => s + v, 0) / Math.max(1, lengths.length) || 1;
  const df = new Map<string, number>();
  for (const d of docs) for (const t of d.keys()) df.set(t, (df.get(t) ?? 0) + 1);
  const n = docs.length;
  const idf = new Map([...df].map(([t, f]) => [t, Math.log(1 + (n - f + 0.5) / (f + 0.5))]));
  return { docs, lengths, avg, idf };
}

/** File name words without the extension and the scanner's numbering. */
function pathWords(path: string): string {
  return path.replace(/\.[a-z0-9]{1,5}$/i, '').replace(/[_\-./\\]+/g, ' ');
}

function scoreArtifacts(input: SuggestInput, corpus: SuggestCorpus): Scored<number>[] {
  let index = indexes.get(corpus);
  if (!index) indexes.set(corpus, (index = buildIndex(corpus)));
  const query = new Map<string, number>();
  for (const t of tokenise(input.text.slice(0, TEXT_CHARS))) query.set(t, (query.get(t) ?? 0) + 1);
  for (const t of tokenise(pathWords(input.path))) query.set(t, (query.get(t) ?? 0) + PATH_WEIGHT);
  const scores = index.docs.map((doc, i) => {
    let s = 0;
    const norm = K1 * (1 - BM25_B + (BM25_B * index.lengths[i]) / index.avg);
    const hits: [string, number][] = [];
    for (const [t, q] of query) {
      const f = doc.get(t);
      if (!f) continue;
      // The query's own repeats count with diminishing returns (a word said ten times is not ten times the hint).
      const part = (index.idf.get(t) ?? 0) * ((f * (K1 + 1)) / (f + norm)) * Math.log2(1 + q);
      s += part;
      hits.push([t, part]);
    }
    hits.sort((a, b) => b[1] - a[1]);
    return { i, s, words: hits.slice(0, 3).map((h) => h[0]) };
  });
  scores.sort((a, b) => b.s - a.s);
  const top = scores.slice(0, 3).filter((x) => x.s > 0);
  if (top.length === 0) return [];
  const total = scores.slice(0, 5).reduce((s, x) => s + x.s, 0) || 1;
  const margin = top.length > 1 ? (top[0].s - top[1].s) / top[0].s : 1;
  const protocol = corpus.protocolNumbers.some((p) => p && input.text.toLowerCase().includes(p.toLowerCase()));
  return top.map((x, rank) => {
    // The first's confidence from its margin over the second; the others' from their share of the top five.
    let c = rank === 0 ? 0.2 + 0.75 * Math.min(1, margin * 1.6) : (0.5 * x.s) / total;
    if (protocol) c = Math.min(0.97, c + 0.03);
    return {
      value: corpus.artifacts[x.i].artifactId,
      confidence: Math.round(c * 100) / 100,
      why: `words: ${x.words.join(' ')}${protocol && rank === 0 ? '; protocol number in text' : ''}`,
    };
  });
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A code as a whole token: not inside a longer word or number (S01 is not S010 nor AS01). */
const wholeToken = (code: string) => new RegExp(`(?<![\\p{L}\\p{N}])${escape(code)}(?![\\p{L}\\p{N}])`, 'iu');

function findSite(input: SuggestInput, sites: SuggestSite[]): Scored<number> | null {
  let best: Scored<number> | null = null;
  const text = input.text.slice(0, TEXT_CHARS);
  const consider = (site: SuggestSite, confidence: number, why: string) => {
    if (!best || confidence > best.confidence) best = { value: site.siteId, confidence, why };
  };
  for (const site of sites) {
    const code = site.code ? wholeToken(site.code) : null;
    const dirs = input.path.split(/[/\\]/).slice(0, -1);
    if (code && dirs.some((d) => code.test(d))) consider(site, 0.95, `site code ${site.code} in folder`);
    else if (code && code.test(input.path)) consider(site, 0.9, `site code ${site.code} in file name`);
    else if (code && code.test(text)) consider(site, 0.8, `site code ${site.code} in text`);
    for (const name of [site.name, site.shortName]) {
      if (name && name.length >= 3 && (text.includes(name) || input.path.includes(name)))
        consider(site, 0.75, `site name ${name} in text`);
    }
    for (const person of site.investigators) {
      if (person.length >= 2 && (text.includes(person) || input.path.includes(person)))
        consider(site, 0.6, `investigator ${person} in text`);
    }
  }
  return best;
}

const PAGE_HEADER = /^(page\s*\d+|第\s*\d+\s*页|\d+\s*\/\s*\d+|confidential|机密|保密)/iu;

function findTitle(input: SuggestInput): Scored<string> | null {
  for (const raw of input.text.split(/\r?\n/).slice(0, 15)) {
    const line = raw.trim().replace(/\s+/g, ' ');
    if (line.length < 4 || line.length > 100) continue;
    if (PAGE_HEADER.test(line) || !/\p{L}/u.test(line)) continue;
    // A line that is mostly a date or a label: value pair is not a heading.
    if (/^[^:：]{1,20}[:：]/u.test(line) || /^[\d\s年月日号/.,-]+$/u.test(line)) continue;
    if (/[.。;；,，]$/u.test(line) && line.length > 40) continue; // a sentence, not a heading
    return { value: line, confidence: 0.7, why: 'first heading-like line' };
  }
  const base = input.path.split(/[/\\]/).pop() ?? '';
  const name = base
    .replace(/\.[a-z0-9]{1,5}$/i, '')
    .replace(/^[\d\s._-]+/, '')
    .replace(/[_]+/g, ' ')
    .trim();
  if (!name || /^(scan|img|image|doc|document|file|扫描)\s*\d*$/iu.test(name)) return null;
  return { value: name, confidence: 0.4, why: 'file name' };
}

/** The engine: pure and synchronous, no database and no I/O, so a preview can run it per file. */
export function suggest(input: SuggestInput, corpus: SuggestCorpus): Suggestion {
  const today = input.today ?? new Date().toISOString().slice(0, 10);
  const date = pickDocumentDate(input.text.slice(0, TEXT_CHARS), today);
  return {
    artifacts: scoreArtifacts(input, corpus),
    site: findSite(input, corpus.sites),
    documentDate: date && { value: date.date, confidence: date.confidence, why: date.why },
    title: findTitle(input),
  };
}
