import { createHmac, timingSafeEqual } from 'node:crypto';

/** How old a signed timestamp a receiver accepts (docs/identity.md: 5 minutes). */
export const SIGNATURE_WINDOW_SECONDS = 300;

/** `t=<unix>,v1=<hex hmac-sha256(secret, t + "." + body)>`: the timestamp is signed so a replay cannot refresh it. */
export function signWebhook(secret: string, body: string, unixSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}

/**
 * What a receiver does, written here so the tests (and the documentation's example) check signatures the way a
 * receiver would: the MAC compared in constant time, and a timestamp outside the window refused.
 */
export function verifyWebhookSignature(
  secret: string,
  body: string,
  header: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): boolean {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=', 2) as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || !parts.v1) return false;
  if (Math.abs(nowSeconds - t) > SIGNATURE_WINDOW_SECONDS) return false;
  const expected = Buffer.from(signWebhook(secret, body, t).split('v1=')[1], 'hex');
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
