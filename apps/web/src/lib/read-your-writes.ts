/*
 * Read-your-writes with the server's read replicas (issue 30 part 3): every write's answer says how far the
 * primary's WAL reached (X-Edoc-Lsn); every request sends back the furthest this tab has seen (X-Edoc-Min-Lsn), so a
 * list right after an upload never comes from a replica that has not replayed it. Kept in sessionStorage so a
 * reload, or a tab opened from this one, keeps it.
 */

const KEY = 'edoc.lsn';

/** A WAL position "16/B374D848" as a number, or null for anything else. */
export function lsnValue(text: string | null): bigint | null {
  const m = text ? /^([0-9A-F]{1,8})\/([0-9A-F]{1,8})$/i.exec(text.trim()) : null;
  return m ? (BigInt(`0x${m[1]}`) << 32n) | BigInt(`0x${m[2]}`) : null;
}

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
