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

/** Replaces fetch with routes keyed by "METHOD /path" (path without the /edoc base). Unknown calls answer 404. */
export function mockApi(routes: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${init?.method ?? 'GET'} ${url.pathname.replace(/^\/edoc/, '')}`;
    const handler = routes[key];
    if (!handler) return envelope(null, { status: 404, errorCode: 'route_not_found', msg: `no mock for ${key}` });
    return handler(url, init);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
