import { describe, expect, it } from 'vitest';
import { calendarDate, calendarDateTime, isCalendarDate, issueMessage, messageCodeFor } from './fields.ts';

describe('the one date rule', () => {
  it('takes only days that exist', () => {
    for (const ok of ['2024-02-29', '1900-01-01', '9999-12-31', '2026-11-23']) expect(isCalendarDate(ok)).toBe(true);
    for (const bad of [
      '2023-02-29',
      '2024-02-30',
      '2024-04-31',
      '2024-13-01',
      '2024-00-10',
      '0000-01-01',
      '1899-12-31',
      '20240101',
      '2024-1-1',
      '',
    ])
      expect(isCalendarDate(bad), bad).toBe(false);
  });

  it('is what the request schemas use', () => {
    expect(calendarDate.safeParse('2024-02-30').success).toBe(false);
    expect(calendarDate.safeParse('0000-01-01').success).toBe(false);
    expect(calendarDate.safeParse('2024-02-29').success).toBe(true);
    expect(calendarDateTime.safeParse('0000-01-01T00:00:00Z').success).toBe(false);
    expect(calendarDateTime.safeParse('2026-11-23T10:00:00+08:00').success).toBe(true);
  });
});

describe('the message of a missing field', () => {
  it('asks to choose a picked field and to enter a typed one, in Chinese; English says "is required" for both', () => {
    const missing = (field: string, lang: 'zh-CN' | 'en-US') =>
      issueMessage({ code: 'too_small', minimum: 1, path: [field], message: '' }, lang).message;
    expect(missing('roleId', 'zh-CN')).toBe('请选择角色');
    expect(missing('effectiveDate', 'zh-CN')).toMatch(/^请选择/);
    expect(missing('name', 'zh-CN')).toBe('请输入名称');
    expect(missing('roleId', 'en-US')).toBe('Role is required');
  });
});

describe('a required field the user picks', () => {
  it('reads 请选择, a typed one 请输入; a file is picked (issue 26)', () => {
    for (const picked of ['file', 'folderId', 'startDate', 'type'])
      expect(messageCodeFor('required', picked)).toBe('required_choice');
    for (const typed of ['name', 'email', 'reason']) expect(messageCodeFor('required', typed)).toBe('required');
  });
});
