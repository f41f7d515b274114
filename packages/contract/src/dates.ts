/** SPEC §5: the effective date must not be after the expiration date. Dates are ISO yyyy-mm-dd or full ISO. */
export function effectiveAfterExpiry(effective?: string | null, expiry?: string | null): boolean {
  if (!effective || !expiry) return false;
  return effective.slice(0, 10) > expiry.slice(0, 10);
}

/** The generic range rule: start time cannot be later than end time. */
export function rangeInverted(start?: string | null, end?: string | null): boolean {
  if (!start || !end) return false;
  return new Date(start).getTime() > new Date(end).getTime();
}

/** SPEC §4 idle timer: minutes -> seconds, capped at 59:59; null when the value is not usable. */
export function idleSeconds(minutes: unknown): number | null {
  const n = typeof minutes === 'string' ? Number(minutes) : minutes;
  if (typeof n !== 'number' || !Number.isFinite(n) || n <= 0) return null;
  return Math.min(Math.round(n * 60), 59 * 60 + 59);
}

export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}
