import { JOB_QUEUES } from '@edoc/contract/job-queue';
import { jobQueueRoutes as r } from '@edoc/contract/job-queue-routes';
import { UserType } from '@edoc/contract/enums';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_PAYLOADS } from '../../jobs/payloads.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { createUser, signIn } from '../../test/factories.ts';
import { client, type Client } from '../../test/requests.ts';

let ctx: TestContext;
let sys: Client;
beforeAll(async () => {
  ctx = await createTestContext();
  const user = await createUser(ctx.db, { userType: UserType.System });
  sys = client(ctx.app, await signIn(ctx, user.email));
});
afterAll(() => ctx.close());

/** A job put straight into pg-boss's table in a state, not due for a day, so no worker takes it meanwhile. */
async function job(state: string, output: object | null = null) {
  const r = await ctx.db.execute<{ id: string }>(sql`insert into pgboss.job (name, data, state, output, start_after)
    values ('mail.send', '{}'::jsonb, ${state}::pgboss.job_state, ${output ? JSON.stringify(output) : null}::jsonb,
      now() + interval '1 day') returning id`);
  return r.rows[0].id;
}
const stateOf = async (id: string) =>
  (await ctx.db.execute<{ state: string }>(sql`select state::text as state from pgboss.job where id = ${id}`)).rows[0]
    .state;

describe('the background queues (issue 29 part 6)', () => {
  it('names every queue the workers serve', () => {
    expect([...JOB_QUEUES].sort()).toEqual(Object.keys(JOB_PAYLOADS).sort());
  });

  it('counts jobs per queue and state and lists failed ones with their reason', async () => {
    const failed = await job('failed', { message: 'SMTP refused the recipient' });
    const waiting = await job('created');
    const list = await sys.call(r.list, { query: { state: 'failed', queue: 'mail.send' } });
    const mail = list.data.queues.find((q) => q.queue === 'mail.send')!;
    expect(mail.failed).toBeGreaterThanOrEqual(1);
    expect(mail.waiting).toBeGreaterThanOrEqual(1);
    expect(list.data.jobs.find((j) => j.id === failed)).toMatchObject({
      state: 'failed',
      reason: 'SMTP refused the recipient',
    });
    expect(list.data.jobs.some((j) => j.id === waiting)).toBe(false);
    const waitingList = await sys.call(r.list, { query: { state: 'waiting' } });
    expect(waitingList.data.jobs.find((j) => j.id === waiting)).toMatchObject({ state: 'waiting', reason: null });
  });

  it('retries a failed job and cancels a waiting one, each in the trail; refuses either in the wrong state', async () => {
    const failed = await job('failed', { message: 'boom' });
    expect((await sys.call(r.retry, { body: { queue: 'mail.send', id: failed } })).status).toBe(true);
    expect(await stateOf(failed)).toBe('retry');
    const again = await sys.call(r.retry, { body: { queue: 'mail.send', id: failed } });
    expect(again.statusCode).toBe(409);
    expect(again.errorCode).toBe('job_state');

    expect((await sys.call(r.cancel, { body: { queue: 'mail.send', id: failed } })).status).toBe(true);
    expect(await stateOf(failed)).toBe('cancelled');
    expect((await sys.call(r.cancel, { body: { queue: 'mail.send', id: failed } })).statusCode).toBe(409);

    const trail = await ctx.db.execute<{ old_value: unknown; new_value: unknown }>(
      sql`select old_value, new_value from trail where object_type = 'job' and object_id = ${failed} order by id`,
    );
    expect(trail.rows).toEqual([
      { old_value: { queue: 'mail.send', state: 'failed' }, new_value: { queue: 'mail.send', state: 'waiting' } },
      { old_value: { queue: 'mail.send', state: 'waiting' }, new_value: { queue: 'mail.send', state: 'cancelled' } },
    ]);
  });

  it('answers 404 for a job not in that queue, and refuses a malformed id naming the field', async () => {
    const failed = await job('failed', { message: 'boom' });
    expect((await sys.call(r.retry, { body: { queue: 'download.pack', id: failed } })).statusCode).toBe(404);
    const bad = await sys.call(r.retry, { body: { queue: 'mail.send', id: 'not-a-uuid' } });
    expect(bad.statusCode).toBe(400);
    expect(await stateOf(failed)).toBe('failed');
  });
});
