import { countryRoutes as r } from '@edoc/contract/country-routes';
import { TrailType } from '@edoc/contract/enums';
import { projectEntryRoutes } from '@edoc/contract/project-routes';
import { siteRoutes } from '@edoc/contract/site-routes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sites } from '../../db/schema/projects.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { createProjectWorld, signIn, type ProjectWorld } from '../../test/factories.ts';
import { trailOf } from '../../test/records.ts';
import { client } from '../../test/requests.ts';

let ctx: TestContext;
let world: ProjectWorld;
let other: ProjectWorld;

beforeAll(async () => {
  ctx = await createTestContext();
  world = await createProjectWorld(ctx, 'C-1');
  other = await createProjectWorld(ctx, 'C-2');
}, 120_000);
afterAll(() => ctx.close());

const pm = () => client(ctx.app, world.pm.token);

describe('countries of the entered project', () => {
  it('creates (upper-casing the code), lists, updates and deletes a country, each change trailed', async () => {
    const created = await pm().call(r.create, { body: { code: ' cn ', name: 'China' } });
    expect(created.statusCode).toBe(200);
    const id = created.data.id;
    expect((await pm().call(r.list)).data).toEqual([{ id, code: 'CN', name: 'China', siteCount: 0 }]);
    const updated = await pm().call(r.update, {
      params: { id },
      body: { code: 'CN', name: "People's Republic of China" },
    });
    expect(updated.statusCode).toBe(200);
    expect((await pm().call(r.list)).data[0].name).toBe("People's Republic of China");
    expect((await pm().call(r.delete, { params: { id } })).statusCode).toBe(200);
    expect((await pm().call(r.list)).data).toEqual([]);
    const rows = await trailOf(ctx.db, 'country', id);
    expect(rows.map((t) => t.type)).toEqual([TrailType.Create, TrailType.Update, TrailType.Delete]);
    expect(rows[0].newValue).toEqual({ code: 'CN', name: 'China' });
    expect(rows[1].oldValue).toEqual({ code: 'CN', name: 'China' });
    expect(rows[1].newValue).toEqual({ code: 'CN', name: "People's Republic of China" });
    expect(rows[2].oldValue).toEqual({ code: 'CN', name: "People's Republic of China" });
    expect(rows[2].actorId).toBe(world.pm.id);
  });

  it('refuses a duplicate code in the project with 409 naming the code; another project may use it', async () => {
    const de = (await pm().call(r.create, { body: { code: 'DE', name: 'Germany' } })).data.id;
    const dup = await pm().call(r.create, { body: { code: 'de', name: 'Deutschland' } });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ errorCode: 'country_code_exists' });
    const fr = (await pm().call(r.create, { body: { code: 'FR', name: 'France' } })).data.id;
    const clash = await pm().call(r.update, { params: { id: fr }, body: { code: 'DE', name: 'France' } });
    expect(clash.statusCode).toBe(409);
    expect(
      (await client(ctx.app, other.pm.token).call(r.create, { body: { code: 'DE', name: 'Germany' } })).statusCode,
    ).toBe(200);
    expect((await pm().call(r.list)).data.map((c) => c.code)).toEqual(['DE', 'FR']);
    await pm().call(r.delete, { params: { id: de } });
    await pm().call(r.delete, { params: { id: fr } });
  });

  it('refuses a code that is not two letters, naming the field in the caller’s language', async () => {
    for (const code of ['C', 'CHN', 'C1', '']) {
      const bad = await pm().post('/manage/country/create', { code, name: 'X' });
      expect(bad.statusCode, code).toBe(400);
      expect(bad.json().msg).toContain('Code');
    }
    const zh = client(ctx.app, await signIn(ctx, world.pm.email, undefined, 'zh-CN'));
    await zh.call(projectEntryRoutes.enter, { body: { studyId: world.projectId } });
    const bad = await zh.post('/manage/country/create', { code: 'CHN', name: 'X' });
    expect(bad.json().msg).toContain('编码');
    const long = await pm().post('/manage/country/create', { code: 'CN', name: 'x'.repeat(101) });
    expect(long.statusCode).toBe(400);
    expect((await pm().call(r.list)).data).toEqual([]);
  });

  it('puts a site in a country, refuses another project’s country, and keeps a country with sites', async () => {
    const jp = (await pm().call(r.create, { body: { code: 'JP', name: 'Japan' } })).data.id;
    const foreign = (await client(ctx.app, other.pm.token).call(r.create, { body: { code: 'JP', name: 'Japan' } })).data
      .id;
    const site = await pm().call(siteRoutes.create, { body: { name: 'Tokyo', code: 'T01', countryId: jp } });
    expect(site.statusCode).toBe(200);
    const siteId = site.data.siteId;
    expect((await pm().call(siteRoutes.list)).data[0]).toMatchObject({ siteId, countryId: jp, countryCode: 'JP' });
    expect((await pm().call(r.list)).data).toEqual([{ id: jp, code: 'JP', name: 'Japan', siteCount: 1 }]);

    const refused = await pm().call(siteRoutes.create, { body: { name: 'Osaka', code: 'O01', countryId: foreign } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toContain('Country');
    const moved = await pm().call(siteRoutes.update, {
      params: { id: siteId },
      body: { name: 'Tokyo', code: 'T01', countryId: foreign },
    });
    expect(moved.statusCode).toBe(400);
    // A form that knows no countries leaves the site's as it is.
    await pm().call(siteRoutes.update, { params: { id: siteId }, body: { name: 'Tokyo Hospital', code: 'T01' } });
    expect((await ctx.db.select().from(sites).where(eq(sites.id, siteId)))[0].countryId).toBe(jp);

    const kept = await pm().call(r.delete, { params: { id: jp } });
    expect(kept.statusCode).toBe(409);
    expect(kept.json()).toMatchObject({ errorCode: 'country_has_sites' });
    const siteTrail = await trailOf(ctx.db, 'site', siteId);
    expect(siteTrail[0].newValue).toMatchObject({ code: 'T01', country: 'JP' });

    await pm().call(siteRoutes.update, {
      params: { id: siteId },
      body: { name: 'Tokyo', code: 'T01', countryId: null },
    });
    expect((await pm().call(siteRoutes.list)).data[0]).toMatchObject({ countryId: null, countryCode: null });
    expect((await pm().call(r.delete, { params: { id: jp } })).statusCode).toBe(200);
  });

  it('refuses every route to a member who is not a project administrator', async () => {
    const staff = client(ctx.app, world.staff.token);
    const id = (await pm().call(r.create, { body: { code: 'IT', name: 'Italy' } })).data.id;
    expect((await staff.call(r.list)).statusCode).toBe(403);
    expect((await staff.call(r.create, { body: { code: 'ES', name: 'Spain' } })).statusCode).toBe(403);
    expect((await staff.call(r.update, { params: { id }, body: { code: 'IT', name: 'X' } })).statusCode).toBe(403);
    expect((await staff.call(r.delete, { params: { id } })).statusCode).toBe(403);
    expect((await pm().call(r.list)).data).toEqual([{ id, code: 'IT', name: 'Italy', siteCount: 0 }]);
  });

  it('treats another project’s country as missing', async () => {
    const id = (await client(ctx.app, other.pm.token).call(r.create, { body: { code: 'NL', name: 'Netherlands' } }))
      .data.id;
    expect((await pm().call(r.update, { params: { id }, body: { code: 'NL', name: 'X' } })).statusCode).toBe(404);
    expect((await pm().call(r.delete, { params: { id } })).statusCode).toBe(404);
  });
});
