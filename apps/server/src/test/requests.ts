import { randomBytes } from 'node:crypto';
import type { Envelope } from '@edoc/contract/envelope';
import type { LightMyRequestResponse } from 'fastify';
import type { TestContext } from './context.ts';

type App = TestContext['app'];
type Headers = Record<string, string>;

/**
 * The answer of one call: light-my-request's response (statusCode, headers, rawPayload, body), so a test
 * asserts on exactly what the server sent; `json<Envelope<T>>()` types the envelope when a test wants it.
 */
export type Answer = LightMyRequestResponse;
export type { Envelope };

/** A file part of a multipart body (field `file`), as a browser sends it. */
export interface FilePart {
  name: string;
  content: Buffer;
  type?: string;
}

export const bearer = (token: string): Headers => ({ authorization: `Bearer ${token}` });

/** A multipart/form-data body as a browser sends it: the text fields first, then the file. */
export function multipart(fields: Record<string, string | number | boolean>, file?: FilePart) {
  const boundary = `----edoc${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [key, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${String(value)}\r\n`),
    );
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
          `Content-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export interface ClientOptions {
  /** Sent as Accept-Language (a session's own language still wins over it). */
  lang?: string;
  /** The caller's address (the sign-in lock is per account and source). */
  remoteAddress?: string;
}

/**
 * Calls /edoc as one person: `client(ctx.app, token).post('/site/create', {...})`. Urls are written without
 * the /edoc prefix; no token calls anonymously. Every method takes extra headers last (range, x-forwarded-for…).
 */
export function client(app: App, token?: string | null, opts: ClientOptions = {}) {
  const base: Headers = {
    ...(token ? bearer(token) : {}),
    ...(opts.lang ? { 'accept-language': opts.lang } : {}),
  };
  const url = (path: string) => `/edoc${path}`;
  const from = opts.remoteAddress ? { remoteAddress: opts.remoteAddress } : {};
  const form = (
    path: string,
    fields: Record<string, string | number | boolean>,
    file?: FilePart,
    headers?: Headers,
  ) => {
    const body = multipart(fields, file);
    return app.inject({
      ...from,
      ...from,
      method: 'POST',
      url: url(path),
      headers: { ...base, ...body.headers, ...headers },
      payload: body.payload,
    });
  };
  return {
    get: (path: string, headers: Headers = {}): Promise<Answer> =>
      app.inject({ ...from, ...from, method: 'GET', url: url(path), headers: { ...base, ...headers } }),
    /** POST with a JSON body (`{}` when none is given, as the web app sends). */
    post: (path: string, payload: unknown = {}, headers: Headers = {}): Promise<Answer> =>
      app.inject({
        ...from,
        ...from,
        method: 'POST',
        url: url(path),
        headers: { ...base, ...headers },
        payload: payload as Record<string, unknown>,
      }),
    del: (path: string, headers: Headers = {}): Promise<Answer> =>
      app.inject({ ...from, method: 'DELETE', url: url(path), headers: { ...base, ...headers } }),
    /** POST as multipart/form-data: text fields, then an optional file. */
    form: (path: string, fields: Record<string, string | number | boolean>, file?: FilePart, headers?: Headers) =>
      form(path, fields, file, headers),
    /** POST one file as multipart/form-data with no other field. */
    upload: (path: string, file: FilePart, headers?: Headers): Promise<Answer> => form(path, {}, file, headers),
  };
}

export type Client = ReturnType<typeof client>;
