import { z } from 'zod';
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

/** The success envelope around a route's data schema: what the server declares and /edoc/docs shows. */
export const envelopeOf = <T extends z.ZodType>(data: T) =>
  z.object({ status: z.boolean(), msg: z.string(), data, errorCode: z.string().nullable() });

/** A page of a list call: the rows and the total that matches. */
export const pageOf = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), total: z.number() });

/** The data of a call that answers nothing but success. */
export const noData = z.null();
