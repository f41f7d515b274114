import { isCleanText } from '@edoc/contract/fields';
import type { FastifyInstance } from 'fastify';
import { fail } from '../lib/app-error.ts';

/** The first field (by its key) whose text PostgreSQL or a later reader would choke on, or null. */
function dirtyField(value: unknown, key: string, depth = 0): string | null {
  if (typeof value === 'string') return isCleanText(value) ? null : key;
  if (depth > 32 || value === null || typeof value !== 'object') return null;
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (!isCleanText(k)) return key;
    const found = dirtyField(v, Array.isArray(value) ? key : k, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/**
 * One rule for every route's text input, before its own schema: no NUL characters and no lone UTF-16 surrogates
 * (PostgreSQL refuses the first and the second cannot be stored as UTF-8), answered 400 naming the field instead
 * of failing in the database. Multipart fields meet the same rule through the contract's text fields.
 */
export function registerInputRules(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const field = dirtyField(part, '');
      if (field !== null) fail('invalid_value', { field: field || 'id' });
    }
  });
}
