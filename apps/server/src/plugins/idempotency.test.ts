import { UserType } from '@edoc/contract/enums';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies } from '../db/schema/companies.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { createUser, signIn } from '../test/factories.ts';
import { bearer } from '../test/requests.ts';

let ctx: TestContext;
let token: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const admin = await createUser(ctx.db, { userType: UserType.System });
  token = await signIn(ctx, admin.email);
});
afterAll(() => ctx.close());

const create = (companyName: string, key: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/edoc/company/create',
    headers: { ...bearer(token), 'idempotency-key': key, 'accept-language': 'en-US' },
    payload: { companyName },
  });

describe('Idempotency-Key', () => {
  it('replays the first answer for the same request, and refuses the key for a different one (issue 9)', async () => {
    const first = await create('Keyed Pharma', 'key-1');
    expect(first.statusCode).toBe(200);
    const replay = await create('Keyed Pharma', 'key-1');
    expect(replay.headers['idempotent-replay']).toBe('true');
    expect(replay.json()).toEqual(first.json());

    const reused = await create('Other Pharma', 'key-1');
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toMatchObject({ status: false, errorCode: 'idempotency_key_reused' });
    const names = (await ctx.db.select({ name: companies.name }).from(companies)).map((c) => c.name);
    expect(names).toContain('Keyed Pharma');
    expect(names).not.toContain('Other Pharma');
  });
});
