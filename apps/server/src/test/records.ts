import fs from 'node:fs/promises';
import path from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import type { Db } from '../db/client.ts';
import { captchas } from '../db/schema/sign-in.ts';
import { trail } from '../db/schema/trail.ts';
import { sha256 } from '../lib/crypto.ts';
import type { TestContext } from './context.ts';

// What the app leaves behind besides its answers: trail rows and the mails of the outbox.

/** The trail rows about one object, oldest first. */
export const trailOf = (db: Db, objectType: string, objectId: number) =>
  db
    .select()
    .from(trail)
    .where(and(eq(trail.objectType, objectType), eq(trail.objectId, String(objectId))))
    .orderBy(asc(trail.id));

/** Every mail to the address in the outbox, oldest first, as "subject\ntext". */
export async function mailsTo(ctx: TestContext, to: string): Promise<string[]> {
  const files = (await fs.readdir(ctx.deps.config.outboxDir).catch(() => [] as string[])).sort();
  const out: string[] = [];
  for (const f of files) {
    const mail = await simpleParser(await fs.readFile(path.join(ctx.deps.config.outboxDir, f)));
    if (mail.to && !Array.isArray(mail.to) && mail.to.value.some((a) => a.address === to))
      out.push(`${mail.subject}\n${mail.text}`);
  }
  return out;
}

/** Waits for the mail job to write a message to the address and returns the latest one. */
export async function waitForMail(ctx: TestContext, to: string, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mails = await mailsTo(ctx, to);
    if (mails.length > 0) return mails[mails.length - 1];
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
}

/** Waits until the address has received its n-th mail and returns that one. */
export async function waitForNthMail(ctx: TestContext, to: string, n: number, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mails = await mailsTo(ctx, to);
    if (mails.length >= n) return mails[n - 1];
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`mail #${n} to ${to} did not arrive within ${timeoutMs} ms`);
}

/** The temporary password of an account or reset mail, in either language. */
export function temporaryPassword(mail: string): string {
  const match = /(?:Temporary password|临时密码)[:：]\s*(\S+)/.exec(mail);
  if (!match) throw new Error(`no temporary password in mail:\n${mail}`);
  return match[1];
}

/**
 * A captcha's answer, as a test knows it: the server keeps only the code's sha256, and four digits are 10,000
 * guesses. (The image carries no digits a script could read: auth/captcha.test.ts.)
 */
export async function captchaAnswer(db: Db, id: string): Promise<string> {
  const [row] = await db.select({ hash: captchas.codeHash }).from(captchas).where(eq(captchas.id, id));
  for (let n = 0; n < 10_000; n++) {
    const code = String(n).padStart(4, '0');
    if (sha256(code) === row.hash) return code;
  }
  throw new Error(`no code matches captcha ${id}`);
}
