import type { TrailEntry } from '@edoc/contract/trail';
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { insertJson } from '../db/json-rows.ts';
import { trail } from '../db/schema/trail.ts';
import { sha256 } from '../lib/crypto.ts';
import { mac, trailKey } from './trail-key.ts';

export const GENESIS_HASH = '0'.repeat(64);
/** Serialises trail writers so the chain has one order; held until the writer's transaction ends. */
const CHAIN_LOCK = 72_620_001;

export interface TrailActor {
  actorId: number | null;
  actorName: string | null;
  companyId?: number | null;
  projectId?: number | null;
  ip?: string | null;
}

/**
 * What a row records: one of the contract's (trail type, object type) pairs with its value shapes. Checked at
 * compile time only; the row is stored as given, so the hash of existing rows and their reading do not change.
 */
export type { TrailEntry };

/** JSON with sorted keys, so jsonb's own key order cannot change a hash. */
export function canonicalJson(value: unknown): string {
  if (value === undefined || value === null) return 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export type TrailRow = typeof trail.$inferSelect;

/** The fields of a row that its hash covers (the inspection package carries them as they are). */
export function rowFields(row: Omit<TrailRow, 'hash'>) {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actorId: row.actorId,
    actorName: row.actorName,
    companyId: row.companyId,
    projectId: row.projectId,
    objectType: row.objectType,
    objectId: row.objectId,
    version: row.version,
    type: row.type,
    oldValue: row.oldValue,
    newValue: row.newValue,
    reason: row.reason,
    ip: row.ip,
    prevHash: row.prevHash,
  };
}

/** The canonical text of a row that its hash covers. */
const rowText = (row: Omit<TrailRow, 'hash'>): string => canonicalJson(rowFields(row));

/**
 * A row's hash: the HMAC under the trail key (trail-key.ts); `key` null gives the plain sha256 that rows written
 * before the trail had a key carry.
 */
export function rowHash(row: Omit<TrailRow, 'hash'>, key: Buffer | null = trailKey()): string {
  return key ? mac(key, rowText(row)) : sha256(rowText(row));
}

/** Plain JSON for jsonb: Dates become ISO strings so the stored value hashes the same when read back. */
const plain = (value: unknown) => (value === undefined ? null : (JSON.parse(JSON.stringify(value)) as unknown));

/** The channel on which each committed trail row's id and hash are announced. */
export const TRAIL_HEAD_CHANNEL = 'edoc_trail_head';

/**
 * Appends one row to the chain. Call it inside the transaction of the change it records, so the change and
 * its record commit or vanish together.
 */
export async function recordTrail(tx: Tx, actor: TrailActor, entry: TrailEntry): Promise<void> {
  await recordTrails(tx, actor, [entry]);
}

/**
 * Appends rows to the chain in the order given, each as recordTrail writes it, under one lock, one read of the head
 * and one notification: a batch of changes in one transaction (an import files documents in batches) pays for the
 * chain once instead of once per row.
 */
export async function recordTrails(tx: Tx, actor: TrailActor, entries: TrailEntry[]): Promise<void> {
  if (!entries.length) return;
  // Outside a transaction the chain lock would end at once: open one so lock, read and insert stay together.
  if (!('rollback' in tx)) return tx.transaction((t) => recordTrails(t, actor, entries));
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${CHAIN_LOCK})`);
  const last = await tx.execute<{ hash: string }>(sql`SELECT hash FROM trail ORDER BY id DESC LIMIT 1`);
  const next = await tx.execute<{ id: number }>(
    sql`SELECT nextval('trail_id_seq')::int AS id FROM generate_series(1, ${entries.length})`,
  );
  // Under the lock no other writer takes ids, but the order of a set's rows is PostgreSQL's: the chain's is the ids'.
  const ids = next.rows.map((r) => r.id).sort((a, b) => a - b);
  let prevHash = last.rows[0]?.hash ?? GENESIS_HASH;
  const rows = entries.map((entry, i) => {
    const row: Omit<TrailRow, 'hash'> = {
      id: ids[i],
      at: new Date(),
      actorId: actor.actorId,
      actorName: actor.actorName,
      companyId: actor.companyId ?? null,
      projectId: actor.projectId ?? null,
      objectType: entry.objectType,
      objectId: entry.objectId === undefined || entry.objectId === null ? null : String(entry.objectId),
      version: entry.version ?? null,
      type: entry.type,
      oldValue: plain(entry.oldValue),
      newValue: plain(entry.newValue),
      reason: entry.reason ?? null,
      ip: actor.ip ?? null,
      prevHash,
    };
    prevHash = rowHash(row);
    return { ...row, hash: prevHash };
  });
  // One JSON parameter, not a drizzle parameter per value (db/json-rows.ts): an import writes 100 rows a statement.
  await insertJson(tx, trail, rows);
  // Delivered to every listening node when, and only when, this transaction commits: each keeps the newest row
  // outside the database (trail-anchor.ts), so a removed tail shows at once, not at the next checkpoint (issue 25).
  const head = rows[rows.length - 1];
  await tx.execute(sql`SELECT pg_notify(${TRAIL_HEAD_CHANNEL}, ${`${head.id}:${head.hash}`})`);
}
