import { searchRoutes } from '@edoc/contract/search-routes';
import { DocStatus } from '@edoc/contract/enums';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { client } from '../../test/requests.ts';
import { buildReportWorld, report, type ReportWorld } from '../../test/report-fixture.ts';

let ctx: TestContext;
let w: ReportWorld;

beforeAll(async () => {
  ctx = await createTestContext();
  w = await buildReportWorld(ctx, 'REP-3');
}, 120_000);
afterAll(() => ctx.close());

/** The search page's list for a click's filters (no words: the filters alone list the documents). */
async function listed(open: Record<string, unknown>) {
  const qs = new URLSearchParams(Object.entries(open).map(([k, v]): [string, string] => [k, String(v)]));
  const res = await client(ctx.app, w.pm.token).get(`/file/search?${qs}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { data: Array<{ fileId: number; name: string }>; total: number; ranked: boolean };
}

describe('a bar opens the documents it counted (issue 14)', () => {
  it('lists, for every bar of the document reports, exactly as many documents as the bar says', async () => {
    for (const key of ['docsByStatus', 'docsByFolder', 'docsBySite', 'docsByType', 'docsFiledPerMonth'] as const)
      for (const filters of [
        {},
        { dateFrom: '2026-02-01', dateTo: '2026-02-28' },
        { status: DocStatus.Editing },
        { siteId: w.s1 },
      ] as Array<Record<string, string | number>>) {
        const r = await report(ctx, w.pm.token, { key, ...filters });
        for (const p of r.points.filter((x) => x.open)) {
          const found = await listed(p.open!);
          expect(found.total, `${key} ${JSON.stringify(filters)} ${p.label}`).toBe(p.value);
        }
      }
  });

  it('lists, for every bar of the open and overdue task reports, the documents behind the tasks it counted', async () => {
    let bars = 0;
    for (const key of ['openTasks', 'overdueTasks'] as const)
      for (const filters of [{}, { siteId: w.s1 }] as Array<Record<string, string | number>>) {
        const r = await report(ctx, w.pm.token, { key, ...filters });
        for (const p of r.points.filter((x) => x.open && x.value > 0)) {
          bars++;
          // One open task per person and document here: the bar's tasks are its documents.
          expect((await listed(p.open!)).total, `${key} ${JSON.stringify(filters)} ${p.label} ${p.series}`).toBe(
            p.value,
          );
        }
      }
    expect(bars).toBeGreaterThan(1);
  });

  it('lists filed days in the project’s zone, newest first, without words', async () => {
    const feb = await listed({ filedFrom: '2026-02-01', filedTo: '2026-02-28' });
    expect(feb.data.map((d) => d.name).sort()).toEqual(['Brochure', 'Consent', 'Monitoring']);
    expect(feb.ranked).toBe(true);
    const jan = await listed({ filedTo: '2026-01-31', status: DocStatus.Editing });
    expect(jan.data.map((d) => d.fileId)).toEqual([w.doc.a1]);
  });

  it('still asks for words when no filter is given', async () => {
    const res = await client(ctx.app, w.pm.token).call(searchRoutes.search);
    expect(res.statusCode).toBe(400);
    expect(res.msg).toContain('q');
    const refused = await client(ctx.app, w.pm.token).call(searchRoutes.search, {
      query: { filedFrom: '2026-03-01', filedTo: '2026-02-01' },
    });
    expect(refused.statusCode).toBe(400);
  });
});
