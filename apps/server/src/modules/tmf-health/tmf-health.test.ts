import { TrailType } from '@edoc/contract/enums';
import { projectEntryRoutes } from '@edoc/contract/project-routes';
import type { TmfFigures } from '@edoc/contract/tmf-health';
import { tmfHealthRoutes as r } from '@edoc/contract/tmf-health-routes';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trail } from '../../db/schema/trail.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { createProjectWorld, PASSWORD, signIn, type ProjectPerson } from '../../test/factories.ts';
import { client } from '../../test/requests.ts';
import { dayOf, healthWorld, type HealthWorld } from '../../test/tmf-health-fixture.ts';
import { weekEnds } from './tmf-health-trend.ts';

/*
 * The TMF health figures against the small world of tmf-health-fixture.ts (its comment lists every row); each
 * expected value is worked out by hand from that list. Target: 30 calendar days unless a test sets another.
 */

let ctx: TestContext;
let H: HealthWorld;
const as = (p: ProjectPerson) => client(ctx.app, p.token);
const pm = () => as(H.world.pm);
const summary = async (p: ProjectPerson, query: Record<string, string | number> = {}) => {
  const res = await as(p).call(r.summary, { query });
  expect(res.statusCode, res.body).toBe(200);
  return res.data;
};
const categories = (over: Partial<TmfFigures['quality']['issuesByCategory']> = {}) => ({
  missing_signature: 0,
  wrong_artifact: 0,
  wrong_date: 0,
  illegible: 0,
  missing_pages: 0,
  personal_data: 0,
  other: 0,
  ...over,
});

beforeAll(async () => {
  ctx = await createTestContext();
  H = await healthWorld(ctx, 'TH-1');
}, 120_000);
afterAll(() => ctx.close());

describe('the figures of everything', () => {
  it('counts items, timeliness and quality as worked out by hand', async () => {
    const { total, target } = await summary(H.world.pm);
    expect(target).toEqual({ days: 30, unit: 'calendar' });
    expect(total).toEqual({
      expected: 8, // 1 2 3 4 5 7 9 10 (6 is N/A, 8 removed)
      filed: 3, // 1 4 9
      notApplicable: 1,
      open: 5,
      overdue: 3, // 2 (−5), 7 (−1), 10 (−2); 3 is due later, 5 has no date
      dueByToday: 5, // 1 2 4 7 10
      filedDueByToday: 2, // 1 4
      completeness: 3 / 8,
      completenessDue: 2 / 5,
      // d1 35 days, d2 10, d3 30, d4 32: two within 30; the median of 10 30 32 35
      timeliness: { documents: 4, withinTarget: 2, pct: 0.5, medianDays: 31 },
      quality: {
        qcDecided: 4, // d1 rejected and passed, d2 passed, d4 rejected
        qcRejected: 2,
        rejectionRate: 0.5,
        firstTimeRight: 1 / 3, // d2 of d1 d2 d4
        openIssues: 2, // d1 missing_signature, d2 illegible (d6 is deleted)
        issuesByCategory: categories({ missing_signature: 1, wrong_date: 1, illegible: 1 }),
      },
    });
  });

  it('groups by level, country, site, zone, section, artifact and person', async () => {
    const groups = async (groupBy: string) =>
      Object.fromEntries((await summary(H.world.pm, { groupBy })).groups.map((g) => [g.label, g.figures]));
    const level = await groups('level');
    expect(Object.keys(level)).toEqual(['Trial', 'Country', 'Site']);
    expect(level.Trial).toMatchObject({
      expected: 4,
      filed: 2,
      overdue: 1,
      timeliness: { documents: 2, withinTarget: 1 },
    });
    expect(level.Country).toMatchObject({ expected: 1, filed: 0, overdue: 1, timeliness: { documents: 0 } });
    expect(level.Site).toMatchObject({
      expected: 3,
      filed: 1,
      notApplicable: 1,
      overdue: 1,
      timeliness: { documents: 2 },
    });
    const country = await groups('country');
    expect(Object.keys(country)).toEqual(['CN China', 'US United States', 'None']);
    expect(country['CN China']).toMatchObject({ expected: 3, filed: 1, notApplicable: 1, overdue: 2 });
    expect(country['CN China'].quality).toMatchObject({ qcDecided: 2, qcRejected: 1, openIssues: 1 });
    expect(country['US United States']).toMatchObject({ expected: 1, open: 1, overdue: 0 });
    expect(country.None).toMatchObject({ expected: 4, filed: 2, timeliness: { documents: 2 } });
    const site = await groups('site');
    expect(Object.keys(site)).toEqual(['Site One', 'Site Two', 'Site Three', 'None']);
    expect(site['Site One']).toMatchObject({
      expected: 1,
      filed: 1,
      notApplicable: 1,
      timeliness: { withinTarget: 1 },
    });
    expect(site['Site Two']).toMatchObject({ expected: 1, overdue: 1, timeliness: { documents: 1, withinTarget: 0 } });
    const zone = await summary(H.world.pm, { groupBy: 'zone' });
    expect(zone.groups).toHaveLength(1);
    expect(zone.groups[0].figures).toEqual(zone.total);
    const section = await groups('section');
    expect(Object.values(section).map((f) => f.expected)).toEqual([6, 1, 1]); // A: 1 2 3 4 5 10; B: 7; C: 9
    const artifact = await groups('artifact');
    expect(Object.values(artifact).map((f) => [f.expected, f.filed])).toEqual([
      [6, 2],
      [1, 0],
      [1, 1],
    ]);
    const person = (await summary(H.world.pm, { groupBy: 'person' })).groups;
    const byId = (id: number) => person.find((g) => g.key === String(id))!.figures;
    // Items filed by a person's documents: pm d1 → 1, d3 → 9; staff d2 → 4.
    expect(byId(H.world.pm.id)).toMatchObject({ expected: 2, filed: 2, timeliness: { documents: 2, withinTarget: 1 } });
    expect(byId(H.world.staff.id)).toMatchObject({
      expected: 1,
      filed: 1,
      timeliness: { documents: 2, withinTarget: 1 },
    });
  });

  it('labels zones, sections and artifacts by number and name in the caller’s language', async () => {
    const en = (await summary(H.world.pm, { groupBy: 'section' })).groups.map((g) => g.label);
    expect(en[0]).toMatch(/^8\.2 /);
    const token = await signIn(ctx, H.world.pm.email, PASSWORD, 'zh-CN');
    await client(ctx.app, token).call(projectEntryRoutes.enter, { body: { studyId: H.world.projectId } });
    const zh = await client(ctx.app, token).call(r.summary, { query: { groupBy: 'level' } });
    expect(zh.data.groups.map((g) => g.label)).toEqual(['试验', '国家', '中心']);
  });
});

