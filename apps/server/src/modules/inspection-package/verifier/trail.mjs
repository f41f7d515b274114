import { enc, sha256, text } from './util.mjs';

// ---------------------------------------------------------------------------------------------------------------
// The trail: the same canonical text the server hashes (apps/server/src/trail/trail.service.ts canonicalJson).
export function canonicalJson(value) {
  if (value === undefined || value === null) return 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
const ROW_FIELDS = [
  'id',
  'at',
  'actorId',
  'actorName',
  'companyId',
  'projectId',
  'objectType',
  'objectId',
  'version',
  'type',
  'oldValue',
  'newValue',
  'reason',
  'ip',
  'prevHash',
];
export const rowText = (row) => canonicalJson(Object.fromEntries(ROW_FIELDS.map((k) => [k, row[k] ?? null])));

export async function checkTrail(pkg, statement) {
  const out = [];
  if (!pkg.has('trail/trail.jsonl')) return [{ status: 'fail', key: 'trail_missing' }];
  const lines = text(await pkg.read('trail/trail.jsonl'))
    .split('\n')
    .filter((l) => l !== '');
  const seg = statement?.trail ?? {};
  const rows = [];
  let prev = null;
  let bad = 0;
  let preKey = 0;
  for (const [i, line] of lines.entries()) {
    let row;
    try {
      row = JSON.parse(line);
    } catch {
      row = null;
    }
    if (!row || typeof row.id !== 'number' || typeof row.hash !== 'string') {
      (out.push({ status: 'fail', key: 'trail_line_bad', params: { line: i + 1 } }), bad++);
      continue;
    }
    if (prev !== null && row.prevHash !== prev)
      (out.push({ status: 'fail', key: 'trail_link_bad', params: { id: row.id } }), bad++);
    if ('contentSha256' in row) {
      const t = rowText(row);
      const digest = await sha256(enc.encode(t));
      if (digest === row.hash) preKey++;
      if (digest !== row.contentSha256)
        (out.push({ status: 'fail', key: 'trail_content_bad', params: { id: row.id } }), bad++);
    }
    rows.push(row);
    prev = row.hash;
  }
  const first = rows[0];
  const last = rows[rows.length - 1];
  const ends = [];
  if (rows.length !== seg.rows) ends.push(`${rows.length} rows, not ${seg.rows}`);
  if (first && first.prevHash !== seg.prevHash) ends.push('first link');
  if (last && last.hash !== seg.head) ends.push('last hash');
  if (ends.length) out.push({ status: 'fail', key: 'trail_ends_bad', params: { what: ends.join(', ') } });
  else if (!bad && first)
    out.push({
      status: 'ok',
      key: 'trail_links_ok',
      params: {
        rows: rows.length,
        first: first.id,
        last: last.id,
        content: rows.filter((r) => 'contentSha256' in r).length,
      },
    });
  if (preKey) out.push({ status: 'ok', key: 'trail_prekey_ok', params: { count: preKey } });
  if (seg.serverCheck)
    out.push({
      status: seg.serverCheck.ok ? 'ok' : 'fail',
      key: 'trail_server',
      params: { result: seg.serverCheck.ok ? 'trail_server_ok' : seg.serverCheck.problem },
    });
  // The checkpoints inside the segment: their row is there with their hash, and the count of rows up to it.
  const proof = pkg.has('trail/checkpoints.json') ? JSON.parse(text(await pkg.read('trail/checkpoints.json'))) : {};
  const index = new Map(rows.map((r, i) => [r.id, i]));
  const inside = (proof.checkpoints ?? []).filter((c) => first && c.lastId >= first.id && c.lastId <= last.id);
  for (const c of inside) {
    const i = index.get(c.lastId);
    const params = { at: c.at, id: c.lastId, rows: c.rows };
    if (i === undefined)
      out.push({ status: 'fail', key: 'checkpoint_bad', params: { ...params, what: 'the row is missing' } });
    else if (rows[i].hash !== c.head)
      out.push({ status: 'fail', key: 'checkpoint_bad', params: { ...params, what: 'another hash' } });
    else if ((seg.rowsBefore ?? 0) + i + 1 !== c.rows)
      out.push({
        status: 'fail',
        key: 'checkpoint_bad',
        params: { ...params, what: `${(seg.rowsBefore ?? 0) + i + 1} rows` },
      });
    else out.push({ status: 'ok', key: 'checkpoint_ok', params });
  }
  if (!inside.length) out.push({ status: 'note', key: 'checkpoint_none' });
  return out;
}
