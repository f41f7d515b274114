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
  /** Lists that count up to COUNT_CAP say there are more. */
  capped?: boolean;
}

/** The success envelope around a route's data schema: what the server declares and /edoc/docs shows. */
export const envelopeOf = <T extends z.ZodType>(data: T) =>
  z.object({ status: z.boolean(), msg: z.string(), data, errorCode: z.string().nullable() });

/** The envelope of any answer, its data not yet read: what a test client checks before it reads the data. */
export const anyEnvelope = envelopeOf(z.unknown());
export type AnyEnvelope = z.output<typeof anyEnvelope>;

/** A page of a list call: the rows and the total that matches. */
export const pageOf = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), total: z.number() });

/**
 * Lists that may hold a million rows count up to this many (issue 13): "10,000+" is as useful to a person as the
 * exact number, and counting every row of a large project would cost more than the page itself.
 */
export const COUNT_CAP = 10_000;

/** A page of such a list: `total` is exact up to COUNT_CAP; `capped` says there are more. */
export const cappedPageOf = <T extends z.ZodType>(item: T) =>
  pageOf(item).extend({ capped: z.boolean().default(false) });

/** The data of a call that answers nothing but success. */
export const noData = z.null();
