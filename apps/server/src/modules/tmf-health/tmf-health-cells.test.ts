import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { healthWorld, type HealthWorld } from '../../test/tmf-health-fixture.ts';

/*
 * The pre-summed cells (migration 0040's triggers) after every kind of change equal the cells counted afresh from
 * the documents (tmf_cells_rebuild, inside a transaction rolled back). The figures the dashboard reads from them are
 * compared with direct recounts in tmf-health-recount.test.ts and with hand-computed values in tmf-health.test.ts;
 * this test holds the triggers to the rule as changes come one after another, as they do in a project.
 */

let ctx: TestContext;
let H: HealthWorld;

beforeAll(async () => {
  ctx = await createTestContext();
  H = await healthWorld(ctx, 'TH-C');
}, 120_000);
afterAll(() => ctx.close());

type Cell = Record<string, number | string>;
const cellsOf = async (db: Pick<TestContext['db'], 'execute'>, projectId: number) =>
  (
    await db.execute<Cell>(sql`select artifact_id, site_id, country_id, family, k, k2, tag, n, m from tmf_cells
      where project_id = ${projectId} and (n <> 0 or m <> 0)
      order by family, artifact_id, site_id, country_id, k, k2, tag`)
  ).rows;

class Rollback extends Error {}

/** The project's cells as the triggers left them, and as a rebuild from nothing counts them. */
async function kept() {
  const projectId = H.world.projectId;
  const now = await cellsOf(ctx.db, projectId);
  let fresh: Cell[] = [];
  await ctx.db
    .transaction(async (tx) => {
      await tx.execute(sql`select tmf_cells_rebuild(${projectId})`);
      fresh = await cellsOf(tx, projectId);
      throw new Rollback();
    })
    .catch((e) => {
      if (!(e instanceof Rollback)) throw e;
    });
  return { now, fresh };
}

const run = (q: ReturnType<typeof sql>) => ctx.db.execute(q);

