import fs from 'node:fs/promises';
import path from 'node:path';
import { TrailType } from '@edoc/contract/enums';
import { projectEntryRoutes } from '@edoc/contract/project-routes';
import { tmfHealthRoutes as r } from '@edoc/contract/tmf-health-routes';
import { and, eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members } from '../../db/schema/projects.ts';
import { tmfHealthMail } from '../../db/schema/tmf-health.ts';
import { trail } from '../../db/schema/trail.ts';
import { users } from '../../db/schema/users.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { createProjectWorld, signIn, type ProjectPerson } from '../../test/factories.ts';
import { client } from '../../test/requests.ts';
import { poppler, popplerTools } from '../../test/signed-fixture.ts';
import { healthWorld, type HealthWorld } from '../../test/tmf-health-fixture.ts';
import { weekEnds } from './tmf-health-trend.ts';
import { mailWeeklyHealth } from './tmf-health-mail-job.ts';

/*
 * Issue 27 part 6, the leftovers: the dashboard as a PDF, and mailed weekly to the members who ask for it, each with
 * their own figures. The figures are those of tmf-health-fixture.ts (tmf-health.test.ts works them out by hand): the
 * project administrator sees 3 of 8 expected documents filed, the member limited to site S1 1 of 1.
 */

let ctx: TestContext;
let H: HealthWorld;
const as = (p: ProjectPerson) => client(ctx.app, p.token);
const DAY = 86_400_000;

beforeAll(async () => {
  ctx = await createTestContext();
  H = await healthWorld(ctx, 'TH-MAIL');
}, 120_000);
afterAll(() => ctx.close());

/** A session of the person in Chinese (sessions of the factories are in English). */
async function inChinese(p: ProjectPerson): Promise<ProjectPerson> {
  const token = await signIn(ctx, p.email, undefined, 'zh-CN');
  const entered = await client(ctx.app, token).call(projectEntryRoutes.enter, { body: { studyId: H.world.projectId } });
  expect(entered.statusCode, entered.body).toBe(200);
  return { ...p, token };
}

/** The mails to an address in the outbox, with their attachments, once `count` have arrived through the queue. */
async function mailsTo(to: string, count: number) {
  const read = async () => {
    const files = (await fs.readdir(ctx.deps.config.outboxDir).catch(() => [] as string[])).sort();
    const out = [];
    for (const f of files) {
      const mail = await simpleParser(await fs.readFile(path.join(ctx.deps.config.outboxDir, f)));
      if (mail.to && !Array.isArray(mail.to) && mail.to.value.some((a) => a.address === to)) out.push(mail);
    }
    return out;
  };
  for (let i = 0; i < 100 && (await read()).length < count; i++) await new Promise((res) => setTimeout(res, 100));
  return read();
}

describe('the dashboard as a PDF', () => {
  it.skipIf(!popplerTools)('holds the figures, the groups and the trend weeks, in English and in Chinese', async () => {
    const en = await as(H.world.pm).get('/tmf-health/export?groupBy=level&format=pdf');
    expect(en.statusCode, en.body).toBe(200);
    expect(en.headers['content-type']).toContain('application/pdf');
    expect(en.headers['content-disposition']).toContain('.pdf');
    const text = await poppler('pdftotext', en.rawPayload);
    expect(text).toContain('TMF health');
    expect(text).toContain('TH-MAIL');
    expect(text).toContain('Timeliness target: 30 calendar days');
    expect(text).toMatch(/Completeness\s+37\.5%/);
    expect(text).toMatch(/Overdue\s+3/);
    expect(text).toMatch(/Open quality issues\s+2/);
    for (const group of ['Trial', 'Country', 'Site']) expect(text).toContain(group);
    for (const week of weekEnds(new Date())) expect(text).toContain(week);

    const zh = await as(await inChinese(H.world.pm)).get(
      `/tmf-health/export?groupBy=site&format=pdf&countryId=${H.countryIds.CN}`,
    );
    expect(zh.statusCode, zh.body).toBe(200);
    const zhText = await poppler('pdftotext', zh.rawPayload);
    expect(zhText).toContain('TMF 健康度');
    expect(zhText).toContain('国家: CN China');
    expect(zhText).toContain('完整性');
    expect(zhText).toContain('Site One');
    expect(zhText).toContain('趋势（最近 12 周）');

    // Each export is in the trail: the format, the grouping and the scope by its codes.
    const rows = await ctx.db.select().from(trail).where(eq(trail.objectType, 'tmf_health_export'));
    expect(rows.map((t) => t.newValue)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ format: 'pdf', groupBy: 'level', country: null, site: null }),
        expect.objectContaining({ format: 'pdf', groupBy: 'site', country: 'CN' }),
      ]),
    );
    expect(
      rows.every(
        (t) => t.type === TrailType.View && /^[0-9a-f]{64}$/.test(String((t.newValue as { sha256: string }).sha256)),
      ),
    ).toBe(true);
  });

  it('refuses a format it does not write, naming the field', async () => {
    const res = await as(H.world.pm).get('/tmf-health/export?format=doc');
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('format');
  });
});

