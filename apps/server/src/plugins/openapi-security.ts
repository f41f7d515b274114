import { tokenScopeFor } from '@edoc/contract/api-token';
import { API_BASE } from '@edoc/contract/limits';
import { ROUTE_GATES } from './route.ts';

/** The OpenAPI methods an operation can sit under in a path item (the editing protocols have a document of their own). */
const METHODS = ['get', 'post', 'put', 'delete', 'patch'] as const;

type Operation = { security?: Record<string, string[]>[]; 'x-edoc-token-scope'?: string };
type Doc = { paths?: Record<string, Partial<Record<(typeof METHODS)[number], Operation>>> };

/**
 * Each operation of /edoc/docs/json says what it asks (issue 29 part 4): an open route asks nothing (`security: []`;
 * a token there counts for no one), a route that refuses tokens (a person's act) takes a session only, and the rest
 * take a session or a token, whose scope `x-edoc-token-scope` names (OpenAPI 3.0 keeps scope lists for OAuth), read
 * from the table the token check reads, so the document cannot drift from it.
 */
export function withTokenScopes<T>(doc: T): T {
  for (const [path, item] of Object.entries((doc as Doc).paths ?? {})) {
    const route = path.replace(/\{(\w+)\}/g, ':$1');
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const gate = ROUTE_GATES.get(`${method.toUpperCase()} ${route}`);
      if (gate === undefined) continue;
      if (gate === 'public') {
        op.security = [];
        continue;
      }
      const scope = tokenScopeFor(method.toUpperCase(), route.slice(API_BASE.length));
      op.security = scope === null ? [{ bearer: [] }] : [{ bearer: [] }, { apiToken: [] }];
      op['x-edoc-token-scope'] = scope ?? 'refused';
    }
  }
  return doc;
}
