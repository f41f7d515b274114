/**
 * The suggestion engine's words (issue 28 part 3): Chinese as overlapping character pairs (as the search index does,
 * modules/search/lexemes.ts, so no dictionary is needed), other scripts as lower-case words with a light stemmer;
 * stop words of both languages and bare numbers dropped (numbers are dates, page numbers and codes: the site and
 * date finders read them, the artifact score does not).
 */
const CJK = '\\p{Script=Han}';
// Han runs apart from other letters: \p{L} includes Han, so the second alternative excludes it explicitly.
const TOKEN = new RegExp(`[${CJK}]+|(?:(?![${CJK}])[\\p{L}\\p{N}])+`, 'gu');
const IS_CJK = new RegExp(`^[${CJK}]`, 'u');

const STOP_EN = new Set(
  `a an and are as at be been by for from has have he her his i if in into is it its of on or our she that the their
  them there these they this to was we were which who will with you your all any can may shall should not no yes per
  than then so such also been being do does did done page pages version dated date signed sign name title protocol
  study trial document documents doc pdf docx xlsx scan copy final draft v1 v2 v3 mr ms dr prof`.split(/\s+/),
);
/** Chinese pairs that carry no kind-of-document meaning (grammar, courtesy, generic trial words). */
const STOP_ZH = new Set(
  `的是 是的 我们 本次 以及 和的 进行 有关 关于 根据 按照 如下 以下 文件 本文 项目 研究 临床 试验 方案 日期 签字 签名 版本 页码 第页 共页`.split(
    /\s+/,
  ),
);

/** A light English stemmer: plural, -ing, -ed, -ion endings cut, so "approvals" / "approved" / "approval" meet. */
export function stem(word: string): string {
  let w = word;
  if (w.length > 4 && w.endsWith('ies')) w = w.slice(0, -3) + 'y';
  else if (w.length > 4 && w.endsWith('sses')) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') && !w.endsWith('us') && !w.endsWith('is'))
    w = w.slice(0, -1);
  for (const end of ['ations', 'ation', 'ing', 'ed', 'ion', 'al', 'ment', 'er', 'e']) {
    if (w.length - end.length >= 4 && w.endsWith(end)) return w.slice(0, -end.length);
  }
  return w;
}

/** The words of a text, in order, with repeats (the scorer counts them). */
export function tokenise(text: string): string[] {
  const out: string[] = [];
  for (const [run] of text.matchAll(TOKEN)) {
    if (IS_CJK.test(run)) {
      const chars = [...run];
      for (let i = 0; i + 1 < chars.length; i++) {
        const pair = chars[i] + chars[i + 1];
        if (!STOP_ZH.has(pair)) out.push(pair);
      }
    } else {
      // A Latin run can hold Chinese-adjacent letters or digits mixed in: split digits off, drop pure numbers.
      for (const part of run.toLowerCase().split(/(?<=\p{L})(?=\p{N})|(?<=\p{N})(?=\p{L})/u)) {
        if (part.length < 2 || /^\p{N}+$/u.test(part) || STOP_EN.has(part) || part.length > 30) continue;
        out.push(stem(part));
      }
    }
  }
  return out;
}
