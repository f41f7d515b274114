import { UserType } from '@edoc/contract/enums';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { companies } from '../db/schema/companies.ts';
import { idempotencyKeys } from '../db/schema/sign-in.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { createUser, signIn } from '../test/factories.ts';
import { bearer } from '../test/requests.ts';
import { KEY_LEASE_MS } from './idempotency.ts';

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

describe('Idempotency-Key of a request that died with its node (issue 25)', () => {
  it('is refused while its lease runs, and taken over by one retry once it ran out', async () => {
    await create('Probe Pharma', 'probe');
    const [probe] = await ctx.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'probe'));
    // The first try's node died after taking the key: no answer stored, its lease renewed a moment ago.
    await ctx.db.insert(idempotencyKeys).values({
      scope: probe.scope,
      key: 'died',
      requestHash: null,
      leaseUntil: new Date(Date.now() + KEY_LEASE_MS),
    });
    const early = await create('Retried Pharma', 'died');
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ errorCode: 'do_not_resubmit' });

    // The lease runs out (nobody renews it): the retry runs, once, and its answer is kept for the next replay.
    await ctx.db
      .update(idempotencyKeys)
      .set({ leaseUntil: new Date(Date.now() - 1000) })
      .where(eq(idempotencyKeys.key, 'died'));
    const [retry, racing] = await Promise.all([create('Retried Pharma', 'died'), create('Retried Pharma', 'died')]);
    // Two retries at once: one runs; the other is refused while it runs, or replays its answer once it is kept.
    const ran = [retry, racing].filter((r) => r.statusCode === 200 && r.headers['idempotent-replay'] !== 'true');
    expect(ran).toHaveLength(1);
    const replay = await create('Retried Pharma', 'died');
    expect(replay.headers['idempotent-replay']).toBe('true');
    const names = (await ctx.db.select({ name: companies.name }).from(companies)).map((c) => c.name);
    expect(names.filter((n) => n === 'Retried Pharma')).toHaveLength(1);
  });
});
