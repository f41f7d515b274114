import type { TmfSummary } from '@edoc/contract/tmf-health';
import { tmfHealthRoutes as r } from '@edoc/contract/tmf-health-routes';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { trail } from '../../db/schema/trail.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { createProjectWorld, type ProjectPerson } from '../../test/factories.ts';
import { client } from '../../test/requests.ts';
import { dayOf, healthWorld, type HealthWorld } from '../../test/tmf-health-fixture.ts';

/*
 * Issue 27 part 8: what a third party does with the recomputable package. On the small world of
 * tmf-health-fixture.ts (two countries, three sites, filed documents inside and outside the target, an N/A item,
 * overdue items, QC rejections and passes, issues of several categories) the test downloads the zip through the
 * API, unzips it with another reader (Python's zipfile), loads it into a fresh database with psql running the
 * package's own recompute.sql, and compares every figure psql prints with the summary the API answers. Then it
 * changes one row and sees the recomputed figure move, so the comparison can fail.
 */

let ctx: TestContext;
let H: HealthWorld;
let admin: pg.Client;
const made: string[] = [];
const template = () => new URL(inject('templateUrl'));
const as = (p: ProjectPerson) => client(ctx.app, p.token);

beforeAll(async () => {
  ctx = await createTestContext();
  H = await healthWorld(ctx, 'RC-1');
  admin = new pg.Client({ connectionString: Object.assign(template(), { pathname: '/postgres' }).toString() });
  await admin.connect();
}, 120_000);
afterAll(async () => {
  for (const name of made) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
  await ctx.close();
});

/** RFC 4180 rows of a CSV document (quoted fields, doubled quotes), without its byte-order mark. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const src = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < src.length; i++) {
    const ch = src[i];
    if (quoted) {
      if (ch === '"' && src[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && src[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}
/** Back to CSV; an empty field stays unquoted, as psql reads NULL. */
const toCsv = (rows: string[][]) =>
  rows.map((r) => r.map((v) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v)).join(',')).join('\n');

type Figures = Map<string, number | null>;
const figureMap = (rows: string[][], key: number, figure: number, value: number): Figures =>
  new Map(rows.map((r) => [`${r[key]} ${r[figure]}`, r[value] === '' ? null : Number(r[value])]));

/** The package of the caller's view, unzipped into a folder of its own. */
async function exportPackage(p: ProjectPerson, query: Record<string, string>) {
  const res = await as(p).get(`/tmf-health/export?${new URLSearchParams({ ...query, format: 'zip' })}`);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/zip/);
  expect(String(res.headers['content-disposition'])).toMatch(/\.zip/);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'edoc-recompute-'));
  const zip = path.join(dir, 'package.zip');
  await fs.writeFile(zip, res.rawPayload);
  const out = path.join(dir, 'package');
  execFileSync('python3', ['-m', 'zipfile', '-e', zip, out]);
  return { dir: out, bytes: res.rawPayload };
}

/** What an inspector's psql prints from recompute.sql on an empty database: the figures by group and name. */
async function recompute(dir: string): Promise<Figures> {
  const name = `recompute_${process.pid}_${made.length}`;
  await admin.query(`CREATE DATABASE ${name}`);
  made.push(name);
  const psql = execFileSync('which', ['psql']).toString().trim();
  const url = Object.assign(template(), { pathname: `/${name}` }).toString();
  const out = execFileSync(
    psql,
    ['-X', '-v', 'ON_ERROR_STOP=1', '-v', `dir=${dir}`, '-f', path.join(dir, 'recompute.sql'), url],
    {
      env: { ...process.env, PGOPTIONS: '-c client_min_messages=warning' },
    },
  ).toString();
  const rows = parseCsv(out);
  const header = rows.findIndex((row) => row.join(',') === 'group_key,figure,value');
  expect(header, out).toBeGreaterThanOrEqual(0);
  return figureMap(rows.slice(header + 1), 0, 1, 2);
}

/** The summary's figures as the same map: the total 'all', each group by key, each week 'trend:<date>'. */
function summaryMap(s: TmfSummary, figures: Figures): Figures {
  const out: Figures = new Map();
  const names = [...new Set([...figures.keys()].filter((k) => k.startsWith('all ')).map((k) => k.slice(4)))];
  const read = (f: TmfSummary['total'], name: string): number | null => {
    const flat: Record<string, number | null> = {
      ...f,
      timelinessDocuments: f.timeliness.documents,
      withinTarget: f.timeliness.withinTarget,
      timelinessPct: f.timeliness.pct,
      medianDays: f.timeliness.medianDays,
      ...Object.fromEntries(Object.entries(f.quality).filter(([k]) => k !== 'issuesByCategory')),
      ...Object.fromEntries(Object.entries(f.quality.issuesByCategory).map(([c, n]) => [`issues_${c}`, n])),
    } as unknown as Record<string, number | null>;
    if (!(name in flat)) throw new Error(`figure ${name} not in the summary`);
    return flat[name];
  };
  for (const name of names) out.set(`all ${name}`, read(s.total, name));
  for (const g of s.groups) for (const name of names) out.set(`${g.key} ${name}`, read(g.figures, name));
  for (const t of s.trend)
    for (const name of ['completeness', 'completenessDue', 'timelinessPct', 'rejectionRate'] as const)
      out.set(`trend:${t.weekEnd} ${name}`, t[name]);
  return out;
}

function expectSame(actual: Figures, expected: Figures, what: string) {
  expect([...actual.keys()].sort(), what).toEqual([...expected.keys()].sort());
  for (const [key, value] of expected) {
    const got = actual.get(key)!;
    if (value === null) expect(got, `${what}: ${key}`).toBeNull();
    else expect(Math.abs(got - value), `${what}: ${key} ${got} ≠ ${value}`).toBeLessThan(1e-9);
  }
}

