import { templateRoutes } from '@edoc/contract/template-routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { createProjectWorld, type ProjectWorld, signIn } from '../../test/factories.ts';
import { client } from '../../test/requests.ts';
import { rowsOf, uploadAs, xlsxOf } from '../../test/xlsx-fixtures.ts';

let ctx: TestContext;
let world: ProjectWorld;

beforeAll(async () => {
  ctx = await createTestContext();
  world = await createProjectWorld(ctx, 'TX-1');
});
afterAll(() => ctx.close());

const FOLDERS = [
  ['Level', 'Name', 'English name', 'ICH code'],
  [1, '启动', 'Start-up', '8.2'],
  [2, '方案', 'Protocol', ''],
  [1, '结束', 'Close-out'],
];
const GROUPS = [
  ['Name', 'Description'],
  ['CRA', 'Monitors'],
  ['DM', ''],
];
const BINDINGS = [
  ['Group', 'Folder path', 'Document rights', 'Library rights', 'Manage level'],
  ['CRA', '启动 > 方案', 'viewDoc, createDoc', 'viewDoc', 1],
];

const templateCount = async () =>
  ((await client(ctx.app, world.admin.token).call(templateRoutes.list)).data as unknown[]).length;

describe('template Excel import and export', () => {
  it('imports a type-4 workbook and exports it back the same', async () => {
    const file = await xlsxOf({ Folders: FOLDERS, Groups: GROUPS, Bindings: BINDINGS });
    const res = await uploadAs(ctx, world.admin.token, '/template/import?type=4&name=Imported', 'bound.xlsx', file);
    expect(res.statusCode).toBe(200);
    const id = res.json().data.id;
    const detail = (await client(ctx.app, world.admin.token).call(templateRoutes.detail, { params: { id } })).data;
    expect(detail).toMatchObject({
      type: 4,
      folders: [
        { name: '启动', nameEn: 'Start-up', ichCode: '8.2', children: [{ name: '方案', nameEn: 'Protocol' }] },
        { name: '结束', nameEn: 'Close-out' },
      ],
      groups: [{ name: 'CRA', description: 'Monitors' }, { name: 'DM' }],
      bindings: [
        {
          group: 'CRA',
          folderPath: ['启动', '方案'],
          docKeys: ['viewDoc', 'createDoc'],
          libraryKeys: ['viewDoc'],
          manageLevel: 1,
        },
      ],
    });

    const exported = await client(ctx.app, world.admin.token).call(templateRoutes.export, { params: { id } });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('spreadsheetml');
    const sheets = await rowsOf(exported.rawPayload);
    expect(Object.keys(sheets)).toEqual(['Folders', 'Groups', 'Bindings']);
    expect(sheets.Folders).toEqual([
      ['Level', 'Name', 'English name', 'ICH code'],
      [1, '启动', 'Start-up', '8.2'],
      [2, '方案', 'Protocol'],
      [1, '结束', 'Close-out'],
    ]);
    expect(sheets.Bindings[1]).toEqual(['CRA', '启动 > 方案', 'viewDoc, createDoc', 'viewDoc', 1]);

    // The exported workbook imports again as it is.
    const again = await uploadAs(
      ctx,
      world.admin.token,
      '/template/import?type=4&name=Imported%20again',
      'again.xlsx',
      exported.rawPayload,
    );
    expect(again.statusCode).toBe(200);
  });

  it('offers a sample workbook per type, in the session language', async () => {
    const en = await client(ctx.app, world.admin.token).call(templateRoutes.importSample, { query: { type: 3 } });
    expect(Object.keys(await rowsOf(en.rawPayload))).toEqual(['Folders', 'Groups']);
    const zh = await signIn(ctx, world.admin.email, undefined, 'zh-CN');
    const sample = await rowsOf(
      (await client(ctx.app, zh).call(templateRoutes.importSample, { query: { type: 1 } })).rawPayload,
    );
    expect(sample).toEqual({ 用户组: [['名称', '描述']] });
    // A Chinese sample imports in an English session: headers of either language are accepted.
    const filled = await xlsxOf({
      用户组: [
        ['名称', '描述'],
        ['监查员', ''],
      ],
    });
    const res = await uploadAs(ctx, world.admin.token, '/template/import?type=1&name=ZH', 'zh.xlsx', filled);
    expect(res.statusCode).toBe(200);
  });

  it('reports every wrong cell by row and column and imports nothing', async () => {
    const before = await templateCount();
    const file = await xlsxOf({
      Folders: [
        ['Level', 'Name', 'English name', 'ICH code'],
        [1, '启动'],
        [3, 'Too deep'], // a level jump
        [1, ''], // missing name
        [1, '启动'], // repeated sibling
        ['x', 'Bad level'],
      ],
      Groups: [['Name', 'Description'], ['CRA'], ['cra']],
      Bindings: [
        ['Group', 'Folder path', 'Document rights', 'Library rights', 'Manage level'],
        ['Ghost', '启动', 'viewDoc', '', 0],
        ['CRA', '启动', 'flyDoc', '', 9],
      ],
    });
    const res = await uploadAs(ctx, world.admin.token, '/template/import?type=4&name=Broken', 'broken.xlsx', file);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      errorCode: 'import_invalid',
      msg: 'The import file has errors; nothing was imported',
    });
    expect(res.json().data.errors).toEqual([
      { sheet: 'Folders', row: 3, column: 'Level', message: 'Level is invalid' },
      { sheet: 'Folders', row: 4, column: 'Name', message: 'Name is required' },
      { sheet: 'Folders', row: 5, column: 'Name', message: 'Folder name already exists' },
      { sheet: 'Folders', row: 6, column: 'Level', message: 'Level is invalid' },
      { sheet: 'Groups', row: 3, column: 'Name', message: 'User group name already exists' },
      { sheet: 'Bindings', row: 2, column: 'Group', message: 'Group is invalid' },
      { sheet: 'Bindings', row: 3, column: 'Document rights', message: 'Document rights is invalid' },
      { sheet: 'Bindings', row: 3, column: 'Manage level', message: 'Manage level is invalid' },
    ]);
    expect(await templateCount()).toBe(before);
  });

  it('names a missing column or sheet, in Chinese for a Chinese session', async () => {
    const zh = await signIn(ctx, world.admin.email, undefined, 'zh-CN');
    const noColumn = await xlsxOf({ 用户组: [['描述'], ['x']] });
    const res = await uploadAs(ctx, zh, '/template/import?type=1&name=NoCol', 'x.xlsx', noColumn);
    expect(res.json().data.errors).toEqual([{ sheet: '用户组', row: 1, column: '名称', message: '请输入名称' }]);
    const noSheet = await xlsxOf({ Other: [['Name']], More: [['x']] });
    const res2 = await uploadAs(ctx, world.admin.token, '/template/import?type=3&name=NoSheet', 'x.xlsx', noSheet);
    expect(res2.json().data.errors).toEqual([
      { sheet: 'Folders', row: 1, column: '', message: 'Folders is required' },
      { sheet: 'Groups', row: 1, column: '', message: 'Groups is required' },
    ]);
    const empty = await xlsxOf({ Groups: [['Name', 'Description']] });
    const res3 = await uploadAs(ctx, world.admin.token, '/template/import?type=1&name=Empty', 'x.xlsx', empty);
    expect(res3.json().data.errors).toEqual([{ sheet: 'Groups', row: 2, column: 'Name', message: 'Name is required' }]);
  });

  it('refuses a file that is not an Excel workbook', async () => {
    const before = await templateCount();
    const text = await uploadAs(ctx, world.admin.token, '/template/import?type=1&name=T', 'a.xlsx', Buffer.from('a,b'));
    expect(text.json()).toMatchObject({ errorCode: 'import_not_excel', msg: 'Upload an Excel file (.xlsx)' });
    const csvName = await xlsxOf({ Groups: GROUPS });
    const csv = await uploadAs(ctx, world.admin.token, '/template/import?type=1&name=T', 'groups.csv', csvName);
    expect(csv.statusCode).toBe(400);
    expect(csv.json().errorCode).toBe('import_not_excel');
    const zip = Buffer.from('504b0304000000000000', 'hex');
    expect(
      (await uploadAs(ctx, world.admin.token, '/template/import?type=1&name=T', 'z.xlsx', zip)).json().errorCode,
    ).toBe('import_not_excel');
    expect(await templateCount()).toBe(before);
    const noName = await uploadAs(ctx, world.admin.token, '/template/import?type=1', 'a.xlsx', csvName);
    expect(noName.json().msg).toBe('Name is required');
  });
});