describe('the TMF health cells', () => {
  it('hold the world as seeded: every family on both axes', async () => {
    const { now, fresh } = await kept();
    expect(now).toEqual(fresh);
    const families = new Set(now.map((c) => c.family));
    expect([...families].sort()).toEqual([
      'days',
      'filed_week',
      'issues',
      'item_c',
      'item_d',
      'item_df',
      'item_f',
      'items',
      'qc',
      'qc_first',
      'qc_week',
    ]);
    // d1 … d4 have dates: four documents on each axis.
    const days = now.filter((c) => c.family === 'days');
    expect(days.filter((c) => c.artifact_id !== 0).reduce((n, c) => n + Number(c.n), 0)).toBe(4);
    expect(days.filter((c) => c.artifact_id === 0).reduce((n, c) => n + Number(c.n), 0)).toBe(4);
  });

  it('follow a document moved to another artifact and site, re-dated, deleted and restored', async () => {
    const [d1, d2, , d4, d5] = H.docs;
    const steps = [
      sql`update documents set artifact_id = ${H.artifacts.B}, site_id = ${H.siteIds.S3} where id = ${d1}`,
      sql`update documents set document_date = document_date - 20 where id = ${d2}`,
      sql`update documents set document_date = current_date - 3 where id = ${d5}`,
      sql`update documents set deleted_at = now() where id = ${d4}`,
      sql`update documents set name = name || ' renamed', status = 2 where id in (${d1}, ${d2})`,
      sql`update documents set deleted_at = null where id = ${d4}`,
      sql`update documents set artifact_id = null where id = ${d2}`,
      sql`update documents set artifact_id = ${H.artifacts.C}, country_id = ${H.countryIds.US} where id = ${d2}`,
    ];
    for (const step of steps) {
      await run(step);
      const { now, fresh } = await kept();
      expect(now).toEqual(fresh);
    }
  });

  it('follow QC stages closed out of order on two routes, re-opened and removed', async () => {
    const d3 = H.docs[2];
    const version = (
      await ctx.db.execute<{ id: number }>(sql`insert into document_versions (document_id, version_no, sha256, size,
        file_name, extension, mime_type, created_by) values (${d3}, 'V9', 'x', 1, 'x.pdf', 'pdf', 'application/pdf',
        ${H.world.pm.id}) returning id`)
    ).rows[0].id;
    const route = async () =>
      (
        await ctx.db.execute<{ id: number }>(sql`insert into document_routes (project_id, document_id, version_id,
          sender_id, state) values (${H.world.projectId}, ${d3}, ${version}, ${H.world.pm.id}, 0) returning id`)
      ).rows[0].id;
    const [r1, r2] = [await route(), await route()];
    const steps = [
      // A later stage first (passed), then an earlier one (rejected) on the other route: the first one is the rejection.
      sql`insert into route_stages (route_id, stage, state, closed_at) values (${r1}, 4, 1, now() - interval '1 day')`,
      sql`insert into route_stages (route_id, stage, state, closed_at) values (${r2}, 4, 2, now() - interval '9 days'),
        (${r2}, 3, 1, now())`,
      sql`update route_stages set state = 0, closed_at = null where route_id = ${r2} and stage = 4`,
      sql`update route_stages set state = 1, closed_at = now() - interval '20 days' where route_id = ${r2} and stage = 4`,
      sql`delete from route_stages where route_id = ${r1}`,
      sql`update documents set site_id = ${H.siteIds.S2} where id = ${d3}`,
      sql`update documents set deleted_at = now() where id = ${d3}`,
      sql`insert into route_stages (route_id, stage, state, closed_at) values (${r1}, 4, 2, now())`,
      sql`update documents set deleted_at = null where id = ${d3}`,
    ];
    for (const step of steps) {
      await run(step);
      const { now, fresh } = await kept();
      expect(now).toEqual(fresh);
    }
    const first = (await cellsOf(ctx.db, H.world.projectId)).filter((c) => c.family === 'qc_first');
    expect(first.length).toBeGreaterThan(0);
  });

  it('follow quality issues raised, moved between states and categories, and a new timeliness target', async () => {
    const [d1, d2] = H.docs;
    const steps = [
      sql`insert into quality_issues (project_id, document_id, category, comment, state, raised_by, assignee_id)
        values (${H.world.projectId}, ${d1}, 'illegible', 'c', 'open', ${H.world.pm.id}, ${H.world.pm.id}),
          (${H.world.projectId}, ${d2}, 'other', 'c', 'resolved', ${H.world.pm.id}, ${H.world.pm.id})`,
      sql`update quality_issues set state = 'resolved' where document_id = ${d1} and state = 'open'`,
      sql`update quality_issues set category = 'wrong_date' where document_id = ${d2}`,
      sql`update quality_issues set state = 'verified' where document_id = ${d1}`,
      sql`update projects set tmf_target_days = 3, tmf_target_unit = 'working' where id = ${H.world.projectId}`,
      sql`insert into documents (project_id, folder_id, name, artifact_id, site_id, central, document_date, created_by)
        select project_id, folder_id, 'bulk ' || g, artifact_id, ${H.siteIds.S1}, false, current_date - g, created_by
        from documents, generate_series(1, 30) g where id = ${d1}`,
      sql`delete from documents where name like 'bulk %' and document_date < current_date - 20`,
    ];
    for (const step of steps) {
      await run(step);
      const { now, fresh } = await kept();
      expect(now).toEqual(fresh);
    }
    const within = (await cellsOf(ctx.db, H.world.projectId)).filter((c) => c.family === 'days' && c.k2 === 1);
    expect(within.length).toBeGreaterThan(0);
  });

  it('follow expected items filed, re-dated, marked not applicable, removed, added and deleted', async () => {
    const items = H.items;
    const steps = [
      sql`update expected_items set state = 'filed', filed_at = now() - interval '8 days' where id = ${items[1]}`,
      sql`update expected_items set due_date = due_date - 40 where id in (${items[2]}, ${items[6]})`,
      sql`update expected_items set state = 'not_applicable', reason = 'r' where id = ${items[4]}`,
      sql`update expected_items set removed_at = now() where id = ${items[0]}`,
      sql`update expected_items set reason = 'kept' where project_id = ${H.world.projectId}`,
      sql`update expected_items set removed_at = null, created_at = now() - interval '30 days' where id = ${items[0]}`,
      sql`update expected_items set state = 'expected', filed_at = null where id = ${items[3]}`,
      sql`insert into expected_items (project_id, artifact_id, level, site_id, occurrence, due_date, created_at)
        select project_id, artifact_id, 'site', ${H.siteIds.S2}, 50 + g, current_date - g * 3, now() - interval '60 days'
        from expected_items, generate_series(1, 12) g where id = ${items[0]}`,
      sql`delete from expected_items where occurrence > 55`,
    ];
    for (const step of steps) {
      await run(step);
      const { now, fresh } = await kept();
      expect(now).toEqual(fresh);
    }
  });
});
