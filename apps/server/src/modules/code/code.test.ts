import { projectRoutes } from '@edoc/contract/project-routes';
import { codeRoutes } from '@edoc/contract/code-routes';
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
    const type = await api.call(codeRoutes.company.typeCreate, {
      body: { code: 'DOC', name: '文档类型', nameEn: 'Document type' },
    });
    expect(type.statusCode).toBe(200);
    const typeId = type.data.id;
    const code = await api.call(codeRoutes.company.create, {
      body: {
        typeId,
        code: 'PRT',
        name: '方案',
        nameEn: 'Protocol',
        sortOrder: 2,
      },
    });
    expect(code.statusCode).toBe(200);
    const codeId = code.data.id;
    // A second code: the count is of the type's codes (it once compared each code with itself, and read 1).
    const second = await api.call(codeRoutes.company.create, {
      body: {
        typeId,
        code: 'ICF',
        name: '知情',
        nameEn: 'Consent',
        sortOrder: 3,
      },
    });

    const types = (await api.call(codeRoutes.company.typeList)).data;
    expect(types).toMatchObject({ total: 1, data: [{ id: typeId, code: 'DOC', codeCount: 2, readOnly: false }] });
    await api.call(codeRoutes.company.delete, { params: { id: second.data.id } });
    const codes = (await api.call(codeRoutes.company.list, { query: { typeId } })).data;
    expect(codes.data).toEqual([
      expect.objectContaining({ id: codeId, typeCode: 'DOC', code: 'PRT', nameEn: 'Protocol', readOnly: false }),
    ]);
    expect((await api.call(codeRoutes.company.list, { query: { searchValue: 'protocol' } })).data.total).toBe(1);

    expect(
      (
        await api.call(codeRoutes.company.update, {
          params: { id: codeId },
          body: { typeId, code: 'PROT', name: '方案' },
        })
      ).statusCode,
    ).toBe(200);
    const rows = await trailOf(ctx.db, 'code', codeId);
    expect(rows.map((r) => r.type)).toEqual([TrailType.Create, TrailType.Update]);
    expect(rows[1].oldValue).toMatchObject({ code: 'PRT', nameEn: 'Protocol' });
    expect(rows[1].newValue).toMatchObject({ code: 'PROT', nameEn: null });

    const inUse = await api.call(codeRoutes.company.typeDelete, { params: { id: typeId } });
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json()).toMatchObject({
      errorCode: 'code_type_in_use',
      msg: 'The code type still has codes and cannot be deleted',
    });
    expect((await api.call(codeRoutes.company.delete, { params: { id: codeId } })).statusCode).toBe(200);
    expect((await api.call(codeRoutes.company.typeDelete, { params: { id: typeId } })).statusCode).toBe(200);
    expect((await trailOf(ctx.db, 'codeType', typeId)).map((r) => r.type)).toEqual([
      TrailType.Create,
      TrailType.Delete,
    ]);
  });

  it('refuses a repeated code ignoring case, in its type, and bad input naming the field', async () => {
    const api = client(ctx.app, world.admin.token);
    const typeId = (await api.call(codeRoutes.company.typeCreate, { body: { code: 'SITE', name: 'Site' } })).data.id;
    const other = (await api.call(codeRoutes.company.typeCreate, { body: { code: 'ROLE', name: 'Role' } })).data.id;
    const dupType = await api.call(codeRoutes.company.typeCreate, { body: { code: 'site', name: 'again' } });
    expect(dupType.json()).toMatchObject({ errorCode: 'code_exists', msg: 'The code already exists' });
    await api.call(codeRoutes.company.create, { body: { typeId, code: 'A1', name: 'One' } });
    expect((await api.call(codeRoutes.company.create, { body: { typeId, code: 'a1', name: 'Two' } })).statusCode).toBe(
      409,
    );
    expect(
      (await api.call(codeRoutes.company.create, { body: { typeId: other, code: 'a1', name: 'Other type' } }))
        .statusCode,
    ).toBe(200);
    expect((await api.call(codeRoutes.company.create, { body: { typeId, code: 'has space', name: 'x' } })).msg).toBe(
      'Code is invalid',
    );
    expect((await api.call(codeRoutes.company.create, { body: { typeId, code: 'B', name: '' } })).msg).toBe(
      'Name is required',
    );
    expect((await api.post('/code/create', { code: 'B', name: 'b' })).json().msg).toBe('Code type is required');
  });

  it('keeps another company out', async () => {
    const api = client(ctx.app, world.admin.token);
    const typeId = (await api.call(codeRoutes.company.typeCreate, { body: { code: 'PRIV', name: 'Private' } })).data.id;
    const codeId = (await api.call(codeRoutes.company.create, { body: { typeId, code: 'P', name: 'p' } })).data.id;
    const b = client(ctx.app, adminB);
    expect((await b.call(codeRoutes.company.typeList)).data.total).toBe(0);
    expect(
      (await b.call(codeRoutes.company.typeUpdate, { params: { id: typeId }, body: { code: 'X', name: 'x' } }))
        .statusCode,
    ).toBe(404);
    expect((await b.call(codeRoutes.company.delete, { params: { id: codeId } })).statusCode).toBe(404);
    expect((await b.call(codeRoutes.company.create, { body: { typeId, code: 'Q', name: 'q' } })).msg).toBe(
      'Code type is invalid',
    );
    expect((await client(ctx.app, world.pm.token).call(codeRoutes.company.typeList)).statusCode).toBe(403);
  });
});

