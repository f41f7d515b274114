import { countryRoutes } from '@edoc/contract/country-routes';
import { TrailType } from '@edoc/contract/enums';
import { milestoneRoutes as r } from '@edoc/contract/milestone-routes';
import { latestToday } from '@edoc/contract/tmf-project';
import { siteRoutes } from '@edoc/contract/site-routes';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trail } from '../../db/schema/trail.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { createProjectWorld, type ProjectWorld } from '../../test/factories.ts';
import { client } from '../../test/requests.ts';
import { SHIPPED_MILESTONE_TYPES } from './milestone-shipped.ts';

let ctx: TestContext;
let world: ProjectWorld;
let other: ProjectWorld;
const countryIds: number[] = [];
const siteIds: number[] = [];
let foreignSite: number;

const pm = () => client(ctx.app, world.pm.token);

beforeAll(async () => {
  ctx = await createTestContext();
  world = await createProjectWorld(ctx, 'M-1');
  other = await createProjectWorld(ctx, 'M-2');
  for (const [code, name] of [
    ['CN', 'China'],
    ['US', 'United States'],
  ])
    countryIds.push((await pm().call(countryRoutes.create, { body: { code, name } })).data.id);
  for (const [code, countryId] of [
    ['S01', countryIds[0]],
    ['S02', countryIds[0]],
    ['S03', countryIds[1]],
  ] as const)
    siteIds.push((await pm().call(siteRoutes.create, { body: { name: `Site ${code}`, code, countryId } })).data.siteId);
  foreignSite = (await client(ctx.app, other.pm.token).call(siteRoutes.create, { body: { name: 'X', code: 'X1' } }))
    .data.siteId;
}, 120_000);
afterAll(() => ctx.close());

