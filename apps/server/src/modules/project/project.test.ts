import { projectEntryRoutes, projectRoutes } from '@edoc/contract/project-routes';
import { TrailType } from '@edoc/contract/enums';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies } from '../../db/schema/companies.ts';
import { folders, members, roles } from '../../db/schema/projects.ts';
import { sessions } from '../../db/schema/sessions.ts';
import { trail } from '../../db/schema/trail.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { createCompanyAdmin, createProjectUser, createUser, signIn } from '../../test/factories.ts';
import { client } from '../../test/requests.ts';

let ctx: TestContext;
let companyA: number;
let companyB: number;
let adminA: string;
let adminB: string;
let sysadmin: string;

const body = (over: Record<string, unknown> = {}) => ({
  code: 'P-001',
  name: 'Oncology study',
  phase: 'III',
  idleMinutes: 20,
  ...over,
});

beforeAll(async () => {
  ctx = await createTestContext();
  [{ id: companyA }, { id: companyB }] = await ctx.db
    .insert(companies)
    .values([{ name: 'Pharma A' }, { name: 'Pharma B' }])
    .returning();
  adminA = await signIn(ctx, (await createCompanyAdmin(ctx.db, companyA)).email);
  adminB = await signIn(ctx, (await createCompanyAdmin(ctx.db, companyB)).email);
  sysadmin = await signIn(ctx, (await createUser(ctx.db)).email);
});
afterAll(() => ctx.close());

