import { authRoutes } from '@edoc/contract/auth-routes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captchas } from '../../db/schema/sign-in.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { createUser, PASSWORD } from '../../test/factories.ts';
import { client } from '../../test/requests.ts';
import { captchaAnswer } from '../../test/records.ts';
import sharp from 'sharp';
import { randomDigits } from '../../lib/crypto.ts';
import { templateSolver, tesseractSolve } from './captcha-solvers.ts';
import { drawDigits, GLYPHS } from './captcha.service.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ LOGIN_CAPTCHA: 'on' });
});
afterAll(() => ctx.close());

async function captcha() {
  const res = await client(ctx.app).call(authRoutes.captcha);
  const { id, image } = res.data as { id: string; image: string };
  return { id, code: await captchaAnswer(ctx.db, id), image };
}

const png = (svg: string) => sharp(Buffer.from(svg)).png().toBuffer();
const page = (inner: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="132" height="44"><rect width="100%" height="100%" fill="#fff"/>${inner}</svg>`;
/** The glyphs as the captcha's source has them, upright where the template attacker looks. */
const cleanDigits = (code: string) =>
  png(
    page(
      [...code]
        .map(
          (digit, i) =>
            `<g transform="translate(${8 + i * 29} 5) scale(2.1)"><path d="${GLYPHS[digit]}" fill="none" stroke="#000" stroke-width="1.4"/></g>`,
        )
        .join(''),
    ),
  );
const printedDigits = (code: string) =>
  png(page(`<text x="12" y="32" font-size="28" font-family="sans-serif">${code}</text>`));

describe('login verification code', () => {
  it('is a PNG of four digits: pixels only, never the same twice (issue 25)', async () => {
    const { image, code } = await captcha();
    expect(code).toMatch(/^\d{4}$/);
    const png = Buffer.from(image.replace(/^data:image\/png;base64,/, ''), 'base64');
    expect(image.startsWith('data:image/png;base64,')).toBe(true);
    expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 132, height: 44 });
    expect((await drawDigits(code)).equals(await drawDigits(code))).toBe(false);
  });

  it('is read by neither template matching nor tesseract in more than 5 % of 200, which both read plain digits', async () => {
    const codes = Array.from({ length: 200 }, () => randomDigits(4));
    const images = await Promise.all(codes.map((code) => drawDigits(code)));
    const solve = await templateSolver();
    let matched = 0;
    for (const [i, png] of images.entries()) if ((await solve(png)) === codes[i]) matched++;
    const read = (await tesseractSolve(images)).filter((text, i) => text === codes[i]).length;
    // Both measured before either is checked, so a failure reports both.
    expect(`template matching solved ${matched}, tesseract ${read}`).toBe(
      `template matching solved ${Math.min(matched, 10)}, tesseract ${Math.min(read, 10)}`,
    );

    // The attackers are not blind: undistorted, the same glyphs are matched, and printed digits are read.
    const control = codes.slice(0, 20);
    const plain = await Promise.all(control.map((code) => cleanDigits(code)));
    let cleanMatched = 0;
    for (const [i, png] of plain.entries()) if ((await solve(png)) === control[i]) cleanMatched++;
    expect(cleanMatched).toBeGreaterThanOrEqual(18);
    const printed = await Promise.all(control.map((code) => printedDigits(code)));
    expect((await tesseractSolve(printed)).filter((text, i) => text === control[i]).length).toBeGreaterThanOrEqual(18);
  }, 120_000);

  it('is required, must match, and works once', async () => {
    const user = await createUser(ctx.db);
    const base = { email: user.email, password: PASSWORD };
    const headers = { 'accept-language': 'en-US' };
    const none = await client(ctx.app).call(authRoutes.login, { body: base, headers: headers });
    expect(none.statusCode).toBe(400);
    expect(none.msg).toBe('Verification code is required');

    const c1 = await captcha();
    const wrongCode = c1.code === '0000' ? '1111' : '0000';
    const wrong = await client(ctx.app).call(authRoutes.login, {
      body: { ...base, captchaId: c1.id, captchaCode: wrongCode },
      headers: headers,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.msg).toBe('Verification code error');
    // a wrong guess uses the code up
    const retry = await client(ctx.app).call(authRoutes.login, {
      body: { ...base, captchaId: c1.id, captchaCode: c1.code },
    });
    expect(retry.errorCode).toBe('verification_code_error');

    const c2 = await captcha();
    const good = await client(ctx.app).call(authRoutes.login, {
      body: { ...base, captchaId: c2.id, captchaCode: c2.code },
    });
    expect(good.statusCode).toBe(200);
    const reuse = await client(ctx.app).call(authRoutes.login, {
      body: { ...base, captchaId: c2.id, captchaCode: c2.code },
    });
    expect(reuse.errorCode).toBe('verification_code_error');
  });

  it('expires', async () => {
    const user = await createUser(ctx.db);
    const c = await captcha();
    await ctx.db
      .update(captchas)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(captchas.id, c.id));
    const res = await client(ctx.app).call(authRoutes.login, {
      body: {
        email: user.email,
        password: PASSWORD,
        captchaId: c.id,
        captchaCode: c.code,
      },
    });
    expect(res.errorCode).toBe('verification_code_error');
  });

  it('answers a malformed id like a wrong code, not with a server error', async () => {
    const user = await createUser(ctx.db);
    const res = await client(ctx.app).call(authRoutes.login, {
      body: {
        email: user.email,
        password: PASSWORD,
        captchaId: "x' or 1=1",
        captchaCode: '1234',
      },
    });
    expect(res.statusCode).toBe(400);
  });
});
