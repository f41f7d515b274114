import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { trailKey } from '../../trail/trail-key.ts';

/**
 * A WOPI access token: what the editor presents on each call for one user's editing session of one document.
 * Stateless, so any node answers it and no table is needed: the claims, signed with an HMAC under a key derived from
 * the trail key (which every node shares). It is revoked with its session: each call also finds the session open.
 */
export interface WopiClaims {
  /** The editing session, which is the WOPI file id. */
  sessionId: number;
  userId: number;
  documentId: number;
  /** Milliseconds since the epoch (WOPI's access_token_ttl). */
  exp: number;
}

const claims = z.object({
  sessionId: z.number().int().positive(),
  userId: z.number().int().positive(),
  documentId: z.number().int().positive(),
  exp: z.number().int(),
});

// Its own key, not the trail key itself: a token's MAC can never be mistaken for a trail row's.
const tokenKey = () => Buffer.from(hkdfSync('sha256', trailKey(), Buffer.alloc(0), 'edoc wopi access token', 32));
const macOf = (body: string) => createHmac('sha256', tokenKey()).update(body).digest();

export function signWopiToken(c: WopiClaims): string {
  const body = Buffer.from(JSON.stringify(claims.parse(c))).toString('base64url');
  return `${body}.${macOf(body).toString('base64url')}`;
}

/** The token's claims when it is ours, unaltered and not expired; otherwise null (the caller answers 401). */
export function verifyWopiToken(token: string, now = Date.now()): WopiClaims | null {
  const [body, mac, extra] = token.split('.');
  if (!body || !mac || extra !== undefined) return null;
  const given = Buffer.from(mac, 'base64url');
  const expected = macOf(body);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const parsed = claims.safeParse(JSON.parse(Buffer.from(body, 'base64url').toString('utf8')));
    return parsed.success && parsed.data.exp > now ? parsed.data : null;
  } catch {
    return null;
  }
}
