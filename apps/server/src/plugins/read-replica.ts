import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LSN_HEADER, lsnValue, MIN_LSN_HEADER } from '@edoc/contract/read-replica';
import type { Deps } from '../lib/deps.ts';

/*
 * Read-your-writes with read replicas (issue 30 part 3; db/replicas.ts): a successful write's answer carries the
 * primary's WAL position in X-Edoc-Lsn; the web keeps the highest it saw and sends it back as X-Edoc-Min-Lsn, and a
 * read declared for replicas (readsOf below) goes to a replica only once it has replayed that far.
 */

/** With replicas configured, each successful write's answer says how far the primary's WAL reached. */
export function registerReadReplicas(app: FastifyInstance, deps: Deps) {
  const reads = deps.reads;
  if (!reads) return;
  app.addHook('onSend', async (request, reply) => {
    if (request.method === 'GET' || request.method === 'HEAD' || reply.statusCode >= 400) return;
    const lsn = await reads.primaryLsn(deps.db).catch(() => null);
    if (lsn) reply.header(LSN_HEADER, lsn);
  });
}

/**
 * The services' dependencies for a read that may be served by a replica: lists, search, reports, dashboards that
 * write nothing. Everything else keeps deps as they are (the primary).
 */
export function readsOf(deps: Deps, request: FastifyRequest): Deps {
  if (!deps.reads) return deps;
  const header = request.headers[MIN_LSN_HEADER.toLowerCase()];
  const replica = deps.reads.pick(lsnValue(typeof header === 'string' ? header : null));
  return replica ? { ...deps, db: replica } : deps;
}
