import { describe, expect, it } from 'vitest';
import { findDates, makeDate, pickDocumentDate } from './suggest-dates.ts';
import { stem, tokenise } from './suggest-text.ts';

describe('suggestion tokeniser', () => {
  it('cuts Chinese into character pairs and drops stop pairs', () => {
    expect(tokenise('监查报告')).toEqual(['监查', '查报', '报告']);
    expect(tokenise('的是')).toEqual([]);
  });
  it('lower-cases, stems and drops English stop words and numbers', () => {
    expect(tokenise('The Monitoring Reports of 2024')).toEqual(['monitor', 'report']);
    expect(stem('approvals')).toBe(stem('approved'));
  });
  it('splits digits off words and keeps mixed text', () => {
    expect(tokenise('IRB批件v2')).toEqual(['irb', '批件']);
  });
});

describe('suggestion dates', () => {
  const one = (t: string) => findDates(t).map((d) => d.date);
  it('reads every supported form', () => {
    expect(one('2024年3月5日')).toEqual(['2024-03-05']);
    expect(one('2024-03-05')).toEqual(['2024-03-05']);
    expect(one('2024/3/5')).toEqual(['2024-03-05']);
    expect(one('05-Mar-2024')).toEqual(['2024-03-05']);
    expect(one('5 Mar 2024')).toEqual(['2024-03-05']);
    expect(one('March 5, 2024')).toEqual(['2024-03-05']);
    expect(one('5 March 2024')).toEqual(['2024-03-05']);
    expect(one('05.03.2024')).toEqual(['2024-03-05']);
  });
  it('reads an ambiguous slash date month-first in English and day-first in Chinese', () => {
    expect(one('Signed 03/05/2024')).toEqual(['2024-03-05']);
    expect(one('签署日期 03/05/2024')).toEqual(['2024-05-03']);
    expect(one('13/05/2024')).toEqual(['2024-05-13']);
    expect(one('05/13/2024')).toEqual(['2024-05-13']);
  });
  it('ignores impossible dates', () => {
    expect(one('2023-02-29 and 31 April 2024')).toEqual([]);
    expect(makeDate(2024, 2, 29)).toBe('2024-02-29');
  });
  it('prefers a labelled date, and weakens protocol and future dates', () => {
    expect(pickDocumentDate('Protocol approved 2021-01-01\nDate: 2023-06-01', '2026-01-01')?.date).toBe('2023-06-01');
    expect(pickDocumentDate('方案批准 2021年1月1日\n日期：2023年6月1日', '2026-01-01')?.date).toBe('2023-06-01');
    expect(pickDocumentDate('2027-01-01 then 2024-01-01', '2026-01-01')?.date).toBe('2024-01-01');
  });
});
