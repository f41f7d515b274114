import { reportRoutes } from '@edoc/contract/report-routes';
import { DocStatus, TrailType } from '@edoc/contract/enums';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/users.ts';
import { loadWorkbook } from '../../lib/excel.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { client } from '../../test/requests.ts';
import { recordTrail } from '../../trail/trail.service.ts';
import { buildReportWorld, report, speak, zoneDay, type ReportWorld } from '../../test/report-fixture.ts';

let ctx: TestContext;
let w: ReportWorld;
const table = (r: Awaited<ReturnType<typeof report>>) => r.rows.map((row) => row.cells);
const nameOf = async (id: number) => (await ctx.db.select().from(users).where(eq(users.id, id)))[0]!.name;

beforeAll(async () => {
  ctx = await createTestContext();
  w = await buildReportWorld(ctx, 'REP-2');
}, 120_000);
afterAll(() => ctx.close());

describe('System Report: workflow (issue 14)', () => {
  it('counts each person’s open tasks and those past their due day, on live documents only', async () => {
    const [pm, staff] = [await nameOf(w.pm.id), await nameOf(w.staff.id)];
    const open = await report(ctx, w.pm.token, { key: 'openTasks' });
    expect(table(open)).toEqual([
      [pm, 3, 1],
      [staff, 1, 1],
    ]);
    // Stacked: not yet due + overdue = open.
    expect(open.points.map((p) => [p.label, p.series, p.value])).toEqual([
      [pm, 'Not yet due', 2],
      [pm, 'Overdue', 1],
      [staff, 'Not yet due', 0],
      [staff, 'Overdue', 1],
    ]);
    const late = await report(ctx, w.pm.token, { key: 'overdueTasks' });
    expect(late.rows).toEqual([
      { cells: ['Monitoring', pm, 'Waiting for review', zoneDay(-3), 3], open: { fileId: w.doc.b1 } },
      { cells: ['Monitoring', staff, 'Waiting for QC', zoneDay(-1), 1], open: { fileId: w.doc.b1 } },
    ]);
    expect(late.points.map((p) => [p.label, p.value])).toEqual([
      [pm, 1],
      [staff, 1],
    ]);
    const inA = await report(ctx, w.pm.token, { key: 'openTasks', folderId: w.folderA });
    expect(table(inA)).toEqual([[pm, 2, 0]]);
  });

  it('computes the average and 90th-percentile days per stage, in both languages', async () => {
    await speak(ctx, w.pm, 'zh-CN');
    const zh = await report(ctx, w.pm.token, { key: 'stageDurations' });
    expect(zh.columns.map((c) => c.title)).toEqual(['环节', '已完成', '平均天数', '90%分位天数']);
    // Review 2, 4, 6 days: mean 4, p90 4 + 0.8 × 2 = 5.6. QC 1.5 and 1: 1.25, 1.45. Approval 2.5 alone.
    expect(table(zh)).toEqual([
      ['审阅', 3, 4, 5.6],
      ['质控', 2, 1.25, 1.45],
      ['审批', 1, 2.5, 2.5],
    ]);
    await speak(ctx, w.pm, 'en-US');
    const en = await report(ctx, w.pm.token, { key: 'stageDurations', dateFrom: '2026-02-01' });
    expect(table(en)).toEqual([
      ['Review', 2, 4, 5.6],
      ['QC', 1, 1.5, 1.5],
    ]);
    expect(en.points.map((p) => [p.label, p.value])).toEqual([
      ['Review · Average days', 4],
      ['Review · 90th percentile days', 5.6],
      ['QC · Average days', 1.5],
      ['QC · 90th percentile days', 1.5],
    ]);
  });

  it('computes the rejection rate per stage from the decided stages', async () => {
    const rates = await report(ctx, w.pm.token, { key: 'stageRejections' });
    expect(table(rates)).toEqual([
      ['Review', 3, 1, 33.3],
      ['QC', 2, 1, 50],
      ['Approval', 1, 1, 100],
    ]);
    const atS2 = await report(ctx, w.pm.token, { key: 'stageRejections', siteId: w.s2 });
    expect(table(atS2)).toEqual([
      ['Review', 1, 0, 0],
      ['QC', 1, 1, 100],
    ]);
  });
});

