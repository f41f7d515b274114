import { codeRoutes } from '@edoc/contract/code-routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { createProjectWorld, type ProjectWorld, signIn } from '../../test/factories.ts';
import { client } from '../../test/requests.ts';
import { rowsOf, uploadAs, xlsxOf } from '../../test/xlsx-fixtures.ts';

let ctx: TestContext;
let world: ProjectWorld;

beforeAll(async () => {
  ctx = await createTestContext();
  world = await createProjectWorld(ctx, 'CX-1');
  const api = client(ctx.app, world.admin.token);
  const typeId = (await api.call(codeRoutes.company.typeCreate, { body: { code: 'DOC', name: '文档' } })).data.id;
  await api.call(codeRoutes.company.create, { body: { typeId, code: 'EXISTING', name: 'Existing' } });
});
afterAll(() => ctx.close());

const HEAD = ['Code type', 'Code', 'Name', 'English name', 'Description', 'Order', 'Enabled'];
const total = async (path: string, token = world.admin.token) =>
  (await client(ctx.app, token).get(`${path}?pageSize=1000`)).json().data.total;

describe('code Excel import and export', () => {
  it('imports code types and codes from good files and exports them', async () => {
    const types = await xlsxOf({
      'Code types': [
        ['Code', 'Name', 'English name', 'Description', 'Enabled'],
        ['SITE', '中心', 'Site', '', 'N'],
      ],
    });
    const t = await uploadAs(ctx, world.admin.token, '/code/type/import', 'types.xlsx', types);
    expect(t.json()).toMatchObject({ status: true, data: { imported: 1 } });
    const codes = await xlsxOf({
      Codes: [HEAD, ['DOC', 'PRT', '方案', 'Protocol', '', 3, 'Y'], ['site', 'S01', '北京', '', '', '', '']],
    });
    const c = await uploadAs(ctx, world.admin.token, '/code/import', 'codes.xlsx', codes);
    expect(c.json()).toMatchObject({ status: true, data: { imported: 2 } });
    const list = (
      await client(ctx.app, world.admin.token).call(codeRoutes.company.list, { query: { searchValue: 'S01' } })
    ).data.data;
    expect(list).toEqual([expect.objectContaining({ typeCode: 'SITE', code: 'S01', sortOrder: 0, enabled: true })]);

    const exported = await client(ctx.app, world.admin.token).call(codeRoutes.company.export);
    const sheet = (await rowsOf(exported.rawPayload)).Codes;
    expect(sheet[0]).toEqual(HEAD);
    expect(sheet).toContainEqual(['DOC', 'PRT', '方案', 'Protocol', undefined, 3, 'Y']);
    const typeSheet = (
      await rowsOf((await client(ctx.app, world.admin.token).call(codeRoutes.company.typeExport)).rawPayload)
    )['Code types'];
    expect(typeSheet).toContainEqual(['SITE', '中心', 'Site', undefined, 'N']);
  });

  it('reports wrong values, missing cells, repeats in the file and codes that exist, and imports nothing', async () => {
    const before = await total('/code/list');
    const file = await xlsxOf({
      Codes: [
        HEAD,
        ['NOPE', 'A', 'a'], // unknown type
        ['DOC', 'B', ''], // missing name
        ['DOC', 'C', 'c', '', '', 'first', 'maybe'], // bad order and flag
        ['DOC', 'D', 'd'],
        ['doc', 'd', 'again'], // repeat within the file
        ['DOC', 'existing', 'x'], // already in the company
        ['DOC', 'OK', 'fine'],
      ],
    });
    const res = await uploadAs(ctx, world.admin.token, '/code/import', 'bad.xlsx', file);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      errorCode: 'import_invalid',
      msg: 'The import file has errors; nothing was imported',
    });
    expect(res.json().data.errors).toEqual([
      { row: 2, column: 'Code type', message: 'Code type is invalid' },
      { row: 3, column: 'Name', message: 'Name is required' },
      { row: 4, column: 'Order', message: 'Order is invalid' },
      { row: 4, column: 'Enabled', message: 'Enabled is invalid' },
      { row: 6, column: 'Code', message: 'The code already exists' },
      { row: 7, column: 'Code', message: 'The code already exists' },
    ]);
    expect(await total('/code/list')).toBe(before);
  });

  it('reports a repeated code type in Chinese for a Chinese session', async () => {
    const zh = await signIn(ctx, world.admin.email, undefined, 'zh-CN');
    const file = await xlsxOf({
      编码类型: [
        ['编码', '名称', '英文名称', '描述', '启用'],
        ['NEW', '新'],
        ['new', '新2'],
        ['doc', '重复'],
      ],
    });
    const res = await uploadAs(ctx, zh, '/code/type/import', 'zh.xlsx', file);
    expect(res.json().msg).toBe('导入文件有误，未导入任何数据');
    expect(res.json().data.errors).toEqual([
      { row: 3, column: '编码', message: '编码已存在' },
      { row: 4, column: '编码', message: '编码已存在' },
    ]);
  });

  it('refuses files that are not workbooks, and staff importing into the project', async () => {
    const res = await uploadAs(ctx, world.admin.token, '/code/import', 'codes.xlsx', Buffer.from('code,name\nA,a'));
    expect(res.json()).toMatchObject({ errorCode: 'import_not_excel', msg: 'Upload an Excel file (.xlsx)' });
    const file = await xlsxOf({ Codes: [HEAD, ['DOC', 'P1', 'p']] });
    expect((await uploadAs(ctx, world.staff.token, '/manage/code/import', 'c.xlsx', file)).statusCode).toBe(403);
    const pm = await uploadAs(ctx, world.pm.token, '/manage/code/import', 'c.xlsx', file);
    expect(pm.json()).toMatchObject({ status: true, data: { imported: 1 } });
    const mine = (
      await client(ctx.app, world.staff.token).call(codeRoutes.project.list, { query: { searchValue: 'P1' } })
    ).data.data;
    expect(mine).toEqual([expect.objectContaining({ code: 'P1', readOnly: false })]);
    expect(
      (await client(ctx.app, world.admin.token).call(codeRoutes.company.list, { query: { searchValue: 'P1' } })).data
        .total,
    ).toBe(0);
  });
});
