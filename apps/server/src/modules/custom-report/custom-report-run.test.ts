import { userRoutes } from '@edoc/contract/user-routes';
import { customReportRoutes } from '@edoc/contract/custom-report-routes';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { CUSTOM_DATASETS, DATASET_FIELDS } from '@edoc/contract/custom-report-fields';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentVersions } from '../../db/schema/documents.ts';
import { folders } from '../../db/schema/projects.ts';
import { trail } from '../../db/schema/trail.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { client } from '../../test/requests.ts';
import { definition, groupsOf, reportWorld, type ReportWorld } from '../../test/custom-report-fixture.ts';

let ctx: TestContext;
let world: ReportWorld;

beforeAll(async () => {
  ctx = await createTestContext();
  world = await reportWorld(ctx, 'CR-RUN');
}, 60_000);
afterAll(() => ctx.close());

const run = async (token: string, def: ReturnType<typeof definition>) => {
  const res = await client(ctx.app, token).call(customReportRoutes.runDraft, { body: { definition: def } });
  expect(res.statusCode, res.body).toBe(200);
  return res.data as {
    rows: Array<Array<string | number | null>>;
    total: number;
    capped: boolean;
    groups: Array<{ key: string | number | null; value: number }> | null;
    summary: number | null;
  };
};

describe('each dataset, grouped, counts exactly what its runner may see', () => {
  it('documents by status: the administrator all five, folder A only three, site S1 four', async () => {
    const byStatus = definition({ dataset: 'documents', groupBy: 'status' });
    expect(groupsOf(await run(world.pm.token, byStatus))).toEqual({ 6: 3, 1: 1, 3: 1 });
    expect(groupsOf(await run(world.aOnly.token, byStatus))).toEqual({ 6: 2, 1: 1 });
    expect(groupsOf(await run(world.siteOne.token, byStatus))).toEqual({ 6: 2, 1: 1, 3: 1 });
    const none = await run(world.staff.token, byStatus);
    expect([none.total, none.groups, none.rows]).toEqual([0, [], []]);
  });

  it('versions by version number: B1 has a second version only its viewers count', async () => {
    const byVersion = definition({ dataset: 'versions', groupBy: 'versionNo' });
    expect(groupsOf(await run(world.pm.token, byVersion))).toEqual({ [world.firstVersionNo]: 5, V9: 1 });
    expect(groupsOf(await run(world.aOnly.token, byVersion))).toEqual({ [world.firstVersionNo]: 3 });
  });

  it('workflow requests by stage and by state; a stage never reached is no request', async () => {
    const byStage = definition({ dataset: 'requests', groupBy: 'stage' });
    expect(groupsOf(await run(world.pm.token, byStage))).toEqual({ 3: 2, 4: 1 });
    expect(groupsOf(await run(world.aOnly.token, byStage))).toEqual({ 3: 1, 4: 1 });
    const byState = definition({ dataset: 'requests', groupBy: 'state' });
    expect(groupsOf(await run(world.pm.token, byState))).toEqual({ 0: 1, 1: 1, 2: 1 });
  });

  it('tasks by kind, filtered by state', async () => {
    expect(groupsOf(await run(world.pm.token, definition({ dataset: 'tasks', groupBy: 'kind' })))).toEqual({
      review: 2,
      qc: 1,
    });
    const open = definition({ dataset: 'tasks', groupBy: 'kind', filters: [{ field: 'state', op: 'eq', value: 0 }] });
    expect(groupsOf(await run(world.pm.token, open))).toEqual({ review: 1, qc: 1 });
    expect(groupsOf(await run(world.siteOne.token, open))).toEqual({ review: 1, qc: 1 });
    expect(groupsOf(await run(world.aOnly.token, open))).toEqual({ qc: 1 });
  });

  it('the trail: the administrator reads every row; others only rows about documents whose trail they may read', async () => {
    const byObject = definition({ dataset: 'trail', groupBy: 'objectType', columns: ['document', 'type'] });
    const all = await run(world.pm.token, byObject);
    const [{ n }] = (await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(trail)
      .where(eq(trail.projectId, world.projectId))) as [{ n: number }];
    expect(all.total).toBe(n);
    expect(Object.keys(groupsOf(all)).length).toBeGreaterThan(1);

    const mine = await run(world.aOnly.token, byObject);
    expect(Object.keys(groupsOf(mine))).toEqual(['document']);
    const aIds = [world.doc.A1, world.doc.A2, world.doc.A3].map(String);
    const [{ m }] = (await ctx.db
      .select({ m: sql<number>`count(*)::int` })
      .from(trail)
      .where(and(eq(trail.objectType, 'document'), inArray(trail.objectId, aIds)))) as [{ m: number }];
    expect(mine.total).toBe(m);
    expect(new Set(mine.rows.map((r) => r[0]))).toEqual(new Set(['A1', 'A2', 'A3']));
  });
});