/** The whole third-party check for one view: API summary = figures.csv = what psql recomputes. */
async function check(p: ProjectPerson, query: Record<string, string>) {
  const summary = (await as(p).call(r.summary, { query })).data;
  const { dir, bytes } = await exportPackage(p, query);
  const csv = parseCsv(await fs.readFile(path.join(dir, 'figures.csv'), 'utf8'));
  expect(csv[0]).toEqual(['group_key', 'group_label', 'figure', 'value']);
  const figures = figureMap(csv.slice(1), 0, 2, 3);
  expectSame(figures, summaryMap(summary, figures), 'figures.csv against the API');
  expectSame(await recompute(dir), figures, 'recompute.sql against figures.csv');
  return { dir, bytes, summary };
}

describe('a third party recomputes the dashboard from the package', () => {
  it('arrives at every figure, grouped by zone and by site, and grouped by person', async () => {
    const { dir, bytes, summary } = await check(H.world.pm, { groupBy: 'zone' });
    expect(summary.total.expected).toBe(8); // the world is the one tmf-health.test.ts works out by hand
    const files = (await fs.readdir(dir)).sort();
    expect(files).toEqual(
      [
        'README.txt',
        'artifacts.csv',
        'documents.csv',
        'expected_items.csv',
        'figures.csv',
        'filings.csv',
        'parameters.csv',
        'qc_stages.csv',
        'quality_issues.csv',
        'recompute.sql',
        'sites.csv',
      ].sort(),
    );
    // The removed item and the deleted document are carried, flagged: the SQL states the rule that leaves them out.
    const items = parseCsv(await fs.readFile(path.join(dir, 'expected_items.csv'), 'utf8'));
    expect(items.length - 1).toBe(10);
    expect(items.filter((row) => row[12] === 'true')).toHaveLength(1);
    const readme = await fs.readFile(path.join(dir, 'README.txt'), 'utf8');
    expect(readme).toContain('psql -v ON_ERROR_STOP=1');
    const [row] = await ctx.db
      .select()
      .from(trail)
      .where(and(eq(trail.objectType, 'tmf_health_export'), eq(trail.objectId, String(H.world.projectId))));
    expect(row.newValue).toMatchObject({
      format: 'zip',
      groupBy: 'zone',
      sha256: createHash('sha256').update(bytes).digest('hex'),
      itemsExported: 10,
      documentsExported: 6, // d1–d6 (d7 has no artifact; d6, deleted, is flagged)
    });
    await check(H.world.pm, { groupBy: 'site' });
    await check(H.world.pm, { groupBy: 'person' });
  });

  it('arrives at them for a member limited to a site, for a narrowing to a country, in working days', async () => {
    const { summary } = await check(H.siteMember, { groupBy: 'site' });
    expect(summary.total).toMatchObject({ expected: 1, filed: 1, notApplicable: 1 });
    await check(H.world.pm, { groupBy: 'level', countryId: String(H.countryIds.CN) });
    // The target at d3's working days exactly (dated −30, filed today): within it by the rule, out of it by a rule
    // that counted one day more (a Saturday, the document date itself).
    let d3 = 0;
    for (let t = Date.parse(`${dayOf(-29)}T00:00:00Z`); t <= Date.parse(`${dayOf(0)}T00:00:00Z`); t += 86_400_000)
      if (new Date(t).getUTCDay() % 6 !== 0) d3 += 1;
    await as(H.world.pm).call(r.target, { body: { days: d3, unit: 'working' } });
    try {
      const { summary: working } = await check(H.world.pm, { groupBy: 'artifact' });
      expect(working.target).toEqual({ days: d3, unit: 'working' });
    } finally {
      await as(H.world.pm).call(r.target, { body: { days: 30, unit: 'calendar' } });
    }
  });

  it('sees the recomputed figure move when one row of the data changes', async () => {
    const { dir, summary } = await check(H.world.pm, { groupBy: 'section' });
    const file = path.join(dir, 'expected_items.csv');
    const rows = parseCsv(await fs.readFile(file, 'utf8'));
    const open = rows.findIndex((row, i) => i > 0 && row[10] === 'expected' && row[12] === 'false');
    rows[open][10] = 'filed';
    await fs.writeFile(file, toCsv(rows));
    const changed = await recompute(dir);
    expect(changed.get('all filed')).toBe(summary.total.filed + 1);
    expect(changed.get('all completeness')).toBeCloseTo((summary.total.filed + 1) / summary.total.expected, 9);
  });
});

describe('the package follows the summary’s rules', () => {
  it('refuses a format it does not write, naming the field; a project without a model is refused', async () => {
    const bad = await as(H.world.pm).get('/tmf-health/export?format=tar');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('format');
    const other = await createProjectWorld(ctx, 'RC-2');
    const refused = await as(other.pm).get('/tmf-health/export?format=zip');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ errorCode: 'tmf_model_none' });
  });

  it('holds nothing a member may not see: one who may view no folder gets no rows', async () => {
    const { dir } = await exportPackage(H.blind, {});
    for (const name of ['expected_items.csv', 'documents.csv', 'qc_stages.csv', 'quality_issues.csv'])
      expect(parseCsv(await fs.readFile(path.join(dir, name), 'utf8')), name).toHaveLength(1);
    expectSame(
      await recompute(dir),
      figureMap(parseCsv(await fs.readFile(path.join(dir, 'figures.csv'), 'utf8')).slice(1), 0, 2, 3),
      'blind',
    );
  });
});
