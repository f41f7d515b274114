import { countryRoutes } from '@edoc/contract/country-routes';
import { documentRoutes } from '@edoc/contract/document-routes';
import type { ExpectedItem } from '@edoc/contract/expected';
import { expectedRoutes as r } from '@edoc/contract/expected-routes';
import { siteRoutes } from '@edoc/contract/site-routes';
import { tmfModelRoutes } from '@edoc/contract/tmf-model-routes';
import { tmfProjectRoutes } from '@edoc/contract/tmf-project-routes';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tmfExpectedRules } from '../../db/schema/expected.ts';
import { folders } from '../../db/schema/projects.ts';
import { trail } from '../../db/schema/trail.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { createProjectWorld, SAMPLE, type ProjectWorld } from '../../test/factories.ts';
import { client } from '../../test/requests.ts';
import { artifactsOf, saveMilestone as datedMilestone } from '../../test/tmf-project-fixture.ts';

/*
 * A model of four artifacts with rules put in while it is a draft, then published and used by the project:
 * A 01.01.01 trial, due at first_subject_in + 10; B 01.01.02 country and site, the site due at site_activated - 5;
 * C 01.01.03 site, monthly from site_activated up to site_closed; D 01.01.04 trial, hung on a site milestone
 * (a lower level: no due date). Countries CN and US, sites S01 (CN) and S02 (US).
 */
let ctx: TestContext;
let world: ProjectWorld;
let art: Map<string, number>;
const country: Record<string, number> = {};
const site: Record<string, number> = {};
const pm = () => client(ctx.app, world.pm.token);

const saveMilestone = (code: string, place: { siteId?: number }, planned: string | null, actual: string | null) =>
  datedMilestone(ctx, world.pm.token, code, place, planned, actual);

const all = async () => (await pm().call(r.list, { query: { pageSize: 100, sort: 'artifact' } })).data;
const find = (items: ExpectedItem[], number: string, where: Partial<ExpectedItem> = {}) =>
  items.filter(
    (i) => i.artifactNumber === number && Object.entries(where).every(([k, v]) => i[k as keyof ExpectedItem] === v),
  );

beforeAll(async () => {
  ctx = await createTestContext();
  world = await createProjectWorld(ctx, 'EXP-1');
  const admin = client(ctx.app, world.admin.token);
  const a = (number: string, levels: ('trial' | 'country' | 'site')[]) => ({ number, nameEn: `Art ${number}`, levels });
  const created = await admin.call(tmfModelRoutes.create, {
    query: { companyId: world.companyId },
    body: {
      name: 'Expected model',
      zones: [
        {
          number: '01',
          nameEn: 'Zone',
          sections: [
            {
              number: '01.01',
              nameEn: 'Section',
              artifacts: [
                a('01.01.01', ['trial']),
                a('01.01.02', ['country', 'site']),
                a('01.01.03', ['site']),
                a('01.01.04', ['trial']),
              ],
            },
          ],
        },
      ],
    },
  });
  const modelId = created.data.id;
  art = await artifactsOf(ctx, modelId);
  const rule = (number: string, level: string, milestoneCode: string, offsetDays = 0, recurrence = 'once') => ({
    modelId,
    artifactId: art.get(number)!,
    level: level as 'trial',
    milestoneCode,
    offsetDays,
    recurrence: recurrence as 'once',
  });
  await ctx.db
    .insert(tmfExpectedRules)
    .values([
      rule('01.01.01', 'trial', 'first_subject_in', 10),
      rule('01.01.02', 'site', 'site_activated', -5),
      rule('01.01.03', 'site', 'site_activated', 0, 'monthly'),
      rule('01.01.04', 'trial', 'site_activated'),
    ]);
  await admin.call(tmfModelRoutes.publish, { params: { id: modelId }, query: { companyId: world.companyId } });
  const used = await pm().call(tmfProjectRoutes.use, { body: { modelId } });
  if (used.statusCode !== 200) throw new Error(used.body);
  for (const code of ['CN', 'US'])
    country[code] = (await pm().call(countryRoutes.create, { body: { code, name: code } })).data.id;
  site.S01 = (
    await pm().call(siteRoutes.create, { body: { name: 'S01', code: 'S01', countryId: country.CN } })
  ).data.siteId;
  site.S02 = (
    await pm().call(siteRoutes.create, { body: { name: 'S02', code: 'S02', countryId: country.US } })
  ).data.siteId;
  await saveMilestone('first_subject_in', {}, '2026-02-01', null);
  await saveMilestone('site_activated', { siteId: site.S01 }, '2026-01-01', '2026-01-10');
  await saveMilestone('site_closed', { siteId: site.S01 }, '2026-04-15', null);
}, 120_000);
afterAll(() => ctx.close());

