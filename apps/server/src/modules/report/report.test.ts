import { reportRoutes } from '@edoc/contract/report-routes';
import { DocStatus } from '@edoc/contract/enums';
import { SYSTEM_REPORTS, systemReportQuery } from '@edoc/contract/report';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadWorkbook } from '../../lib/excel.ts';
import type { ProjectContext } from '../../plugins/context.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { client } from '../../test/requests.ts';
import { poppler, popplerTools } from '../../test/signed-fixture.ts';
import { buildReportWorld, report, speak, type ReportWorld } from '../../test/report-fixture.ts';
import { systemReport } from './report.service.ts';

let ctx: TestContext;
let w: ReportWorld;
const table = (r: Awaited<ReturnType<typeof report>>) => r.rows.map((row) => row.cells);

beforeAll(async () => {
  ctx = await createTestContext();
  w = await buildReportWorld(ctx, 'REP-1');
}, 120_000);
afterAll(() => ctx.close());

describe('System Report: documents (issue 14)', () => {
  it('lists the ready-made reports in the caller’s language, with the filters each reads', async () => {
    await speak(ctx, w.pm, 'zh-CN');
    const zh = (await client(ctx.app, w.pm.token).call(reportRoutes.catalogue)).data;
    expect(zh.map((r: { key: string }) => r.key)).toEqual([...SYSTEM_REPORTS]);
    expect(zh[0]).toEqual({
      key: 'docsByStatus',
      title: '文档状态分布',
      family: 'documents',
      filters: ['dates', 'folder', 'site', 'status'],
    });
    await speak(ctx, w.pm, 'en-US');
    const en = (await client(ctx.app, w.pm.token).call(reportRoutes.catalogue)).data;
    expect(en.find((r) => r.key === 'expiring')!.filters).toEqual(['days', 'folder', 'site', 'status']);
  });

  it('counts live documents by status, each bar opening the list of that status, in both languages', async () => {
    await speak(ctx, w.pm, 'zh-CN');
    const zh = await report(ctx, w.pm.token, { key: 'docsByStatus' });
    expect(zh.title).toBe('文档状态分布');
    expect(zh.timeZone).toBe('Asia/Shanghai');
    expect(zh.columns.map((c) => c.title)).toEqual(['状态', '文档数']);
    expect(table(zh)).toEqual([
      ['编辑中', 2],
      ['审阅中', 1],
      ['已归档', 2],
    ]);
    expect(zh.points.map((p) => [p.label, p.value, p.open])).toEqual([
      ['编辑中', 2, { status: DocStatus.Editing }],
      ['审阅中', 1, { status: DocStatus.InReview }],
      ['已归档', 2, { status: DocStatus.Archived }],
    ]);
    await speak(ctx, w.pm, 'en-US');
    const en = await report(ctx, w.pm.token, { key: 'docsByStatus' });
    expect(table(en)).toEqual([
      ['Editing', 2],
      ['In review', 1],
      ['Archived', 2],
    ]);
  });

  it('counts the days of the project’s zone: 17:00 UTC on 31 January was filed on 1 February in Shanghai', async () => {
    const jan = await report(ctx, w.pm.token, { key: 'docsByStatus', dateFrom: '2026-01-01', dateTo: '2026-01-31' });
    expect(table(jan)).toEqual([['Editing', 1]]);
    const feb = await report(ctx, w.pm.token, { key: 'docsByStatus', dateFrom: '2026-02-01', dateTo: '2026-02-28' });
    expect(table(feb)).toEqual([
      ['Editing', 1],
      ['In review', 1],
      ['Archived', 1],
    ]);
    expect(feb.rows[0]!.open).toEqual({ status: DocStatus.Editing, filedFrom: '2026-02-01', filedTo: '2026-02-28' });
    const months = await report(ctx, w.pm.token, { key: 'docsFiledPerMonth' });
    expect(table(months)).toEqual([
      ['2026-01', 1],
      ['2026-02', 3],
      ['2026-03', 1],
    ]);
    expect(months.points[1]!.open).toEqual({ filedFrom: '2026-02-01', filedTo: '2026-02-28' });
    // A month cut by the range opens only the days in both.
    const cut = await report(ctx, w.pm.token, { key: 'docsFiledPerMonth', dateFrom: '2026-02-10' });
    expect(cut.rows.map((r) => r.open)).toEqual([
      { filedFrom: '2026-02-10', filedTo: '2026-02-28' },
      { filedFrom: '2026-03-01', filedTo: '2026-03-31' },
    ]);
  });

  it('counts by folder, site and type, narrowed by the folder, site and status filters', async () => {
    const folders = await report(ctx, w.pm.token, { key: 'docsByFolder' });
    expect(folders.rows.map((r) => [r.cells[1], r.open])).toEqual([
      [3, { folderId: w.folderA }],
      [2, { folderId: w.folderB }],
    ]);
    expect(folders.rows[0]!.cells[0]).toMatch(/^8\.2\.1 /);
    const bySite = await report(ctx, w.pm.token, { key: 'docsBySite' });
    expect(bySite.rows).toEqual([
      { cells: ['Central (all sites)', 2], open: null },
      { cells: ['S1 Peking Union', 2], open: { siteId: w.s1 } },
      { cells: ['S2 Ruijin', 1], open: { siteId: w.s2 } },
    ]);
    const types = await report(ctx, w.pm.token, { key: 'docsByType' });
    expect(types.rows).toEqual([
      { cells: ['pdf', 3], open: { type: 'pdf' } },
      { cells: ['docx', 1], open: { type: 'docx' } },
      { cells: ['xlsx', 1], open: { type: 'xlsx' } },
    ]);
    const inA = await report(ctx, w.pm.token, { key: 'docsByStatus', folderId: w.folderA });
    expect(table(inA)).toEqual([
      ['Editing', 2],
      ['Archived', 1],
    ]);
    expect(inA.rows[0]!.open).toEqual({ status: DocStatus.Editing, folderId: w.folderA });
    const atS1 = await report(ctx, w.pm.token, { key: 'docsByType', siteId: w.s1 });
    expect(table(atS1)).toEqual([
      ['docx', 1],
      ['pdf', 1],
    ]);
    const editing = await report(ctx, w.pm.token, { key: 'docsBySite', status: DocStatus.Editing });
    expect(editing.rows).toEqual([
      { cells: ['Central (all sites)', 1], open: null },
      { cells: ['S1 Peking Union', 1], open: { siteId: w.s1, status: DocStatus.Editing } },
    ]);
  });

  it('counts only what the reader may view: a member granted folder A alone sees nothing of folder B', async () => {
    const narrow = {
      projectId: w.projectId,
      roleCode: 'NARROW',
      fullAccess: false,
      readOnly: false,
      inspector: null,
      lang: 'en-US',
      auth: { user: { id: w.narrow.id } },
    } as unknown as ProjectContext;
    const seen = await systemReport(ctx.deps, narrow, systemReportQuery.parse({ key: 'docsByFolder' }));
    expect(seen.rows.map((r) => [r.cells[1], r.open])).toEqual([[3, { folderId: w.folderA }]]);
    const tasks = await systemReport(ctx.deps, narrow, systemReportQuery.parse({ key: 'openTasks' }));
    expect(tasks.rows.map((r) => r.cells.slice(1))).toEqual([[2, 0]]); // the pm's edit and approve tasks in A
    // The page itself is the administrators': a member is refused at the gate.
    expect(
      (await client(ctx.app, w.narrow.token).call(reportRoutes.data, { query: { key: 'docsByStatus' } })).statusCode,
    ).toBe(403);
    expect((await client(ctx.app, w.staff.token).call(reportRoutes.catalogue)).statusCode).toBe(403);
  });

  it('refuses bad filters by name: an unknown report, days in the wrong order, a status out of range', async () => {
    const api = client(ctx.app, w.pm.token);
    for (const [qs, field] of [
      ['key=nope', 'key'],
      ['key=docsByStatus&dateFrom=2026-03-01&dateTo=2026-02-01', 'dateFrom'],
      ['key=docsByStatus&status=10', 'status'],
      ['key=expiring&days=0', 'days'],
      ['key=docsByStatus&dateFrom=2026-02-30', 'dateFrom'],
    ]) {
      const res = await api.get(`/report/system/data?${qs}`);
      expect(res.statusCode, qs).toBe(400);
      expect(res.body, qs).toContain(field);
    }
  });
});

