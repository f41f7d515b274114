/*
 * Read-your-writes with read replicas (issue 30 part 3), as both sides speak it: a successful write's answer names
 * the primary's WAL position in LSN_HEADER; the web sends back the furthest it has seen in MIN_LSN_HEADER, and a read
 * goes to a replica only once that replica has replayed so far.
 */

export const LSN_HEADER = 'X-Edoc-Lsn';
export const MIN_LSN_HEADER = 'X-Edoc-Min-Lsn';

/** A WAL position ("16/B374D848") as a number, for comparing; null for anything else. */
export function lsnValue(text: string | null | undefined): bigint | null {
  const m = text ? /^([0-9A-F]{1,8})\/([0-9A-F]{1,8})$/i.exec(text.trim()) : null;
  return m ? (BigInt(`0x${m[1]}`) << 32n) | BigInt(`0x${m[2]}`) : null;
}
