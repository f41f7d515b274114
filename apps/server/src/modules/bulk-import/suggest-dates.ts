/**
 * Dates in a document's text (issue 28 part 3), Chinese and English forms. Ambiguous all-numeric forms: YYYY first is
 * always year-month-day; NN.NN.YYYY is day.month (the dotted form is European); NN/NN/YYYY and NN-NN-YYYY are
 * read by the number that cannot be a month (13..31) when one is, else month/day in an English text (US usage) and
 * day/month in a text with Chinese in it (Chinese documents that write a year last follow the British order).
 */
export interface FoundDate {
  date: string; // YYYY-MM-DD
  index: number; // where in the text
  ambiguous: boolean;
}

const MONTHS: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  sept: 9,
  oct: 10,
  nov: 11,
  dec: 12,
  january: 1,
  february: 2,
  march: 3,
  april: 4,
  june: 6,
  july: 7,
  august: 8,
  september: 9,
  october: 10,
  november: 11,
  december: 12,
};
const MON =
  '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?';

const pad = (n: number) => String(n).padStart(2, '0');

/** The date, or null when it cannot exist (31 February) or lies outside 1990..2099. */
export function makeDate(y: number, m: number, d: number): string | null {
  if (y < 1990 || y > 2099 || m < 1 || m > 12 || d < 1) return null;
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return d > days ? null : `${y}-${pad(m)}-${pad(d)}`;
}

type Rule = { re: RegExp; read: (g: string[], zh: boolean) => { ymd: [number, number, number]; ambiguous?: boolean } };
const B = '(?<![\\p{L}\\p{N}])';
const E = '(?![\\p{L}\\p{N}])';
const RULES: Rule[] = [
  {
    re: new RegExp(`(\\d{4})\\s*年\\s*(\\d{1,2})\\s*月\\s*(\\d{1,2})\\s*[日号]`, 'gu'),
    read: (g) => ({ ymd: [+g[1], +g[2], +g[3]] }),
  },
  {
    re: new RegExp(`${B}(\\d{4})[-/.](\\d{1,2})[-/.](\\d{1,2})${E}`, 'gu'),
    read: (g) => ({ ymd: [+g[1], +g[2], +g[3]] }),
  },
  {
    re: new RegExp(`${B}(\\d{1,2})[-\\s]${MON}[-\\s,]+(\\d{4})${E}`, 'giu'),
    read: (g) => ({ ymd: [+g[3], MONTHS[g[2].toLowerCase()], +g[1]] }),
  },
  {
    re: new RegExp(`${B}${MON}\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})${E}`, 'giu'),
    read: (g) => ({ ymd: [+g[3], MONTHS[g[1].toLowerCase()], +g[2]] }),
  },
  { re: new RegExp(`${B}(\\d{1,2})\\.(\\d{1,2})\\.(\\d{4})${E}`, 'gu'), read: (g) => ({ ymd: [+g[3], +g[2], +g[1]] }) },
  {
    re: new RegExp(`${B}(\\d{1,2})[/-](\\d{1,2})[/-](\\d{4})${E}`, 'gu'),
    read: (g, zh) => {
      const a = +g[1];
      const b = +g[2];
      if (a > 12) return { ymd: [+g[3], b, a] };
      if (b > 12) return { ymd: [+g[3], a, b] };
      return { ymd: zh ? [+g[3], b, a] : [+g[3], a, b], ambiguous: a !== b };
    },
  },
];

/** A Chinese text: Han characters at least a tenth of its letters (a Chinese date inside English text is not enough). */
function isChinese(text: string): boolean {
  const han = text.match(/\p{Script=Han}/gu)?.length ?? 0;
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  return han > 0 && han * 10 >= letters;
}

/** Every date in the text, in text order (a span read by one rule is not read again by a later one). */
export function findDates(text: string): FoundDate[] {
  const zh = isChinese(text);
  const taken: [number, number][] = [];
  const out: FoundDate[] = [];
  for (const rule of RULES) {
    for (const m of text.matchAll(rule.re)) {
      const start = m.index;
      const end = start + m[0].length;
      if (taken.some(([s, e]) => start < e && end > s)) continue;
      const { ymd, ambiguous } = rule.read([...m], zh);
      const date = makeDate(...ymd);
      if (!date) continue;
      taken.push([start, end]);
      out.push({ date, index: start, ambiguous: !!ambiguous });
    }
  }
  return out.sort((x, y) => x.index - y.index);
}

/** Words just before a date that say it dates the document, and words that say it is another document's date. */
const LABEL =
  /(date|dated|signed|signed on|approved|approved on|effective|日期|签署|签字|签名|批准|生效|日\s*期)\s*(on)?\s*[:：]?\s*$/iu;
const WEAK = /(protocol|amendment|方案|birth|出生|expir|有效期至|valid until|next|下次|due|截止)[^\n]{0,40}$/iu;

/**
 * The date that dates the document: a labelled one first, then the earliest in the text; another document's date
 * (the protocol's, a birth date, an expiry, a due date) and a date after `today` count less.
 */
export function pickDocumentDate(
  text: string,
  today: string,
): { date: string; confidence: number; why: string } | null {
  const found = findDates(text);
  if (found.length === 0) return null;
  let best: { date: string; score: number; why: string } | null = null;
  for (const [i, f] of found.entries()) {
    const before = text.slice(Math.max(0, f.index - 40), f.index);
    let score = 0.5 - Math.min(i, 10) * 0.02;
    let why = 'first date in text';
    // Another document's date, even when labelled ("protocol approved 15 Nov 2021"), is not this one's.
    if (LABEL.test(before) && !WEAK.test(before)) {
      score += 0.35;
      why = 'labelled date';
    } else if (WEAK.test(before)) {
      score -= 0.3;
      why = 'date of another document';
    }
    if (f.date > today) {
      score -= 0.35;
      why = 'future date';
    }
    if (f.ambiguous) score -= 0.1;
    if (!best || score > best.score) best = { date: f.date, score, why: `${why}: ${f.date}` };
  }
  if (!best) return null;
  return { date: best.date, confidence: Math.max(0.05, Math.min(0.95, best.score)), why: best.why };
}
