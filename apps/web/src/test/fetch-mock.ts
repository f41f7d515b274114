import { answersData, type DataRoute, type Route } from '@edoc/contract/route';
import { vi } from 'vitest';
import type { z } from 'zod';

type Handler = (url: URL, init: RequestInit | undefined) => Response | Promise<Response>;

export function envelope(data: unknown, init: { status?: number; errorCode?: string; msg?: string } = {}): Response {
  const ok = (init.status ?? 200) < 400;
  return new Response(
    JSON.stringify({
      status: ok,
      msg: init.msg ?? (ok ? 'ok' : 'error'),
      data: ok ? data : (data ?? null),
      errorCode: init.errorCode ?? null,
    }),
    { status: init.status ?? 200, headers: { 'Content-Type': 'application/json' } },
  );
}

/**
 * A mocked success answer checked against the route's contract response schema: a mock that no longer matches what
 * the server declares fails the test, so a server change cannot leave the web's tests passing on stale shapes.
 */
export function reply<S extends z.ZodType>(schema: S, data: z.input<S>): Response {
  return envelope(schema.parse(data));
}

/** What a mock of route R answers: the envelope's data as the test writes it, or a whole Response (a refusal, a file). */
type Served<R extends Route> = (R extends DataRoute ? z.input<R['response']> : never) | Response;
type Answerer<R extends Route> = (url: URL, init: RequestInit | undefined) => Served<R> | Promise<Served<R>>;

/**
 * A mock of one contract route, to spread into mockApi's routes: `mockApi({ ...serve(folderRoutes.tree0, tree) })`.
 * Keyed on the route's own method and path (`:id` parts match any value), so it follows the contract; its data is
 * checked against the route's response schema as `reply` checks it. A function answers per request (its URL, its
 * init: the body sent); a Response is passed as it is.
 */
export function serve<R extends Route>(route: R, answer: Served<R> | Answerer<R>): Record<string, Handler> {
  // The data is JSON, never a function: a function is the per-request form.
  const respond = typeof answer === 'function' ? (answer as Answerer<R>) : () => answer;
  const handler: Handler = async (url, init) => {
    const given = await respond(url, init);
    if (given instanceof Response) return given;
    if (!answersData(route)) throw new Error(`${route.method} ${route.path} answers a file: mock it with a Response`);
    return reply(route.response, given);
  };
  return { [`${route.method} ${route.path}`]: handler };
}

/** A key with `:name` parts as a pattern of the requests it serves. */
const patternOf = (key: string) =>
  new RegExp(`^${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '[^/]+')}$`);

/**
 * Replaces fetch with routes keyed by "METHOD /path" (path without the /edoc base). A key with `:name` parts (as
 * serve writes them) serves every such path; an exact key wins over it, and of two patterns the one with fewer
 * parameters. Unknown calls answer 404.
 */
export function mockApi(routes: Record<string, Handler>) {
  const patterns = Object.keys(routes)
    .filter((key) => key.includes('/:'))
    .sort((a, b) => a.split('/:').length - b.split('/:').length)
    .map((key) => [key, patternOf(key)] as const);
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${init?.method ?? 'GET'} ${url.pathname.replace(/^\/edoc/, '')}`;
    const handler = routes[key] ?? routes[patterns.find(([, pattern]) => pattern.test(key))?.[0] ?? ''];
    if (!handler) return envelope(null, { status: 404, errorCode: 'route_not_found', msg: `no mock for ${key}` });
    return handler(url, init);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
