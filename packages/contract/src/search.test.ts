import { describe, expect, it } from 'vitest';
import { highlightTerms, parseQuery } from './search.ts';

const word = (text: string) => ({ text, phrase: false });
const phrase = (text: string) => ({ text, phrase: true });

describe('parseQuery', () => {
  it('reads words, phrases, exclusions and OR', () => {
    expect(parseQuery('protocol 研究者手册')).toEqual({
      clauses: [[word('protocol')], [word('研究者手册')]],
      exclude: [],
    });
    expect(parseQuery('"informed consent" -draft -"old version"')).toEqual({
      clauses: [[phrase('informed consent')]],
      exclude: [word('draft'), phrase('old version')],
    });
    expect(parseQuery('pk OR 药代 OR "drug levels" report')).toEqual({
      clauses: [[word('pk'), word('药代'), phrase('drug levels')], [word('report')]],
      exclude: [],
    });
  });

  it('takes a lower-case or, a leading OR, a lone minus and an unclosed quote as a person would mean them', () => {
    expect(parseQuery('cats or dogs').clauses).toEqual([[word('cats')], [word('or')], [word('dogs')]]);
    expect(parseQuery('OR report').clauses).toEqual([[word('report')]]);
    expect(parseQuery('a - b').clauses).toEqual([[word('a')], [word('-')], [word('b')]]);
    expect(parseQuery('"signed protocol').clauses).toEqual([[phrase('signed protocol')]]);
    expect(parseQuery('  ""  ').clauses).toEqual([]);
    expect(highlightTerms(parseQuery('a OR "b c" -d'))).toEqual(['a', 'b c']);
  });
});
