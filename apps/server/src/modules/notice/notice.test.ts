import type { RouteInput } from '@edoc/contract/route';
import { noticeRoutes } from '@edoc/contract/notice-routes';
import { NoticeStatus, UserType } from '@edoc/contract/enums';
import { notices } from '../../db/schema/notices.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { createUser, signIn } from '../../test/factories.ts';
import { client } from '../../test/requests.ts';

let ctx: TestContext;
let admin: string;
let other: string;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signIn(ctx, (await createUser(ctx.db)).email);
  other = await signIn(ctx, (await createUser(ctx.db, { userType: UserType.Project })).email);
});
afterAll(() => ctx.close());

const release = () => client(ctx.app).call(noticeRoutes.release);
const save = (token: string, payload: RouteInput<typeof noticeRoutes.update>['body']) =>
  client(ctx.app, token).call(noticeRoutes.update, { body: payload, headers: { 'accept-language': 'en-US' } });
const past = new Date(Date.now() - 60_000).toISOString();

describe('system notice', () => {
  it('shows nothing before a notice is released', async () => {
    expect((await release()).data).toMatchObject({ noticeStatus: 0, noticeContent: '' });
  });

  it('is written and released by the system administrator only', async () => {
    expect((await save(other, { subject: 'S', contents: '<p>x</p>', effectiveTime: past })).statusCode).toBe(403);
    expect((await client(ctx.app).post('/notice/system/update/a')).statusCode).toBe(401);
    const res = await save(admin, {
      subject: 'Maintenance',
      contents: '<p>Down <b>Sunday</b></p>',
      effectiveTime: past,
    });
    expect(res.statusCode).toBe(200);
    expect((await release()).data).toMatchObject({
      noticeStatus: 1,
      noticeContent: '<p>Down <b>Sunday</b></p>',
      subject: 'Maintenance',
    });
  });

  it('removes scripts and event handlers before storing', async () => {
    await save(admin, {
      subject: 'XSS',
      contents: '<p onclick="steal()">Hi<script>alert(1)</script><img src=x onerror=alert(1)></p>',
      effectiveTime: past,
    });
    const content = (await release()).data.noticeContent;
    expect(content).toContain('Hi');
    expect(content).not.toMatch(/script|onclick|onerror|alert/);
    // The image lost its unsafe source: it goes, rather than stay as an empty frame (issue 12, defect 7).
    expect(content).toBe('<p>Hi</p>');
  });

  it('waits for its effective time', async () => {
    const future = new Date(Date.now() + 3_600_000).toISOString();
    await save(admin, { subject: 'Later', contents: '<p>later</p>', effectiveTime: future });
    expect((await release()).data.subject).not.toBe('Later');
  });

  it('refuses empty or over-long details, naming the rule', async () => {
    const empty = await save(admin, { subject: 'S', contents: '   ', effectiveTime: past });
    expect(empty.statusCode).toBe(400);
    expect(empty.msg).toBe('Announcement details cannot be empty');
    // 1334 Chinese characters are 4002 bytes in UTF-8
    const long = await save(admin, { subject: 'S', contents: '中'.repeat(1334), effectiveTime: past });
    expect(long.statusCode).toBe(400);
    expect(long.msg).toBe('Announcement details cannot exceed 4000 bytes');
    expect((await save(admin, { subject: 'S', contents: '中'.repeat(1333), effectiveTime: past })).statusCode).toBe(
      200,
    );
    const noSubject = await save(admin, { subject: '', contents: 'x', effectiveTime: past });
    expect(noSubject.msg).toBe('Subject is required');
    const badTime = await save(admin, { subject: 'S', contents: 'x', effectiveTime: 'tomorrow' });
    expect(badTime.msg).toBe('Effective time is invalid');
  });

  it('undo takes it off the login page; the list shows every notice', async () => {
    const id = (await save(admin, { subject: 'Undo me', contents: '<p>u</p>', effectiveTime: past })).data.id;
    expect((await release()).data.id).toBe(id);
    const undo = await client(ctx.app, admin).call(noticeRoutes.undoRelease, { params: { id } });
    expect(undo.statusCode).toBe(200);
    expect((await release()).data.id).not.toBe(id);
    const list = await client(ctx.app, admin).call(noticeRoutes.list, { query: { pageNum: 1, pageSize: 2 } });
    expect(list.data.data).toHaveLength(2);
    expect(list.data.total).toBeGreaterThanOrEqual(5);
    expect((await client(ctx.app, admin).call(noticeRoutes.undoRelease, { params: { id: 999999 } })).statusCode).toBe(
      404,
    );
    expect((await client(ctx.app, admin).call(noticeRoutes.undoRelease, { params: { id: 'abc' } })).statusCode).toBe(
      400,
    );
  });
});

// Last: it adds a notice, which the counts above do not expect.
describe('served notices', () => {
  it('is cleaned again when served: a row written around the API cannot carry a script (issue 9)', async () => {
    await ctx.db.insert(notices).values({
      subject: 'Written in the database',
      contents: '<p>Hello<script>alert(2)</script><img src=x onerror=alert(2)></p>',
      effectiveTime: new Date(Date.now() - 1000),
      status: NoticeStatus.Released,
    });
    const content = (await release()).data.noticeContent;
    expect(content).toContain('Hello');
    expect(content).not.toMatch(/script|onerror|alert/);
    const listed = (await client(ctx.app, admin).call(noticeRoutes.list)).data.data as Array<{
      contents: string;
    }>;
    expect(listed.map((n) => n.contents).join('')).not.toMatch(/<script|onerror/);
  });
});
