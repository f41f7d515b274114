import { TrailType, UserType } from '@edoc/contract/enums';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trail } from '../../db/schema/trail.ts';
import { multipart } from '../../test/multipart.ts';
import { bearer, createTestContext, createUser, signIn, type TestContext } from '../../test/context.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const filePart = (name: string, content: Buffer, type: string) => multipart({}, { name, content, type });

describe('personal information', () => {
  it('reads and changes the profile, trailing old and new values', async () => {
    const user = await createUser(ctx.db, { name: 'Before' });
    const token = await signIn(ctx, user.email);
    const info = await ctx.app.inject({ method: 'GET', url: '/edoc/user/info', headers: bearer(token) });
    expect(info.json().data).toMatchObject({
      userId: user.id,
      email: user.email,
      userName: 'Before',
      userType: UserType.System,
    });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/edoc/user/info/modify/a',
      headers: bearer(token),
      payload: { userName: 'After', sex: 'woman', city: '上海', mobile: '13800000000' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ userName: 'After', sex: 'woman', city: '上海' });
    const [row] = await ctx.db
      .select()
      .from(trail)
      .where(and(eq(trail.actorId, user.id), eq(trail.type, TrailType.ProfileChange)));
    expect(row.oldValue).toMatchObject({ userName: 'Before', sex: null });
    expect(row.newValue).toMatchObject({ userName: 'After', sex: 'woman', city: '上海' });
  });

  it('names the bad field and changes nothing', async () => {
    const user = await createUser(ctx.db, { name: 'Kept' });
    const token = await signIn(ctx, user.email);
    const headers = { ...bearer(token), 'accept-language': 'en-US' };
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/edoc/user/info/modify/a',
      headers,
      payload: { userName: 'New', sex: 'other' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe('Sex is invalid');
    const long = await ctx.app.inject({
      method: 'POST',
      url: '/edoc/user/info/modify/a',
      headers,
      payload: { userName: 'x'.repeat(65) },
    });
    expect(long.json().msg).toBe('Name cannot exceed 64 characters');
    const info = await ctx.app.inject({ method: 'GET', url: '/edoc/user/info', headers });
    expect(info.json().data.userName).toBe('Kept');
  });

  it('keeps an avatar image and refuses a file that is not one', async () => {
    const user = await createUser(ctx.db);
    const token = await signIn(ctx, user.email);
    const notImage = filePart('evil.png', Buffer.from('MZ this is an exe'), 'image/png');
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/edoc/user/avatar',
      ...notImage,
      headers: { ...notImage.headers, ...bearer(token) },
    });
    expect(refused.statusCode).toBe(415);
    const png = filePart('me.png', PNG, 'image/png');
    const saved = await ctx.app.inject({
      method: 'POST',
      url: '/edoc/user/avatar',
      ...png,
      headers: { ...png.headers, ...bearer(token) },
    });
    expect(saved.statusCode).toBe(200);
    const url = saved.json().data.avatarUrl as string;
    const image = await ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(PNG)).toBe(true);
    const stranger = await signIn(ctx, (await createUser(ctx.db, { userType: UserType.Project })).email);
    expect((await ctx.app.inject({ method: 'GET', url, headers: bearer(stranger) })).statusCode).toBe(403);
  });

  it('switches the session language', async () => {
    const user = await createUser(ctx.db);
    const token = await signIn(ctx, user.email);
    await ctx.app.inject({
      method: 'POST',
      url: '/edoc/user/lang',
      headers: bearer(token),
      payload: { lang: 'en-US' },
    });
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/edoc/user/lang',
      headers: bearer(token),
      payload: { lang: 'fr' },
    });
    expect(bad.json().msg).toBe('Language is invalid');
  });
});

describe('API plumbing', () => {
  it('health reports database and storage', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/edoc/health' });
    expect(res.json()).toMatchObject({ status: true, data: { database: 'up', storage: 'up', version: '2.4.4' } });
    expect(res.headers['x-request-id']).toBeTruthy();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers an unknown API path with the envelope and 404', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/edoc/nope', headers: { 'accept-language': 'en-US' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: false, errorCode: 'route_not_found' });
  });

  it('answers malformed JSON and an oversized body with 4xx, never 500', async () => {
    const user = await createUser(ctx.db);
    const token = await signIn(ctx, user.email);
    const broken = await ctx.app.inject({
      method: 'POST',
      url: '/edoc/user/info/modify/a',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: '{"userName":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().status).toBe(false);
    const huge = await ctx.app.inject({
      method: 'POST',
      url: '/edoc/user/info/modify/a',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: JSON.stringify({ userName: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(huge.statusCode).toBe(413);
  });

  it('replays the first answer for a repeated Idempotency-Key', async () => {
    const user = await createUser(ctx.db);
    const token = await signIn(ctx, user.email);
    const send = (userName: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/edoc/user/info/modify/a',
        headers: { ...bearer(token), 'idempotency-key': 'k-1' },
        payload: { userName },
      });
    const first = await send('First');
    const second = await send('Second');
    expect(second.headers['idempotent-replay']).toBe('true');
    expect(second.json()).toEqual(first.json());
    const info = await ctx.app.inject({ method: 'GET', url: '/edoc/user/info', headers: bearer(token) });
    expect(info.json().data.userName).toBe('First');
  });

  it('serves the OpenAPI document', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/edoc/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toContain('/edoc/login');
  });
});