describe('the weekly mail', () => {
  it('a member reads, subscribes and unsubscribes themself; each change is in the trail; bad input names its field', async () => {
    const staff = as(H.world.staff);
    expect((await staff.call(r.mail)).data).toEqual({ subscribed: false, groupBy: null, lastMailedAt: null });
    expect((await staff.call(r.setMail, { body: { subscribed: true, groupBy: 'country' } })).statusCode).toBe(200);
    expect((await staff.call(r.mail)).data).toEqual({ subscribed: true, groupBy: 'country', lastMailedAt: null });
    // The same again writes nothing; another member's state is theirs.
    expect((await staff.call(r.setMail, { body: { subscribed: true } })).statusCode).toBe(200);
    expect((await as(H.world.pm).call(r.mail)).data.subscribed).toBe(false);
    expect((await staff.call(r.setMail, { body: { subscribed: false } })).statusCode).toBe(200);
    expect((await staff.call(r.mail)).data).toEqual({ subscribed: false, groupBy: null, lastMailedAt: null });
    const rows = await ctx.db
      .select()
      .from(trail)
      .where(and(eq(trail.objectType, 'tmf_health_mail'), eq(trail.objectId, String(H.world.staff.id))));
    expect(rows.map((t) => [t.type, t.oldValue, t.newValue])).toEqual([
      [TrailType.SettingsChange, { subscribed: false, groupBy: null }, { subscribed: true, groupBy: 'country' }],
      [TrailType.SettingsChange, { subscribed: true, groupBy: 'country' }, { subscribed: false, groupBy: null }],
    ]);
    for (const [body, field] of [
      [{ subscribed: 'yes' }, 'subscribed'],
      [{ subscribed: true, groupBy: 'x' }, 'groupBy'],
      [{}, 'subscribed'],
    ] as const) {
      const res = await staff.post('/tmf-health/mail', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.body).toContain(field);
    }
  });

  it('goes weekly to each subscriber with their own figures in their language, the PDF attached; never to a former member', async () => {
    await ctx.db.update(users).set({ lang: 'en-US' }).where(eq(users.id, H.world.pm.id));
    await ctx.db.update(users).set({ lang: 'zh-CN' }).where(eq(users.id, H.siteMember.id));
    for (const p of [H.world.pm, H.siteMember, H.world.staff])
      expect((await as(p).call(r.setMail, { body: { subscribed: true, groupBy: 'level' } })).statusCode).toBe(200);
    // A project without a model: its subscriber gets nothing, and their row waits.
    const bare = await createProjectWorld(ctx, 'TH-MAIL-0');
    expect((await as(bare.pm).call(r.setMail, { body: { subscribed: true } })).statusCode).toBe(200);
    // The staff member leaves the project before the first sending.
    await ctx.db
      .delete(members)
      .where(and(eq(members.userId, H.world.staff.id), eq(members.projectId, H.world.projectId)));

    const deps = { db: ctx.db, jobs: ctx.deps.jobs, publicUrl: 'https://edoc.example/' };
    const start = new Date();
    expect(await mailWeeklyHealth(deps, start)).toBe(2);
    expect(await mailWeeklyHealth(deps, new Date(start.getTime() + 6 * DAY))).toBe(0);

    const [en] = await mailsTo(H.world.pm.email, 1);
    expect(en!.subject).toBe('edoc: weekly TMF health of Project TH-MAIL');
    expect(en!.text).toContain('Completeness: 37.5% (3 of 8 expected documents filed)');
    expect(en!.text).toContain('Overdue: 3');
    expect(en!.text).toContain('https://edoc.example/tmf-health');
    expect(en!.attachments).toHaveLength(1);
    expect(en!.attachments[0]!.contentType).toBe('application/pdf');
    if (popplerTools) expect(await poppler('pdftotext', en!.attachments[0]!.content)).toMatch(/Completeness\s+37\.5%/);

    const [zh] = await mailsTo(H.siteMember.email, 1);
    expect(zh!.subject).toContain('每周 TMF 健康度');
    expect(zh!.text).toContain('完整性：100.0%（应有文档 1 份，已归档 1 份）');
    expect(zh!.text).toContain('已逾期：0');
    if (popplerTools) expect(await poppler('pdftotext', zh!.attachments[0]!.content)).toContain('到期完整性');

    expect(await mailsTo(H.world.staff.email, 0)).toEqual([]);
    expect(await mailsTo(bare.pm.email, 0)).toEqual([]);
    const [waiting] = await ctx.db.select().from(tmfHealthMail).where(eq(tmfHealthMail.userId, bare.pm.id));
    expect(waiting!.lastMailedAt).toBeNull();
    const state = (await as(H.world.pm).call(r.mail)).data;
    expect(state.lastMailedAt).toBe(start.toISOString());

    // A week later it goes again, once, whichever worker asks.
    const week = new Date(start.getTime() + 7 * DAY);
    const sent = await Promise.all([mailWeeklyHealth(deps, week), mailWeeklyHealth(deps, week)]);
    expect(sent[0] + sent[1]).toBe(2);
    expect(await mailsTo(H.world.pm.email, 2)).toHaveLength(2);
  });
});
