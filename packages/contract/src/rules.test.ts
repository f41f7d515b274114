import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { effectiveAfterExpiry, formatCountdown, idleSeconds, rangeInverted } from './dates.ts';
import { ERRORS, errorMessage } from './errors.ts';
import { emailField, issueMessage } from './fields.ts';
import { passwordProblem } from './password.ts';

describe('password policy (SPEC §5)', () => {
  it.each([
    ['Ab1!x', 'password_too_short'],
    ['Ab1!xy', null],
    ['Abcdefghij1!abcdefgh', null],
    ['Abcdefghij1!abcdefghi', 'password_too_long'],
    ['abcdefgh', 'password_weak'],
    ['abc123ab', 'password_weak'],
    ['abc!@#ab', 'password_weak'],
    ['123!@#45', 'password_weak'],
    ['密码Ab1!', null],
  ])('%s -> %s', (pw, problem) => expect(passwordProblem(pw)).toBe(problem));
});

describe('dates', () => {
  it('effective date after expiration date', () => {
    expect(effectiveAfterExpiry('2026-05-02', '2026-05-01')).toBe(true);
    expect(effectiveAfterExpiry('2026-05-01', '2026-05-01')).toBe(false);
    expect(effectiveAfterExpiry(null, '2026-05-01')).toBe(false);
    expect(rangeInverted('2026-05-02T10:00:00Z', '2026-05-02T09:00:00Z')).toBe(true);
  });
  it('idle countdown: minutes to seconds, capped at 59:59, off without a valid value', () => {
    expect(idleSeconds(30)).toBe(1800);
    expect(idleSeconds('15')).toBe(900);
    expect(idleSeconds(60)).toBe(3599);
    expect(idleSeconds(500)).toBe(3599);
    for (const bad of [0, -5, 'x', null, undefined, Number.NaN]) expect(idleSeconds(bad)).toBeNull();
    expect(formatCountdown(3599)).toBe('59:59');
    expect(formatCountdown(61)).toBe('01:01');
  });
});

describe('messages', () => {
  it('every error has a Chinese and an English text and an honest HTTP status', () => {
    for (const [code, [status, zh, en]] of Object.entries(ERRORS)) {
      expect(zh, code).not.toBe('');
      expect(en, code).not.toBe('');
      expect(status >= 400 && status < 600, code).toBe(true);
    }
  });
  it('fills placeholders', () => {
    expect(errorMessage('too_long', 'en-US', { field: 'Name', max: 5 })).toBe('Name cannot exceed 5 characters');
    expect(errorMessage('too_long', 'zh-CN', { field: '名称', max: 5 })).toBe('名称不能超过5个字符');
  });
  it('names the field of a zod issue in the user language', () => {
    const schema = z.object({ email: emailField });
    const miss = schema.safeParse({}).error!.issues[0];
    expect(issueMessage(miss, 'en-US')).toEqual({ field: 'email', message: 'E-mail is required' });
    const bad = schema.safeParse({ email: 'x' }).error!.issues[0];
    expect(issueMessage(bad, 'zh-CN').message).toBe('邮箱格式不正确');
  });
});