describe('System Report exports', () => {
  it('exports the table to Excel, cells as the page shows them, in the reader’s language', async () => {
    await speak(ctx, w.pm, 'zh-CN');
    const res = await client(ctx.app, w.pm.token).call(reportRoutes.export, {
      query: { key: 'docsBySite', format: 'xlsx' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('.xlsx');
    const sheet = (await loadWorkbook(res.rawPayload)).worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, '中心', '文档数']);
    expect(sheet.getRow(2).values).toEqual([undefined, '总部（所有中心）', 2]);
    expect(sheet.getCell('B3').value).toBe(2);
    expect(sheet.getCell('A4').value).toBe('S2 Ruijin');
    await speak(ctx, w.pm, 'en-US');
  });

  it.skipIf(!popplerTools)('exports a PDF whose title, filters and figures pdftotext reads', async () => {
    const res = await client(ctx.app, w.pm.token).call(reportRoutes.export, {
      query: { key: 'docsByStatus', format: 'pdf', dateFrom: '2026-02-01', dateTo: '2026-02-28', siteId: w.s1 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = await poppler('pdftotext', res.rawPayload);
    expect(text).toContain('Documents by status');
    expect(text).toContain('Dates: 2026-02-01 – 2026-02-28 (Time zone Asia/Shanghai)');
    expect(text).toContain('Site: Peking Union');
    expect(text).toMatch(/Editing\s+1/);
    expect(text).toMatch(/Archived\s+1/);
    expect(text).not.toContain('In review');
  });

  it('exports CSV', async () => {
    const res = await client(ctx.app, w.pm.token).call(reportRoutes.export, {
      query: { key: 'docsByType', format: 'csv' },
    });
    expect(res.body).toBe('\uFEFFType,Documents\r\npdf,3\r\ndocx,1\r\nxlsx,1\r\n');
  });
});
