import { CAPTCHA_LENGTH, CAPTCHA_TTL_SECONDS } from '@edoc/contract/limits';
import { randomInt } from 'node:crypto';
import sharp from 'sharp';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { captchas } from '../../db/schema/sign-in.ts';
import { randomDigits, sha256 } from '../../lib/crypto.ts';

/** Single-stroke digit shapes on a 10 × 16 grid (M/L/Q path commands), bent and rasterised before anyone sees them. */
export const GLYPHS: Record<string, string> = {
  '0': 'M5 1 Q9 1 9 8 Q9 15 5 15 Q1 15 1 8 Q1 1 5 1',
  '1': 'M2 4 L6 1 L6 15 M2 15 L9 15',
  '2': 'M1 4 Q5 -1 9 4 Q9 7 1 15 L9 15',
  '3': 'M1 2 L9 2 L4 7 Q10 8 8 13 Q5 17 1 13',
  '4': 'M7 15 L7 1 L1 10 L9 10',
  '5': 'M9 1 L2 1 L1 7 Q9 5 9 11 Q8 16 1 14',
  '6': 'M8 1 Q1 4 1 11 Q2 16 6 15 Q9 13 8 9 Q5 7 1 10',
  '7': 'M1 1 L9 1 L4 15',
  '8': 'M5 8 Q1 6 2 3 Q5 0 8 3 Q9 6 5 8 Q1 10 2 14 Q5 16 8 14 Q9 10 5 8',
  '9': 'M8 7 Q5 9 2 7 Q1 3 4 1 Q8 1 8 6 L7 15',
};

/** A random number in [min, max). */
const rand = (min: number, max: number) => min + (randomInt(1_000_000) / 1_000_000) * (max - min);

/** The points of a glyph's path (M/L/Q), its curves sampled, as separate strokes. */
function strokesOf(glyph: string): Array<Array<[number, number]>> {
  const strokes: Array<Array<[number, number]>> = [];
  const tokens = glyph.match(/[MLQ]|-?\d+(\.\d+)?/g) ?? [];
  let at: [number, number] = [0, 0];
  for (let i = 0; i < tokens.length;) {
    const command = tokens[i++];
    const n = () => Number(tokens[i++]);
    if (command === 'M') {
      at = [n(), n()];
      strokes.push([at]);
    } else if (command === 'L') {
      const to: [number, number] = [n(), n()];
      for (let t = 1; t <= 4; t++)
        strokes.at(-1)!.push([at[0] + ((to[0] - at[0]) * t) / 4, at[1] + ((to[1] - at[1]) * t) / 4]);
      at = to;
    } else {
      const c: [number, number] = [n(), n()];
      const to: [number, number] = [n(), n()];
      for (let t = 1; t <= 8; t++) {
        const u = t / 8;
        strokes
          .at(-1)!
          .push([
            (1 - u) ** 2 * at[0] + 2 * (1 - u) * u * c[0] + u ** 2 * to[0],
            (1 - u) ** 2 * at[1] + 2 * (1 - u) * u * c[1] + u ** 2 * to[1],
          ]);
      }
      at = to;
    }
  }
  return strokes;
}

const WIDTH = 132;
const HEIGHT = 44;
const INKS = ['#1f3f66', '#6b2620', '#245a27', '#4b2f7a', '#6f4a00', '#333333'];

/**
 * The SVG drawing of the digits before rasterising: each digit's strokes bent by its own waves, turned, sheared and
 * scaled, placed so neighbours touch, in inks shared with the noise curves that cross them (issue 25: the jittered
 * paths of before were matched to their glyphs 10 times out of 10).
 */
