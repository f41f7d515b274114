/**
 * One CSV field. A cell starting with = + - @ (or a tab / carriage return) is prefixed with an apostrophe so
 * Excel shows it as text instead of running it as a formula (CSV injection); quotes are doubled.
 */
export function csvCell(value: string, guard = true): string {
  const safe = guard && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * A whole CSV document: UTF-8 with a byte-order mark (without it Excel reads Chinese as mojibake) and CRLF line
 * ends (RFC 4180). `exact`: no formula guard, for data a program reads back value for value (the TMF health
 * package's rows, which psql loads: an apostrophe before "-3" would change the number).
 */
export function csvDocument(
  rows: ReadonlyArray<ReadonlyArray<string | number | null | undefined>>,
  { exact = false } = {},
): string {
  const lines = rows.map((r) =>
    r.map((v) => csvCell(v === null || v === undefined ? '' : String(v), !exact)).join(','),
  );
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
