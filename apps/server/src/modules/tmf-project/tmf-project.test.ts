import { TrailType } from '@edoc/contract/enums';
import { FolderType } from '@edoc/contract/permissions';
import { projectEntryRoutes } from '@edoc/contract/project-routes';
import { tmfProjectRoutes as r } from '@edoc/contract/tmf-project-routes';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folders, projects } from '../../db/schema/projects.ts';
import { trail } from '../../db/schema/trail.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { createProjectWorld, signIn, type ProjectWorld } from '../../test/factories.ts';
import { client } from '../../test/requests.ts';
import { companyModel, ichModel } from '../../test/tmf-project-fixture.ts';

let ctx: TestContext;
let world: ProjectWorld;
let other: ProjectWorld;
let ich: Awaited<ReturnType<typeof ichModel>>;

beforeAll(async () => {
  ctx = await createTestContext();
  world = await createProjectWorld(ctx, 'TMFP-1');
  other = await createProjectWorld(ctx, 'TMFP-2');
  ich = await ichModel(ctx);
}, 120_000);
afterAll(() => ctx.close());

const pm = () => client(ctx.app, world.pm.token);
const workFolders = (projectId: number) =>
  ctx.db
    .select()
    .from(folders)
    .where(and(eq(folders.projectId, projectId), eq(folders.type, FolderType.Work)));
const modelOf = async (projectId: number) =>
  (await ctx.db.select().from(projects).where(eq(projects.id, projectId)))[0].tmfModelId;
const choices = (projectId: number) =>
  ctx.db
    .select()
    .from(trail)
    .where(and(eq(trail.projectId, projectId), eq(trail.objectType, 'project_tmf_model')));