function drawing(code: string): string {
  const line = (points: Array<[number, number]>, ink: string, width: number) =>
    `<polyline points="${points.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' ')}" fill="none" stroke="${ink}" stroke-width="${width.toFixed(2)}" stroke-linecap="round" stroke-linejoin="round"/>`;
  // Where each digit stands varies too: no fixed columns to cut the image into.
  let x = rand(12, 20);
  const digits = [...code].map((digit, i) => {
    const [ax, ay, fx, fy, px, py] = [
      rand(0.4, 1),
      rand(0.4, 1),
      rand(0.4, 0.9),
      rand(0.4, 0.9),
      rand(0, 7),
      rand(0, 7),
    ];
    const angle = (rand(-20, 20) * Math.PI) / 180;
    const shear = rand(-0.25, 0.25);
    const scale = rand(1.9, 2.3);
    const [cx, cy] = [(x += i === 0 ? 0 : rand(25, 31)), HEIGHT / 2 + rand(-3, 3)];
    const ink = INKS[randomInt(INKS.length)];
    return strokesOf(GLYPHS[digit])
      .map((stroke) =>
        stroke.map(([x, y]): [number, number] => {
          const wx = x - 5 + ax * Math.sin(y * fx + px);
          const wy = y - 8 + ay * Math.sin(x * fy + py);
          const sx = (wx + shear * wy) * scale;
          const sy = wy * scale;
          return [cx + sx * Math.cos(angle) - sy * Math.sin(angle), cy + sx * Math.sin(angle) + sy * Math.cos(angle)];
        }),
      )
      .map((points) => line(points, ink, rand(2.6, 3.4)))
      .join('');
  });
  const noise = Array.from({ length: 3 }, () => {
    const points: Array<[number, number]> = [];
    const [y0, amp, freq, phase] = [rand(8, HEIGHT - 8), rand(4, 12), rand(0.04, 0.12), rand(0, 7)];
    for (let x = -4; x <= WIDTH + 4; x += 4) points.push([x, y0 + amp * Math.sin(x * freq + phase)]);
    return line(points, INKS[randomInt(INKS.length)], rand(1, 1.8));
  });
  const specks = Array.from(
    { length: 40 },
    () =>
      `<circle cx="${rand(0, WIDTH).toFixed(1)}" cy="${rand(0, HEIGHT).toFixed(1)}" r="${rand(0.5, 1.6).toFixed(1)}" fill="${INKS[randomInt(INKS.length)]}"/>`,
  );
  const parts = [...noise, ...digits, ...specks].sort(() => randomInt(3) - 1);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}"><rect width="100%" height="100%" fill="#eef2f7"/>${parts.join('')}</svg>`;
}

/**
 * The code as a PNG: the drawing rasterised, every pixel shifted by noise. Only pixels reach the browser: no path,
 * glyph or text that a script could read back.
 */
export async function drawDigits(code: string): Promise<Buffer> {
  const { data, info } = await sharp(Buffer.from(drawing(code)))
    .blur(0.5)
    .raw()
    .toBuffer({ resolveWithObject: true });
  for (let i = 0; i < data.length; i++)
    if (i % info.channels !== 3) data[i] = Math.max(0, Math.min(255, data[i] + randomInt(61) - 30));
  return sharp(data, { raw: info }).png().toBuffer();
}

export async function issueCaptcha(db: Db): Promise<{ id: string; image: string }> {
  const code = randomDigits(CAPTCHA_LENGTH);
  // Old codes are swept here rather than by a job: issuing is the only thing that creates them.
  await db.delete(captchas).where(lt(captchas.expiresAt, new Date()));
  const [row] = await db
    .insert(captchas)
    .values({ codeHash: sha256(code), expiresAt: new Date(Date.now() + CAPTCHA_TTL_SECONDS * 1000) })
    .returning({ id: captchas.id });
  return { id: row.id, image: `data:image/png;base64,${(await drawDigits(code)).toString('base64')}` };
}

/** Uses up the code (one attempt per code, right or wrong) and tells whether it matched. */
export async function consumeCaptcha(db: Db, id: string | undefined, code: string | undefined): Promise<boolean> {
  if (!id || !code || !/^[0-9a-f-]{36}$/i.test(id)) return false;
  const [row] = await db
    .update(captchas)
    .set({ usedAt: new Date() })
    .where(and(eq(captchas.id, id), isNull(captchas.usedAt), gt(captchas.expiresAt, new Date())))
    .returning({ codeHash: captchas.codeHash });
  return !!row && row.codeHash === sha256(code.trim());
}
