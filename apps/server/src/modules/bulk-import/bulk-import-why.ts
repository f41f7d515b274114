import type { BulkRow } from '@edoc/contract/bulk-import';
import type { Lang } from '@edoc/contract/enums';

/*
 * Why a suggestion was made, in the reader's language. The engine (suggest.ts, suggest-dates.ts) says it in short
 * English, stored as said; Chinese readers get it worded here, pattern by pattern, so the engine stays as measured.
 */

const ZH: Array<[RegExp, string]> = [
  [/^words: (.*?)(; protocol number in text)?$/, '匹配词语：$1'],
  [/^site code (.+) in folder$/, '文件夹名含中心编号 $1'],
  [/^site code (.+) in file name$/, '文件名含中心编号 $1'],
  [/^site code (.+) in text$/, '正文含中心编号 $1'],
  [/^site name (.+) in text$/, '正文含中心名称 $1'],
  [/^investigator (.+) in text$/, '正文含研究者 $1'],
  [/^first heading-like line$/, '正文中第一行标题'],
  [/^file name$/, '文件名'],
  [/^labelled date: (.+)$/, '标注的日期：$1'],
  [/^first date in text: (.+)$/, '正文中第一个日期：$1'],
  [/^date of another document: (.+)$/, '另一文件的日期：$1'],
  [/^future date: (.+)$/, '晚于今天的日期：$1'],
];

function whyIn(why: string, lang: Lang): string {
  if (lang === 'en-US') return why;
  for (const [pattern, zh] of ZH)
    if (pattern.test(why))
      return why.replace(pattern, zh) + (/; protocol number in text$/.test(why) ? '；正文含方案编号' : '');
  return why;
}

/** The stored suggestions with each `why` in the reader's language. */
export function suggestionsIn(s: BulkRow['suggestions'], lang: Lang): BulkRow['suggestions'] {
  const each = <T extends { why: string } | null>(x: T): T => (x ? { ...x, why: whyIn(x.why, lang) } : x);
  return {
    artifacts: s.artifacts.map(each),
    site: each(s.site),
    documentDate: each(s.documentDate),
    title: each(s.title),
  };
}
