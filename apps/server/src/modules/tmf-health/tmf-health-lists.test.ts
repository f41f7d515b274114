import { tmfHealthRoutes as r } from '@edoc/contract/tmf-health-routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folderGrants, roles } from '../../db/schema/projects.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { joinProject, type ProjectPerson } from '../../test/factories.ts';
import { client } from '../../test/requests.ts';
import { healthWorld, type HealthWorld } from '../../test/tmf-health-fixture.ts';

/*
 * A drill-down never names a document its caller may not open. In the fixture's world every document lies in the
 * folder of artifact A (8.2.1), whatever its artifact: a member granted only B's folder (8.3.12) sees artifact B, so
 * B's figures count d4 (filed 32 days after its date: late), but d4's folder is not theirs, so no list names it.
 */
let ctx: TestContext;
let H: HealthWorld;
let onlyB: ProjectPerson;

beforeAll(async () => {
  ctx = await createTestContext();
  H = await healthWorld(ctx, 'THL-1');
  const [role] = await ctx.db
    .insert(roles)
    .values({ projectId: H.world.projectId, code: 'B_READER', name: 'B reader', docKeys: ['viewDoc'] })
    .returning();
  await ctx.db.insert(folderGrants).values({
    folderId: H.world.folderByIch.get('8.3.12')!,
    subjectType: 'role',
    subjectId: role.id,
    docKeys: ['viewDoc'],
  });
  onlyB = await joinProject(ctx, H.world, role.id);
}, 120_000);
afterAll(() => ctx.close());

describe('drill-down lists name only documents the caller may open', () => {
  it('counts a late document of a visible artifact but lists it only for who may open its folder', async () => {
    const as = (p: ProjectPerson) => client(ctx.app, p.token);
    const figures = (await as(onlyB).call(r.summary)).data.total;
    expect(figures.timeliness).toMatchObject({ documents: 1, withinTarget: 0 }); // d4
    const late = (await as(onlyB).call(r.late, { query: {} })).data;
    expect(late.total).toBe(0);
    const pmLate = (await as(H.world.pm).call(r.late, { query: {} })).data;
    expect(pmLate.items.map((i) => i.documentId)).toContain(H.docs[3]);
    // d1's open issue is on artifact A, which this member does not see at all.
    expect((await as(onlyB).call(r.issues, { query: {} })).data.total).toBe(0);
  });
});