describe('generation', () => {
  it('answers nothing before the administrator generates, then one item per artifact, level, place and occurrence', async () => {
    expect((await all()).total).toBe(0);
    // Filed before the list exists: generating files its item (the TMF of a project that chose its model late).
    const early = await upload('01.01.01');
    const gen = await pm().call(r.generate);
    expect(gen.data).toEqual({ created: 11, updated: 0, removed: 0, kept: 0 });
    const { items, total, counts } = await all();
    expect(total).toBe(11);
    expect(counts).toMatchObject({ filed: 1, notApplicable: 0 });
    expect(find(items, '01.01.01')).toMatchObject([
      { level: 'trial', dueDate: '2026-02-11', occurrence: 1, state: 'filed', documents: [{ id: early }] },
    ]);
    expect(find(items, '01.01.02', { level: 'site', siteId: site.S01 })[0]).toMatchObject({
      dueDate: '2026-01-05',
      countryCode: 'CN',
    });
    expect(find(items, '01.01.02', { level: 'site', siteId: site.S02 })[0].dueDate).toBeNull();
    expect(find(items, '01.01.02', { level: 'country' }).map((i) => [i.countryCode, i.dueDate])).toEqual([
      ['CN', null],
      ['US', null],
    ]);
    expect(find(items, '01.01.03', { siteId: site.S01 }).map((i) => i.dueDate)).toEqual([
      '2026-01-10',
      '2026-02-10',
      '2026-03-10',
      '2026-04-10',
    ]);
    expect(find(items, '01.01.03', { siteId: site.S02 }).map((i) => i.dueDate)).toEqual([null]);
    expect(find(items, '01.01.04')[0]).toMatchObject({ dueDate: null });
  });

  it('is idempotent; a milestone moved moves the due dates and drops occurrences past the close', async () => {
    expect((await pm().call(r.generate)).data).toEqual({ created: 0, updated: 0, removed: 0, kept: 11 });
    await saveMilestone('site_activated', { siteId: site.S01 }, '2026-01-01', '2026-01-20');
    const { items, total } = await all();
    expect(total).toBe(10);
    expect(find(items, '01.01.02', { level: 'site', siteId: site.S01 })[0].dueDate).toBe('2026-01-15');
    expect(find(items, '01.01.03', { siteId: site.S01 }).map((i) => i.dueDate)).toEqual([
      '2026-01-20',
      '2026-02-20',
      '2026-03-20',
    ]);
    const rows = await ctx.db
      .select()
      .from(trail)
      .where(and(eq(trail.objectType, 'expected_items'), eq(trail.projectId, world.projectId)));
    expect(rows.map((t) => t.newValue)).toEqual([
      { created: 11, updated: 0, removed: 0, kept: 0 },
      { created: 0, updated: 0, removed: 0, kept: 11 },
      { created: 0, updated: 4, removed: 1, kept: 6 },
    ]);
  });

  it('keeps what a person decided: not applicable, removed, added by hand', async () => {
    const { items } = await all();
    const cn = find(items, '01.01.02', { level: 'country', countryCode: 'CN' })[0];
    const d = find(items, '01.01.04')[0];
    expect(
      (await pm().call(r.notApplicable, { params: { id: cn.id }, body: { reason: 'No CN filing' } })).statusCode,
    ).toBe(200);
    expect((await pm().call(r.remove, { params: { id: d.id } })).statusCode).toBe(200);
    const added = await pm().call(r.create, {
      body: { artifactId: art.get('01.01.01')!, level: 'trial', dueDate: '2026-06-01' },
    });
    expect(added.statusCode).toBe(200);
    // A milestone no rule reads: the regeneration it runs changes nothing a person decided.
    await saveMilestone('site_activated', { siteId: site.S02 }, '2026-03-01', null);
    const after = await all();
    expect(after.counts.notApplicable).toBe(1);
    expect(find(after.items, '01.01.02', { level: 'country', countryCode: 'CN' })[0]).toMatchObject({
      state: 'not_applicable',
      reason: 'No CN filing',
    });
    expect(find(after.items, '01.01.04')).toEqual([]);
    expect(find(after.items, '01.01.01').map((i) => [i.occurrence, i.origin, i.dueDate])).toEqual([
      [1, 'generated', '2026-02-11'],
      [2, 'manual', '2026-06-01'],
    ]);
    expect(find(after.items, '01.01.02', { level: 'site', siteId: site.S02 })[0].dueDate).toBe('2026-02-24');
    expect((await pm().call(r.generate)).data).toMatchObject({ created: 0, updated: 0, removed: 0 });
    expect((await pm().call(r.reopen, { params: { id: cn.id } })).statusCode).toBe(200);
    expect((await pm().call(r.reopen, { params: { id: cn.id } })).statusCode).toBe(409);
  });
});

