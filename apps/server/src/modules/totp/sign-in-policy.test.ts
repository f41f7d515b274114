import { totpRoutes } from '@edoc/contract/totp-routes';
import type { SignInPolicy } from '@edoc/contract/totp';
import { RoleCode } from '@edoc/contract/enums';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles } from '../../db/schema/projects.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { createCompany, createCompanyAdmin, createProjectRow, signIn } from '../../test/factories.ts';
import { client } from '../../test/requests.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

// The policy's roles are picked, not typed (issue 29): the choices are the roles of the company's own projects.
describe("the sign-in policy's roles to choose from", () => {
  it("lists each code of the company's projects once, and none of another company's", async () => {
    const companyId = (await createCompany(ctx.db)).id;
    const other = (await createCompany(ctx.db)).id;
    const admin = await signIn(ctx, (await createCompanyAdmin(ctx.db, companyId)).email);
    const [p1, p2, elsewhere] = await Promise.all([
      createProjectRow(ctx.db, companyId),
      createProjectRow(ctx.db, companyId),
      createProjectRow(ctx.db, other),
    ]);
    await ctx.db.insert(roles).values([
      { projectId: p1.id, code: RoleCode.ProjectAdmin, name: 'Project administrator', builtin: true },
      { projectId: p2.id, code: RoleCode.ProjectAdmin, name: 'Project administrator', builtin: true },
      { projectId: p1.id, code: 'CRA', name: 'Monitor', builtin: false },
      { projectId: p2.id, code: 'CRA', name: 'Clinical research associate', builtin: false },
      { projectId: elsewhere.id, code: 'AUDITOR', name: 'Auditor', builtin: false },
    ]);

    const res = await client(ctx.app, admin).call(totpRoutes.policy);
    expect(res.statusCode).toBe(200);
    expect((res.data as SignInPolicy).roles).toEqual([
      // A code in several projects is named by its oldest row.
      { code: 'CRA', name: 'Monitor', builtin: false },
      { code: RoleCode.ProjectAdmin, name: 'Project administrator', builtin: true },
    ]);
  });
});
