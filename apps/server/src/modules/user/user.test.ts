import { userRoutes } from '@edoc/contract/user-routes';
import { healthRoutes } from '@edoc/contract/health-routes';
import { TrailType, UserType } from '@edoc/contract/enums';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trail } from '../../db/schema/trail.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { createUser, signIn } from '../../test/factories.ts';
import { bearer, client } from '../../test/requests.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe('personal information', () => {
  it('reads and changes the profile, trailing old and new values', async () => {
    const user = await createUser(ctx.db, { name: 'Before' });
    const token = await signIn(ctx, user.email);
    const info = await client(ctx.app, token).call(userRoutes.info);
    expect(info.data).toMatchObject({
      userId: user.id,
      email: user.email,
      userName: 'Before',
      userType: UserType.System,
    });
    const res = await client(ctx.app, token).call(userRoutes.modifyInfo, {
      body: {
        userName: 'After',
        sex: 'woman',
        city: '上海',
        mobile: '13800000000',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.data).toMatchObject({ userName: 'After', sex: 'woman', city: '上海' });
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
    const api = client(ctx.app, token, { lang: 'en-US' });
    const bad = await api.post('/user/info/modify/a', { userName: 'New', sex: 'other' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe('Sex is invalid');
    const long = await api.call(userRoutes.modifyInfo, { body: { userName: 'x'.repeat(65) } });
    expect(long.msg).toBe('Name cannot exceed 64 characters');
    const info = await api.call(userRoutes.info);
    expect(info.data.userName).toBe('Kept');
  });

  it('keeps an avatar image and refuses a file that is not one', async () => {
    const user = await createUser(ctx.db);
    const token = await signIn(ctx, user.email);
    const api = client(ctx.app, token);
    const refused = await api.callUpload(userRoutes.uploadAvatar, {
      file: {
        name: 'evil.png',
        content: Buffer.from('MZ this is an exe'),
        type: 'image/png',
      },
    });
    expect(refused.statusCode).toBe(415);
    const saved = await api.callUpload(userRoutes.uploadAvatar, {
      file: { name: 'me.png', content: PNG, type: 'image/png' },
    });
    expect(saved.statusCode).toBe(200);
    const url = saved.data.avatarUrl;
    const image = await ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(PNG)).toBe(true);
    const stranger = await signIn(ctx, (await createUser(ctx.db, { userType: UserType.Project })).email);
    expect((await ctx.app.inject({ method: 'GET', url, headers: bearer(stranger) })).statusCode).toBe(403);
  });

  it('switches the session language', async () => {
    const user = await createUser(ctx.db);
    const token = await signIn(ctx, user.email);
    await client(ctx.app, token).call(userRoutes.setLang, { body: { lang: 'en-US' } });
    const bad = await client(ctx.app, token).call(userRoutes.setLang, { body: { lang: 'fr' } });
    expect(bad.msg).toBe('Language is invalid');
  });
});

describe('API plumbing', () => {
  it('health reports database and storage', async () => {
    const res = await client(ctx.app).call(healthRoutes.health);
    expect(res.json()).toMatchObject({ status: true, data: { database: 'up', storage: 'up', version: '2.4.4' } });
    expect(res.headers['x-request-id']).toBeTruthy();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers an unknown API path with the envelope and 404', async () => {
    const res = await client(ctx.app).get('/nope', { 'accept-language': 'en-US' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: false, errorCode: 'route_not_found' });
  });

  it('answers malformed JSON and an oversized body with 4xx, never 500', async () => {
    const user = await createUser(ctx.db);
    const token = await signIn(ctx, user.email);
    const broken = await client(ctx.app, token).post('/user/info/modify/a', '{"userName":', {
      'content-type': 'application/json',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().status).toBe(false);
    const huge = await client(ctx.app, token).post(
      '/user/info/modify/a',
      JSON.stringify({ userName: 'x'.repeat(2 * 1024 * 1024) }),
      { 'content-type': 'application/json' },
    );
    expect(huge.statusCode).toBe(413);
  });

  it('replays the first answer for a repeated Idempotency-Key', async () => {
    const user = await createUser(ctx.db);
    const token = await signIn(ctx, user.email);
    const send = (userName: string) =>
      client(ctx.app, token).call(userRoutes.modifyInfo, { body: { userName }, headers: { 'idempotency-key': 'k-1' } });
    const first = await send('First');
    // The same request again (another body with the same key is refused: plugins/idempotency.test.ts).
    const second = await send('First');
    expect(second.headers['idempotent-replay']).toBe('true');
    expect(second.json()).toEqual(first.json());
    const info = await client(ctx.app, token).call(userRoutes.info);
    expect(info.data.userName).toBe('First');
  });

  it('serves the OpenAPI document to signed-in users only, unless API_DOCS_PUBLIC=on (issue 9)', async () => {
    for (const url of ['/docs/json', '/docs/yaml']) expect((await client(ctx.app).get(url)).statusCode).toBe(401);
    const user = await createUser(ctx.db, { userType: UserType.Project });
    const res = await client(ctx.app, await signIn(ctx, user.email)).get('/docs/json');
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toContain('/edoc/login');
    // The page around it stays reachable and asks with the tab's session.
    expect((await client(ctx.app).get('/docs/')).statusCode).toBe(200);
    const init = await client(ctx.app).get('/docs/static/swagger-initializer.js');
    expect(init.body).toMatch(/sessionStorage\.getItem\(["']edoc\.token["']\)/);

    const open = await createTestContext({ API_DOCS_PUBLIC: 'on' });
    try {
      expect((await client(open.app).get('/docs/json')).statusCode).toBe(200);
    } finally {
      await open.close();
    }
  });
});