describe('project code dictionary', () => {
  it('shows the company entries read-only beside the project own, which only the project administrator changes', async () => {
    const admin = client(ctx.app, world.admin.token);
    const typeId = (await admin.call(codeRoutes.company.typeCreate, { body: { code: 'ZONE', name: 'Zone' } })).data.id;
    const companyCode = (await admin.call(codeRoutes.company.create, { body: { typeId, code: 'EU', name: 'Europe' } }))
      .data.id;

    const pm = client(ctx.app, world.pm.token);
    const own = await pm.call(codeRoutes.project.create, { body: { typeId, code: 'ASIA', name: 'Asia' } });
    expect(own.statusCode).toBe(200);
    const ownId = own.data.id;
    const shadow = await pm.call(codeRoutes.project.create, { body: { typeId, code: 'eu', name: 'Europe again' } });
    expect(shadow.errorCode).toBe('code_exists');
    const ownType = await pm.call(codeRoutes.project.typeCreate, { body: { code: 'LOCAL', name: 'Local' } });
    expect(ownType.statusCode).toBe(200);
    expect((await pm.call(codeRoutes.project.typeCreate, { body: { code: 'zone', name: 'z' } })).errorCode).toBe(
      'code_exists',
    );

    const staff = client(ctx.app, world.staff.token);
    const seen = (await staff.call(codeRoutes.project.list, { query: { typeId } })).data.data as Array<{
      code: string;
      readOnly: boolean;
    }>;
    expect(seen.map((c) => [c.code, c.readOnly])).toEqual([
      ['EU', true],
      ['ASIA', false],
    ]);
    const types = (await staff.call(codeRoutes.project.typeList, { query: { pageSize: 100 } })).data.data as Array<{
      code: string;
      readOnly: boolean;
    }>;
    expect(types.find((t) => t.code === 'LOCAL')?.readOnly).toBe(false);
    expect(types.find((t) => t.code === 'ZONE')?.readOnly).toBe(true);
    expect((await staff.call(codeRoutes.project.create, { body: { typeId, code: 'X', name: 'x' } })).statusCode).toBe(
      403,
    );

    const readOnly = await pm.call(codeRoutes.project.update, {
      params: { id: companyCode },
      body: { typeId, code: 'EU', name: 'Changed' },
    });
    expect(readOnly.json()).toMatchObject({ errorCode: 'cannot_modify' });
    expect((await pm.call(codeRoutes.project.typeDelete, { params: { id: typeId } })).errorCode).toBe('cannot_modify');
    // A company type that a project's code uses is in use for the company too.
    expect((await admin.call(codeRoutes.company.delete, { params: { id: companyCode } })).statusCode).toBe(200);
    expect((await admin.call(codeRoutes.company.typeDelete, { params: { id: typeId } })).errorCode).toBe(
      'code_type_in_use',
    );

    const [project] = await trailOf(ctx.db, 'code', ownId);
    expect(project).toMatchObject({ projectId: world.projectId, companyId: world.companyId });

    // Another project of the company sees the company's entries, not this project's.
    const second = (await admin.call(projectRoutes.create, { body: { code: 'C-2', name: 'Second' } })).data.studyId;
    const [staffRole] = await ctx.db
      .select()
      .from(roles)
      .where(and(eq(roles.projectId, second), eq(roles.code, 'STU_PM')));
    const pm2 = client(
      ctx.app,
      (await joinProject(ctx, { companyId: world.companyId, projectId: second }, staffRole.id)).token,
    );
    const codes2 = (await pm2.call(codeRoutes.project.list, { query: { typeId } })).data.data as Array<{
      code: string;
    }>;
    expect(codes2.map((c) => c.code)).toEqual([]);
    expect((await pm2.call(codeRoutes.project.delete, { params: { id: ownId } })).statusCode).toBe(404);
  });
});