describe('System Report: timeliness, expiry, activity', () => {
  it('counts the days from the effective date to the archiving day in the project’s zone', async () => {
    const t = await report(ctx, w.pm.token, { key: 'timeliness' });
    expect(t.rows).toEqual([
      { cells: ['Budget', '2026-03-01', '2026-03-11', 10], open: { fileId: w.doc.b2 } },
      { cells: ['Brochure', '2026-02-20', '2026-02-25', 5], open: { fileId: w.doc.a3 } },
    ]);
    expect(t.points.map((p) => [p.label, p.value])).toEqual([
      ['1–7 days', 1],
      ['8–30 days', 1],
    ]);
    const march = await report(ctx, w.pm.token, { key: 'timeliness', dateFrom: '2026-03-11' });
    expect(march.rows.map((r) => r.cells[0])).toEqual(['Budget']);
  });

  it('lists the documents expiring within N days, soonest first', async () => {
    const soon = await report(ctx, w.pm.token, { key: 'expiring' });
    expect(soon.rows).toEqual([{ cells: ['Protocol', zoneDay(5), 5], open: { fileId: w.doc.a1 } }]);
    const later = await report(ctx, w.pm.token, { key: 'expiring', days: 60 });
    expect(table(later)).toEqual([
      ['Protocol', zoneDay(5), 5],
      ['Monitoring', zoneDay(40), 40],
    ]);
    expect(later.points.map((p) => [p.label, p.value])).toEqual([
      ['1–7 days', 1],
      ['31–90 days', 1],
    ]);
    await speak(ctx, w.pm, 'zh-CN');
    const zh = await report(ctx, w.pm.token, { key: 'expiring', days: 60, status: DocStatus.InReview });
    expect(zh.columns.map((c) => c.title)).toEqual(['文档', '到期日期', '剩余天数']);
    expect(zh.points).toEqual([{ label: '31–90 天', value: 1, open: null }]);
    await speak(ctx, w.pm, 'en-US');
  });

  it('counts sign-ins, views, uploads and downloads per person from the trail', async () => {
    const actor = (id: number) => ({ actorId: id, actorName: null, projectId: w.projectId });
    const read = (action: 'view' | 'download') =>
      ({
        type: TrailType.View,
        objectType: 'document',
        objectId: w.doc.a1,
        newValue: { action, fileVersionId: 1, sha256: 'x' },
      }) as const;
    await recordTrail(ctx.db, actor(w.pm.id), read('view'));
    await recordTrail(ctx.db, actor(w.pm.id), read('view'));
    await recordTrail(ctx.db, actor(w.pm.id), read('download'));
    await recordTrail(ctx.db, actor(w.staff.id), read('view'));
    await recordTrail(ctx.db, actor(w.staff.id), {
      type: TrailType.Create,
      objectType: 'document',
      objectId: w.doc.b1,
      newValue: { name: 'Monitoring', folderId: w.folderB, fileName: 'm.pdf', sha256: 'y', size: 1, versionNo: 'V1.0' },
    });
    await recordTrail(ctx.db, actor(w.staff.id), {
      type: TrailType.Update,
      objectType: 'document',
      objectId: w.doc.b1,
      newValue: { versionNo: 'V2.0', sha256: 'z' },
    });
    // A metadata change is no upload; a view in folder B is not seen by a reader of folder A (see report.test.ts).
    await recordTrail(ctx.db, actor(w.staff.id), {
      type: TrailType.Update,
      objectType: 'document',
      objectId: w.doc.b1,
      newValue: { name: 'Monitoring plan' },
    });
    const [pm, staff] = [await nameOf(w.pm.id), await nameOf(w.staff.id)];
    const today = zoneDay(0);
    const act = await report(ctx, w.pm.token, { key: 'userActivity', dateFrom: today, dateTo: today });
    const row = (name: string) => act.rows.find((r) => r.cells[0] === name)?.cells;
    // Each signed in once (the world's factory); the pm's session language changes are no sign-ins.
    expect(row(pm)).toEqual([pm, 1, 2, 0, 1]);
    expect(row(staff)).toEqual([staff, 1, 1, 2, 0]);
    expect(act.points.filter((p) => p.label === staff).map((p) => [p.series, p.value])).toEqual([
      ['Sign-ins', 1],
      ['Views', 1],
      ['Uploads', 2],
      ['Downloads', 0],
    ]);
    const before = await report(ctx, w.pm.token, { key: 'userActivity', dateTo: '2026-01-01' });
    expect(before.rows.every((r) => r.cells.slice(1).every((n) => n === 0))).toBe(true);
  });

  it('exports the overdue tasks to Excel with the days as numbers', async () => {
    const res = await client(ctx.app, w.pm.token).call(reportRoutes.export, {
      query: { key: 'overdueTasks', format: 'xlsx' },
    });
    const sheet = (await loadWorkbook(res.rawPayload)).worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'Document', 'Person', 'Task', 'Due date', 'Days overdue']);
    expect(sheet.getCell('A2').value).toBe('Monitoring');
    expect(sheet.getCell('D2').value).toBe(zoneDay(-3));
    expect(sheet.getCell('E2').value).toBe(3);
    expect(sheet.getCell('E3').value).toBe(1);
  });
});
