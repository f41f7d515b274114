import type { FastifyRequest } from 'fastify';

/** The ETag of a content: its sha256, quoted. */
export const etagOf = (sha256: string) => `"${sha256}"`;

/**
 * Whether the request's conditions hold on the document as it is (RFC 4918 §10.4, RFC 7232): each list of an If
 * header is a conjunction of state tokens (<…>) and entity tags ([…]), either negated by Not; the header holds when
 * one list does. If-Match holds when it names the current ETag or *. A stale ETag or a failing Not is a 412.
 */
export function conditionsHold(request: FastifyRequest, state: { lockToken: string | null; etag: string }): boolean {
  const ifMatch = request.headers['if-match'];
  if (typeof ifMatch === 'string' && ifMatch.trim() !== '*') {
    const tags = ifMatch.split(',').map((t) => t.trim().replace(/^W\//, ''));
    if (!tags.includes(state.etag)) return false;
  }
  const header = request.headers.if;
  if (typeof header !== 'string') return true;
  const lists = [...header.matchAll(/\(([^)]*)\)/g)].map((m) => m[1]);
  return lists.some((list) => {
    const conditions = [...list.matchAll(/(Not\s+)?(<[^>]*>|\[[^\]]*\])/gi)];
    return (
      conditions.length > 0 &&
      conditions.every(([, not, c]) => {
        const inner = c.slice(1, -1).trim();
        const holds = c.startsWith('<') ? inner === state.lockToken : inner.replace(/^W\//, '') === state.etag;
        return not ? !holds : holds;
      })
    );
  });
}
