import { CAPTCHA_LENGTH, CAPTCHA_TTL_SECONDS } from '@edoc/contract/limits';
import { randomInt } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { captchas } from '../../db/schema/sign-in.ts';
import { randomDigits, sha256 } from '../../lib/crypto.ts';

/** An SVG of the digits, each turned and shifted, over noise lines: readable for people, not plain text. */
function drawDigits(code: string): string {
  const width = 120;
  const height = 40;
  const colors = ['#1f4e79', '#7b2d26', '#2e6b30', '#5b3a8c', '#8a5a00'];
  const noise = Array.from({ length: 5 }, () => {
    const c = colors[randomInt(colors.length)];
    return `<line x1="${randomInt(width)}" y1="${randomInt(height)}" x2="${randomInt(width)}" y2="${randomInt(height)}" stroke="${c}" stroke-width="1" opacity="0.6"/>`;
  }).join('');
  const glyphs = [...code]
    .map((digit, i) => {
      const x = 16 + i * 26 + randomInt(5);
      const y = 28 + randomInt(6) - 3;
      const angle = randomInt(41) - 20;
      const c = colors[randomInt(colors.length)];
      return `<text x="${x}" y="${y}" transform="rotate(${angle} ${x} ${y})" fill="${c}" font-size="26" font-family="monospace" font-weight="bold">${digit}</text>`;
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><rect width="100%" height="100%" fill="#f3f6fa"/>${noise}${glyphs}</svg>`;
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
