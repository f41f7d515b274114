import { parseQuery } from '@edoc/contract/search';
import { describe, expect, it } from 'vitest';
import { lexemes, tsqueryOf, tsvectorOf } from './lexemes.ts';

describe('lexemes', () => {
  it('cuts Chinese into overlapping pairs, keeps the last character, and lower-cases other words', () => {
    expect(lexemes('研究者手册 Pharmacokinetics, v2')).toEqual([
      ['研究', 1],
      ['究者', 2],
      ['者手', 3],
      ['手册', 4],
      ['册', 4],
      ['pharmacokinetics', 5],
      ['v2', 6],
    ]);
    expect(lexemes('药')).toEqual([['药', 1]]);
  });

  it('writes a tsvector with the places of each lexeme, and without places when too large', () => {
    expect(tsvectorOf("it's 研究 it's")).toBe("'it':1,4 's':2,5 '研究':3 '究':3");
    const huge = Array.from({ length: 120_000 }, (_, i) => `w${i}`).join(' ');
    const v = tsvectorOf(huge);
    expect(v.length).toBeLessThanOrEqual(700_000);
    expect(v).not.toContain(':');
  });

  it('makes a tsquery of clauses, phrases in order, exclusions, and a lone CJK character by prefix', () => {
    expect(tsqueryOf(parseQuery('"informed consent" 手册 OR pk -draft'))).toBe(
      "('informed' <-> 'consent') & ('手册' | 'pk') & !'draft'",
    );
    expect(tsqueryOf(parseQuery('研究者手册'))).toBe("('研究' <-> '究者' <-> '者手' <-> '手册')");
    expect(tsqueryOf(parseQuery('药'))).toBe("'药':*");
    expect(tsqueryOf(parseQuery('-draft'))).toBeNull();
    expect(tsqueryOf(parseQuery('!!! ...'))).toBeNull();
  });
});
