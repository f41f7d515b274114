import { TrailType } from '@edoc/contract/enums';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles } from '../../db/schema/projects.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import {
  createCompany,
  createCompanyAdmin,
  createProjectWorld,
  joinProject,
  type ProjectWorld,
  signIn,
} from '../../test/factories.ts';
import { trailOf } from '../../test/records.ts';
import { client } from '../../test/requests.ts';

let ctx: TestContext;
let world: ProjectWorld;
let adminB: string;

beforeAll(async () => {
  ctx = await createTestContext();
  world = await createProjectWorld(ctx, 'C-1');
  const companyB = await createCompany(ctx.db);
  adminB = await signIn(ctx, (await createCompanyAdmin(ctx.db, companyB.id)).email);
});
afterAll(() => ctx.close());

describe('company code dictionary', () => {
  it('keeps code types and codes with a trail of old and new values', async () => {
    const api = client(ctx.app, world.admin.token);
    const type = await api.post('/code/type/create', { code: 'DOC', name: '文档类型', nameEn: 'Document type' });
    expect(type.statusCode).toBe(200);
    const typeId = type.json().data.id as number;
    const code = await api.post('/code/create', {
      typeId,
      code: 'PRT',
      name: '方案',
      nameEn: 'Protocol',
      sortOrder: 2,
    });
    expect(code.statusCode).toBe(200);
    const codeId = code.json().data.id as number;
    // A second code: the count is of the type's codes (it once compared each code with itself, and read 1).
    const second = await api.post('/code/create', {
      typeId,
      code: 'ICF',
      name: '知情',
      nameEn: 'Consent',
      sortOrder: 3,
    });

    const types = (await api.get('/code/type/list')).json().data;
    expect(types).toMatchObject({ total: 1, data: [{ id: typeId, code: 'DOC', codeCount: 2, readOnly: false }] });
    await api.post(`/code/delete/${second.json().data.id as number}`);
    const codes = (await api.get(`/code/list?typeId=${typeId}`)).json().data;
    expect(codes.data).toEqual([
      expect.objectContaining({ id: codeId, typeCode: 'DOC', code: 'PRT', nameEn: 'Protocol', readOnly: false }),
    ]);
    expect((await api.get('/code/list?searchValue=protocol')).json().data.total).toBe(1);

    expect((await api.post(`/code/update/${codeId}`, { typeId, code: 'PROT', name: '方案' })).statusCode).toBe(200);
    const rows = await trailOf(ctx.db, 'code', codeId);
    expect(rows.map((r) => r.type)).toEqual([TrailType.Create, TrailType.Update]);
    expect(rows[1].oldValue).toMatchObject({ code: 'PRT', nameEn: 'Protocol' });
    expect(rows[1].newValue).toMatchObject({ code: 'PROT', nameEn: null });

    const inUse = await api.post(`/code/type/delete/${typeId}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json()).toMatchObject({
      errorCode: 'code_type_in_use',
      msg: 'The code type still has codes and cannot be deleted',
    });
    expect((await api.post(`/code/delete/${codeId}`)).statusCode).toBe(200);
    expect((await api.post(`/code/type/delete/${typeId}`)).statusCode).toBe(200);
    expect((await trailOf(ctx.db, 'codeType', typeId)).map((r) => r.type)).toEqual([
      TrailType.Create,
      TrailType.Delete,
    ]);
  });

  it('refuses a repeated code ignoring case, in its type, and bad input naming the field', async () => {
    const api = client(ctx.app, world.admin.token);
    const typeId = (await api.post('/code/type/create', { code: 'SITE', name: 'Site' })).json().data.id as number;
    const other = (await api.post('/code/type/create', { code: 'ROLE', name: 'Role' })).json().data.id as number;
    const dupType = await api.post('/code/type/create', { code: 'site', name: 'again' });
    expect(dupType.json()).toMatchObject({ errorCode: 'code_exists', msg: 'The code already exists' });
    await api.post('/code/create', { typeId, code: 'A1', name: 'One' });
    expect((await api.post('/code/create', { typeId, code: 'a1', name: 'Two' })).statusCode).toBe(409);
    expect((await api.post('/code/create', { typeId: other, code: 'a1', name: 'Other type' })).statusCode).toBe(200);
    expect((await api.post('/code/create', { typeId, code: 'has space', name: 'x' })).json().msg).toBe(
      'Code is invalid',
    );
    expect((await api.post('/code/create', { typeId, code: 'B', name: '' })).json().msg).toBe('Name is required');
    expect((await api.post('/code/create', { code: 'B', name: 'b' })).json().msg).toBe('Code type is required');
  });

  it('keeps another company out', async () => {
    const api = client(ctx.app, world.admin.token);
    const typeId = (await api.post('/code/type/create', { code: 'PRIV', name: 'Private' })).json().data.id as number;
    const codeId = (await api.post('/code/create', { typeId, code: 'P', name: 'p' })).json().data.id as number;
    const b = client(ctx.app, adminB);
    expect((await b.get('/code/type/list')).json().data.total).toBe(0);
    expect((await b.post(`/code/type/update/${typeId}`, { code: 'X', name: 'x' })).statusCode).toBe(404);
    expect((await b.post(`/code/delete/${codeId}`)).statusCode).toBe(404);
    expect((await b.post('/code/create', { typeId, code: 'Q', name: 'q' })).json().msg).toBe('Code type is invalid');
    expect((await client(ctx.app, world.pm.token).get('/code/type/list')).statusCode).toBe(403);
  });
});

describe('project code dictionary', () => {
  it('shows the company entries read-only beside the project own, which only the project administrator changes', async () => {
    const admin = client(ctx.app, world.admin.token);
    const typeId = (await admin.post('/code/type/create', { code: 'ZONE', name: 'Zone' })).json().data.id as number;
    const companyCode = (await admin.post('/code/create', { typeId, code: 'EU', name: 'Europe' })).json().data
      .id as number;

    const pm = client(ctx.app, world.pm.token);
    const own = await pm.post('/manage/code/create', { typeId, code: 'ASIA', name: 'Asia' });
    expect(own.statusCode).toBe(200);
    const ownId = own.json().data.id as number;
    const shadow = await pm.post('/manage/code/create', { typeId, code: 'eu', name: 'Europe again' });
    expect(shadow.json().errorCode).toBe('code_exists');
    const ownType = await pm.post('/manage/code/type/create', { code: 'LOCAL', name: 'Local' });
    expect(ownType.statusCode).toBe(200);
    expect((await pm.post('/manage/code/type/create', { code: 'zone', name: 'z' })).json().errorCode).toBe(
      'code_exists',
    );

    const staff = client(ctx.app, world.staff.token);
    const seen = (await staff.get(`/manage/code/list?typeId=${typeId}`)).json().data.data as Array<{
      code: string;
      readOnly: boolean;
    }>;
    expect(seen.map((c) => [c.code, c.readOnly])).toEqual([
      ['EU', true],
      ['ASIA', false],
    ]);
    const types = (await staff.get('/manage/code/type/list?pageSize=100')).json().data.data as Array<{
      code: string;
      readOnly: boolean;
    }>;
    expect(types.find((t) => t.code === 'LOCAL')?.readOnly).toBe(false);
    expect(types.find((t) => t.code === 'ZONE')?.readOnly).toBe(true);
    expect((await staff.post('/manage/code/create', { typeId, code: 'X', name: 'x' })).statusCode).toBe(403);

    const readOnly = await pm.post(`/manage/code/update/${companyCode}`, { typeId, code: 'EU', name: 'Changed' });
    expect(readOnly.json()).toMatchObject({ errorCode: 'cannot_modify' });
    expect((await pm.post(`/manage/code/type/delete/${typeId}`)).json().errorCode).toBe('cannot_modify');
    // A company type that a project's code uses is in use for the company too.
    expect((await admin.post(`/code/delete/${companyCode}`)).statusCode).toBe(200);
    expect((await admin.post(`/code/type/delete/${typeId}`)).json().errorCode).toBe('code_type_in_use');

    const [project] = await trailOf(ctx.db, 'code', ownId);
    expect(project).toMatchObject({ projectId: world.projectId, companyId: world.companyId });

    // Another project of the company sees the company's entries, not this project's.
    const second = (await admin.post('/project/create', { code: 'C-2', name: 'Second' })).json().data.studyId as number;
    const [staffRole] = await ctx.db
      .select()
      .from(roles)
      .where(and(eq(roles.projectId, second), eq(roles.code, 'STU_PM')));
    const pm2 = client(
      ctx.app,
      (await joinProject(ctx, { companyId: world.companyId, projectId: second }, staffRole.id)).token,
    );
    const codes2 = (await pm2.get(`/manage/code/list?typeId=${typeId}`)).json().data.data as Array<{ code: string }>;
    expect(codes2.map((c) => c.code)).toEqual([]);
    expect((await pm2.post(`/manage/code/delete/${ownId}`)).statusCode).toBe(404);
  });
});
