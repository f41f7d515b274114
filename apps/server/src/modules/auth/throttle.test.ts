import { IP_FAILED_LOGINS } from '@edoc/contract/limits';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginFailures } from '../../db/schema/sign-in.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { createUser, PASSWORD } from '../../test/factories.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('per-address throttle', () => {
  it('refuses every sign-in from an address with too many recent failures, across accounts', async () => {
    const user = await createUser(ctx.db);
    const from = (ip: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/edoc/login',
        remoteAddress: ip,
        payload: { email: user.email, password: PASSWORD },
      });
    await ctx.db.insert(loginFailures).values(Array.from({ length: IP_FAILED_LOGINS }, () => ({ ip: '10.9.8.7' })));
    const res = await from('10.9.8.7');
    expect(res.statusCode).toBe(429);
    expect(res.json().errorCode).toBe('too_many_requests');
    expect((await from('10.9.8.6')).statusCode).toBe(200);
  });

  it('forgets failures older than the window', async () => {
    const user = await createUser(ctx.db);
    const old = new Date(Date.now() - 16 * 60_000);
    await ctx.db
      .insert(loginFailures)
      .values(Array.from({ length: IP_FAILED_LOGINS }, () => ({ ip: '10.9.8.5', at: old })));
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/edoc/login',
      remoteAddress: '10.9.8.5',
      payload: { email: user.email, password: PASSWORD },
    });
    expect(res.statusCode).toBe(200);
  });
});