describe('milestones of the entered project', () => {
  it('lists the shipped types and the full grid: trial types once, country types per country, site types per site', async () => {
    const { types, rows } = (await pm().call(r.list)).data;
    expect(types.map((t) => t.code)).toEqual(SHIPPED_MILESTONE_TYPES.map((t) => t.code));
    expect(types.find((t) => t.code === 'irb_iec_approval')).toMatchObject({
      level: 'site',
      nameEn: 'IRB/IEC approval',
      nameZh: '伦理委员会批准',
    });
    const count = (level: string) => SHIPPED_MILESTONE_TYPES.filter((t) => t.level === level).length;
    expect(rows).toHaveLength(count('trial') + 2 * count('country') + 3 * count('site'));
    expect(rows.filter((row) => row.level === 'trial')).toHaveLength(count('trial'));
    for (const countryId of countryIds)
      expect(rows.filter((row) => row.level === 'country' && row.countryId === countryId)).toHaveLength(
        count('country'),
      );
    for (const siteId of siteIds)
      expect(rows.filter((row) => row.level === 'site' && row.siteId === siteId)).toHaveLength(count('site'));
    expect(rows.every((row) => row.planned === null && row.actual === null && row.updatedAt === null)).toBe(true);
    expect(
      rows.filter((row) => row.level === 'trial').every((row) => row.countryId === null && row.siteId === null),
    ).toBe(true);
  });

  it('saves a cell (insert, then update), shows it in the grid and trails the dates before and after', async () => {
    const types = (await pm().call(r.list)).data.types;
    const activated = types.find((t) => t.code === 'site_activated')!;
    const body = { typeId: activated.id, siteId: siteIds[1], planned: '2026-01-10', actual: null };
    expect((await pm().call(r.save, { body })).statusCode).toBe(200);
    expect((await pm().call(r.save, { body: { ...body, actual: '2026-01-12' } })).statusCode).toBe(200);
    // The same dates again change nothing and write nothing.
    expect((await pm().call(r.save, { body: { ...body, actual: '2026-01-12' } })).statusCode).toBe(200);
    const rows = (await pm().call(r.list)).data.rows;
    const cell = rows.find((row) => row.typeId === activated.id && row.siteId === siteIds[1])!;
    expect(cell).toMatchObject({ planned: '2026-01-10', actual: '2026-01-12', countryId: null });
    expect(cell.updatedAt).not.toBeNull();
    expect(rows.filter((row) => row.planned !== null)).toHaveLength(1);

    const regulatory = types.find((t) => t.code === 'regulatory_approval')!;
    const us = { typeId: regulatory.id, countryId: countryIds[1], planned: '2025-12-01', actual: '2025-12-03' };
    expect((await pm().call(r.save, { body: us })).statusCode).toBe(200);
    const trialType = types.find((t) => t.code === 'first_subject_in')!;
    expect(
      (await pm().call(r.save, { body: { typeId: trialType.id, planned: '2026-02-01', actual: null } })).statusCode,
    ).toBe(200);
    const after = (await pm().call(r.list)).data.rows;
    expect(after.find((row) => row.typeId === regulatory.id && row.countryId === countryIds[1])).toMatchObject({
      planned: '2025-12-01',
      actual: '2025-12-03',
    });
    expect(after.find((row) => row.typeId === regulatory.id && row.countryId === countryIds[0])).toMatchObject({
      planned: null,
    });
    expect(after.find((row) => row.typeId === trialType.id)).toMatchObject({ planned: '2026-02-01', actual: null });

    const trailRows = await ctx.db
      .select()
      .from(trail)
      .where(and(eq(trail.objectType, 'milestone'), eq(trail.projectId, world.projectId)))
      .orderBy(asc(trail.id));
    const siteRows = trailRows.filter((t) => (t.newValue as { milestone: string }).milestone === 'site_activated');
    expect(siteRows.map((t) => t.type)).toEqual([TrailType.Update, TrailType.Update]);
    expect(siteRows[0].oldValue).toEqual({
      milestone: 'site_activated',
      country: null,
      site: 'S02',
      planned: null,
      actual: null,
    });
    expect(siteRows[0].newValue).toEqual({
      milestone: 'site_activated',
      country: null,
      site: 'S02',
      planned: '2026-01-10',
      actual: null,
    });
    expect(siteRows[1].newValue).toMatchObject({ planned: '2026-01-10', actual: '2026-01-12' });
    expect(
      trailRows.find((t) => (t.newValue as { milestone: string }).milestone === 'regulatory_approval')!.newValue,
    ).toMatchObject({
      country: 'US',
      site: null,
    });
  });

  it('refuses a place that does not fit the type’s level, naming the field', async () => {
    const types = (await pm().call(r.list)).data.types;
    const id = (code: string) => types.find((t) => t.code === code)!.id;
    const dates = { planned: '2026-03-01', actual: null };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ typeId: id('protocol_approved'), siteId: siteIds[0] }, 'Site'],
      [{ typeId: id('protocol_approved'), countryId: countryIds[0] }, 'Country'],
      [{ typeId: id('regulatory_approval') }, 'Country'],
      [{ typeId: id('regulatory_approval'), countryId: countryIds[0], siteId: siteIds[0] }, 'Site'],
      [{ typeId: id('site_closed') }, 'Site'],
      [{ typeId: id('site_closed'), siteId: siteIds[0], countryId: countryIds[0] }, 'Country'],
      [{ typeId: id('site_closed'), siteId: foreignSite }, 'Site'],
    ];
    for (const [place, label] of cases) {
      const res = await pm().post('/manage/milestone/save', { ...place, ...dates });
      expect(res.statusCode, JSON.stringify(place)).toBe(400);
      expect(res.json().msg, JSON.stringify(place)).toContain(label);
    }
    const unknown = await pm().post('/manage/milestone/save', { typeId: 2_000_000_000, ...dates });
    expect(unknown.statusCode).toBe(400);
    const rows = (await pm().call(r.list)).data.rows;
    expect(rows.some((row) => row.planned === '2026-03-01')).toBe(false);
  });

  it('refuses an actual date after today and a date that is no date; a planned date may be in the future', async () => {
    const types = (await pm().call(r.list)).data.types;
    const typeId = types.find((t) => t.code === 'database_locked')!.id;
    const tomorrow = new Date(Date.parse(latestToday()) + 86_400_000).toISOString().slice(0, 10);
    const future = await pm().post('/manage/milestone/save', { typeId, planned: null, actual: tomorrow });
    expect(future.statusCode).toBe(400);
    expect(future.json().msg).toContain('Actual date');
    const bad = await pm().post('/manage/milestone/save', { typeId, planned: '2026-02-30', actual: null });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('Planned date');
    expect((await pm().call(r.save, { body: { typeId, planned: tomorrow, actual: null } })).statusCode).toBe(200);
  });

  it('refuses both routes to a member who is not a project administrator', async () => {
    const staff = client(ctx.app, world.staff.token);
    const typeId = (await pm().call(r.list)).data.types[0].id;
    expect((await staff.call(r.list)).statusCode).toBe(403);
    expect((await staff.call(r.save, { body: { typeId, planned: '2026-01-01', actual: null } })).statusCode).toBe(403);
  });
});
