import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captchas } from '../../db/schema/sign-in.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { createUser, PASSWORD } from '../../test/factories.ts';
import { client } from '../../test/requests.ts';
import { captchaAnswer } from '../../test/records.ts';
import { drawDigits } from './captcha.service.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ LOGIN_CAPTCHA: 'on' });
});
afterAll(() => ctx.close());

async function captcha() {
  const res = await client(ctx.app).get('/captcha');
  const { id, svg } = res.json().data as { id: string; svg: string };
  return { id, code: await captchaAnswer(ctx.db, id), svg };
}

describe('login verification code', () => {
  it('is an SVG image of four digits drawn as strokes, never as text (issue 9)', async () => {
    const { svg, code } = await captcha();
    expect(svg.startsWith('<svg')).toBe(true);
    expect(code).toMatch(/^\d{4}$/);
    expect(svg).not.toMatch(/<text|font/i);
    expect(
      [...svg.matchAll(/<(\w+)/g)].map((m) => m[1]).filter((t) => !['svg', 'rect', 'g', 'path'].includes(t)),
    ).toEqual([]);
    // The same digits never draw the same twice.
    expect(drawDigits(code)).not.toBe(drawDigits(code));
  });

  it('is required, must match, and works once', async () => {
    const user = await createUser(ctx.db);
    const base = { email: user.email, password: PASSWORD };
    const headers = { 'accept-language': 'en-US' };
    const none = await client(ctx.app).post('/login', base, headers);
    expect(none.statusCode).toBe(400);
    expect(none.json().msg).toBe('Verification code is required');

    const c1 = await captcha();
    const wrongCode = c1.code === '0000' ? '1111' : '0000';
    const wrong = await client(ctx.app).post('/login', { ...base, captchaId: c1.id, captchaCode: wrongCode }, headers);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().msg).toBe('Verification code error');
    // a wrong guess uses the code up
    const retry = await client(ctx.app).post('/login', { ...base, captchaId: c1.id, captchaCode: c1.code });
    expect(retry.json().errorCode).toBe('verification_code_error');

    const c2 = await captcha();
    const good = await client(ctx.app).post('/login', { ...base, captchaId: c2.id, captchaCode: c2.code });
    expect(good.statusCode).toBe(200);
    const reuse = await client(ctx.app).post('/login', { ...base, captchaId: c2.id, captchaCode: c2.code });
    expect(reuse.json().errorCode).toBe('verification_code_error');
  });

  it('expires', async () => {
    const user = await createUser(ctx.db);
    const c = await captcha();
    await ctx.db
      .update(captchas)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(captchas.id, c.id));
    const res = await client(ctx.app).post('/login', {
      email: user.email,
      password: PASSWORD,
      captchaId: c.id,
      captchaCode: c.code,
    });
    expect(res.json().errorCode).toBe('verification_code_error');
  });

  it('answers a malformed id like a wrong code, not with a server error', async () => {
    const user = await createUser(ctx.db);
    const res = await client(ctx.app).post('/login', {
      email: user.email,
      password: PASSWORD,
      captchaId: "x' or 1=1",
      captchaCode: '1234',
    });
    expect(res.statusCode).toBe(400);
  });
});