describe('company administrator projects', () => {
  it('creates a project with built-in roles and the ICH template, trailed', async () => {
    const templates = (await client(ctx.app, adminA).call(projectRoutes.directoryTemplates)).data as Array<{
      id: number;
      name: string;
      folderCount: number;
      shipped: boolean;
    }>;
    const ich = templates.find((t) => t.name.includes('ICH'))!;
    expect(ich).toMatchObject({ shipped: true, folderCount: 3 + 20 + 25 + 8 });
    const res = await client(ctx.app, adminA).call(projectRoutes.create, {
      body: body({ directoryTemplateId: ich.id, allowedFileTypes: ['PDF', 'docx', 'pdf'] }),
    });
    expect(res.statusCode).toBe(200);
    const id = res.data.studyId;
    const tree = await ctx.db.select().from(folders).where(eq(folders.projectId, id));
    expect(tree).toHaveLength(56);
    expect(tree.find((f) => f.ichCode === '8.2.1')).toMatchObject({
      name: '研究者手册',
      nameEn: "Investigator's brochure",
    });
    const parent = tree.find((f) => f.ichCode === '8.3')!;
    expect(tree.filter((f) => f.parentId === parent.id)).toHaveLength(25);
    expect((await ctx.db.select().from(roles).where(eq(roles.projectId, id))).map((r) => r.code).sort()).toEqual([
      'STU_PM',
      'STU_STAFF',
    ]);
    const item = (await client(ctx.app, adminA).call(projectRoutes.detail, { params: { id } })).data;
    expect(item).toMatchObject({
      code: 'P-001',
      idleMinutes: 20,
      allowedFileTypes: ['pdf', 'docx'],
      companyName: 'Pharma A',
      closed: false,
    });
    const rows = await ctx.db
      .select()
      .from(trail)
      .where(and(eq(trail.objectType, 'project'), eq(trail.objectId, String(id))));
    expect(rows[0]).toMatchObject({ type: TrailType.SettingsChange, projectId: id });
  });

  it('refuses a repeated code in the company (any case), allows it in another company', async () => {
    const dup = await client(ctx.app, adminA).call(projectRoutes.create, {
      body: body({ code: 'p-001', name: 'Other' }),
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.msg).toBe('Project code repeated');
    expect((await client(ctx.app, adminB).call(projectRoutes.create, { body: body() })).statusCode).toBe(200);
  });

  it('names bad fields', async () => {
    const res = await client(ctx.app, adminA).call(projectRoutes.create, { body: { code: '', name: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.fields.map((f: { field: string }) => f.field)).toContain('code');
    const bad = await client(ctx.app, adminA).call(projectRoutes.create, {
      body: body({ code: 'P-9', idleMinutes: 0, endDate: '2026-02-30' }),
    });
    expect(bad.statusCode).toBe(400);
  });

  it('lists, searches, edits, closes and reopens', async () => {
    await client(ctx.app, adminA).call(projectRoutes.create, { body: body({ code: 'CARD-2', name: 'Cardiology' }) });
    const found = (await client(ctx.app, adminA).call(projectRoutes.list, { query: { searchValue: 'cardio' } })).data;
    expect(found.total).toBe(1);
    const id = found.data[0].studyId;
    expect(
      (
        await client(ctx.app, adminA).call(projectRoutes.update, {
          params: { id },
          body: body({ code: 'CARD-2', name: 'Cardiology II' }),
        })
      ).statusCode,
    ).toBe(200);
    expect((await client(ctx.app, adminA).call(projectRoutes.detail, { params: { id } })).data.name).toBe(
      'Cardiology II',
    );
    expect((await client(ctx.app, adminA).call(projectRoutes.close, { params: { id } })).statusCode).toBe(200);
    expect((await client(ctx.app, adminA).call(projectRoutes.close, { params: { id } })).statusCode).toBe(409);
    expect((await client(ctx.app, adminA).call(projectRoutes.reopen, { params: { id } })).statusCode).toBe(200);
  });

  it("never shows or changes another company's project", async () => {
    const id = (await client(ctx.app, adminA).call(projectRoutes.list)).data.data[0].studyId;
    expect((await client(ctx.app, adminB).call(projectRoutes.detail, { params: { id } })).statusCode).toBe(404);
    expect(
      (await client(ctx.app, adminB).call(projectRoutes.update, { params: { id }, body: body({ code: 'X' }) }))
        .statusCode,
    ).toBe(404);
    expect((await client(ctx.app, adminB).call(projectRoutes.close, { params: { id } })).statusCode).toBe(404);
    expect(
      (await client(ctx.app, adminB).call(projectRoutes.detail, { params: { id }, query: { companyId: companyA } }))
        .statusCode,
    ).toBe(403);
    expect(
      (await client(ctx.app, adminB).call(projectRoutes.list))
        .json()
        .data.data.every((p: { companyId: number }) => p.companyId === companyB),
    ).toBe(true);
  });

  it('the system administrator names the company; others get 403', async () => {
    expect((await client(ctx.app, sysadmin).call(projectRoutes.list)).statusCode).toBe(400);
    expect(
      (await client(ctx.app, sysadmin).call(projectRoutes.list, { query: { companyId: companyA } })).data.total,
    ).toBeGreaterThan(0);
    const staff = await signIn(ctx, (await createProjectUser(ctx.db, companyA)).email);
    expect((await client(ctx.app, staff).call(projectRoutes.list)).statusCode).toBe(403);
    expect((await client(ctx.app, staff).call(projectRoutes.create, { body: body({ code: 'NOPE' }) })).statusCode).toBe(
      403,
    );
  });
});

describe('project picker', () => {
  it('lists what the user may enter, marks favourites first, and entering applies the project idle time', async () => {
    const a1 = (
      await client(ctx.app, adminA).call(projectRoutes.create, {
        body: body({ code: 'PICK-1', name: 'Alpha', idleMinutes: 7 }),
      })
    ).data.studyId;
    const a2 = (
      await client(ctx.app, adminA).call(projectRoutes.create, { body: body({ code: 'PICK-2', name: 'Beta' }) })
    ).json().data.studyId;
    const user = await createProjectUser(ctx.db, companyA);
    const [staffRole] = await ctx.db
      .select()
      .from(roles)
      .where(and(eq(roles.projectId, a2), eq(roles.code, 'STU_STAFF')));
    await ctx.db.insert(members).values({ projectId: a2, userId: user.id, roleId: staffRole.id });
    const token = await signIn(ctx, user.email);
    const list = (await client(ctx.app, token).call(projectEntryRoutes.list)).data;
    expect(list.data.map((s: { study_id: number }) => s.study_id)).toEqual([a2]);
    expect((await client(ctx.app, token).call(projectEntryRoutes.enter, { body: { studyId: a1 } })).statusCode).toBe(
      404,
    );
    const entry = await client(ctx.app, token).post('/common/study/entry', `studyId=${a2}`);
    expect(entry.statusCode).toBe(415); // a body without a content type the API reads is refused, not guessed
    const form = await client(ctx.app, token).post('/common/study/entry', `studyId=${a2}`, {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(form.json().data).toMatchObject({
      roleCode: 'STU_STAFF',
      studyId: a2,
      authorities: expect.arrayContaining(['viewDoc']),
    });
    const [s] = await ctx.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(s).toMatchObject({ projectId: a2, roleCode: 'STU_STAFF', idleMinutes: 20 });

    // the company administrator sees every project of the company, favourites first
    expect((await client(ctx.app, adminA).call(projectEntryRoutes.mark, { params: { id: a2 } })).data).toEqual({
      mark: true,
    });
    const adminList = (await client(ctx.app, adminA).call(projectEntryRoutes.list, { query: { pageSize: 1000 } })).data
      .data as Array<{
      study_id: number;
      mark: boolean;
    }>;
    expect(adminList[0]).toMatchObject({ study_id: a2, mark: true });
    expect(adminList.map((x) => x.study_id)).toContain(a1);
    expect((await client(ctx.app, adminA).call(projectEntryRoutes.mark, { params: { id: a2 } })).data).toEqual({
      mark: false,
    });
    expect((await client(ctx.app, adminB).call(projectEntryRoutes.mark, { params: { id: a1 } })).statusCode).toBe(404);
    const entered = (await client(ctx.app, adminA).call(projectEntryRoutes.enter, { body: { studyId: a1 } })).data;
    expect(entered).toMatchObject({ roleCode: 'COMPANY_ADMIN', idleTime: 7 });
  });

  it('refuses an expired project, offers a closed one to read (issue 11)', async () => {
    const id = (
      await client(ctx.app, adminA).call(projectRoutes.create, { body: body({ code: 'OLD-1', endDate: '2020-01-01' }) })
    ).data.studyId;
    const res = await client(ctx.app, adminA).call(projectEntryRoutes.enter, { body: { studyId: id } });
    expect(res.statusCode).toBe(403);
    expect(res.msg).toBe('Project expired, contact the administrator or switch projects');
    const closed = (await client(ctx.app, adminA).call(projectRoutes.create, { body: body({ code: 'SHUT-1' }) })).data
      .studyId;
    await client(ctx.app, adminA).call(projectRoutes.close, { params: { id: closed } });
    const list = (await client(ctx.app, adminA).call(projectEntryRoutes.list, { query: { pageSize: 1000 } })).data.data;
    expect(list.find((p: { study_id: number }) => p.study_id === closed)).toMatchObject({ closed: true });
    const entered = await client(ctx.app, adminA).call(projectEntryRoutes.enter, { body: { studyId: closed } });
    expect(entered.data).toMatchObject({ closed: true });
  });

  it('offers company management only to company administrators', async () => {
    expect((await client(ctx.app, adminA).call(projectEntryRoutes.companies)).data).toEqual([
      { company_id: companyA, company_name: 'Pharma A' },
    ]);
    const staff = await signIn(ctx, (await createProjectUser(ctx.db, companyA)).email);
    expect((await client(ctx.app, staff).call(projectEntryRoutes.companies)).data).toEqual([]);
    expect(
      (await client(ctx.app, staff).call(projectEntryRoutes.enterCompany, { body: { companyId: companyA } }))
        .statusCode,
    ).toBe(403);
    expect(
      (await client(ctx.app, adminB).call(projectEntryRoutes.enterCompany, { body: { companyId: companyA } }))
        .statusCode,
    ).toBe(403);
    expect(
      (await client(ctx.app, adminA).call(projectEntryRoutes.enterCompany, { body: { companyId: companyA } })).data,
    ).toMatchObject({
      roleCode: 'COMPANY_ADMIN',
    });
  });
});
