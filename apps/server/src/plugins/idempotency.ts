import { and, eq, isNull, lt } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema/sign-in.ts';
import { fail } from '../lib/app-error.ts';
import { sha256 } from '../lib/crypto.ts';
import { canonicalJson } from '../trail/trail.service.ts';

const KEEP_HOURS = 24;

declare module 'fastify' {
  interface FastifyRequest {
    idempotency: { scope: string; key: string } | null;
  }
}

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
 * a replay that arrives while the first is still running is refused as a re-submit.
 */
export function registerIdempotency(app: FastifyInstance, db: Db): void {
  app.decorateRequest('idempotency', null);
  app.addHook('preHandler', async (request, reply) => {
    const key = request.headers['idempotency-key'];
    if (request.method === 'GET' || typeof key !== 'string' || key.length === 0 || key.length > 200) return;
    // Keys belong to whoever sent them: the token's hash, or the address for anonymous calls.
    const token = request.headers.authorization;
    const scope = `${request.method} ${request.routeOptions.url} ${token ? sha256(token) : request.ip}`;
    const requestHash = fingerprint(request);
    const inserted = await db
      .insert(idempotencyKeys)
      .values({ scope, key, requestHash })
      .onConflictDoNothing()
      .returning();
    if (inserted.length === 1) {
      request.idempotency = { scope, key };
      return;
    }
    const [first] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
    // A key names one request: reused for another, replaying the first answer would hide that this one never ran.
    if (first && first.requestHash !== null && first.requestHash !== requestHash) fail('idempotency_key_reused');
    if (!first || first.statusCode === null || first.body === null) fail('do_not_resubmit');
    return reply.status(first.statusCode).header('idempotent-replay', 'true').type('application/json').send(first.body);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const idem = request.idempotency;
    if (!idem) return payload;
    if (typeof payload === 'string') {
      await db
        .update(idempotencyKeys)
        .set({ statusCode: reply.statusCode, body: payload })
        .where(
          and(
            eq(idempotencyKeys.scope, idem.scope),
            eq(idempotencyKeys.key, idem.key),
            isNull(idempotencyKeys.statusCode),
          ),
        );
    }
    return payload;
  });
}

export async function sweepIdempotencyKeys(db: Db): Promise<void> {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(Date.now() - KEEP_HOURS * 3600_000)));
}
