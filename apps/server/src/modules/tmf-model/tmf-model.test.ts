import { TrailType, UserType } from '@edoc/contract/enums';
import type { tmfModelBody } from '@edoc/contract/tmf-model';
import { tmfModelRoutes as r } from '@edoc/contract/tmf-model-routes';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { projects } from '../../db/schema/projects.ts';
import { tmfModels } from '../../db/schema/tmf-models.ts';
import { trail } from '../../db/schema/trail.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import {
  createCompany,
  createCompanyAdmin,
  createProjectWorld,
  createUser,
  signIn,
  type ProjectWorld,
} from '../../test/factories.ts';
import { client } from '../../test/requests.ts';
import { ICH_TMF_MODEL_NAME } from './tmf-model-shipped.ts';

let ctx: TestContext;
let world: ProjectWorld;
let adminB: string;
let adminZh: string;

beforeAll(async () => {
  ctx = await createTestContext();
  world = await createProjectWorld(ctx, 'TMF-1');
  const companyB = await createCompany(ctx.db);
  adminB = await signIn(ctx, (await createCompanyAdmin(ctx.db, companyB.id)).email);
  adminZh = await signIn(ctx, world.admin.email, undefined, 'zh-CN');
});
afterAll(() => ctx.close());

const admin = () => client(ctx.app, world.admin.token);

/** Two artifacts of the published Reference Model's first section, and a zone of this test's own. */
/** A request's body as the caller writes it (the schema's defaults may be left out). */
type TmfModelBody = z.input<typeof tmfModelBody>;

const model = (name: string): TmfModelBody => ({
  name,
  source: 'Test',
  zones: [
    {
      number: '01',
      nameEn: 'Trial Management',
      nameZh: '试验管理',
      sections: [
        {
          number: '01.01',
          nameEn: 'Trial Oversight',
          artifacts: [
            {
              number: '01.01.01',
              nameEn: 'Trial Master File Plan',
              nameZh: 'TMF计划',
              subArtifacts: ['TMF Index'],
              levels: ['site', 'trial'],
              core: true,
              dateLabel: 'Approval date',
              review: true,
              qc: false,
              approval: true,
            },
            {
              number: '01.01.02',
              nameEn: 'Trial Management Plan',
              subArtifacts: [],
              levels: ['trial'],
              core: false,
              review: false,
              qc: false,
              approval: false,
            },
          ],
        },
      ],
    },
  ],
});

const create = async (body: TmfModelBody) => (await admin().call(r.create, { body })).data.id;

const trailOf = (id: number) =>
  ctx.db
    .select()
    .from(trail)
    .where(and(eq(trail.objectType, 'tmf_model'), eq(trail.objectId, String(id))))
    .orderBy(asc(trail.id));

