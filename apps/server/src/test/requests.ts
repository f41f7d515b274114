import { randomBytes } from 'node:crypto';
import { anyEnvelope, type AnyEnvelope, type Envelope } from '@edoc/contract/envelope';
import {
  answersData,
  pathOf,
  searchOf,
  type InputArgs,
  type Route,
  type RouteData,
  type RouteFields,
  type RouteInput,
} from '@edoc/contract/route';
import type { LightMyRequestResponse } from 'fastify';
import type { TestContext } from './context.ts';

type App = TestContext['app'];
type Headers = Record<string, string>;

/**
 * The answer of one call: light-my-request's response (statusCode, headers, rawPayload, body), so a test
 * asserts on exactly what the server sent. A call through the route table (`call`) adds the envelope typed.
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

/** The envelope of an answer, checked to be one: what a test of a refusal reads (status, errorCode, msg, data). */
export function envelopeOf(res: Answer): AnyEnvelope {
  const parsed = anyEnvelope.safeParse(JSON.parse(res.body));
  if (!parsed.success) throw new Error(`not the envelope (${res.statusCode}): ${res.body.slice(0, 500)}`);
  return parsed.data;
}

/**
 * The answer of a call of route R: the response as sent, and the envelope's parts. `data` is the envelope's data
 * parsed by the route's response schema, so an answer of another shape fails the test where it is read; reading it
 * from a refusal throws with the server's error code and message.
 */
export type Called<R extends Route> = Answer & {
  readonly data: RouteData<R>;
  /** The envelope's status, error code and message (a raw answer has none: false, null, ''). */
  readonly status: boolean;
  readonly errorCode: string | null;
  readonly msg: string;
};

/** What a call may add to a route's inputs: more headers (range, x-forwarded-for…). */
interface CallExtras {
  headers?: Headers;
}

/** The inputs of an upload of route R: its params and query, its text fields and the file. */
type UploadInput<R extends Route> = Omit<RouteInput<R>, 'body'> & {
  fields?: Partial<RouteFields<R>>;
  file?: FilePart;
};

const urlOf = (route: Route, input: { params?: object; query?: object }) => {
  const search = input.query ? searchOf(input.query).toString() : '';
  return `${pathOf(route, input.params)}${search ? `?${search}` : ''}`;
};

function called<R extends Route>(route: R, res: Answer): Called<R> {
  const what = `${route.method} ${route.path}`;
  let envelope: AnyEnvelope | null | undefined;
  const read = () => {
    // A file route answers its refusals in the envelope; anything else it sends is the file.
    const json = String(res.headers['content-type'] ?? '').includes('json');
    if (envelope === undefined)
      envelope = answersData(route) ? envelopeOf(res) : json ? (anyEnvelope.safeParse(res.json()).data ?? null) : null;
    return envelope;
  };
  let data: { value: unknown } | undefined;
  return Object.defineProperties(res, {
    data: {
      get() {
        if (data) return data.value;
        if (!answersData(route)) throw new Error(`${what} answers a file, not data`);
        const answer = read()!;
        if (!answer.status) throw new Error(`${what} refused (${res.statusCode} ${answer.errorCode}): ${answer.msg}`);
        const parsed = route.response.safeParse(answer.data);
        if (!parsed.success) throw new Error(`${what} answered data of another shape: ${parsed.error.message}`);
        data = { value: parsed.data };
        return data.value;
      },
    },
    status: { get: () => read()?.status ?? false },
    errorCode: { get: () => read()?.errorCode ?? null },
    msg: { get: () => read()?.msg ?? '' },
  }) as Called<R>;
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
  const inject = (method: Route['method'], path: string, headers: Headers = {}, payload?: unknown) =>
    app.inject({
      ...from,
      method,
      url: url(path),
      headers: { ...base, ...headers },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  return {
    /**
     * Calls a route of the contract's tables: `call(siteRoutes.create, { body: {...} })`. A POST or PUT sends its
     * body as JSON (`{}` when none is given, as the web app sends); the answer's `data` is typed by the route.
     */
    call: async <R extends Route>(route: R, ...[input]: InputArgs<RouteInput<R> & CallExtras>): Promise<Called<R>> => {
      const given = (input ?? {}) as RouteInput<R> & CallExtras;
      const sendsBody = route.method === 'POST' || route.method === 'PUT';
      const res = await inject(
        route.method,
        urlOf(route, given),
        given.headers,
        sendsBody ? (given.body ?? {}) : undefined,
      );
      return called(route, res);
    },
    /** Calls a multipart route of the tables: its text fields, then the file if one is given. */
    callUpload: async <R extends Route>(
      route: R,
      ...[input]: InputArgs<UploadInput<R> & CallExtras>
    ): Promise<Called<R>> => {
      const given = (input ?? {}) as UploadInput<R> & CallExtras;
      const fields = Object.fromEntries(
        Object.entries(given.fields ?? {}).filter(([, v]) => v !== undefined && v !== null),
      ) as Record<string, string | number | boolean>;
      return called(route, await form(urlOf(route, given), fields, given.file, given.headers));
    },
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
