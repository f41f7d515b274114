import { countryRoutes } from '@edoc/contract/country-routes';
import type { ExpectedItem } from '@edoc/contract/expected';
import { expectedRoutes as r } from '@edoc/contract/expected-routes';
import { siteRoutes } from '@edoc/contract/site-routes';
import { tmfModelRoutes } from '@edoc/contract/tmf-model-routes';
import { tmfProjectRoutes } from '@edoc/contract/tmf-project-routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { createProjectWorld, type ProjectWorld } from '../../test/factories.ts';
import { client } from '../../test/requests.ts';
import { saveMilestone as datedMilestone } from '../../test/tmf-project-fixture.ts';

/*
 * Recurring rules other than monthly (expected.test.ts covers monthly up to a site's close): quarterly and annually,
 * with the calendar's month ends (a period from 31 January falls on 30 April, from 29 February on 28 February), and a
 * place with no close, whose occurrences run one period past today. The rules come in through the model editor.
 */
let ctx: TestContext;
let world: ProjectWorld;
const pm = () => client(ctx.app, world.pm.token);
const site: Record<string, number> = {};

const saveMilestone = (code: string, place: { siteId?: number }, planned: string | null, actual: string | null) =>
  datedMilestone(ctx, world.pm.token, code, place, planned, actual);

const dueDates = (items: ExpectedItem[], number: string, siteId: number | null = null) =>
  items
    .filter((i) => i.artifactNumber === number && i.siteId === siteId)
    .sort((a, b) => a.occurrence - b.occurrence)
    .map((i) => i.dueDate);

beforeAll(async () => {
  ctx = await createTestContext();
  world = await createProjectWorld(ctx, 'EXP-R');
  const admin = client(ctx.app, world.admin.token);
  const query = { companyId: world.companyId };
  const rule = (level: 'trial' | 'site', milestoneCode: string, recurrence: 'monthly' | 'quarterly' | 'annually') => [
    { level, milestoneCode, offsetDays: 0, recurrence },
  ];
  const created = await admin.call(tmfModelRoutes.create, {
    query,
    body: {
      name: 'Recurring model',
      zones: [
        {
          number: '01',
          nameEn: 'Zone',
          sections: [
            {
              number: '01.01',
              nameEn: 'Section',
              artifacts: [
                {
                  number: '01.01.01',
                  nameEn: 'Quarterly',
                  levels: ['site'],
                  rules: rule('site', 'site_activated', 'quarterly'),
                },
                {
                  number: '01.01.02',
                  nameEn: 'Annual',
                  levels: ['trial'],
                  rules: rule('trial', 'first_subject_in', 'annually'),
                },
              ],
            },
          ],
        },
      ],
    },
  });
  if (created.statusCode !== 200) throw new Error(created.body);
  await admin.call(tmfModelRoutes.publish, { params: { id: created.data.id }, query });
  const used = await pm().call(tmfProjectRoutes.use, { body: { modelId: created.data.id } });
  if (used.statusCode !== 200) throw new Error(used.body);
  const cn = (await pm().call(countryRoutes.create, { body: { code: 'CN', name: 'China' } })).data.id;
  for (const code of ['S01', 'S02'])
    site[code] = (await pm().call(siteRoutes.create, { body: { name: code, code, countryId: cn } })).data.siteId;
  await saveMilestone('site_activated', { siteId: site.S01 }, null, '2025-01-31');
  await saveMilestone('site_closed', { siteId: site.S01 }, '2025-12-31', null);
  await saveMilestone('site_activated', { siteId: site.S02 }, null, '2025-03-15');
  await saveMilestone('first_subject_in', {}, '2024-02-29', null);
  await saveMilestone('trial_closed', {}, '2026-03-01', null);
}, 120_000);
afterAll(() => ctx.close());

describe('recurring expected documents', () => {
  it('repeats quarterly and annually up to the close, the calendar keeping month ends', async () => {
    expect((await pm().call(r.generate)).statusCode).toBe(200);
    const { items } = (await pm().call(r.list, { query: { pageSize: 100, sort: 'artifact' } })).data;
    expect(dueDates(items, '01.01.01', site.S01)).toEqual(['2025-01-31', '2025-04-30', '2025-07-31', '2025-10-31']);
    expect(dueDates(items, '01.01.02')).toEqual(['2024-02-29', '2025-02-28', '2026-02-28']);
  });

  it('runs a place with no close one period past today, and no further', async () => {
    const { items } = (await pm().call(r.list, { query: { pageSize: 100, sort: 'artifact' } })).data;
    const dates = dueDates(items, '01.01.01', site.S02) as string[];
    const today = new Date().toISOString().slice(0, 10);
    const inAQuarter = new Date();
    inAQuarter.setUTCMonth(inAQuarter.getUTCMonth() + 3);
    expect(dates[0]).toBe('2025-03-15');
    // Every three months from the first: 15 March, June, September, December…
    expect(dates.every((d) => d.slice(8) === '15' && (Number(d.slice(5, 7)) - 3) % 3 === 0)).toBe(true);
    const last = dates.at(-1)!;
    expect(last > today).toBe(true);
    expect(last <= inAQuarter.toISOString().slice(0, 10)).toBe(true);
    expect(dates.length).toBeGreaterThan(1);
  });
});