describe('TMF models', () => {
  it('ships the ICH E6(R2) model, published, read by a company and changed by none', async () => {
    const list = (await admin().call(r.list)).data;
    const ich = list.find((m) => m.shipped)!;
    expect(ich).toMatchObject({
      name: ICH_TMF_MODEL_NAME,
      version: 1,
      state: 'published',
      zoneCount: 1,
      sectionCount: 3,
      artifactCount: 53,
      projectCount: 0,
    });
    const detail = (await admin().call(r.detail, { params: { id: ich.id } })).data;
    expect(detail.zones.map((z) => z.number)).toEqual(['8']);
    expect(detail.zones[0].sections.map((s) => s.number)).toEqual(['8.2', '8.3', '8.4']);
    const artifacts = new Map(detail.zones[0].sections.flatMap((s) => s.artifacts).map((a) => [a.number, a]));
    expect(artifacts.get('8.2.1')).toMatchObject({
      nameEn: "Investigator's brochure",
      nameZh: '研究者手册',
      levels: ['trial', 'site'],
      core: true,
      ichRef: '8.2.1',
      review: false,
    });
    expect(artifacts.get('8.2.13')?.levels).toEqual(['trial']);
    expect(artifacts.get('8.3.12')?.levels).toEqual(['site']);
    expect(artifacts.get('8.4.8')?.levels).toEqual(['trial', 'site']);

    for (const call of [
      admin().call(r.update, { params: { id: ich.id }, body: model('Mine') }),
      admin().call(r.publish, { params: { id: ich.id } }),
      admin().call(r.delete, { params: { id: ich.id } }),
    ]) {
      const res = await call;
      expect([res.statusCode, res.errorCode]).toEqual([409, 'cannot_modify']);
    }
  });

  it('creates, lists, reads and updates a draft, each change in the trail', async () => {
    const id = await create(model('Company model'));
    const detail = (await admin().call(r.detail, { params: { id } })).data;
    expect(detail).toMatchObject({ name: 'Company model', version: 1, state: 'draft', shipped: false, source: 'Test' });
    expect(detail.zones[0]).toMatchObject({ number: '01', nameZh: '试验管理' });
    expect(detail.zones[0].sections[0]).toMatchObject({ number: '01.01', nameZh: null });
    expect(detail.zones[0].sections[0].artifacts[0]).toMatchObject({
      number: '01.01.01',
      subArtifacts: ['TMF Index'],
      levels: ['trial', 'site'],
      review: true,
      approval: true,
      dateLabel: 'Approval date',
    });
    const item = (await admin().call(r.list)).data.find((m) => m.id === id);
    expect(item).toMatchObject({ zoneCount: 1, sectionCount: 1, artifactCount: 2, projectCount: 0 });

    const changed = model('Company model renamed');
    changed.zones[0].sections[0].artifacts[1].nameEn = 'Trial Management Plan (v2)';
    changed.zones[0].sections[0].artifacts.shift();
    expect((await admin().call(r.update, { params: { id }, body: changed })).statusCode).toBe(200);
    const after = (await admin().call(r.detail, { params: { id } })).data;
    expect(after.name).toBe('Company model renamed');
    expect(after.zones[0].sections[0].artifacts.map((a) => a.nameEn)).toEqual(['Trial Management Plan (v2)']);

    const rows = await trailOf(id);
    expect(rows.map((t) => t.type)).toEqual([TrailType.Create, TrailType.Update]);
    expect(rows[0].newValue).toMatchObject({ origin: 'created', artifactCount: 2, state: 'draft' });
    expect(rows[1].newValue).toMatchObject({
      name: 'Company model renamed',
      numbersRemoved: ['01.01.01'],
      numbersChanged: ['01.01.02'],
      numbersAdded: [],
    });
    expect(rows[1].oldValue).toMatchObject({ name: 'Company model', artifactCount: 2 });
  });

  it('refuses a name the company has at that version', async () => {
    await create(model('Twice'));
    const res = await admin().call(r.create, { body: model('twice') });
    expect([res.statusCode, res.errorCode]).toEqual([409, 'tmf_model_name_exists']);
  });

  it('refuses repeated numbers and numbers outside their parent, naming each field in both languages', async () => {
    const body = model('Wrong numbers');
    const artifacts = body.zones[0].sections[0].artifacts;
    artifacts[1].number = '01.01.01';
    artifacts.push({ ...artifacts[1], number: '01.02.01' });
    body.zones[0].sections.push({ number: '02.01', nameEn: 'Elsewhere', artifacts: [] });
    const before = await ctx.db.$count(tmfModels);

    const en = await admin().call(r.create, { body });
    expect([en.statusCode, en.errorCode]).toEqual([400, 'tmf_number_taken']);
    expect(en.msg).toBe('Number 01.01.01 is used more than once in the model');
    expect((en.json().data as { fields: unknown }).fields).toEqual([
      {
        field: 'zones.0.sections.0.artifacts.1.number',
        message: 'Number 01.01.01 is used more than once in the model',
      },
      {
        field: 'zones.0.sections.0.artifacts.2.number',
        message: "Number 01.02.01 must be its parent's number 01.01, a dot and one more part",
      },
      {
        field: 'zones.0.sections.1.number',
        message: "Number 02.01 must be its parent's number 01, a dot and one more part",
      },
    ]);
    const zh = await client(ctx.app, adminZh).call(r.create, { body });
    expect(zh.msg).toBe('编号 01.01.01 在模型中重复');
    expect((zh.json().data as { fields: Array<{ message: string }> }).fields.map((f) => f.message)).toEqual([
      '编号 01.01.01 在模型中重复',
      '编号 01.02.01 须为上级编号 01.01 加一个点和一段编号',
      '编号 02.01 须为上级编号 01 加一个点和一段编号',
    ]);
    expect(await ctx.db.$count(tmfModels)).toBe(before);
  });

  it('refuses more than TMF_MODEL_ARTIFACTS_MAX artifacts', async () => {
    const body = model('Too large');
    const many = (section: string, n: number) =>
      Array.from({ length: n }, (_, i) => ({
        number: `${section}.${String(i % 100).padStart(2, '0')}`,
        nameEn: `Artifact ${i}`,
        levels: ['trial' as const],
      }));
    body.zones[0].sections = ['01.01', '01.02', '01.03'].map((number, i) => ({
      number,
      nameEn: number,
      artifacts: many(number, i === 2 ? 1 : 1000),
    }));
    const res = await admin().call(r.create, { body });
    expect([res.statusCode, res.errorCode]).toEqual([400, 'tmf_too_many_artifacts']);
    expect(res.msg).toBe('A TMF model holds at most 2000 artifacts');
  });

  it('publishes a draft, which then changes no more: not through the API, not by SQL', async () => {
    const id = await create(model('Frozen'));
    expect((await admin().call(r.publish, { params: { id } })).statusCode).toBe(200);
    expect((await admin().call(r.detail, { params: { id } })).data.state).toBe('published');
    for (const call of [
      admin().call(r.update, { params: { id }, body: model('Frozen') }),
      admin().call(r.publish, { params: { id } }),
    ]) {
      const res = await call;
      expect([res.statusCode, res.errorCode]).toEqual([409, 'tmf_model_published']);
      expect(res.msg).toBe('The TMF model is published and cannot change: make a new version of it');
    }
    // The database's triggers refuse what the API never sends (drizzle wraps PostgreSQL's error as the cause).
    const refused = { cause: { message: expect.stringMatching(/is published/) } };
    await expect(
      ctx.db.execute(sql`UPDATE tmf_artifacts SET name_en = 'x' WHERE model_id = ${id}`),
    ).rejects.toMatchObject(refused);
    await expect(ctx.db.execute(sql`DELETE FROM tmf_sections WHERE model_id = ${id}`)).rejects.toMatchObject(refused);
    await expect(
      ctx.db.execute(sql`INSERT INTO tmf_zones (model_id, number, name_en, position) VALUES (${id}, '09', 'x', 9)`),
    ).rejects.toMatchObject(refused);
    await expect(ctx.db.execute(sql`UPDATE tmf_models SET name = 'x' WHERE id = ${id}`)).rejects.toMatchObject(refused);
    await expect(ctx.db.execute(sql`UPDATE tmf_models SET state = 'draft' WHERE id = ${id}`)).rejects.toMatchObject(
      refused,
    );
    expect((await admin().call(r.detail, { params: { id } })).data).toMatchObject({ name: 'Frozen', artifactCount: 2 });
    const rows = await trailOf(id);
    expect(rows.map((t) => t.type)).toEqual([TrailType.Create, TrailType.Publish]);
    expect(rows[1].newValue).toMatchObject({ state: 'published' });
  });

  it('copies a version, own or shipped, as the next draft of its name; deletes a model no project uses', async () => {
    const v1 = await create(model('Versioned'));
    await admin().call(r.publish, { params: { id: v1 } });
    const v2 = (await admin().call(r.newVersion, { params: { id: v1 } })).data.id;
    const v3 = (await admin().call(r.newVersion, { params: { id: v1 } })).data.id;
    const d2 = (await admin().call(r.detail, { params: { id: v2 } })).data;
    const d1 = (await admin().call(r.detail, { params: { id: v1 } })).data;
    expect(d2).toMatchObject({ name: 'Versioned', version: 2, state: 'draft', source: 'Test' });
    expect((await admin().call(r.detail, { params: { id: v3 } })).data.version).toBe(3);
    const strip = (d: typeof d1) => JSON.stringify(d.zones, (k, v: unknown) => (k === 'id' ? undefined : v));
    expect(strip(d2)).toBe(strip(d1));
    const [row] = await ctx.db.select().from(tmfModels).where(eq(tmfModels.id, v2));
    expect(row.basedOnId).toBe(v1);
    expect((await trailOf(v2))[0].newValue).toMatchObject({ origin: 'version', basedOn: 'Versioned v1', version: 2 });
    // The draft copy is the company's to change.
    expect((await admin().call(r.update, { params: { id: v2 }, body: model('Versioned') })).statusCode).toBe(200);

    // The shipped model's copy is the company's own first version of that name.
    const ich = (await admin().call(r.list)).data.find((m) => m.shipped)!;
    const copy = (await admin().call(r.newVersion, { params: { id: ich.id } })).data.id;
    expect((await admin().call(r.detail, { params: { id: copy } })).data).toMatchObject({
      name: ICH_TMF_MODEL_NAME,
      version: 1,
      shipped: false,
      state: 'draft',
      artifactCount: 53,
    });

    // In use by a project (issue 27 part 2 sets the column): not deleted.
    await admin().call(r.publish, { params: { id: v2 } });
    await ctx.db.update(projects).set({ tmfModelId: v2 }).where(eq(projects.id, world.projectId));
    expect((await admin().call(r.list)).data.find((m) => m.id === v2)?.projectCount).toBe(1);
    const inUse = await admin().call(r.delete, { params: { id: v2 } });
    expect([inUse.statusCode, inUse.errorCode]).toEqual([409, 'tmf_model_in_use']);
    await ctx.db.update(projects).set({ tmfModelId: null }).where(eq(projects.id, world.projectId));

    // A published version another was copied from goes; the copy, published too, keeps its content.
    expect((await admin().call(r.delete, { params: { id: v1 } })).statusCode).toBe(200);
    expect((await admin().call(r.detail, { params: { id: v1 } })).statusCode).toBe(404);
    const [after] = await ctx.db.select().from(tmfModels).where(eq(tmfModels.id, v2));
    expect(after).toMatchObject({ basedOnId: null, state: 'published' });
    expect((await admin().call(r.detail, { params: { id: v2 } })).data.artifactCount).toBe(2);
    const deleted = await trailOf(v1);
    expect(deleted.at(-1)).toMatchObject({
      type: TrailType.Delete,
      oldValue: { name: 'Versioned', state: 'published' },
    });
  });

  it("keeps one company's models from another, and lets project administrators read but not change", async () => {
    const id = await create(model('Private'));
    const other = client(ctx.app, adminB);
    expect((await other.call(r.detail, { params: { id } })).statusCode).toBe(404);
    expect((await other.call(r.update, { params: { id }, body: model('Taken') })).statusCode).toBe(404);
    expect((await other.call(r.delete, { params: { id } })).statusCode).toBe(404);
    expect((await other.call(r.newVersion, { params: { id } })).statusCode).toBe(404);
    expect((await other.call(r.list, { query: { companyId: world.companyId } })).statusCode).toBe(403);
    expect((await other.call(r.list)).data.some((m) => m.id === id)).toBe(false);

    const pm = client(ctx.app, world.pm.token);
    const seen = (await pm.call(r.projectList)).data;
    expect(seen.some((m) => m.id === id)).toBe(true);
    expect(seen.some((m) => m.shipped)).toBe(true);
    expect((await pm.call(r.projectDetail, { params: { id } })).data.name).toBe('Private');
    expect((await pm.call(r.projectExport, { params: { id } })).statusCode).toBe(200);
    expect((await pm.call(r.update, { params: { id }, body: model('Changed') })).statusCode).toBe(403);
    expect((await pm.call(r.create, { body: model('By a PM') })).statusCode).toBe(403);
    expect((await pm.call(r.delete, { params: { id } })).statusCode).toBe(403);
    expect((await client(ctx.app, world.staff.token).call(r.projectList)).statusCode).toBe(403);
    const foreign = (await other.call(r.create, { body: model('Of company B') })).data.id;
    expect((await pm.call(r.projectDetail, { params: { id: foreign } })).statusCode).toBe(404);
  });

  it('lets the system administrator act for the company named, and only for one named', async () => {
    const sys = client(ctx.app, await signIn(ctx, (await createUser(ctx.db, { userType: UserType.System })).email));
    const unnamed = await sys.call(r.create, { body: model('By the system administrator') });
    expect([unnamed.statusCode, unnamed.errorCode]).toEqual([400, 'required']);
    const missing = await sys.call(r.create, { query: { companyId: 2_000_000 }, body: model('Nowhere') });
    expect(missing.statusCode).toBe(404);
    const id = (await sys.call(r.create, { query: { companyId: world.companyId }, body: model('For company A') })).data
      .id;
    expect((await admin().call(r.detail, { params: { id } })).data.name).toBe('For company A');
    expect((await sys.call(r.publish, { params: { id }, query: { companyId: world.companyId } })).statusCode).toBe(200);
  });
});
