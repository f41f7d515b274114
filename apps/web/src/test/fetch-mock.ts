import { vi } from 'vitest';

type Handler = (url: URL, init: RequestInit | undefined) => Response | Promise<Response>;

export function envelope(data: unknown, init: { status?: number; errorCode?: string; msg?: string } = {}): Response {
  const ok = (init.status ?? 200) < 400;
  return new Response(
    JSON.stringify({
      status: ok,
      msg: init.msg ?? (ok ? 'ok' : 'error'),
      data: ok ? data : null,
      errorCode: init.errorCode ?? null,
    }),
    { status: init.status ?? 200, headers: { 'Content-Type': 'application/json' } },
  );
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
