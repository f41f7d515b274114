import type { RouteInput } from '@edoc/contract/route';
import { projectEntryRoutes } from '@edoc/contract/project-routes';
import { documentRoutes } from '@edoc/contract/document-routes';
import { customReportRoutes } from '@edoc/contract/custom-report-routes';
import { TrailType } from '@edoc/contract/enums';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadWorkbook } from '../../lib/excel.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { trailOf } from '../../test/records.ts';
import { PASSWORD, signIn } from '../../test/factories.ts';
import { client } from '../../test/requests.ts';
import { poppler, popplerTools } from '../../test/signed-fixture.ts';
import { definition, groupsOf, reportWorld, type ReportWorld } from '../../test/custom-report-fixture.ts';

let ctx: TestContext;
let world: ReportWorld;
/** aOnly's session in each language: the session's language is the request's (lib/lang.ts). */
const tokens: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  world = await reportWorld(ctx, 'CR-SAVE');
  tokens['en-US'] = world.aOnly.token;
  tokens['zh-CN'] = await signIn(ctx, world.aOnly.email, PASSWORD, 'zh-CN');
  await client(ctx.app, tokens['zh-CN']).call(projectEntryRoutes.enter, { body: { studyId: world.projectId } });
}, 60_000);
afterAll(() => ctx.close());

const byStatus = definition({ dataset: 'documents', groupBy: 'status', chartType: 'bar' });
const save = (token: string, body: RouteInput<typeof customReportRoutes.create>['body']) =>
  client(ctx.app, token).call(customReportRoutes.create, { body: body });
const listNames = async (token: string) =>
  ((await client(ctx.app, token).call(customReportRoutes.list)).data as Array<{ name: string }>).map((r) => r.name);

describe('saving, sharing and running again', () => {
  it('keeps a private report to its owner, shows a shared one to every member with their own rows', async () => {
    const shared = await save(world.pm.token, { name: 'Status', shared: true, definition: byStatus });
    expect(shared.statusCode, shared.body).toBe(200);
    const id = shared.data.id;
    const mine = await save(world.aOnly.token, { name: 'Private', definition: byStatus });
    const privateId = mine.data.id;

    expect(await listNames(world.aOnly.token)).toEqual(['Private', 'Status']);
    expect(await listNames(world.siteOne.token)).toEqual(['Status']);
    expect(
      (await client(ctx.app, world.siteOne.token).call(customReportRoutes.detail, { params: { id: privateId } }))
        .statusCode,
    ).toBe(404);
    expect(
      (await client(ctx.app, world.siteOne.token).call(customReportRoutes.run, { params: { id: privateId } }))
        .statusCode,
    ).toBe(404);

    // The shared report, run by others: each with their own rights, and with the data of now.
    const runAs = async (token: string) =>
      (await client(ctx.app, token).call(customReportRoutes.run, { params: { id } })).data;
    expect(groupsOf(await runAs(world.pm.token))).toEqual({ 6: 3, 1: 1, 3: 1 });
    expect(groupsOf(await runAs(world.aOnly.token))).toEqual({ 6: 2, 1: 1 });
    await client(ctx.app, world.pm.token).callUpload(documentRoutes.upload, {
      fields: { folderId: world.folderA, name: 'A4' },
      file: { name: 'a4.pdf', content: Buffer.from('%PDF-1.4\n%%EOF\n') },
    });
    expect(groupsOf(await runAs(world.aOnly.token))).toEqual({ 6: 2, 1: 2 });

    const item = (await client(ctx.app, world.aOnly.token).call(customReportRoutes.detail, { params: { id } })).data;
    expect(item).toMatchObject({ name: 'Status', shared: true, mine: false, canDelete: false, ownerId: world.pm.id });
  });

  it('lets only the owner change a report, and the owner or the administrator delete it, each in the trail', async () => {
    const id = (await save(world.aOnly.token, { name: 'Mine', shared: true, definition: byStatus })).data.id;
    const body = { name: 'Mine, renamed', shared: true, definition: { ...byStatus, chartType: 'pie' as const } };
    expect(
      (await client(ctx.app, world.siteOne.token).call(customReportRoutes.update, { params: { id }, body: body }))
        .statusCode,
    ).toBe(403);
    expect(
      (await client(ctx.app, world.siteOne.token).call(customReportRoutes.delete, { params: { id } })).statusCode,
    ).toBe(403);
    expect(
      (await client(ctx.app, world.aOnly.token).call(customReportRoutes.update, { params: { id }, body: body }))
        .statusCode,
    ).toBe(200);
    expect((await client(ctx.app, world.pm.token).call(customReportRoutes.delete, { params: { id } })).statusCode).toBe(
      200,
    );
    const rows = await trailOf(ctx.db, 'custom_report', id);
    expect(rows.map((r) => [r.type, r.actorId])).toEqual([
      [TrailType.Create, world.aOnly.id],
      [TrailType.Update, world.aOnly.id],
      [TrailType.Delete, world.pm.id],
    ]);
    expect(rows[1]!.newValue).toMatchObject({ name: 'Mine, renamed', definition: { chartType: 'pie' } });
  });

  it('refuses a name the owner already uses, and recipients who are not members', async () => {
    await save(world.siteOne.token, { name: 'Weekly', definition: byStatus });
    const again = await save(world.siteOne.token, { name: 'weekly', definition: byStatus });
    expect([again.statusCode, again.errorCode]).toEqual([409, 'custom_report_name_exists']);
    expect((await save(world.aOnly.token, { name: 'Weekly', definition: byStatus })).statusCode).toBe(200);
    const outsider = await save(world.siteOne.token, {
      name: 'Mailed',
      mailTo: [world.admin.id],
      definition: byStatus,
    });
    expect([outsider.statusCode, outsider.errorCode]).toEqual([400, 'not_project_member']);
  });
});

