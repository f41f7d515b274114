import { CAPTCHA_LENGTH, CAPTCHA_TTL_SECONDS } from '@edoc/contract/limits';
import { randomInt } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { captchas } from '../../db/schema/sign-in.ts';
import { randomDigits, sha256 } from '../../lib/crypto.ts';

/**
 * Single-stroke digit shapes on a 10 × 16 grid (M/L/Q path commands). Drawn as paths, never as text, so the answer
 * is nowhere in the markup (issue 9: a script read <text> digits 10 times out of 10).
 */
const GLYPHS: Record<string, string> = {
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

/** Every coordinate moved a little, so no two drawings of a digit share their path data. */
function jitter(path: string): string {
  return path.replace(/-?\d+(\.\d+)?/g, (n) => (Number(n) + (randomInt(121) - 60) / 100).toFixed(2));
}

/** An SVG of the digits as jittered strokes, each turned, scaled and shifted, over noise strokes. */
export function drawDigits(code: string): string {
  const width = 120;
  const height = 40;
  const colors = ['#1f4e79', '#7b2d26', '#2e6b30', '#5b3a8c', '#8a5a00'];
  const stroke = (d: string, c: string, w: number) =>
    `<path d="${d}" fill="none" stroke="${c}" stroke-width="${w}" stroke-linecap="round" stroke-linejoin="round"/>`;
  const noise = Array.from({ length: 6 }, () => {
    const [x1, y1, x2, y2, cx, cy] = [width, height, width, height, width, height].map((m) => randomInt(m));
    return stroke(`M${x1} ${y1} Q${cx} ${cy} ${x2} ${y2}`, colors[randomInt(colors.length)], 1).replace(
      '/>',
      ' opacity="0.6"/>',
    );
  });
  const glyphs = [...code].map((digit, i) => {
    const x = 10 + i * 27 + randomInt(6);
    const y = 5 + randomInt(6);
    const angle = randomInt(41) - 20;
    const scale = (1.6 + randomInt(30) / 100).toFixed(2);
    const d = jitter(GLYPHS[digit]);
    const c = colors[randomInt(colors.length)];
    return `<g transform="translate(${x} ${y}) rotate(${angle} 5 8) scale(${scale})">${stroke(d, c, 1.3)}</g>`;
  });
  // Glyphs and noise interleaved in a random order: the markup's order says nothing either.
  const parts = [...noise, ...glyphs].sort(() => randomInt(3) - 1);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><rect width="100%" height="100%" fill="#f3f6fa"/>${parts.join('')}</svg>`;
}

export async function issueCaptcha(db: Db): Promise<{ id: string; svg: string }> {
  const code = randomDigits(CAPTCHA_LENGTH);
  // Old codes are swept here rather than by a job: issuing is the only thing that creates them.
  await db.delete(captchas).where(lt(captchas.expiresAt, new Date()));
  const [row] = await db
    .insert(captchas)
    .values({ codeHash: sha256(code), expiresAt: new Date(Date.now() + CAPTCHA_TTL_SECONDS * 1000) })
    .returning({ id: captchas.id });
  return { id: row.id, svg: drawDigits(code) };
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
