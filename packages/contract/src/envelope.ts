import type { ErrorCode } from './errors.ts';

/** Every JSON answer of /edoc (DESIGN §4). */
export interface Envelope<T> {
  status: boolean;
  msg: string;
  data: T | null;
  errorCode: ErrorCode | null;
}

export interface Page<T> {
  data: T[];
  total: number;
}
