/** Whether the error, or any error it wraps (drizzle wraps the driver's as `cause`), is one `test` recognises. */
function anyCause(err: unknown, test: (e: { code?: unknown; message?: unknown }) => boolean): boolean {
  for (let e = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if (test(e as { code?: unknown; message?: unknown })) return true;
  }
  return false;
}

/** True when the database refused a duplicate (23505), whether or not drizzle wrapped the driver's error. */
export const isUniqueViolation = (err: unknown): boolean => anyCause(err, (e) => e.code === '23505');

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

/** What pg says of a connection that died or could not be had in time. */
const LOST_CONNECTION =
  /Connection terminated|connection error and is not queryable|timeout exceeded when trying to connect|Client was closed and is not queryable/i;

/**
 * True when the database (or the file store) could not be reached or dropped the connection: the server shutting
 * down or restarting (57P01–57P03), a connection failure (class 08), a refused or cut socket, the pool's connect
 * timeout, or a client whose connection already died. Such a request answers 503 with Retry-After (issue 25).
 */
export const isServiceUnavailable = (err: unknown): boolean =>
  anyCause(
    err,
    ({ code, message }) =>
      (typeof code === 'string' && (/^57P0[123]$/.test(code) || /^08/.test(code) || NETWORK_CODES.has(code))) ||
      (typeof message === 'string' && LOST_CONNECTION.test(message)),
  );