describe('the drill-down lists agree with the figures', () => {
  it('lists missing, overdue, filed and not applicable items, by group too', async () => {
    const list = async (
      query: { list: 'missing' | 'overdue' | 'filed' | 'not_applicable' } & Record<string, string | number>,
    ) => (await pm().call(r.items, { query })).data;
    expect((await list({ list: 'missing' })).total).toBe(5);
    const overdue = await list({ list: 'overdue' });
    expect(overdue.total).toBe(3);
    expect(overdue.items.map((i) => i.dueDate)).toEqual([dayOf(-5), dayOf(-2), dayOf(-1)]);
    expect(overdue.items.every((i) => i.overdue)).toBe(true);
    const filed = await list({ list: 'filed', pageSize: 2 });
    expect(filed.total).toBe(3);
    expect(filed.items).toHaveLength(2);
    expect(filed.items[0]).toMatchObject({
      artifactNumber: '8.2.1',
      level: 'trial',
      documents: [{ id: H.docs[0], name: 'd1' }],
    });
    expect((await list({ list: 'not_applicable' })).items).toMatchObject([{ siteName: 'Site One', countryCode: 'CN' }]);
    const cn = await list({ list: 'missing', groupBy: 'country', key: String(H.countryIds.CN) });
    expect(cn.total).toBe(2); // 7 and 10
    expect((await list({ list: 'filed', groupBy: 'person', key: String(H.world.pm.id) })).total).toBe(2);
  });

  it('lists the documents filed after the target and the open and resolved issues', async () => {
    const late = (await pm().call(r.late)).data;
    expect(late.total).toBe(2);
    expect(late.items.map((d) => [d.name, d.days, d.filedOn])).toEqual([
      ['d4', 32, dayOf(0)],
      ['d1', 35, dayOf(-5)],
    ]);
    const issues = (await pm().call(r.issues)).data;
    expect(issues.total).toBe(3);
    const signature = (await pm().call(r.issues, { query: { category: 'missing_signature' } })).data;
    expect(signature.items).toMatchObject([{ documentId: H.docs[0], state: 'open', documentName: 'd1' }]);
  });
});

describe('what a caller counts follows their rights', () => {
  it('a member limited to a site counts the site-level items and site documents of their site only', async () => {
    const { total } = await summary(H.siteMember);
    expect(total).toMatchObject({ expected: 1, filed: 1, notApplicable: 1, open: 0, overdue: 0 }); // items 4, 6
    expect(total.timeliness).toMatchObject({ documents: 1, withinTarget: 1 }); // d2
    expect(total.quality).toMatchObject({ qcDecided: 1, qcRejected: 0, openIssues: 1 });
    expect((await as(H.siteMember).call(r.items, { query: { list: 'missing' } })).data.total).toBe(0);
  });

  it('a member counts the artifacts of the folders they may view; one who may view none counts nothing', async () => {
    const { total } = await summary(H.folderMember);
    expect(total).toMatchObject({ expected: 7, filed: 2, overdue: 3 }); // all but item 9 (artifact C)
    expect(total.timeliness).toMatchObject({ documents: 3, withinTarget: 1, medianDays: 32 }); // not d3
    const blind = (await summary(H.blind)).total;
    expect([blind.expected, blind.timeliness.documents, blind.quality.qcDecided, blind.quality.openIssues]).toEqual([
      0, 0, 0, 0,
    ]);
  });

  it("another project's site or country counts nothing; a project without a model is refused", async () => {
    const other = await createProjectWorld(ctx, 'TH-2');
    const foreign = await summary(H.world.pm, { siteId: 2_000_000 });
    expect(foreign.total.expected).toBe(0);
    expect((await summary(H.world.pm, { siteId: H.siteIds.S2 })).total).toMatchObject({ expected: 1, overdue: 1 });
    expect((await summary(H.world.pm, { countryId: H.countryIds.US })).total).toMatchObject({ expected: 1 });
    const refused = await as(other.pm).call(r.summary);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ errorCode: 'tmf_model_none' });
  });
});