describe('the reader’s language', () => {
  it('names folders in English for an English reader, in Chinese for a Chinese one', async () => {
    const byFolder = definition({ dataset: 'documents', groupBy: 'folder', columns: ['name', 'folder'] });
    const names = await ctx.db
      .select({ id: folders.id, name: folders.name, nameEn: folders.nameEn })
      .from(folders)
      .where(inArray(folders.id, [world.folderA, world.folderB]));
    expect(names.every((f) => f.nameEn && f.nameEn !== f.name)).toBe(true);
    const keys = async () => Object.keys(groupsOf(await run(world.pm.token, byFolder))).sort();
    expect(await keys()).toEqual(names.map((f) => f.nameEn!).sort());
    await client(ctx.app, world.pm.token).call(userRoutes.setLang, { body: { lang: 'zh-CN' } });
    try {
      expect(await keys()).toEqual(names.map((f) => f.name).sort());
    } finally {
      await client(ctx.app, world.pm.token).call(userRoutes.setLang, { body: { lang: 'en-US' } });
    }
  });
});

describe('rights reach rows, counts and group labels alike', () => {
  it('never shows a member the names of a folder, a site or a document they may not see', async () => {
    const byFolder = definition({ dataset: 'documents', groupBy: 'folder', columns: ['name', 'folder', 'site'] });
    const a = await run(world.aOnly.token, byFolder);
    expect(a.groups).toHaveLength(1);
    expect(a.rows.map((r) => r[0]).sort()).toEqual(['A1', 'A2', 'A3']);
    expect(JSON.stringify(a)).not.toMatch(/B1|B2/);

    const bySite = definition({ dataset: 'documents', groupBy: 'site', columns: ['name', 'site'] });
    const s = await run(world.siteOne.token, bySite);
    expect(groupsOf(s)).toEqual({ null: 3, 'Site One': 1 });
    expect(JSON.stringify(s)).not.toMatch(/Site Two|A3/);
    expect(groupsOf(await run(world.pm.token, bySite))).toEqual({ null: 3, 'Site One': 1, 'Site Two': 1 });
  });
});

describe('filters, measures and limits', () => {
  it('combines conditions of every kind', async () => {
    const names = async (filters: ReturnType<typeof definition>['filters']) =>
      (
        await run(world.pm.token, definition({ dataset: 'documents', filters, sort: { field: 'name', dir: 'asc' } }))
      ).rows.map((r) => r[0]);
    expect(await names([{ field: 'status', op: 'eq', value: 6 }])).toEqual(['A1', 'A3', 'B1']);
    expect(await names([{ field: 'status', op: 'in', value: [1, 3] }])).toEqual(['A2', 'B2']);
    expect(await names([{ field: 'status', op: 'ne', value: 6 }])).toEqual(['A2', 'B2']);
    expect(await names([{ field: 'name', op: 'contains', value: 'b' }])).toEqual(['B1', 'B2']);
    expect(await names([{ field: 'site', op: 'empty' }])).toEqual(['A1', 'A2', 'B1']);
    expect(await names([{ field: 'folder', op: 'in', value: ['nothing'] }])).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect(await names([{ field: 'createdAt', op: 'between', value: ['2000-01-01', '2999-12-31'] }])).toHaveLength(5);
    expect(await names([{ field: 'createdAt', op: 'before', value: '2000-01-01' }])).toEqual([]);
    expect(await names([{ field: 'effectiveDate', op: 'after', value: today }])).toEqual([]);
  });

  it('sums a number field by group and caps the rows at the limit, saying so', async () => {
    const sizes = await ctx.db
      .select({ size: documentVersions.size })
      .from(documentVersions)
      .where(inArray(documentVersions.documentId, [world.doc.A1, world.doc.A2, world.doc.A3]));
    const def = definition({ dataset: 'versions', measure: { fn: 'sum', field: 'size' }, groupBy: 'folder', limit: 2 });
    const res = await run(world.aOnly.token, def);
    expect(res.groups).toEqual([{ key: expect.any(String), value: sizes.reduce((a, s) => a + s.size, 0) }]);
    expect([res.rows.length, res.total, res.capped]).toEqual([2, 3, true]);
    expect(res.summary).toBe(sizes.reduce((a, s) => a + s.size, 0));
  });
});

describe('the whitelist', () => {
  it('has an expression for every field of every dataset: shown, filtered, grouped and sorted', async () => {
    for (const dataset of CUSTOM_DATASETS) {
      const fields = DATASET_FIELDS[dataset];
      for (const f of fields) {
        const def = definition({
          dataset,
          columns: fields.map((x) => x.key),
          filters: [{ field: f.key, op: 'notEmpty' }],
          groupBy: f.groupable ? f.key : null,
          sort: { field: f.key, dir: 'desc' },
        });
        const res = await run(world.pm.token, def);
        expect(res.rows[0]?.length ?? fields.length, `${dataset}.${f.key}`).toBe(fields.length);
      }
    }
  });
});