let n = 0;
const folderOf = async (number: string) =>
  (
    await ctx.db
      .select({ id: folders.id })
      .from(folders)
      .where(and(eq(folders.projectId, world.projectId), eq(folders.artifactId, art.get(number)!)))
  )[0].id;
const upload = async (number: string, more: Record<string, string | number> = {}) =>
  (
    await pm().callUpload(documentRoutes.upload, {
      fields: { folderId: await folderOf(number), name: `Doc ${++n}`, ...more },
      file: { name: 'a.pdf', content: SAMPLE.pdf() },
    })
  ).data.fileId;
const matches = async (documentId: number) => (await pm().call(r.matches, { query: { documentId } })).data;

describe('fulfilment by filing', () => {
  it('links a document to its one fitting item; several fitting: none, until a person links one', async () => {
    const us = await upload('01.01.02', { countryId: country.US });
    const m = await matches(us);
    expect(m.linked.map((i) => [i.level, i.countryCode, i.state])).toEqual([['country', 'US', 'filed']]);
    expect(m.linked[0].documents.map((d) => d.id)).toEqual([us]);
    const monthly = await upload('01.01.03', { central: 'false', siteId: site.S01 });
    const several = await matches(monthly);
    expect(several.linked).toEqual([]);
    expect(several.candidates.map((i) => i.occurrence)).toEqual([1, 2, 3]);
    const link = await pm().call(r.link, { body: { itemId: several.candidates[1].id, documentId: monthly } });
    expect(link.statusCode).toBe(200);
    expect((await matches(monthly)).linked.map((i) => i.occurrence)).toEqual([2]);
    // Not of the document's artifact and place.
    const wrong = await pm().call(r.link, { body: { itemId: m.linked[0].id, documentId: monthly } });
    expect(wrong.statusCode).toBe(409);
    const docTrail = await ctx.db
      .select()
      .from(trail)
      .where(and(eq(trail.objectType, 'document'), eq(trail.objectId, String(monthly))));
    expect(docTrail.map((t) => t.newValue)).toContainEqual(expect.objectContaining({ linked: true, auto: false }));
    expect(
      (await pm().call(r.unlink, { body: { itemId: several.candidates[1].id, documentId: monthly } })).statusCode,
    ).toBe(200);
    expect((await matches(monthly)).linked).toEqual([]);
  });

  it('a move away, a delete unlink (the item is expected again); a restore links again', async () => {
    const doc = await upload('01.01.02', { countryId: country.CN });
    const item = (await matches(doc)).linked[0];
    expect(item).toMatchObject({ countryCode: 'CN', state: 'filed' });
    await pm().call(documentRoutes.delete, { body: { fileId: doc, deleteAllVersion: true } });
    const state = async () => (await all()).items.find((i) => i.id === item.id)!.state;
    expect(await state()).toBe('expected');
    await pm().call(documentRoutes.restore, { params: { id: doc }, body: {} });
    expect(await state()).toBe('filed');
    await pm().call(documentRoutes.move, { params: { fileId: doc, folderId: await folderOf('01.01.01') } });
    expect(await state()).toBe('expected');
  });

  it('refuses a country of another project and a country with a site, naming the field', async () => {
    const res = await pm().callUpload(documentRoutes.upload, {
      fields: {
        folderId: await folderOf('01.01.02'),
        name: 'Bad',
        central: 'false',
        siteId: site.S01,
        countryId: country.CN,
      },
      file: { name: 'a.pdf', content: SAMPLE.pdf() },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('Country');
  });
});

describe('rights', () => {
  it('refuses /manage/expected/* to a member who is not a project administrator', async () => {
    const staff = client(ctx.app, world.staff.token);
    expect((await staff.call(r.list)).statusCode).toBe(403);
    expect((await staff.call(r.generate)).statusCode).toBe(403);
  });

  it('lets only who may edit the document link it', async () => {
    const doc = await upload('01.01.02', { central: 'false', siteId: site.S02 });
    const [item] = (await matches(doc)).linked;
    expect(item).toBeDefined();
    const staff = client(ctx.app, world.staff.token);
    const refused = await staff.post('/expected/unlink', { itemId: item.id, documentId: doc });
    expect([403, 404]).toContain(refused.statusCode);
    expect((await matches(doc)).linked.map((i) => i.id)).toEqual([item.id]);
  });

  it('keeps a country its documents are filed at (409 country_has_documents)', async () => {
    const de = (await pm().call(countryRoutes.create, { body: { code: 'DE', name: 'Germany' } })).data.id;
    await upload('01.01.01', { countryId: de });
    const res = await pm().call(countryRoutes.delete, { params: { id: de } });
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toContain('Documents');
  });
});