describe('the target, the trend, the export and the company', () => {
  it('the trend: 12 weeks ending on Sundays, the last on or after today', async () => {
    const { trend } = await summary(H.world.pm);
    expect(trend.map((t) => t.weekEnd)).toEqual(weekEnds(new Date()));
    expect(trend.every((t) => new Date(`${t.weekEnd}T00:00:00Z`).getUTCDay() === 0)).toBe(true);
    const last = trend[11];
    // Every item was made today: the last week holds them all; the earlier weeks none.
    expect(last).toMatchObject({ completeness: 3 / 8, completenessDue: 2 / 5 });
    expect(trend.slice(0, 10).every((t) => t.completeness === null)).toBe(true);
    // QC stages closed −6 (rejected), −4 (passed), −1 (passed), −1 (rejected), by the week they closed in.
    const weekOf = (offset: number) => trend.findIndex((t) => t.weekEnd >= dayOf(offset));
    const rejected = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
    const closed = [...rejected];
    for (const [offset, state] of [
      [-6, 2],
      [-4, 1],
      [-1, 1],
      [-1, 2],
    ]) {
      closed[weekOf(offset)] += 1;
      if (state === 2) rejected[weekOf(offset)] += 1;
    }
    expect(trend.map((t) => t.rejectionRate)).toEqual(closed.map((n, k) => (n ? rejected[k] / n : null)));
  });

  it('the project administrator sets the target in working days; the figures follow; the trail says so', async () => {
    const working = (from: string, to: string) => {
      let n = 0;
      for (let d = new Date(`${from}T00:00:00Z`); d < new Date(`${to}T00:00:00Z`);) {
        d = new Date(d.getTime() + 86_400_000);
        if (d.getUTCDay() % 6 !== 0) n += 1;
      }
      return n;
    };
    expect((await as(H.world.staff).call(r.target, { body: { days: 20, unit: 'working' } })).statusCode).toBe(403);
    const bad = await pm().call(r.target, { body: { days: 0, unit: 'working' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('days');
    expect((await pm().call(r.target, { body: { days: 20, unit: 'working' } })).statusCode).toBe(200);
    const days = [
      working(dayOf(-40), dayOf(-5)),
      working(dayOf(-12), dayOf(-2)),
      working(dayOf(-30), dayOf(0)),
      working(dayOf(-32), dayOf(0)),
    ];
    const { target, total } = await summary(H.world.pm);
    expect(target).toEqual({ days: 20, unit: 'working' });
    expect(total.timeliness.withinTarget).toBe(days.filter((n) => n <= 20).length);
    expect((await pm().call(r.late)).data.items.map((d) => d.days).sort()).toEqual(days.filter((n) => n > 20).sort());
    const rows = await ctx.db
      .select()
      .from(trail)
      .where(and(eq(trail.objectType, 'tmf_target'), eq(trail.objectId, String(H.world.projectId))));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      type: TrailType.SettingsChange,
      oldValue: { days: 30, unit: 'calendar' },
      newValue: { days: 20, unit: 'working' },
    });
    await pm().call(r.target, { body: { days: 30, unit: 'calendar' } });
  });

  it('exports the summary as a workbook in the caller’s language', async () => {
    const res = await pm().get('/tmf-health/export?groupBy=level&format=xlsx');
    expect(res.statusCode).toBe(200);
    const ExcelJS = (await import('exceljs')).default;
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((s) => s.name)).toEqual(['Summary', 'Groups', 'Trend']);
    expect(book.getWorksheet('Groups')!.getRow(2).getCell(1).value).toBe('Trial');
    expect(book.getWorksheet('Trend')!.rowCount).toBe(13);
  });

  it('the company administrator reads every project of the company', async () => {
    const res = await as(H.world.admin).call(r.company);
    expect(res.statusCode, res.body).toBe(200);
    const mine = res.data.projects.find((p) => p.projectId === H.world.projectId)!;
    expect(mine).toMatchObject({ modelChosen: true, code: 'TH-1' });
    expect(mine.total).toEqual((await summary(H.world.pm)).total);
    expect((await pm().call(r.company)).statusCode).toBe(403);
  });
});