describe('a project uses a TMF model', () => {
  it('answers no model and the bare tree before one is chosen', async () => {
    const setup = (await pm().call(r.setup)).data;
    expect(setup.model).toBeNull();
    expect(setup.artifacts).toEqual([]);
    const ib = setup.folders.find((f) => f.id === world.folderByIch.get('8.2.1'))!;
    expect(ib).toMatchObject({ artifactId: null, documentCount: 0, name: "Investigator's brochure" });
    expect(ib.path).toBe("Before the clinical phase of the trial / Investigator's brochure");
  });

  it('on the ICH template folders, uses them for the shipped ICH model: none created, every artifact mapped', async () => {
    const before = await workFolders(world.projectId);
    const used = await pm().call(r.use, { body: { modelId: ich.id } });
    expect(used.data).toEqual({ created: 0, mapped: ich.artifacts.size });
    const after = await workFolders(world.projectId);
    expect(after.length).toBe(before.length);
    for (const [number, artifactId] of ich.artifacts) {
      const mapped = after.filter((f) => f.artifactId === artifactId);
      expect(
        mapped.map((f) => f.ichCode),
        number,
      ).toEqual([number]);
    }
    expect(await modelOf(world.projectId)).toBe(ich.id);
    const rows = await choices(world.projectId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      type: TrailType.SettingsChange,
      oldValue: { model: null },
      newValue: { foldersCreated: 0, foldersMapped: ich.artifacts.size },
    });
  });

  it('chosen again, creates and maps nothing and writes no second trail row', async () => {
    const used = await pm().call(r.use, { body: { modelId: ich.id } });
    expect(used.data).toEqual({ created: 0, mapped: 0 });
    expect(await choices(world.projectId)).toHaveLength(1);
  });

  it('answers the model, its artifacts with zone and section, and the mapping', async () => {
    const setup = (await pm().call(r.setup)).data;
    expect(setup.model).toMatchObject({ id: ich.id, company: false, version: 1 });
    expect(setup.artifacts).toHaveLength(ich.artifacts.size);
    expect(setup.artifacts[0]).toMatchObject({ number: '8.2.1', zoneNumber: '8', sectionNumber: '8.2' });
    expect(setup.artifacts[0].levels).toEqual(expect.arrayContaining(['trial', 'site']));
    const ib = setup.folders.find((f) => f.id === world.folderByIch.get('8.2.1'))!;
    expect(ib.artifactId).toBe(ich.artifacts.get('8.2.1'));
  });

  it('builds zone → section → artifact folders for a company model, named "<number> <name>", once', async () => {
    const model = await companyModel(ctx, other, 'Company TMF');
    const api = client(ctx.app, other.pm.token);
    const before = await workFolders(other.projectId);
    expect((await api.call(r.use, { body: { modelId: model.id } })).data).toEqual({ created: 4, mapped: 2 });
    const after = await workFolders(other.projectId);
    const added = after.filter((f) => !before.some((b) => b.id === f.id));
    const zone = added.find((f) => f.parentId === null)!;
    expect(zone).toMatchObject({ name: '01 试验管理', nameEn: '01 Trial Management', artifactId: null });
    const section = added.find((f) => f.parentId === zone.id)!;
    expect(section).toMatchObject({ name: '01.01 Trial Oversight', nameEn: '01.01 Trial Oversight' });
    const plan = added.find((f) => f.artifactId === model.artifacts.get('01.01.01'))!;
    expect(plan).toMatchObject({ parentId: section.id, name: '01.01.01 TMF计划' });
    expect(added.find((f) => f.artifactId === model.artifacts.get('01.01.02'))!.name).toBe(
      '01.01.02 Trial Management Plan',
    );
    const roots = before.filter((f) => f.parentId === null).map((f) => f.sortOrder);
    expect(zone.sortOrder).toBeGreaterThan(Math.max(...roots));
    expect((await api.call(r.use, { body: { modelId: model.id } })).data).toEqual({ created: 0, mapped: 0 });
    expect(await workFolders(other.projectId)).toHaveLength(after.length);
    const setup = (await api.call(r.setup)).data;
    expect(setup.model).toMatchObject({ id: model.id, name: 'Company TMF', company: true });
  });

  it('changes to another model while no document carries an artifact, dropping the old mappings', async () => {
    const api = client(ctx.app, other.pm.token);
    expect((await api.call(r.use, { body: { modelId: ich.id } })).data).toEqual({
      created: 0,
      mapped: ich.artifacts.size,
    });
    const mapped = (await workFolders(other.projectId)).filter((f) => f.artifactId !== null);
    expect(mapped).toHaveLength(ich.artifacts.size);
    const rows = await choices(other.projectId);
    expect(rows.at(-1)!.oldValue).toEqual({ model: 'Company TMF v1' });
  });

  it("refuses a company draft (409) and another company's model (404), changing nothing", async () => {
    const draft = await companyModel(ctx, world, 'Draft TMF', false);
    const refused = await pm().call(r.use, { body: { modelId: draft.id } });
    expect(refused.statusCode).toBe(409);
    expect(refused.errorCode).toBe('tmf_model_not_published');
    const foreign = await companyModel(ctx, other, 'Other company TMF');
    const hidden = await pm().call(r.use, { body: { modelId: foreign.id } });
    expect(hidden.statusCode).toBe(404);
    const missing = await pm().call(r.use, { body: { modelId: 2_000_000_000 } });
    expect(missing.statusCode).toBe(404);
    expect(await modelOf(world.projectId)).toBe(ich.id);
    expect(await choices(world.projectId)).toHaveLength(1);
  });

  it('refuses bad input naming the field, in the caller’s language', async () => {
    // A session's own language wins over the header: a Chinese session, entered into the project.
    const zh = client(ctx.app, await signIn(ctx, world.pm.email, undefined, 'zh-CN'));
    await zh.call(projectEntryRoutes.enter, { body: { studyId: world.projectId } });
    const bad = await zh.post('/manage/tmf/use', { modelId: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('TMF模型');
    const en = await pm().post('/manage/tmf/map/1', {});
    expect(en.statusCode).toBe(400);
    expect(en.json().msg).toContain('Artifact');
  });

  it('refuses the three routes to a member who is not a project administrator', async () => {
    const staff = client(ctx.app, world.staff.token);
    const folderId = world.folderByIch.get('8.2.1')!;
    expect((await staff.call(r.setup)).statusCode).toBe(403);
    expect((await staff.call(r.use, { body: { modelId: ich.id } })).statusCode).toBe(403);
    expect((await staff.call(r.map, { params: { id: folderId }, body: { artifactId: null } })).statusCode).toBe(403);
    const still = await ctx.db
      .select()
      .from(folders)
      .where(and(eq(folders.id, folderId), isNotNull(folders.artifactId)));
    expect(still).toHaveLength(1);
  });
});
