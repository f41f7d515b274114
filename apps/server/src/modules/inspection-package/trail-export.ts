import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { and, asc, getTableColumns, gt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { trail } from '../../db/schema/trail.ts';
import { readAnchor } from '../../trail/trail-anchor.ts';
import { checkpointValid, readCheckpoints, type Checkpoint } from '../../trail/trail-checkpoint.ts';
import { canonicalJson, GENESIS_HASH, rowFields, rowHash, type TrailRow } from '../../trail/trail.service.ts';

/*
 * The trail part of an inspection package (docs/exchange.md part 5). edoc's trail is ONE chain over the whole
 * installation (recordTrail links every row to the row before it, whatever its project), so a project's rows alone
 * cannot be chain-checked. The package carries the segment from the first row about its documents (or project) to
 * the last — stretched to the first checkpoint after it, which then pins it — with the content of the rows about
 * the package and, for every other row, only its id, link and hash: nothing of another project leaks.
 * The hashes are HMACs under the trail key, which cannot leave the server (whoever holds it could forge rows), so
 * the server checks them here as it exports and states the result in the signed statement; an outsider checks the
 * links, each row's content digest and the statement's signature (verifier/verify-core.mjs).
 */

const BATCH = 5000;

export interface TrailSummary {
  /** First and last row id of the segment, and how many rows it holds. */
  first: number | null;
  last: number | null;
  rows: number;
  /** Rows of the whole trail before the segment: with it, a checkpoint's row count is checked. */
  rowsBefore: number;
  withContent: number;
  /** The hash the first row links to, and the last row's hash. */
  prevHash: string;
  head: string;
  /** The server's own check of every row's keyed hash and link in the segment, done as it was exported. */
  serverCheck: { ok: boolean; problem: string | null };
}

export interface TrailExport {
  summary: TrailSummary;
  sha256: string;
}

/**
 * A row about the package as its line carries it: the fields its hash covers (trail.service.ts rowText), its hash,
 * and the SHA-256 of that canonical text — which an outsider recomputes, so a changed row is named (the keyed hash
 * they cannot recompute; a row from before the trail had a key has that very SHA-256 as its hash).
 */
export function contentOf(row: TrailRow) {
  const fields = rowFields(row);
  const contentSha256 = createHash('sha256').update(canonicalJson(fields)).digest('hex');
  return { ...fields, hash: row.hash, contentSha256 };
}

/** The rows the package is about: its documents' (versions, workflow, signatures are all 'document' rows) and its project's. */
function aboutSql(projectId: number, documentIds: number[]) {
  // One parameter however many documents (an export may hold more than the protocol's 65,535 parameters), and IN
  // over a subquery, which PostgreSQL hashes once instead of scanning the list for every row.
  const ids = documentIds.join(',');
  return sql`((${trail.objectType} = 'document'
      AND ${trail.objectId} IN (SELECT unnest(string_to_array(${ids}, ','))))
    OR (${trail.objectType} = 'project' AND ${trail.objectId} = ${String(projectId)}))`;
}

/** The checkpoints of this node, valid JSON only (the statement and the verifier judge the rest). */
export async function nodeCheckpoints(file: string): Promise<Checkpoint[]> {
  return (await readCheckpoints(file)).filter((c): c is Checkpoint => !('bad' in c));
}

/** Writes the segment to `file` as JSON lines, checking it as it goes. */
export async function exportTrail(
  db: Db,
  projectId: number,
  documentIds: number[],
  file: string,
  checkpoints: Checkpoint[],
): Promise<TrailExport> {
  const about = aboutSql(projectId, documentIds);
  const [range] = (
    await db.execute<{ lo: number | null; hi: number | null }>(
      sql`SELECT min(id)::bigint AS lo, max(id)::bigint AS hi FROM ${trail} WHERE ${about}`,
    )
  ).rows;
  const lo = range.lo === null ? null : Number(range.lo);
  let hi = range.hi === null ? null : Number(range.hi);
  // Up to the first checkpoint at or after the last row about the package: the checkpoint then covers the segment.
  const pin =
    hi === null ? undefined : checkpoints.filter((c) => c.lastId >= hi!).sort((a, b) => a.lastId - b.lastId)[0];
  if (pin) hi = pin.lastId;
  const out = createWriteStream(file);
  const hash = createHash('sha256');
  const write = async (line: string) => {
    hash.update(line);
    if (!out.write(line)) await once(out, 'drain');
  };
  const summary: TrailSummary = {
    first: lo,
    last: null,
    rows: 0,
    rowsBefore: 0,
    withContent: 0,
    prevHash: GENESIS_HASH,
    head: GENESIS_HASH,
    serverCheck: { ok: true, problem: null },
  };
  const broken = (problem: string) => {
    if (summary.serverCheck.ok) summary.serverCheck = { ok: false, problem };
  };
  if (lo !== null && hi !== null) {
    const before = await db.execute<{ n: number }>(sql`SELECT count(*)::bigint AS n FROM ${trail} WHERE id < ${lo}`);
    summary.rowsBefore = Number(before.rows[0].n);
    let prev: string | null = null;
    for (let after = lo - 1; ;) {
      // Whether each row is about the package is asked of the database with the row: no id set held in memory.
      const rows = await db
        .select({ ...getTableColumns(trail), about: sql<boolean>`${about}` })
        .from(trail)
        .where(and(gt(trail.id, after), lte(trail.id, hi)))
        .orderBy(asc(trail.id))
        .limit(BATCH);
      if (rows.length === 0) break;
      for (const { about: wanted, ...row } of rows) {
        if (prev === null) summary.prevHash = row.prevHash;
        else if (row.prevHash !== prev) broken(`row ${row.id}: the link to the previous row is broken`);
        // Keyed, or a row from before the trail had a key (its plain sha256).
        if (rowHash(row) !== row.hash && rowHash(row, null) !== row.hash)
          broken(`row ${row.id}: its content does not match its hash`);
        const line = wanted ? contentOf(row) : { id: row.id, prevHash: row.prevHash, hash: row.hash };
        if (wanted) summary.withContent++;
        await write(`${JSON.stringify(line)}\n`);
        summary.rows++;
        summary.last = row.id;
        summary.head = row.hash;
        prev = row.hash;
      }
      after = rows[rows.length - 1].id;
    }
  }
  out.end();
  await once(out, 'finish');
  return { summary, sha256: hash.digest('hex') };
}

/**
 * trail/checkpoints.json: this node's checkpoints that fall in the segment or pin it, and its newest anchor. Call
 * before the statement is signed: a checkpoint whose MAC fails is written into `summary`'s server check.
 */
export async function readProof(checkpoints: Checkpoint[], anchorFile: string, summary: TrailSummary) {
  const { first, last } = summary;
  const inSegment =
    first === null || last === null ? [] : checkpoints.filter((c) => c.lastId >= first && c.lastId <= last);
  // Their MACs the server can check (it holds the key): a forged one fails the statement's server check.
  const forged = inSegment.find((c) => !checkpointValid(c));
  if (forged && summary.serverCheck.ok)
    summary.serverCheck = { ok: false, problem: `the checkpoint of ${forged.at} is not signed by the trail key` };
  const anchor = await readAnchor(anchorFile);
  return {
    note:
      'Checkpoints and the anchor are signed with an HMAC under the trail key, which never leaves the server: ' +
      'an outsider checks that each one inside the segment names the row and hash the segment has, and the row count; ' +
      'edoc (npm run trail:verify) checks their MACs.',
    checkpoints: inSegment,
    anchor: anchor && !('bad' in anchor) ? anchor : null,
  };
}
