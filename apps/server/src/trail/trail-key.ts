import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * The trail's key (DESIGN §7): rows are hashed with an HMAC under a key the database does not hold, so a database
 * administrator who rewrites a row cannot recompute a hash that verifies. It comes from TRAIL_KEY (base64, for
 * nodes that share no disk: give every node the same) or from DATA_DIR/trail.key, made on first start (0600).
 * Signed checkpoints are kept beside it (trail-checkpoint.ts). Rows written before there was a key keep their plain
 * sha256; the verifier accepts that only before the first keyed row, and the checkpoints pin what came before.
 */
let current: Buffer | null = null;

export const TRAIL_KEY_FILE = 'trail.key';
export const CHECKPOINT_FILE = 'trail-checkpoints.jsonl';

/** Loads the key of this process's database (one process, one database, one key) and returns it. */
export async function loadTrailKey(opts: { dataDir: string; trailKey?: string }): Promise<Buffer> {
  if (opts.trailKey) {
    const key = Buffer.from(opts.trailKey, 'base64');
    if (key.length < 32) throw new Error('TRAIL_KEY must be at least 32 bytes, base64-encoded');
    return (current = key);
  }
  const file = path.join(opts.dataDir, TRAIL_KEY_FILE);
  let text = await fs.readFile(file, 'utf8').catch(() => null);
  if (text === null) {
    await fs.mkdir(opts.dataDir, { recursive: true });
    // wx: two processes starting on one new folder must not each write their own key.
    await fs.writeFile(file, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' }).catch((err) => {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    });
    text = await fs.readFile(file, 'utf8');
  }
  await fs.chmod(file, 0o600);
  return (current = Buffer.from(text.trim(), 'base64'));
}

/** The key loaded at start-up; writing or verifying the trail without one is a programming error. */
export function trailKey(): Buffer {
  if (!current) throw new Error('the trail key is not loaded (loadTrailKey at start-up)');
  return current;
}

export const checkpointFileOf = (dataDir: string) => path.join(dataDir, CHECKPOINT_FILE);

export function mac(key: Buffer, text: string): string {
  return createHmac('sha256', key).update(text).digest('hex');
}
