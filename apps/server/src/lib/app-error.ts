import { type ErrorCode, httpStatusOf } from '@edoc/contract/errors';

/** The one way a service refuses: a contract error code, translated at the edge into the user's language. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly params: Record<string, string | number>;
  readonly statusCode: number;
  readonly data: unknown;

  constructor(code: ErrorCode, params: Record<string, string | number> = {}, data: unknown = null) {
    super(code);
    this.code = code;
    this.params = params;
    this.statusCode = httpStatusOf(code);
    this.data = data;
  }
}

export function fail(code: ErrorCode, params?: Record<string, string | number>, data?: unknown): never {
  throw new AppError(code, params, data);
}
