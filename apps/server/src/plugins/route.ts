import { envelopeOf } from '@edoc/contract/envelope';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fastJson from 'fast-json-stringify';
import { z } from 'zod';
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
export interface RouteSpec<G extends Gate, P, Q, B, R, S extends boolean = false> {
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
  /**
   * The handler builds its answer field by field, every value of its schema's output type (issue 30's hot lists):
   * it is written by a serialiser compiled from the schema (shapedSerializer), without the schema's parse, a copy
   * of every row that was about 4 % of the folder page's CPU and more of its garbage. It still writes no field the
   * schema does not name and fills its defaults, but checks no type (it converts): test/shaped-answers.test.ts
   * calls every shaped route with its optional parts filled and holds each answer to its schema, parsed unchanged.
   */
  shaped?: S;
  // Whether an inspector may call it is not declared here: access/inspector.policy.ts lists those routes.
}

/** 'POST /edoc/minio/file/save' → the schema of its multipart text fields (see RouteSpec.multipart). */
export const MULTIPART_ROUTES = new Map<string, Schema>();
/** Each route's gate by 'METHOD /edoc/path/:id': what the API document says each operation asks (openapi-security.ts). */
export const ROUTE_GATES = new Map<string, Gate>();
/** 'GET /edoc/task/list' of each route declared `shaped` (RouteSpec.shaped): shaped-answers.test.ts calls them all. */
export const SHAPED_ROUTES = new Set<string>();

/**
 * A shaped route's serialiser (RouteSpec.shaped), compiled once from its response schema as JSON Schema: it writes
 * the fields the schema names as they are, and no other; a schema with a transform, which only its parse could
 * apply, has no JSON Schema and fails here, at start. Measured on the folder page's 20 rows: 30–42 µs an answer,
 * JSON.stringify 41–57 µs, the zod parse and JSON.stringify 61–75 µs.
 */
const shapedSerializer = ({ schema }: { schema: unknown }) => {
  const json = nullableOnce(z.toJSONSchema(schema as Schema, { io: 'output' }));
  const write = fastJson(json as Parameters<typeof fastJson>[0]);
  return (answer: unknown) => write(answer);
};

/**
 * zod writes a nullable array, enum or object as `anyOf: [X, {type: 'null'}]`, which fast-json-stringify can only
 * write by checking the value against each branch at run time (ajv: 3 % of the folder page's profile, issue 30);
 * its own `nullable` keyword says the same and writes without the check.
 */
function nullableOnce(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(nullableOnce);
  if (!node || typeof node !== 'object') return node;
  const { anyOf, ...rest } = Object.fromEntries(Object.entries(node).map(([k, v]) => [k, nullableOnce(v)])) as {
    anyOf?: Array<Record<string, unknown>>;
  };
  const isNull = (b: Record<string, unknown>) => b.type === 'null' && Object.keys(b).length === 1;
  const other = anyOf?.length === 2 ? anyOf.find((b) => !isNull(b)) : undefined;
  if (other && typeof other.type === 'string' && anyOf!.some(isNull)) return { ...rest, ...other, nullable: true };
  return anyOf ? { ...rest, anyOf } : rest;
}

export interface RouteInput<G extends Gate, P, Q, B> {
  /** The caller as the gate resolved it: the handler does not check the gate again. */
  ctx: ContextOf<G>;
  params: In<P>;
  query: In<Q>;
  body: In<B>;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** What a handler returns: what the schema's parse makes an answer of, or for a shaped route the answer itself. */
type Output<R, S extends boolean> = R extends Schema ? (S extends true ? z.output<R> : z.input<R>) : unknown;
type Handler<G extends Gate, P, Q, B, R, S extends boolean> = (
  input: RouteInput<G, P, Q, B>,
) => Promise<Output<R, S>> | Output<R, S>;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

function define(api: Api, method: Method) {
  return <
    G extends Gate,
    P extends Schema | undefined,
    Q extends Schema | undefined,
    B extends Schema | undefined,
    R extends Schema | RawAnswer,
    S extends boolean = false,
  >(
    url: string,
    spec: RouteSpec<G, P, Q, B, R, S>,
    handler: Handler<G, P, Q, B, R, S>,
  ): void => {
    const answer: Schema | RawAnswer = spec.response;
    const raw = isRawAnswer(answer) ? answer : undefined;
    const envelope = isRawAnswer(answer) ? undefined : answer;
    if (spec.multipart) MULTIPART_ROUTES.set(`${method} ${api.prefix}${url}`, spec.multipart);
    ROUTE_GATES.set(`${method} ${api.prefix}${url}`, spec.access);
    if (spec.shaped && envelope) SHAPED_ROUTES.add(`${method} ${api.prefix}${url}`);
    api.route({
      method,
      url,
      bodyLimit: spec.bodyLimit,
      // The schema stays, for /edoc/docs and the contract's route tables; only its parse before sending goes.
      ...(spec.shaped && envelope ? { serializerCompiler: shapedSerializer } : {}),
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
