import { tmfModelRoutes as r } from '@edoc/contract/tmf-model-routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { createProjectWorld, type ProjectWorld } from '../../test/factories.ts';
import { client } from '../../test/requests.ts';
import { ichModel } from '../../test/tmf-project-fixture.ts';

let ctx: TestContext;
let world: ProjectWorld;
const admin = () => client(ctx.app, world.admin.token);

beforeAll(async () => {
  ctx = await createTestContext();
  world = await createProjectWorld(ctx, 'RULES-1');
}, 120_000);
afterAll(() => ctx.close());

const body = (rules: unknown[]) => ({
  name: `Ruled ${Math.random()}`,
  zones: [
    {
      number: '01',
      nameEn: 'Zone',
      sections: [
        {
          number: '01.01',
          nameEn: 'Section',
          artifacts: [{ number: '01.01.01', nameEn: 'Plan', levels: ['trial', 'site'], rules }],
        },
      ],
    },
  ],
});
const artifactOf = (detail: { zones: { sections: { artifacts: unknown[] }[] }[] }) =>
  detail.zones[0].sections[0].artifacts[0] as { rules: unknown[] };

describe("a company model's expected-document rules (issue 27 part 4)", () => {
  it('stores them with a draft, answers them with the detail, copies them to a new version', async () => {
    const rules = [
      { level: 'site', milestoneCode: 'site_activated', offsetDays: -30, recurrence: 'once' },
      { level: 'trial', milestoneCode: null, offsetDays: 0, recurrence: 'quarterly' },
    ];
    const query = { companyId: world.companyId };
    const id = (await admin().call(r.create, { query, body: body(rules) as never })).data.id;
    const detail = (await admin().call(r.detail, { params: { id }, query })).data;
    expect(artifactOf(detail).rules).toEqual(expect.arrayContaining(rules));
    expect(artifactOf(detail).rules).toHaveLength(2);
    expect((await admin().call(r.publish, { params: { id }, query })).statusCode).toBe(200);
    const next = (await admin().call(r.newVersion, { params: { id }, query })).data.id;
    expect(artifactOf((await admin().call(r.detail, { params: { id: next }, query })).data).rules).toHaveLength(2);
  });

  it('refuses a level twice, a level the artifact lacks and an unknown milestone, naming rules', async () => {
    const rule = { level: 'site', milestoneCode: 'site_activated', offsetDays: 0, recurrence: 'once' };
    for (const rules of [
      [rule, rule],
      [{ ...rule, level: 'country' }],
      [{ ...rule, milestoneCode: 'no_such_milestone' }],
    ]) {
      const res = await admin().post(`/tmf-model/create?companyId=${world.companyId}`, body(rules));
      expect(res.statusCode, JSON.stringify(rules)).toBe(400);
      expect(res.json().msg).toContain('Expected document rules');
    }
  });

  it('gives the shipped ICH E6(R2) model its rules by section: 8.2 and 8.4 by milestone, 8.3 none', async () => {
    const ich = await ichModel(ctx);
    const detail = (await admin().call(r.detail, { params: { id: ich.id }, query: { companyId: world.companyId } }))
      .data;
    const byNumber = new Map(
      detail.zones.flatMap((z) => z.sections.flatMap((s) => s.artifacts)).map((a) => [a.number, a.rules ?? []]),
    );
    expect(byNumber.get('8.2.1')).toEqual(
      expect.arrayContaining([
        { level: 'site', milestoneCode: 'site_activated', offsetDays: 0, recurrence: 'once' },
        { level: 'trial', milestoneCode: 'first_subject_in', offsetDays: 0, recurrence: 'once' },
      ]),
    );
    expect(byNumber.get('8.3.1')).toEqual([]);
    expect(
      byNumber
        .get('8.4.1')!
        .map((x) => x.milestoneCode)
        .sort(),
    ).toEqual(byNumber.get('8.4.1')!.length === 2 ? ['site_closed', 'trial_closed'] : expect.any(Array));
  });
});
