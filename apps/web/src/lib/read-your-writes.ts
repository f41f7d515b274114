/*
 * Read-your-writes with the server's read replicas (issue 30 part 3; contract read-replica.ts): every write's answer
 * says how far the primary's WAL reached; every request sends back the furthest this tab has seen, so a
 * list right after an upload never comes from a replica that has not replayed it. Kept in sessionStorage so a
 * reload, or a tab opened from this one, keeps it.
 */

import { lsnValue } from '@edoc/contract/read-replica';

const KEY = 'edoc.lsn';

export function lastWrite(): string | null {
  return sessionStorage.getItem(KEY);
}

/** Remembers a write's position when it is further than the one kept. */
export function noteWrite(lsn: string | null): void {
  const next = lsnValue(lsn);
  if (next === null) return;
  const kept = lsnValue(lastWrite());
  if (kept === null || next > kept) sessionStorage.setItem(KEY, lsn!.trim());
}
