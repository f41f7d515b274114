import type { SuggestSite } from '../suggest-corpus.ts';
import { KINDS } from './kinds.ts';

/**
 * The labelled set (issue 28 part 3): ~300 plain-text documents over the 31 clauses of kinds.ts, half Chinese and half
 * English, deterministic (a seeded generator), each with its true clause, site and document date; plus 3 earlier
 * documents per clause, worded differently, as the company's history. Dates are written in every supported form.
 */
export const PROTOCOL = 'EDC-2024-017';
export const SITES: SuggestSite[] = [
  { siteId: 1, code: 'S01', name: '北京协和医院', countryCode: 'CN', investigators: ['张三'], shortName: '协和' },
  { siteId: 2, code: 'S02', name: 'Shanghai Ruijin Hospital', countryCode: 'CN', investigators: ['Li Wei'] },
  { siteId: 3, code: 'S03', name: '四川大学华西医院', countryCode: 'CN', investigators: ['王芳'] },
  {
    siteId: 4,
    code: 'S04',
    name: "Guangdong Provincial People's Hospital",
    countryCode: 'CN',
    investigators: ['Chen Jie'],
  },
];

export interface LabelledDoc {
  path: string;
  text: string;
  lang: 'zh' | 'en';
  clause: string;
  siteId: number | null;
  date: string;
}

/** mulberry32: small, seeded, the same sequence on every machine. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const MON = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const MONTH = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const p2 = (n: number) => String(n).padStart(2, '0');

/** The date written in form k; the numeric slash form is month/day in English, day/month in Chinese (the rule). */
function writeDate(y: number, m: number, d: number, k: number, lang: 'zh' | 'en'): string {
  switch (k % 9) {
    case 0:
      return `${y}年${m}月${d}日`;
    case 1:
      return `${y}-${p2(m)}-${p2(d)}`;
    case 2:
      return `${y}/${m}/${d}`;
    case 3:
      return `${p2(d)}-${MON[m - 1]}-${y}`;
    case 4:
      return `${d} ${MON[m - 1]} ${y}`;
    case 5:
      return `${MONTH[m - 1]} ${d}, ${y}`;
    case 6:
      return `${d} ${MONTH[m - 1]} ${y}`;
    case 7:
      return `${p2(d)}.${p2(m)}.${y}`;
    default:
      return lang === 'zh' ? `${p2(d)}/${p2(m)}/${y}` : `${p2(m)}/${p2(d)}/${y}`;
  }
}

export function generate(seed = 28, perClause = 10): { docs: LabelledDoc[]; history: Record<string, string> } {
  const r = rng(seed);
  const pick = <T>(xs: T[]) => xs[Math.floor(r() * xs.length)];
  const docs: LabelledDoc[] = [];
  let n = 0;
  for (const kind of KINDS) {
    for (let i = 0; i < perClause; i++, n++) {
      const lang: 'zh' | 'en' = i % 2 === 0 ? 'zh' : 'en';
      const heads = (lang === 'zh' ? kind.zh : kind.en).slice(0, -1);
      const bodies = lang === 'zh' ? kind.zhBody : kind.enBody;
      const site = r() < 0.8 ? pick(SITES) : null;
      const y = 2022 + Math.floor(r() * 3);
      const m = 1 + Math.floor(r() * 12);
      const d = 1 + Math.floor(r() * 28);
      const date = writeDate(y, m, d, n, lang);
      const protoDate = writeDate(2021, 11, 15, n + 1, lang);
      const head = pick(heads);
      const person = site ? pick(site.investigators) : '';
      const lines =
        lang === 'zh'
          ? [
              r() < 0.3 ? '第 1 页 共 3 页' : '',
              head,
              `方案编号：${PROTOCOL}（方案批准于 ${protoDate}）`,
              site
                ? `研究中心：${r() < 0.5 ? site.code : site.name}\u3000研究者：${person}`
                : '申办方：某某制药有限公司',
              `${pick(bodies)}。`,
              `${bodies[0]}，详见附件。`,
              `日期：${date}`,
            ]
          : [
              r() < 0.3 ? 'Page 1 of 3' : '',
              head,
              `Protocol ${PROTOCOL} (protocol approved ${protoDate})`,
              site
                ? `Site: ${r() < 0.5 ? site.code : site.name}, investigator ${person}`
                : 'Sponsor: Example Pharma Ltd.',
              `This document ${pick(bodies)}.`,
              `Notes: ${bodies[1]}.`,
              `${pick(['Date', 'Signed on', 'Dated'])}: ${date}`,
            ];
      const folder = site && r() < 0.4 ? `${site.code}/` : '';
      const file = pick([
        `scan_${String(n).padStart(4, '0')}.pdf`,
        `${head.replace(/[\s,/]+/g, '_')}.pdf`,
        `${String(i + 1).padStart(2, '0')} ${head}.docx`,
        `IMG_${1000 + n}.pdf`,
      ]);
      const iso = `${y}-${p2(m)}-${p2(d)}`;
      docs.push({
        path: folder + file,
        text: lines.filter(Boolean).join('\n'),
        lang,
        clause: kind.clause,
        siteId: site?.siteId ?? null,
        date: iso,
      });
    }
  }
  // History: 3 filed documents per clause, headed with the kind's last (held-back) wording in both languages.
  const history: Record<string, string> = {};
  for (const kind of KINDS) {
    history[kind.clause] = [
      `${kind.en.at(-1)}\n${kind.enBody[1]}`,
      `${kind.zh.at(-1)}\n${kind.zhBody[1]}`,
      `${kind.en.at(-1)} ${kind.zh.at(-1)}`,
    ].join('\n');
  }
  return { docs, history };
}
