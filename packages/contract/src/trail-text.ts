import type { Lang } from './enums.ts';
import {
  describeTrail,
  type TrailDescription,
  type TrailFormatOptions,
  type TrailLine,
  type TrailRowLike,
} from './trail-format.ts';

/* The trail's descriptions as plain text: the export's old- and new-value columns, a mail, a test's reading. */

/** "Name: A → B" for a change, "Name: B" for a field only one side has. */
export function trailLineText(line: TrailLine): string {
  const value = line.old !== undefined && line.new !== undefined ? `${line.old} → ${line.new}` : (line.new ?? line.old);
  return `${line.label}: ${value}`;
}

/** One side of a description as "Label: value" lines, for the old- and new-value columns of an export. */
export function trailSideText(description: TrailDescription, side: 'old' | 'new'): string {
  return description.lines
    .filter((l) => l[side] !== undefined)
    .map((l) => `${l.label}: ${l[side]}`)
    .join('\n');
}

/** The whole description as text: the summary, then one line per field. */
export function describeTrailText(row: TrailRowLike, lang: Lang, options: TrailFormatOptions = {}): string {
  const d = describeTrail(row, lang, options);
  return [d.summary, ...d.lines.map(trailLineText)].filter((l) => l !== null).join('\n');
}
