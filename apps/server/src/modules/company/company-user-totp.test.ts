import { companyUserRoutes } from '@edoc/contract/company-routes';
import type { CompanyUserPage } from '@edoc/contract/company';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userTotp } from '../../db/schema/identity.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { createCompany, createCompanyAdmin, createProjectUser, signIn } from '../../test/factories.ts';
import { client } from '../../test/requests.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

// Issue 29 part 3: the user administration shows who signs in with a second factor. Only a confirmed one counts:
// a set-up left at the QR code does not protect the account.
describe("the company user list's two-factor state", () => {
  it('is on for a user with a confirmed factor, off for one who never confirmed and one who has none', async () => {
    const companyId = (await createCompany(ctx.db)).id;
    const admin = await signIn(ctx, (await createCompanyAdmin(ctx.db, companyId)).email);
    const confirmed = await createProjectUser(ctx.db, companyId);
    const unconfirmed = await createProjectUser(ctx.db, companyId);
    const none = await createProjectUser(ctx.db, companyId);
    await ctx.db.insert(userTotp).values([
      { userId: confirmed.id, secret: 'JBSWY3DPEHPK3PXP', confirmedAt: new Date() },
      { userId: unconfirmed.id, secret: 'JBSWY3DPEHPK3PXQ' },
    ]);

    const res = await client(ctx.app, admin).call(companyUserRoutes.list, { query: { pageNum: 1, pageSize: 50 } });
    expect(res.statusCode).toBe(200);
    const byId = new Map((res.data as CompanyUserPage).data.map((u) => [u.userId, u.totpEnabled]));
    expect(byId.get(confirmed.id)).toBe(true);
    expect(byId.get(unconfirmed.id)).toBe(false);
    expect(byId.get(none.id)).toBe(false);
  });
});
