import { asc, gt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { trail } from '../db/schema/trail.ts';
import { checkpointValid, readCheckpoints, type Checkpoint } from './trail-checkpoint.ts';
import { GENESIS_HASH, rowHash } from './trail.service.ts';

export interface ChainReport {
  ok: boolean;
  rows: number;
  /** The first row whose hash or link does not hold, or the first row a checkpoint counted that is gone. */
  brokenAt: number | null;
  problem: string | null;
}

/**
 * Walks the whole chain in id order, in batches, and reports the first break: a broken link, a row whose hash is
 * not the keyed hash of its content (only rows before the first keyed one may carry the old plain sha256), a
 * checkpoint not signed by the key, or a checkpoint whose row, count or hash the trail no longer has. Checkpoints
 * come from the file and from `more` (the S3 copies, which outlive an edited file).
 */
export async function verifyTrail(
  db: Db,
  batch = 5000,
  checkpointFile?: string,
  more: Array<Checkpoint | { bad: string }> = [],
): Promise<ChainReport> {
  const checkpoints: Checkpoint[] = [];
  for (const c of [...(checkpointFile ? await readCheckpoints(checkpointFile) : []), ...more]) {
    if ('bad' in c || !checkpointValid(c))
      return {
        ok: false,
        rows: 0,
        brokenAt: null,
        problem: `checkpoint not signed by the trail key: ${JSON.stringify(c)}`,
      };
    checkpoints.push(c);
  }
  // Several checkpoints may name one row (every node writes its own, and S3 holds copies): each must hold.
  const pinned = new Map<number, Checkpoint[]>();
  for (const c of checkpoints) pinned.set(c.lastId, [...(pinned.get(c.lastId) ?? []), c]);
  const broken = (rows: number, brokenAt: number | null, problem: string): ChainReport => ({
    ok: false,
    rows,
    brokenAt,
    problem,
  });
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
      if (rowHash(row) === row.hash) keyed = true;
      else if (keyed || rowHash(row, null) !== row.hash)
        return broken(count, row.id, 'content does not match its hash (the row was changed)');
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
  return { ok: true, rows: count, brokenAt: null, problem: null };
}
