import type { z } from 'zod';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * The `response` of a route that sends something other than the envelope: a file, an export, a stream (the server's
 * lib/raw-answer.ts declares its media types for /edoc/docs). The web reads such an answer as bytes.
 */
export const rawAnswer = { raw: true } as const;
export type RawAnswerMark = typeof rawAnswer;

/** The schemas of one route, the very objects the server's route declaration names. */
export interface RouteSchemas {
  params?: z.ZodType;
  query?: z.ZodType;
  /** A JSON body, or the form-encoded fields of the few calls the product sends that way (login, entry). */
  body?: z.ZodType;
  /** A multipart body's text fields (the file part is `file`), as the server's RouteSpec.multipart. */
  multipart?: z.ZodType;
  /** The schema of the envelope's data, or rawAnswer. */
  response: z.ZodType | RawAnswerMark;
}

/** One route of /edoc: its method and path as the server registers them (without API_BASE), and its schemas. */
export type Route<S extends RouteSchemas = RouteSchemas> = S & { method: Method; path: string };

/**
 * A route of a resource's route table (`folderRoutes.tree`). The table is the one place that says which schemas a
 * call takes and answers: the web's client types its calls from it, and the server's contract-routes test holds the
 * server's declarations to it (same method, path and schema objects), so neither side can drift from the other.
 */
export function defineRoute<const M extends Method, const P extends string, const S extends RouteSchemas>(
  method: M,
  path: P,
  schemas: S,
): S & { method: M; path: P } {
  return { ...schemas, method, path };
}

/** A query or path value where the schema coerces any input (`z.coerce.number()`): it goes as text. */
type Loose = string | number | boolean | null | undefined;
/** A value the URL carries as text: a boolean or number is as good as the text the schema takes for it. */
type AsText<T> = T | (`${boolean}` extends T ? boolean : never) | (`${number}` extends T ? number : never);
type InUrl<T> = T extends object ? { [K in keyof T]: unknown extends T[K] ? Loose : AsText<T[K]> } : T;
/** What the caller sends for one part: the schema's input (defaults may be left out), URL parts as text. */
type Part<R, K extends 'params' | 'query' | 'body'> = R extends { [k in K]: infer S extends z.ZodType }
  ? K extends 'params' | 'query'
    ? InUrl<z.input<S>>
    : z.input<S>
  : undefined;
type Slot<K extends string, T> = [T] extends [undefined]
  ? { [k in K]?: undefined }
  : object extends T
    ? { [k in K]?: T }
    : { [k in K]: T };

/** The inputs of a call of route R: `{ params, query, body }`, each present as R has it, required when it must be. */
export type RouteInput<R extends Route> = Slot<'params', Part<R, 'params'>> &
  Slot<'query', Part<R, 'query'>> &
  Slot<'body', Part<R, 'body'>>;

/** The text fields of a multipart route R (the file part is `file`), each as the text the form carries. */
export type RouteFields<R extends Route> = R extends { multipart: infer S extends z.ZodType }
  ? InUrl<z.input<S>>
  : never;

/** A call's inputs as its arguments: optional as a whole when the route needs none. */
export type InputArgs<I> = object extends I ? [input?: I] : [input: I];

/** The envelope's data of route R as it arrives (the schema's output, as the server's serialiser writes it). */
export type RouteData<R extends Route> = R['response'] extends z.ZodType ? z.output<R['response']> : never;

/** A route whose answer is a file (rawAnswer), and one whose answer is the envelope. */
export type RawRoute = Route & { response: RawAnswerMark };
export type DataRoute = Route & { response: z.ZodType };

/** Whether a table's `response` is the envelope's data schema, not rawAnswer. */
export function answersData(route: Route): route is DataRoute {
  return route.response !== rawAnswer;
}

/**
 * The path with its `:name` parts filled from params: `'/folder/rename/:id'`, `{ id: 7 }` → `'/folder/rename/7'`.
 * A missing value goes as its text ('undefined'), for the server to refuse as a bad id, as a call written by hand would.
 */
export function pathOf(route: Route, params?: object): string {
  const values = (params ?? {}) as Record<string, unknown>;
  return route.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(values[name])));
}

/** A query (or a form-encoded body) as a URL carries it: each value as its text, absent ones left out. */
export function searchOf(values: object): URLSearchParams {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(values) as Array<[string, unknown]>) {
    if (value !== undefined && value !== null) search.append(key, String(value));
  }
  return search;
}
