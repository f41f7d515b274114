import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { mac, trailKey } from './trail-key.ts';
import { TRAIL_HEAD_CHANNEL } from './trail.service.ts';

/**
 * The newest trail row this node saw committed, kept outside the database and signed with the trail key: a database
 * owner who deletes the newest rows (even with the triggers off) leaves this naming a row that is gone, which
 * trail:verify reports at once instead of at the next checkpoint (issue 25).
 */
export interface Anchor {
  at: string;
  lastId: number;
  head: string;
  mac: string;
}

const signed = (a: Omit<Anchor, 'mac'>) => `anchor|${a.at}|${a.lastId}|${a.head}`;
export const anchorValid = (a: Anchor) => mac(trailKey(), signed(a)) === a.mac;

/** Replaces the anchor file with this head (a temporary file renamed over it: never half-written). */
export async function writeAnchor(file: string, lastId: number, head: string): Promise<Anchor> {
  const body = { at: new Date().toISOString(), lastId, head };
  const anchor: Anchor = { ...body, mac: mac(trailKey(), signed(body)) };
  await fs.mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  await fs.writeFile(tmp, JSON.stringify(anchor), { mode: 0o600 });
  await fs.rename(tmp, file);
  return anchor;
}

/** The anchor of a file; null when there is none; `{ bad }` when the file is not an anchor. */
export async function readAnchor(file: string): Promise<Anchor | { bad: string } | null> {
  const text = await fs.readFile(file, 'utf8').catch(() => null);
  if (text === null) return null;
  try {
    return JSON.parse(text) as Anchor;
  } catch {
    return { bad: text };
  }
}

/** How long a burst of commits is gathered into one write of the file. */
const GATHER_MS = 50;
const RECONNECT_MS = 2_000;

/**
 * Listens for the heads recordTrail announces (delivered only on commit) and keeps the newest in `file`. Its own
 * connection; when it is lost (a database restart) it comes back and anchors the trail's newest row as it then is —
 * the one window in which a removed tail could go unseen is such an outage of the listener. Answers the stop.
 */
export function startTrailAnchor(opts: {
  url: string;
  file: string;
  log: (msg: string, err?: unknown) => void;
}): () => Promise<void> {
  let newest: { id: number; hash: string } | null = null;
  let written = 0;
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<unknown> = Promise.resolve();
  let client: pg.Client | null = null;
  let stopped = false;

  const flush = () => {
    timer = null;
    const head = newest;
    if (!head || head.id <= written) return;
    written = head.id;
    writing = writing
      .then(() => writeAnchor(opts.file, head.id, head.hash))
      .catch((err: unknown) => opts.log('could not write the trail anchor', err));
  };
  const saw = (id: number, hash: string) => {
    if (newest && id <= newest.id) return;
    newest = { id, hash };
    timer ??= setTimeout(flush, GATHER_MS);
  };

  let retrying = false;
  const retry = () => {
    if (stopped || retrying) return;
    retrying = true;
    setTimeout(() => {
      retrying = false;
      void connect();
    }, RECONNECT_MS).unref();
  };
  const connect = async () => {
    if (stopped) return;
    const c = new pg.Client({ connectionString: opts.url });
    c.on('error', () => {});
    c.on('end', () => client === c && retry());
    c.on('notification', (n) => {
      const [id, hash] = (n.payload ?? '').split(':');
      if (n.channel === TRAIL_HEAD_CHANNEL && Number(id) > 0 && hash) saw(Number(id), hash);
    });
    client = c;
    try {
      await c.connect();
      await c.query(`LISTEN ${TRAIL_HEAD_CHANNEL}`);
      // What committed while nobody listened (the start, an outage) is taken from the trail itself.
      const { rows } = await c.query<{ id: number; hash: string }>(
        'SELECT id, hash FROM trail ORDER BY id DESC LIMIT 1',
      );
      if (rows[0]) saw(Number(rows[0].id), rows[0].hash);
    } catch (err) {
      opts.log('the trail anchor lost its database connection; trying again', err);
      await c.end().catch(() => {});
      retry();
    }
  };
  void connect();

  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    flush();
    await writing;
    await client?.end().catch(() => {});
  };
}