describe('a definition outside the whitelist', () => {
  const refusal = async (def: Record<string, unknown>, lang: string) => {
    const res = await client(ctx.app, tokens[lang]).call(customReportRoutes.runDraft, {
      body: {
        definition: { ...byStatus, ...def },
      },
    });
    expect(res.statusCode).toBe(400);
    return res.json() as { errorCode: string; msg: string; data: { fields: Array<{ field: string }> } };
  };

  it('is refused with the field named, in both languages', async () => {
    const unknown = { columns: ['name', 'password'] };
    expect(await refusal(unknown, 'en-US')).toMatchObject({
      errorCode: 'custom_report_unknown_field',
      msg: 'The dataset has no field "password"',
      data: { fields: [{ field: 'definition.columns.1' }] },
    });
    expect((await refusal(unknown, 'zh-CN')).msg).toBe('数据集中没有字段“password”');

    const wrongOp = { filters: [{ field: 'status', op: 'contains', value: 'x' }] };
    expect((await refusal(wrongOp, 'en-US')).msg).toBe('This condition cannot be used on "Document status"');
    expect((await refusal(wrongOp, 'zh-CN')).msg).toBe('字段“文档状态”不能使用此条件');

    const wrongValue = { filters: [{ field: 'createdAt', op: 'after', value: 'yesterday' }] };
    expect(await refusal(wrongValue, 'en-US')).toMatchObject({
      errorCode: 'custom_report_bad_value',
      msg: 'The filter value of "Created" is not valid',
    });
    expect((await refusal({ filters: [{ field: 'status', op: 'eq', value: 42 }] }, 'zh-CN')).msg).toBe(
      '字段“文档状态”的筛选值无效',
    );
    expect((await refusal({ groupBy: 'name' }, 'en-US')).msg).toBe('Cannot group by "Name"');
    expect((await refusal({ measure: { fn: 'sum', field: 'name' } }, 'en-US')).errorCode).toBe(
      'custom_report_not_numeric',
    );
    expect((await refusal({ dataset: 'salaries' }, 'en-US')).msg).toBe('Dataset is invalid');
  });
});

describe('exports', () => {
  let id: number;
  beforeAll(async () => {
    id = (await save(world.aOnly.token, { name: 'Export me', definition: byStatus })).data.id;
  });
  const download = (format: 'pdf' | 'xlsx' | 'csv', lang = 'en-US') =>
    client(ctx.app, tokens[lang]).call(customReportRoutes.export, { params: { id }, query: { format } });

  it('writes the groups to Excel with the labels of the reader language', async () => {
    const res = await download('xlsx', 'zh-CN');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('xlsx');
    const sheet = (await loadWorkbook(res.rawPayload)).worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, '文档状态', '数量']);
    // A tie reads in the order of the statuses.
    expect([sheet.getCell('A2').value, sheet.getCell('B2').value]).toEqual(['编辑中', 2]);
    expect([sheet.getCell('A3').value, sheet.getCell('B3').value]).toEqual(['已归档', 2]);
    expect(sheet.rowCount).toBe(3);
  });

  it('writes CSV, and exports a definition not saved yet, rows and columns', async () => {
    expect((await download('csv')).body).toContain('Document status,Count');
    const res = await client(ctx.app, tokens['en-US']).call(customReportRoutes.exportDraft, {
      query: { format: 'csv' },
      body: {
        name: 'Draft',
        definition: definition({
          dataset: 'documents',
          columns: ['name', 'status'],
          sort: { field: 'name', dir: 'asc' },
        }),
      },
    });
    expect(res.statusCode).toBe(200);
    expect(
      res.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r?\n/),
    ).toEqual(['Name,Document status', 'A1,Archived', 'A2,Editing', 'A3,Archived', 'A4,Editing']);
  });

  it.skipIf(!popplerTools)('writes a PDF whose text reads back', async () => {
    const res = await download('pdf');
    expect(res.headers['content-type']).toContain('application/pdf');
    const text = await poppler('pdftotext', res.rawPayload);
    expect(text).toContain('Export me');
    expect(text).toMatch(/Archived\s+2/);
  });
});
