/** True when the database refused a duplicate (23505), whether or not drizzle wrapped the driver's error. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** Network failures of a connection, from the driver or the S3 client: the other side is away, not the request bad. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * True when the database (or the file store) could not be reached or dropped the connection: the server shutting
 * down or restarting (57P01–57P03), a connection failure (class 08), a refused or cut socket, the pool's connect
 * timeout, or a client whose connection already died. Such a request answers 503 with Retry-After (issue 25).
 */
export function isServiceUnavailable(err: unknown): boolean {
  for (let e = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (/^57P0[123]$/.test(code) || /^08/.test(code) || NETWORK_CODES.has(code)))
      return true;
    const message = (e as { message?: unknown }).message;
    if (
      typeof message === 'string' &&
      /Connection terminated|connection error and is not queryable|timeout exceeded when trying to connect|Client was closed and is not queryable/i.test(
        message,
      )
    )
      return true;
  }
  return false;
}
