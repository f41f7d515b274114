import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { createUser } from '../../test/factories.ts';
import { registerMetrics } from './metrics.ts';

const TOKEN = 'metrics-token-for-the-test-0123';
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ METRICS_TOKEN: TOKEN });
});
afterAll(() => ctx.close());

const scrape = (authorization?: string) =>
  ctx.app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });

/** The value of one sample line of the text format, by its name and labels as written. */
const sample = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe('GET /metrics (issue 29 part 6)', () => {
  it('answers only with its bearer token', async () => {
    expect((await scrape()).statusCode).toBe(401);
    expect((await scrape(`Bearer ${TOKEN}x`)).statusCode).toBe(401);
    expect((await scrape(`Basic ${TOKEN}`)).statusCode).toBe(401);
    expect((await scrape(`Bearer ${TOKEN}`)).statusCode).toBe(200);
  });

  it('is off where no token is configured', async () => {
    const bare = Fastify();
    registerMetrics(bare, { ...ctx.deps, config: { ...ctx.deps.config, METRICS_TOKEN: undefined } });
    expect((await bare.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(
      404,
    );
    await bare.close();
  });

  it('counts requests by route pattern and status, sign-in failures, queues, conversions, extractions and the pool', async () => {
    const series = 'edoc_http_request_duration_seconds_count{method="GET",route="/edoc/health",status="200"}';
    const before = (await scrape(`Bearer ${TOKEN}`)).body;
    await ctx.app.inject({ url: '/edoc/health' });
    await ctx.app.inject({ url: '/edoc/health' });
    const user = await createUser(ctx.db);
    const failuresBefore = sample(before, 'edoc_sign_in_failures_total') ?? 0;
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/edoc/login',
      payload: { email: user.email, password: 'not-the-password-1A!' },
    });
    expect(refused.json().status).toBe(false);

    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    expect(sample(text, series)).toBe((sample(before, series) ?? 0) + 2);
    expect(sample(text, 'edoc_sign_in_failures_total')).toBe(failuresBefore + 1);
    // A document's route counts under its pattern, not its address, so the label set stays small.
    await ctx.app.inject({ url: '/edoc/tmf-model/4242427' });
    const after = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(after).toContain('route="/edoc/tmf-model/:id"');
    expect(after).not.toContain('4242427');
    expect(text).toMatch(/^edoc_conversions\{state="waiting"\} \d+$/m);
    expect(text).toMatch(/^edoc_text_extractions\{state="failed"\} \d+$/m);
    expect(text).toMatch(/^edoc_db_pool_connections\{state="total"\} [1-9]\d*$/m);
    expect(text).toMatch(/^edoc_jobs\{queue="download.pack",state="failed"\} \d+$/m);
    // Whatever state the job has reached when scraped, the queue holds one more than before.
    const mails = (body: string) =>
      [...body.matchAll(/^edoc_jobs\{queue="mail\.send",state="\w+"\} (\d+)$/gm)].reduce((n, m) => n + Number(m[1]), 0);
    const mailsBefore = mails(text);
    await ctx.deps.jobs.send('mail.send', { to: 'nobody@example.test', subject: 'metrics', text: 'metrics' });
    expect(mails((await scrape(`Bearer ${TOKEN}`)).body)).toBe(mailsBefore + 1);
    expect(text).toMatch(/^edoc_node_process_resident_memory_bytes \d+/m);
  });
});
