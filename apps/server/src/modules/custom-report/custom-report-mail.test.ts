import { customReportRoutes } from '@edoc/contract/custom-report-routes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members } from '../../db/schema/projects.ts';
import { users } from '../../db/schema/users.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { mailsTo } from '../../test/records.ts';
import { client } from '../../test/requests.ts';
import { definition, reportWorld, type ReportWorld } from '../../test/custom-report-fixture.ts';
import { mailWeeklyReports } from './custom-report-mail.ts';

let ctx: TestContext;
let world: ReportWorld;
const mailDeps = () => ({ db: ctx.db, jobs: ctx.deps.jobs, publicUrl: 'https://edoc.example' });
const DAY = 86_400_000;

beforeAll(async () => {
  ctx = await createTestContext();
  world = await reportWorld(ctx, 'CR-MAIL');
  await ctx.db.update(users).set({ lang: 'en-US' }).where(eq(users.id, world.aOnly.id));
  await ctx.db.update(users).set({ lang: 'zh-CN' }).where(eq(users.id, world.siteOne.id));
}, 60_000);
afterAll(() => ctx.close());

/** Mails settle through the job queue into the outbox. */
async function settled(to: string, count: number): Promise<string[]> {
  for (let i = 0; i < 100 && (await mailsTo(ctx, to)).length < count; i++) await new Promise((r) => setTimeout(r, 100));
  return mailsTo(ctx, to);
}

describe('the weekly mail of a report', () => {
  it('goes once a week to each member chosen, with their own rows in their language, never to a former member', async () => {
    const saved = await client(ctx.app, world.pm.token).call(customReportRoutes.create, {
      body: {
        name: 'Documents weekly',
        mailTo: [world.aOnly.id, world.siteOne.id, world.staff.id],
        definition: definition({
          dataset: 'documents',
          columns: ['name', 'status'],
          sort: { field: 'name', dir: 'asc' },
        }),
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // The staff member leaves before the first sending: no mail of the project reaches them any more.
    await ctx.db.delete(members).where(eq(members.userId, world.staff.id));

    const start = new Date();
    expect(await mailWeeklyReports(mailDeps(), start)).toBe(2);
    expect(await mailWeeklyReports(mailDeps(), new Date(start.getTime() + 6 * DAY))).toBe(0);

    const [en] = await settled(world.aOnly.email, 1);
    expect(en).toContain('edoc: weekly report "Documents weekly"');
    expect(en).toContain('Name | Document status');
    expect(en).toContain('A1 | Archived');
    expect(en).toContain('A3 | Archived');
    expect(en).not.toMatch(/B1|B2/);
    expect(en).toContain('https://edoc.example/report?id=');

    const [zh] = await settled(world.siteOne.email, 1);
    expect(zh).toContain('每周报表《Documents weekly》');
    expect(zh).toContain('文件名称 | 文档状态');
    expect(zh).toContain('B2 | 审阅中');
    expect(zh).not.toContain('A3');
    expect(await mailsTo(ctx, world.staff.email)).toEqual([]);

    // A week later it goes again, once, whichever worker asks.
    const week = new Date(start.getTime() + 7 * DAY);
    const sent = await Promise.all([mailWeeklyReports(mailDeps(), week), mailWeeklyReports(mailDeps(), week)]);
    expect(sent[0] + sent[1]).toBe(2);
    expect(await settled(world.aOnly.email, 2)).toHaveLength(2);
  });
});
