import { envelopeOf } from '@edoc/contract/envelope';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ContextOf, Gate } from './context.ts';
import type { Api } from '../lib/http.ts';
import { isRawAnswer, rawAnswerTransform, type RawAnswer } from '../lib/raw-answer.ts';
import { ok } from '../lib/reply.ts';

type Schema = z.ZodType;
type In<S> = S extends Schema ? z.output<S> : undefined;

/**
 * One route of the contract: its gate, its input schemas and the schema of the data its envelope carries, or, for
 * a file or stream the handler sends itself, what it sends (a RawAnswer: `{ raw: [MEDIA.pdf], description }`).
 * Fastify validates the input, strips any field the response schema does not name, and /edoc/docs shows both.
 */
export interface RouteSpec<G extends Gate, P, Q, B, R> {
  access: G;
  params?: P;
  query?: Q;
  body?: B;
  response: R;
  /** A larger body than BODY_LIMIT_BYTES (imports). */
  bodyLimit?: number;
  /**
   * A multipart body the handler reads itself (uploads, imports): the schema of its text fields (an empty object
   * when there are none; the file part is `file`). Recorded in MULTIPART_ROUTES, so the bad-input test walks its
   * fields and its file part as it walks JSON bodies.
   */
  multipart?: Schema;
  /**
   * Whether the route changes anything. Default: every method but GET does. A closed project refuses the changes
   * (project_closed) and answers the reads (issue 11); say `writes: true` for a GET that acts (SPEC has a few) and
   * `writes: false` for a POST that only reads or fetches (a download).
   */
  writes?: boolean;
  /**
   * A read-only list on the folder page's path (issue 30): the session look-up also reads the caller's rights inputs
   * (AuthContext.rights), so the rights cost no round trip of their own. Never for a route that changes folders,
   * grants or memberships and then reads rights in the same request.
   */
  preloadRights?: boolean;
  // Whether an inspector may call it is not declared here: access/inspector.policy.ts lists those routes.
}

/** 'POST /edoc/minio/file/save' → the schema of its multipart text fields (see RouteSpec.multipart). */
export const MULTIPART_ROUTES = new Map<string, Schema>();
/** Each route's gate by 'METHOD /edoc/path/:id': what the API document says each operation asks (openapi-security.ts). */
export const ROUTE_GATES = new Map<string, Gate>();

export interface RouteInput<G extends Gate, P, Q, B> {
  /** The caller as the gate resolved it: the handler does not check the gate again. */
  ctx: ContextOf<G>;
  params: In<P>;
  query: In<Q>;
  body: In<B>;
  request: FastifyRequest;
  reply: FastifyReply;
}

type Output<R> = R extends Schema ? z.input<R> : unknown;
type Handler<G extends Gate, P, Q, B, R> = (input: RouteInput<G, P, Q, B>) => Promise<Output<R>> | Output<R>;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

function define(api: Api, method: Method) {
  return <
    G extends Gate,
    P extends Schema | undefined,
    Q extends Schema | undefined,
    B extends Schema | undefined,
    R extends Schema | RawAnswer,
  >(
    url: string,
    spec: RouteSpec<G, P, Q, B, R>,
    handler: Handler<G, P, Q, B, R>,
  ): void => {
    const answer: Schema | RawAnswer = spec.response;
    const raw = isRawAnswer(answer) ? answer : undefined;
    const envelope = isRawAnswer(answer) ? undefined : answer;
    if (spec.multipart) MULTIPART_ROUTES.set(`${method} ${api.prefix}${url}`, spec.multipart);
    ROUTE_GATES.set(`${method} ${api.prefix}${url}`, spec.access);
    api.route({
      method,
      url,
      bodyLimit: spec.bodyLimit,
      config: {
        access: spec.access,
        writes: spec.writes ?? method !== 'GET',
        preloadRights: spec.preloadRights,
        // A raw answer has no response schema (Fastify would serialise the bytes with it): its declaration is what
        // /edoc/docs shows.
        swaggerTransform: raw ? rawAnswerTransform(raw) : undefined,
      },
      // Only the parts a route has: Fastify warns of a part named but undefined.
      schema: Object.fromEntries(
        Object.entries({
          params: spec.params,
          querystring: spec.query,
          body: spec.body,
          response: envelope ? { 200: envelopeOf(envelope) } : undefined,
        }).filter(([, v]) => v !== undefined),
      ),
      handler: async (request, reply) => {
        const data = await handler({
          ctx: request.ctx as ContextOf<G>,
          params: request.params as In<P>,
          query: request.query as In<Q>,
          body: request.body as In<B>,
          request,
          reply,
        });
        return envelope ? ok(data) : data;
      },
    });
  };
}

/**
 * The route declarations of a module: `const { get, post } = routes(api)` then
 * `post('/site/create', { access: 'projectAdmin', body: siteBody, response: siteCreated }, ({ ctx, body }) => …)`.
 * The handler returns the data; the envelope is added here.
 */
export function routes(api: Api) {
  return { get: define(api, 'GET'), post: define(api, 'POST'), put: define(api, 'PUT'), del: define(api, 'DELETE') };
}
