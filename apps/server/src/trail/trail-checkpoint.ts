import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { CheckpointCopies } from './checkpoint-s3.ts';
import { mac, trailKey } from './trail-key.ts';

/**
 * A signed statement, kept outside the database, of how long the trail was: its newest row, how many rows there
 * were up to it, and that row's hash. A removed tail (which no link can show) or a rewritten history is found by
 * comparing the trail with these.
 */
export interface Checkpoint {
  at: string;
  lastId: number;
  rows: number;
  head: string;
  mac: string;
}

const signed = (c: Omit<Checkpoint, 'mac'>) => `${c.at}|${c.lastId}|${c.rows}|${c.head}`;

export const checkpointValid = (c: Checkpoint) => mac(trailKey(), signed(c)) === c.mac;

/**
 * Appends a checkpoint of the trail as it is now (one snapshot) to the file, and stores it in S3 too when there is
 * a copy there (checkpoint-s3.ts); none while the trail is empty.
 */
export async function writeCheckpoint(
  db: Db,
  file: string,
  copies?: CheckpointCopies | null,
): Promise<Checkpoint | null> {
  const head = await db.transaction(
    async (tx) => {
      const rows = await tx.execute<{ id: number; hash: string; n: number }>(
        sql`SELECT id, hash, (SELECT count(*)::int FROM trail) AS n FROM trail ORDER BY id DESC LIMIT 1`,
      );
      return rows.rows[0] ?? null;
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  if (!head) return null;
  const body = { at: new Date().toISOString(), lastId: head.id, rows: head.n, head: head.hash };
  const checkpoint: Checkpoint = { ...body, mac: mac(trailKey(), signed(body)) };
  // A node with TRAIL_KEY, DATABASE_URL and S3 may have written nothing to its DATA_DIR yet.
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.appendFile(file, `${JSON.stringify(checkpoint)}\n`, { mode: 0o600 });
  await copies?.put(checkpoint);
  return checkpoint;
}

/** The checkpoints of a file, oldest first; a line that is not a checkpoint is reported, not skipped. */
export async function readCheckpoints(file: string): Promise<Array<Checkpoint | { bad: string }>> {
  const text = await fs.readFile(file, 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((line) => {
      try {
        return JSON.parse(line) as Checkpoint;
      } catch {
        return { bad: line };
      }
    });
}
