import { useEffect, useState, useSyncExternalStore } from 'react';
import { IDLE_CAP_SECONDS } from '@edoc/contract/limits';
import { idleSeconds } from '@edoc/contract/dates';
import { getSessionValue } from './session';

/** The prompt to extend appears this many seconds before the end (SPEC §4 idle timer). */
export const IDLE_PROMPT_SECONDS = 60;

interface IdleState {
  /** Epoch milliseconds at which the session is considered idle; null when the timer is off. */
  deadline: number | null;
  /** The user closed the prompt without extending: do not ask again until the next reset. */
  dismissed: boolean;
  /** When this state was published, so renders can measure time without reading the clock. */
  changedAt: number;
}

let state: IdleState = { deadline: null, dismissed: false, changedAt: 0 };
const listeners = new Set<() => void>();

function publish(next: IdleState): void {
  state = next;
  for (const listener of listeners) listener();
}

/** Seconds of the current idle budget: the session's minutes converted and capped at 59:59, or null (off). */
export function idleBudgetSeconds(): number | null {
  return idleSeconds(getSessionValue('idleTime'));
}

/**
 * Restarts the countdown. Called after every successful API answer (the server counts idle time the
 * same way), and with the server's figure after an explicit extension.
 */
export function resetIdle(seconds?: number | null, now = Date.now()): void {
  const budget = seconds != null && seconds > 0 ? Math.min(seconds, IDLE_CAP_SECONDS) : idleBudgetSeconds();
  publish({ deadline: budget == null ? null : now + budget * 1000, dismissed: false, changedAt: now });
}

export function stopIdle(): void {
  publish({ deadline: null, dismissed: false, changedAt: Date.now() });
}

export function dismissIdlePrompt(): void {
  publish({ ...state, dismissed: true, changedAt: Date.now() });
}

/** Whole seconds left (rounded up so 00:00 means truly expired), or null when the timer is off. */
export function idleRemaining(now = Date.now(), of: IdleState = state): number | null {
  if (of.deadline == null) return null;
  return Math.max(0, Math.ceil((of.deadline - now) / 1000));
}

export function isIdlePromptDue(remaining: number | null, of: IdleState = state): boolean {
  return remaining != null && remaining > 0 && remaining <= IDLE_PROMPT_SECONDS && !of.dismissed;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function getState(): IdleState {
  return state;
}

/** Re-renders every second while the timer runs and immediately on every reset. */
export function useIdleRemaining(): { remaining: number | null; promptDue: boolean } {
  const current = useSyncExternalStore(subscribe, getState, getState);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (current.deadline == null) return undefined;
    const timer = window.setInterval(() => setTick(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [current.deadline]);
  // A tick older than the last reset must not count: measure from whichever is newer.
  const remaining = idleRemaining(Math.max(tick, current.changedAt), current);
  return { remaining, promptDue: isIdlePromptDue(remaining, current) };
}
