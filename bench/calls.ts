// The bench's calls typed from the contract's route tables (issue 24 item 6), as the tests' clients are: an answer's
// data is parsed by its route's response schema, never asserted by hand. The timed requests themselves stay as each
// bench makes them (autocannon, fetch, curl); only their answers, read outside the timing, go through here.
import { anyEnvelope } from '@edoc/contract/envelope';
import { API_BASE } from '@edoc/contract/limits';
import {
  pathOf,
  searchOf,
  type DataRoute,
  type InputArgs,
  type RouteData,
  type RouteInput,
} from '@edoc/contract/route';

/** The envelope's data of an answer of `route`, parsed by its response schema; anything else throws naming the route. */
export function dataOf<R extends DataRoute>(route: R, body: unknown): RouteData<R> {
  const what = `${route.method} ${route.path}`;
  const envelope = anyEnvelope.safeParse(body);
  if (!envelope.success) throw new Error(`${what}: not the envelope: ${JSON.stringify(body)?.slice(0, 300)}`);
  if (!envelope.data.status) throw new Error(`${what} refused: ${envelope.data.errorCode ?? ''} ${envelope.data.msg}`);
  const data = route.response.safeParse(envelope.data.data);
  if (!data.success) throw new Error(`${what}: data of another shape: ${data.error.message}`);
  return data.data as RouteData<R>;
}

/** A call of a route of the tables as `token` (none: anonymously) that must succeed: its data. */
export type CallRoute = <R extends DataRoute>(
  token: string | null,
  route: R,
  ...input: InputArgs<RouteInput<R>>
) => Promise<RouteData<R>>;

/** One request as the calls below make it (url from /edoc on, a JSON body as an object): the answer's JSON. */
export type Send = (request: {
  method: DataRoute['method'];
  url: string;
  headers: Record<string, string>;
  payload?: object;
}) => Promise<unknown>;

/**
 * Calls of routes made by `send` (the app in process through app.inject, or a node through fetch); a POST or PUT
 * sends `{}` when it has no body, as the web does.
 */
export function callsThrough(send: Send): CallRoute {
  return async (token, route, ...[input]) => {
    const given: { params?: object; query?: object; body?: object } = input ?? {};
    const search = given.query ? searchOf(given.query).toString() : '';
    const sendsBody = route.method === 'POST' || route.method === 'PUT';
    const answer = await send({
      method: route.method,
      url: `${API_BASE}${pathOf(route, given.params)}${search ? `?${search}` : ''}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(sendsBody ? { payload: given.body ?? {} } : {}),
    });
    return dataOf(route, answer);
  };
}
