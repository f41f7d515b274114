import { afterEach, describe, expect, it } from 'vitest';
import { formatCountdown, idleSeconds } from '@edoc/contract/dates';
import { dismissIdlePrompt, idleRemaining, isIdlePromptDue, resetIdle, stopIdle } from './idle-timer';
import { setSession } from './session';

afterEach(() => stopIdle());

describe('idle countdown (SPEC §4)', () => {
  it('converts minutes to seconds and caps at 59:59', () => {
    expect(idleSeconds(30)).toBe(1800);
    expect(idleSeconds('15')).toBe(900);
    expect(idleSeconds(60)).toBe(3599);
    expect(idleSeconds(600)).toBe(3599);
    expect(formatCountdown(idleSeconds(600) ?? 0)).toBe('59:59');
  });

  it('is off without a usable value', () => {
    expect(idleSeconds(null)).toBeNull();
    expect(idleSeconds(0)).toBeNull();
    expect(idleSeconds('abc')).toBeNull();
    setSession({ idleTime: null });
    resetIdle();
    expect(idleRemaining()).toBeNull();
  });

  it('formats as mm:ss', () => {
    expect(formatCountdown(0)).toBe('00:00');
    expect(formatCountdown(61)).toBe('01:01');
    expect(formatCountdown(1799.6)).toBe('29:59');
  });

  it('counts down from the session idle time and restarts on reset', () => {
    setSession({ idleTime: 2 });
    resetIdle(undefined, 1_000_000);
    expect(idleRemaining(1_000_000)).toBe(120);
    expect(idleRemaining(1_000_000 + 59_500)).toBe(61);
    expect(idleRemaining(1_000_000 + 200_000)).toBe(0);
    resetIdle(undefined, 1_100_000);
    expect(idleRemaining(1_100_000)).toBe(120);
  });

  it('uses the cap for an extension the server grants beyond it', () => {
    resetIdle(7200, 0);
    expect(idleRemaining(0)).toBe(3599);
  });

  it('asks to extend in the last minute only, and not again once dismissed', () => {
    setSession({ idleTime: 5 });
    resetIdle(undefined, 0);
    expect(isIdlePromptDue(idleRemaining(0))).toBe(false);
    expect(isIdlePromptDue(idleRemaining(241_000))).toBe(true);
    expect(isIdlePromptDue(idleRemaining(300_000))).toBe(false); // expired: sign-out, not a question
    dismissIdlePrompt();
    expect(isIdlePromptDue(idleRemaining(241_000))).toBe(false);
    resetIdle(undefined, 241_000);
    expect(isIdlePromptDue(idleRemaining(241_000 + 250_000))).toBe(true);
  });
});
