import type { SwaggerTransform } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { z } from 'zod';

/** A media type as a Content-Type header names it, without parameters: 'application/pdf', 'text/csv', '*\/*'. */
export type MediaType = `${string}/${string}`;

/** The media types the raw answers carry, named once. */
export const MEDIA = {
  /** A stored file sent in its own type (a document's version, an attachment): any type may come. */
  any: '*/*',
  json: 'application/json',
  pdf: 'application/pdf',
  zip: 'application/zip',
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  /** A signature image whose stored bytes are no longer a known image (readHandwriting's fallback). */
  octets: 'application/octet-stream',
} as const satisfies Record<string, MediaType>;

/**
 * What a route sends itself instead of the envelope (`response: { raw: [...] }` in RouteSpec): a file, an export, a
 * stream, or JSON that is not the envelope. It only describes the answer in /edoc/docs: Fastify neither serialises
 * nor checks it, so the bytes leave exactly as the handler sends them.
 */
export interface RawAnswer {
  /** The media types of the 200 answer; each is bytes (`type: string, format: binary`) unless `json` describes it. */
  raw: readonly [MediaType, ...MediaType[]];
  /** What the answer is, for the reader of /edoc/docs. */
  description: string;
  /** The schema of an application/json answer that is not the envelope (health). */
  json?: z.ZodType;
  /** Sent with a Content-Disposition header naming the file (send-blob.ts's contentDisposition). */
  named?: boolean;
  /** Streamed by sendBlob: a Range header is answered 206 with that part, one it cannot satisfy 416. */
  ranges?: boolean;
  /** Other statuses whose body is of the same kinds (health's 503), each with what it means. */
  also?: Readonly<Record<number, string>>;
}

/** An Excel workbook made for this request (exports, import samples), as a download. */
export const workbook = (description: string): RawAnswer => ({ raw: [MEDIA.xlsx], named: true, description });

/** A report's table as its `format` asks (table-export.ts's sendExport), as a download. */
export const tableExport = (description: string): RawAnswer => ({
  raw: [MEDIA.xlsx, MEDIA.csv, MEDIA.pdf],
  named: true,
  description,
});

/** A version's thumbnail (thumbnail.service.ts), made or read for the request and sent whole. */
export const thumbnail: RawAnswer = {
  raw: [MEDIA.png],
  named: true,
  description: "The version's first page as a 240-pixel PNG.",
};

/** `response` of a RouteSpec: a zod schema is the envelope's data; an object with `raw` is a RawAnswer. */
export function isRawAnswer(response: z.ZodType | RawAnswer): response is RawAnswer {
  return 'raw' in response && Array.isArray(response.raw);
}

const BINARY = { type: 'string', format: 'binary' } as const;

/**
 * The OpenAPI description of a raw answer, as the route's own swagger transform: the route declares no response
 * schema (Fastify would serialise the answer with it), so its input is transformed as every route's is
 * (jsonSchemaTransform, as app.ts registers it) and its answers are written from the declaration.
 */
export function rawAnswerTransform(answer: RawAnswer): SwaggerTransform {
  return (input) => {
    const json = answer.json;
    const t = jsonSchemaTransform({
      ...input,
      schema: { ...input.schema, ...(json ? { response: { 200: json } } : {}) },
    });
    const jsonSchema = json && (t.schema.response as Record<number, unknown>)[200];
    const content = Object.fromEntries(
      answer.raw.map((type) => [type, { schema: type === MEDIA.json && jsonSchema ? jsonSchema : BINARY }]),
    );
    const named = answer.named
      ? {
          'Content-Disposition': { type: 'string', description: 'attachment or inline, with the file name (RFC 6266)' },
        }
      : {};
    const response: Record<number, object> = {
      200: { description: answer.description, headers: named, content },
    };
    if (answer.ranges) {
      response[206] = {
        description: 'The part a Range header (bytes=start-end) asked for.',
        headers: { ...named, 'Content-Range': { type: 'string', description: 'bytes start-end/size' } },
        content,
      };
      response[416] = {
        description: 'A Range the file cannot satisfy: no body.',
        headers: { 'Content-Range': { type: 'string', description: 'bytes */size' } },
        type: 'null',
      };
    }
    for (const [status, description] of Object.entries(answer.also ?? {}))
      response[Number(status)] = { description, content };
    return { ...t, schema: { ...t.schema, response } };
  };
}
