import type { Envelope } from '@edoc/contract/envelope';

/** The success envelope (DESIGN §4). Handlers return ok(data). */
export function ok<T>(data: T, msg = 'ok'): Envelope<T> {
  return { status: true, msg, data, errorCode: null };
}
