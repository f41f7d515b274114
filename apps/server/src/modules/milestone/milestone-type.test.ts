import { TrailType } from '@edoc/contract/enums';
import { milestoneRoutes } from '@edoc/contract/milestone-routes';
import { milestoneTypeRoutes as r } from '@edoc/contract/milestone-type-routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { createProjectWorld, type ProjectWorld } from '../../test/factories.ts';
import { trailOf } from '../../test/records.ts';
import { client } from '../../test/requests.ts';
import { SHIPPED_MILESTONE_TYPES } from './milestone-shipped.ts';

let ctx: TestContext;
let world: ProjectWorld;
let other: ProjectWorld;

beforeAll(async () => {
  ctx = await createTestContext();
  world = await createProjectWorld(ctx, 'MT-1');
  other = await createProjectWorld(ctx, 'MT-2');
}, 120_000);
afterAll(() => ctx.close());

const admin = () => client(ctx.app, world.admin.token);
const body = {
  code: 'dsmb_review',
  nameEn: 'DSMB review',
  nameZh: '数据安全监查委员会审查',
  level: 'trial' as const,
  position: 5,
};

describe('a company’s milestone types', () => {
  it('lists the shipped types; creates, updates and deletes the company’s own, each change trailed', async () => {
    const listed = (await admin().call(r.list, { query: {} })).data;
    expect(listed.map((t) => t.code)).toEqual(SHIPPED_MILESTONE_TYPES.map((t) => t.code));
    expect(listed.every((t) => !t.company)).toBe(true);

    const id = (await admin().call(r.create, { query: {}, body })).data.id;
    const mine = (await admin().call(r.list, { query: {} })).data;
    expect(mine.find((t) => t.id === id)).toMatchObject({ ...body, company: true });
    // Between the shipped ones by position, and in the project's grid (a trial type: one row).
    expect(mine.findIndex((t) => t.id === id)).toBeGreaterThan(0);
    const grid = (await client(ctx.app, world.pm.token).call(milestoneRoutes.list)).data;
    expect(grid.types.map((t) => t.id)).toContain(id);
    expect(grid.rows.filter((row) => row.typeId === id)).toHaveLength(1);
    // Another company sees none of it.
    const theirs = (await client(ctx.app, other.admin.token).call(r.list, { query: {} })).data;
    expect(theirs.map((t) => t.id)).not.toContain(id);

    expect(
      (await admin().call(r.update, { params: { id }, query: {}, body: { ...body, nameEn: 'DSMB meeting' } }))
        .statusCode,
    ).toBe(200);
    expect((await admin().call(r.delete, { params: { id }, query: {} })).statusCode).toBe(200);
    const rows = await trailOf(ctx.db, 'milestone_type', id);
    expect(rows.map((t) => t.type)).toEqual([TrailType.Create, TrailType.Update, TrailType.Delete]);
    expect(rows[1].newValue).toMatchObject({ nameEn: 'DSMB meeting' });
  });

  it('refuses a code in use (its own or a shipped one) naming the code, and a malformed code', async () => {
    const id = (await admin().call(r.create, { query: {}, body: { ...body, code: 'unique_one' } })).data.id;
    const dup = await admin().call(r.create, { query: {}, body: { ...body, code: 'unique_one' } });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ errorCode: 'milestone_type_code_exists' });
    const shipped = await admin().call(r.create, { query: {}, body: { ...body, code: 'site_activated' } });
    expect(shipped.statusCode).toBe(409);
    const bad = await admin().post('/milestone-type/create', { ...body, code: 'Has Space' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('Code');
    await admin().call(r.delete, { params: { id }, query: {} });
  });

  it("keeps a type's code: the models' due rules name it", async () => {
    const id = (await admin().call(r.create, { query: {}, body: { ...body, code: 'fixed_one' } })).data.id;
    const renamed = await admin().call(r.update, { params: { id }, query: {}, body: { ...body, code: 'other_one' } });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json()).toMatchObject({ errorCode: 'milestone_type_code_fixed' });
    const list = (await admin().call(r.list, { query: {} })).data;
    expect(list.find((t) => t.id === id)?.code).toBe('fixed_one');
  });

  it('keeps a dated type: no delete, no change of level', async () => {
    const id = (await admin().call(r.create, { query: {}, body: { ...body, code: 'dated_one' } })).data.id;
    const pm = client(ctx.app, world.pm.token);
    expect(
      (await pm.call(milestoneRoutes.save, { body: { typeId: id, planned: '2026-05-01', actual: null } })).statusCode,
    ).toBe(200);
    const del = await admin().call(r.delete, { params: { id }, query: {} });
    expect(del.statusCode).toBe(409);
    expect(del.json()).toMatchObject({ errorCode: 'milestone_type_in_use' });
    expect(
      (await admin().call(r.update, { params: { id }, query: {}, body: { ...body, code: 'dated_one', level: 'site' } }))
        .statusCode,
    ).toBe(409);
    expect(
      (
        await admin().call(r.update, {
          params: { id },
          query: {},
          body: { ...body, code: 'dated_one', nameEn: 'Renamed' },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('treats a shipped type and another company’s as missing, and refuses a project administrator', async () => {
    const shippedId = (await admin().call(r.list, { query: {} })).data[0].id;
    expect((await admin().call(r.update, { params: { id: shippedId }, query: {}, body })).statusCode).toBe(404);
    expect((await admin().call(r.delete, { params: { id: shippedId }, query: {} })).statusCode).toBe(404);
    const theirs = (
      await client(ctx.app, other.admin.token).call(r.create, { query: {}, body: { ...body, code: 'theirs' } })
    ).data.id;
    expect((await admin().call(r.delete, { params: { id: theirs }, query: {} })).statusCode).toBe(404);
    expect((await client(ctx.app, world.pm.token).call(r.list, { query: {} })).statusCode).toBe(403);
  });
});
