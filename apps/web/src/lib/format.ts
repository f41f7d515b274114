import dayjs from 'dayjs';

/** Server times are ISO 8601 with an offset; lists show them in the browser's zone to the minute. */
export function formatDateTime(value: string | null | undefined): string {
  return value ? dayjs(value).format('YYYY-MM-DD HH:mm') : '';
}

/**
 * An instant of the trail, to the second, in the reader's time zone (issue 12, defect 4: UTC ISO strings were shown);
 * the zone is named once beside it (timeZoneLabel).
 */
export function formatInstant(value: string | null | undefined): string {
  return value ? dayjs(value).format('YYYY-MM-DD HH:mm:ss') : '';
}

/** The reader's time zone, named: "Asia/Shanghai, UTC+08:00". */
export function timeZoneLabel(at: Date = new Date()): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const minutes = -at.getTimezoneOffset();
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  const offset = `UTC${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  return zone ? `${zone}, ${offset}` : offset;
}

export function formatDate(value: string | null | undefined): string {
  return value ? dayjs(value).format('YYYY-MM-DD') : '';
}

/** Sorter for antd tables: locale-aware, so Chinese names sort by their reading. */
export function compareText(a: string | null | undefined, b: string | null | undefined): number {
  return (a ?? '').localeCompare(b ?? '', undefined, { numeric: true });
}

export function formatSize(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined) return '';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * A person's name to put before Chinese text in a sentence: a Latin name is set off by a space ("Ann Lee 自…", not
 * "Ann Lee自…"), as Chinese typesetting does; a Chinese name runs on, and English sentences space themselves.
 */
export function nameBeforeChinese(name: string, lang: string): string {
  return lang === 'zh-CN' && /[A-Za-z0-9.)]$/.test(name) ? `${name} ` : name;
}
