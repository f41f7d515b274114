import type { OpenAPIV3_2 } from '@fastify/swagger';

/** The pieces the protocols' document (protocols.openapi.ts) is written with. */
export type Operation = NonNullable<OpenAPIV3_2.PathItemObject['get']>;
export type PathItem = OpenAPIV3_2.PathItemObject;
type Response = Operation['responses'][string];
type Header = NonNullable<Exclude<Response, { $ref: string }>['headers']>[string];

/** Bytes of a file, in a request or an answer. */
export const BINARY = { type: 'string', format: 'binary' } as const;

export const header = (description: string, required = false): Header => ({
  description,
  required,
  schema: { type: 'string' },
});

/** An answer without a body, its headers described. */
export const bare = (description: string, headers: Record<string, string> = {}): Response => ({
  description,
  ...(Object.keys(headers).length
    ? { headers: Object.fromEntries(Object.entries(headers).map(([name, d]) => [name, header(d)])) }
    : {}),
});

type Parameter = NonNullable<Operation['parameters']>[number];

export const pathParam = (name: string, description: string, pattern?: string): Parameter => ({
  name,
  in: 'path',
  required: true,
  description,
  schema: { type: 'string', ...(pattern ? { pattern } : {}) },
});

export const headerParam = (name: string, description: string, required = false): Parameter => ({
  name,
  in: 'header',
  required,
  description,
  schema: { type: 'string' },
});

/** A refusal that plugins/errors.ts answers: the /edoc error envelope. */
export const envelope = (description: string): Response => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
});

/** A body of the given media types, each described as bytes unless a schema is given. */
export const body = (types: string[], schema: object = BINARY) =>
  Object.fromEntries(types.map((type) => [type, { schema }]));
