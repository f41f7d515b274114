import type { FastifyRequest } from 'fastify';
import { fail } from '../../lib/app-error.ts';
import { resolveContext, type ProjectContext } from '../../plugins/context.ts';

// ---- Transitional (issue 8): routes moved to lib/route.ts receive their ProjectContext from the gate; these go
// once no handler calls them.
/** @deprecated use the context the gate resolved (lib/route.ts). */
export function projectOf(request: FastifyRequest): ProjectContext {
  const ctx = resolveContext('projectMember', request, request.auth) as ProjectContext | null;
  if (!ctx) fail('forbidden');
  return ctx;
}

/** @deprecated use the context the gate resolved (lib/route.ts). */
export function requireProjectAdmin(request: FastifyRequest): ProjectContext {
  const ctx = projectOf(request);
  if (!ctx.fullAccess) fail('forbidden');
  return ctx;
}
