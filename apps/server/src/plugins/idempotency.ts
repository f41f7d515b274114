import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema/sign-in.ts';
import { fail } from '../lib/app-error.ts';
import { sha256 } from '../lib/crypto.ts';
import { renewLease } from '../lib/lease.ts';
import { canonicalJson } from '../trail/trail.service.ts';

const KEEP_HOURS = 24;
/**
 * How long a running request holds its key without renewing it; it renews every third of that while it runs (a
 * long upload), so only a request whose node died lets it lapse, and a retry after it takes the key over.
 */
export const KEY_LEASE_MS = 60_000;

declare module 'fastify' {
  interface FastifyRequest {
    idempotency: { scope: string; key: string; stopRenewing: () => void } | null;
  }
}

const leaseEnd = () => new Date(Date.now() + KEY_LEASE_MS);
const keyOf = (scope: string, key: string) => and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key));

/**
 * What a request asks for: its URL with the query, and its parsed body (a multipart upload, streamed later, by its
 * type and length).
 */
function fingerprint(request: FastifyRequest): string {
  const body =
    request.body === undefined
      ? `${request.headers['content-type'] ?? ''} ${request.headers['content-length'] ?? ''}`
      : canonicalJson(request.body);
  return sha256(`${request.url}\n${body}`);
}

/**
 * Mutations may carry an Idempotency-Key (DESIGN §4): the first answer is stored and a replay gets it back;
 * a replay that arrives while the first is still running is refused as a re-submit; one that arrives after the
 * first died with its node (its lease ran out) runs. A failure of the server's (5xx) or a file answer is not
 * kept: the key is let go, and a retry runs again.
 */
export function registerIdempotency(app: FastifyInstance, db: Db): void {
  app.decorateRequest('idempotency', null);
  /** The request holds the key: its lease is renewed until it answers. */
  const hold = (request: FastifyRequest, scope: string, key: string) => {
    const stopRenewing = renewLease(KEY_LEASE_MS, () =>
      db
        .update(idempotencyKeys)
        .set({ leaseUntil: leaseEnd() })
        .where(and(keyOf(scope, key), isNull(idempotencyKeys.statusCode))),
    );
    request.idempotency = { scope, key, stopRenewing };
  };
  const release = (request: FastifyRequest) => {
    request.idempotency?.stopRenewing();
  };
  app.addHook('onResponse', async (request) => release(request));
  app.addHook('onRequestAbort', async (request) => release(request));
  app.addHook('preHandler', async (request, reply) => {
    const key = request.headers['idempotency-key'];
    if (request.method === 'GET' || typeof key !== 'string' || key.length === 0 || key.length > 200) return;
    // Keys belong to whoever sent them: the token's hash, or the address for anonymous calls.
    const token = request.headers.authorization;
    const scope = `${request.method} ${request.routeOptions.url} ${token ? sha256(token) : request.ip}`;
    const requestHash = fingerprint(request);
    const inserted = await db
      .insert(idempotencyKeys)
      .values({ scope, key, requestHash, leaseUntil: leaseEnd() })
      .onConflictDoNothing()
      .returning();
    if (inserted.length === 1) return hold(request, scope, key);
    const [first] = await db.select().from(idempotencyKeys).where(keyOf(scope, key));
    // A key names one request: reused for another, replaying the first answer would hide that this one never ran.
    if (first && first.requestHash !== null && first.requestHash !== requestHash) fail('idempotency_key_reused');
    if (first && first.statusCode !== null && first.body !== null)
      return reply
        .status(first.statusCode)
        .header('idempotent-replay', 'true')
        .type('application/json')
        .send(first.body);
    // Still pending: running elsewhere, or dead with its node. Past its lease it is taken over, by one retry only.
    const taken = await db
      .update(idempotencyKeys)
      .set({ leaseUntil: leaseEnd(), requestHash })
      .where(
        and(
          keyOf(scope, key),
          isNull(idempotencyKeys.statusCode),
          or(lt(idempotencyKeys.leaseUntil, new Date()), isNull(idempotencyKeys.leaseUntil)),
        ),
      )
      .returning();
    if (taken.length === 1) return hold(request, scope, key);
    fail('do_not_resubmit');
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const idem = request.idempotency;
    if (!idem) return payload;
    release(request);
    const pending = and(keyOf(idem.scope, idem.key), isNull(idempotencyKeys.statusCode));
    if (typeof payload === 'string' && reply.statusCode < 500) {
      await db.update(idempotencyKeys).set({ statusCode: reply.statusCode, body: payload }).where(pending);
    } else {
      // Nothing to replay (a file) or nothing done (the server failed, e.g. its database was away): a retry runs.
      await db.delete(idempotencyKeys).where(pending);
    }
    return payload;
  });
}

export async function sweepIdempotencyKeys(db: Db): Promise<void> {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(Date.now() - KEEP_HOURS * 3600_000)));
}
