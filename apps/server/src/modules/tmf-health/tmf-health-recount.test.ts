import type { TmfGroupBy, TmfSummary } from '@edoc/contract/tmf-health';
import { tmfHealthRoutes as r } from '@edoc/contract/tmf-health-routes';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.ts';
import type { ProjectPerson } from '../../test/factories.ts';
import { client } from '../../test/requests.ts';
import { healthWorld, type HealthWorld } from '../../test/tmf-health-fixture.ts';
import { weekEnds } from './tmf-health-trend.ts';

/*
 * The summary's fast paths (the timeliness median from a histogram, the trend's weeks in integer arithmetic) against
 * a direct recount in SQL of the rows each caller may count, as docs/tmf-health.md defines them: percentile_cont over
 * the documents themselves, and per week end E the items created, filed and due by E compared as dates. The world
 * is tmf-health-fixture.ts's, its items created and filed on days spread over the trend's weeks.
 */

let ctx: TestContext;
let H: HealthWorld;

beforeAll(async () => {
  ctx = await createTestContext();
  H = await healthWorld(ctx, 'TH-R');
  // Items created 0 … 40 days ago, filed ones 3 days after (or today, if later), so the weeks differ.
  await ctx.db.execute(sql`update expected_items set created_at = now() - make_interval(days => (id * 9) % 41)
    where project_id = ${H.world.projectId}`);
  await ctx.db.execute(sql`update expected_items set filed_at = least(now(), created_at + interval '3 days')
    where project_id = ${H.world.projectId} and filed_at is not null`);
}, 120_000);
afterAll(() => ctx.close());

/** What each caller counts, written out: the administrator everything, the others artifacts A and B, one at S1. */
const roles = () => {
  const ab = sql`(${H.artifacts.A}, ${H.artifacts.B})`;
  return [
    ['administrator', H.world.pm, sql`true`, sql`true`],
    [
      'member of S1',
      H.siteMember,
      sql`d.artifact_id in ${ab} and d.site_id = ${H.siteIds.S1}`,
      sql`i.artifact_id in ${ab} and i.level = 'site' and i.site_id = ${H.siteIds.S1}`,
    ],
    ['member by folders', H.folderMember, sql`d.artifact_id in ${ab}`, sql`i.artifact_id in ${ab}`],
  ] as Array<[string, ProjectPerson, SQL, SQL]>;
};

const summary = async (p: ProjectPerson, groupBy: TmfGroupBy): Promise<TmfSummary> => {
  const res = await client(ctx.app, p.token).call(r.summary, { query: { groupBy } });
  expect(res.statusCode, res.body).toBe(200);
  return res.data;
};

const days = sql`((d.created_at at time zone 'UTC')::date - d.document_date)`;

describe('the fast paths equal a direct recount for every caller', () => {
  it('timeliness (documents, within the target, the median) in total, by site and by artifact', async () => {
    for (const [who, person, docs] of roles()) {
      const recount = await ctx.db.execute<{
        key: string | null;
        n: number;
        within: number;
        median: number | null;
      }>(sql`
        select coalesce(d.site_id::text, 'none') as key, count(*)::int as n,
          count(*) filter (where ${days} <= 30)::int as within, percentile_cont(0.5) within group (order by ${days}) as median
        from documents d where d.project_id = ${H.world.projectId} and d.deleted_at is null and d.artifact_id is not null
          and d.document_date is not null and ${docs}
        group by grouping sets ((1), ())`);
      const expected = (key: string | null) => {
        const row = recount.rows.find((x) => x.key === key);
        return { documents: row?.n ?? 0, withinTarget: row?.within ?? 0, medianDays: row?.median ?? null };
      };
      const bySite = await summary(person, 'site');
      expect(bySite.total.timeliness, who).toMatchObject(expected(null));
      for (const g of bySite.groups) expect(g.figures.timeliness, `${who} ${g.key}`).toMatchObject(expected(g.key));
      // By artifact (and zone) the documents are counted per artifact first: the same total, each artifact's own.
      const byArtifact = await summary(person, 'artifact');
      expect((await summary(person, 'zone')).total.timeliness, who).toMatchObject(expected(null));
      expect(byArtifact.total.timeliness, who).toMatchObject(expected(null));
      for (const g of byArtifact.groups) {
        const [one] = (
          await ctx.db.execute<{ n: number; within: number; median: number | null }>(sql`select count(*)::int as n,
              count(*) filter (where ${days} <= 30)::int as within,
              percentile_cont(0.5) within group (order by ${days}) as median
            from documents d where d.project_id = ${H.world.projectId} and d.deleted_at is null
              and d.artifact_id = ${Number(g.key)} and d.document_date is not null and ${docs}`)
        ).rows;
        expect(g.figures.timeliness, `${who} artifact ${g.key}`).toMatchObject({
          documents: one.n,
          withinTarget: one.within,
          medianDays: one.median,
        });
      }
    }
  });

  it('the trend’s completeness and timeliness week by week', async () => {
    const ends = weekEnds(new Date());
    for (const [who, person, docs, items] of roles()) {
      const { trend } = await summary(person, 'zone');
      for (const [k, end] of ends.entries()) {
        const by = (column: SQL) => sql`(${column} at time zone 'UTC')::date <= ${end}::date`;
        const [c] = (
          await ctx.db.execute<{ all: number; filed: number; due: number; due_filed: number }>(sql`select
              count(*)::int as all, count(*) filter (where ${by(sql`i.filed_at`)})::int as filed,
              count(*) filter (where i.due_date <= ${end}::date)::int as due,
              count(*) filter (where i.due_date <= ${end}::date and ${by(sql`i.filed_at`)})::int as due_filed
            from expected_items i where i.project_id = ${H.world.projectId} and i.removed_at is null
              and i.state <> 'not_applicable' and ${by(sql`i.created_at`)} and ${items}`)
        ).rows;
        const [t] = (
          await ctx.db.execute<{ n: number; within: number }>(sql`select count(*)::int as n,
              count(*) filter (where ${days} <= 30)::int as within
            from documents d where d.project_id = ${H.world.projectId} and d.deleted_at is null
              and d.artifact_id is not null and d.document_date is not null and ${docs}
              and (d.created_at at time zone 'UTC')::date between ${end}::date - 6 and ${end}::date`)
        ).rows;
        const ratio = (part: number, whole: number) => (whole === 0 ? null : part / whole);
        expect(trend[k], `${who} ${end}`).toMatchObject({
          weekEnd: end,
          completeness: ratio(c.filed, c.all),
          completenessDue: ratio(c.due_filed, c.due),
          timelinessPct: ratio(t.within, t.n),
        });
      }
    }
  });
});
