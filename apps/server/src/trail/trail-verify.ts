import { asc, gt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { trail } from '../db/schema/trail.ts';
import { anchorValid, readAnchor } from './trail-anchor.ts';
import { checkpointValid, readCheckpoints, type Checkpoint } from './trail-checkpoint.ts';
import { GENESIS_HASH, rowHash } from './trail.service.ts';

export interface ChainReport {
  ok: boolean;
  rows: number;
  /** The first row whose hash or link does not hold, or the first row a checkpoint counted that is gone. */
  brokenAt: number | null;
  problem: string | null;
  /** What the walk could not prove, and why (a checkpoint or anchor file that is missing here). */
  notes: string[];
}

export interface VerifyOptions {
  /** Rows read per query. */
  batch?: number;
  /** This node's signed checkpoints (trail-checkpoint.ts). */
  checkpointFile?: string;
  /** More checkpoints: the S3 copies, which outlive an edited file. */
  more?: Array<Checkpoint | { bad: string }>;
  /** This node's anchor of the newest committed row (trail-anchor.ts). */
  anchorFile?: string;
}

/**
 * Walks the whole chain in id order, in batches, and reports the first break: a broken link, a row whose hash is
 * not the keyed hash of its content (only rows before the first keyed one may carry the old plain sha256, and the
 * newest row must be keyed: edoc with a key writes no other, so a chain rewritten without the key is refused), a
 * checkpoint or anchor not signed by the key, or a checkpoint or anchor whose row, count or hash the trail no longer
 * has. Without a checkpoint or an anchor here, the report's notes say what could not be proved.
 */
export async function verifyTrail(db: Db, opts: VerifyOptions = {}): Promise<ChainReport> {
  const { batch = 5000, checkpointFile, more = [], anchorFile } = opts;
  const notes: string[] = [];
  const checkpoints: Checkpoint[] = [];
  const unsigned = (what: string, c: unknown): ChainReport => ({
    ok: false,
    rows: 0,
    brokenAt: null,
    problem: `${what} not signed by the trail key: ${JSON.stringify(c)}`,
    notes,
  });
  const fromFile = checkpointFile ? await readCheckpoints(checkpointFile) : [];
  for (const c of [...fromFile, ...more]) {
    if ('bad' in c || !checkpointValid(c)) return unsigned('checkpoint', c);
    checkpoints.push(c);
  }
  if (checkpoints.length === 0)
    notes.push('no signed checkpoint was found: how many rows the trail had at any earlier time is not proved');
  const anchor = anchorFile ? await readAnchor(anchorFile) : null;
  if (anchor && ('bad' in anchor || !anchorValid(anchor))) return unsigned('anchor', anchor);
  if (!anchor)
    notes.push(
      'no anchor of the newest committed row was found here: rows removed from the end since the last checkpoint would not show',
    );
  // Several checkpoints may name one row (every node writes its own, and S3 holds copies): each must hold.
  const pinned = new Map<number, Checkpoint[]>();
  for (const c of checkpoints) pinned.set(c.lastId, [...(pinned.get(c.lastId) ?? []), c]);
  const broken = (rows: number, brokenAt: number | null, problem: string): ChainReport => ({
    ok: false,
    rows,
    brokenAt,
    problem,
    notes,
  });
  let anchorSeen = !anchor;
  let lastKeyed = true;
  let prev = GENESIS_HASH;
  let afterId = 0;
  let count = 0;
  let keyed = false;
  for (;;) {
    const rows = await db.select().from(trail).where(gt(trail.id, afterId)).orderBy(asc(trail.id)).limit(batch);
    if (rows.length === 0) break;
    for (const row of rows) {
      count++;
      if (row.prevHash !== prev)
        return broken(count, row.id, 'link to the previous row is broken (a row was removed or reordered)');
      lastKeyed = rowHash(row) === row.hash;
      if (lastKeyed) keyed = true;
      else if (keyed || rowHash(row, null) !== row.hash)
        return broken(count, row.id, 'content does not match its hash (the row was changed)');
      if (anchor && !('bad' in anchor) && anchor.lastId === row.id) {
        if (anchor.head !== row.hash)
          return broken(count, row.id, `differs from the anchor of ${anchor.at} (hash ${anchor.head})`);
        anchorSeen = true;
      }
      const c = pinned.get(row.id)?.find((p) => p.rows !== count || p.head !== row.hash);
      if (c)
        return broken(
          count,
          row.id,
          `differs from the checkpoint of ${c.at} (${c.rows} rows up to here, hash ${c.head})`,
        );
      pinned.delete(row.id);
      prev = row.hash;
    }
    afterId = rows[rows.length - 1].id;
  }
  // A checkpoint whose row never came: the rows up to it (the tail, when it is the newest) were removed.
  const lost = [...pinned.values()].map((cs) => cs[0]).sort((a, b) => a.lastId - b.lastId)[0];
  if (lost)
    return broken(
      count,
      lost.lastId,
      `rows are missing: the checkpoint of ${lost.at} counted ${lost.rows} rows up to row ${lost.lastId}`,
    );
  if (!anchorSeen && anchor && !('bad' in anchor))
    return broken(
      count,
      anchor.lastId,
      `rows are missing: row ${anchor.lastId}, committed and anchored at ${anchor.at}, is gone`,
    );
  if (!lastKeyed)
    return broken(
      count,
      afterId,
      'the newest row is not hashed with the trail key: edoc writes no other, so the chain was rewritten without it',
    );
  return { ok: true, rows: count, brokenAt: null, problem: null, notes };
}
