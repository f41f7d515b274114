import { z } from 'zod';
import { malformedParam, plausible, type JsonSchema } from './bad-input-values.ts';
import { SAMPLE } from './factories.ts';
import { multipart, type FilePart } from './requests.ts';

/**
 * The bad-input test's requests that are not one JSON field at a time (issue 9): the text fields and file part of
 * a multipart upload, and bodies of the wrong content type.
 */
export interface RawProbe {
  field: string;
  label: string;
  payload: Buffer | string;
  headers: Record<string, string>;
}

const form = (field: string, label: string, fields: Record<string, string>, file?: FilePart): RawProbe => ({
  field,
  label,
  ...multipart(fields, file),
});

/** A multipart body cut off in the middle of its file: the client went away. */
function truncated(fields: Record<string, string>, file: FilePart): RawProbe {
  const whole = multipart(fields, file);
  return { field: 'body', label: 'a truncated multipart body', ...whole, payload: whole.payload.subarray(0, -40) };
}

/**
 * For a multipart route (RouteSpec.multipart): each text field malformed in turn (text on the wire, as a query
 * parameter is), the others plausible, with a small real file; then a missing, empty or oddly named file part, and
 * bodies that are not well-formed multipart at all.
 */
export function multipartProbes(fields: z.ZodType): RawProbe[] {
  const json = z.toJSONSchema(fields, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  const props = Object.entries(json.properties ?? {});
  const good = Object.fromEntries(props.map(([k, v]) => [k, String(plausible(v))]));
  const file: FilePart = { name: 'probe.pdf', content: SAMPLE.pdf(), type: 'application/pdf' };
  const out: RawProbe[] = [];
  for (const [name, schema] of props)
    for (const bad of malformedParam(schema))
      out.push(form(`field ${name}`, bad.label, { ...good, [name]: String(bad.value) }, file));
  out.push(
    form('file', 'no file part', good),
    form('file', 'an empty file', good, { ...file, content: Buffer.alloc(0) }),
    form('file', 'a file name with a NUL', good, { ...file, name: 'a\u0000b.pdf' }),
    form('file', 'a 1,000-character file name', good, { ...file, name: `${'x'.repeat(1000)}.pdf` }),
    form('file', 'a file name without an extension', good, { ...file, name: 'probe' }),
    form('file', 'a PDF name on other bytes', good, { ...file, content: Buffer.from('not a pdf at all') }),
    truncated(good, file),
    {
      field: 'body',
      label: 'multipart without a boundary',
      payload: 'x',
      headers: { 'content-type': 'multipart/form-data' },
    },
    {
      field: 'body',
      label: 'JSON instead of multipart',
      payload: JSON.stringify(good),
      headers: { 'content-type': 'application/json' },
    },
  );
  return out;
}

/** For a route with a JSON body: a body of another content type, or JSON that does not parse. */
export function contentTypeProbes(): RawProbe[] {
  const probe = (label: string, type: string, payload: string): RawProbe => ({
    field: 'body',
    label,
    payload,
    headers: { 'content-type': type },
  });
  return [
    probe('text/plain', 'text/plain', 'hello'),
    probe('multipart without a boundary', 'multipart/form-data', 'x'),
    // A form where JSON belongs (issue 26): answered " is invalid" naming the field "".
    probe(
      'a multipart form',
      'multipart/form-data; boundary=b',
      '--b\r\nContent-Disposition: form-data; name="id"\r\n\r\n1\r\n--b--\r\n',
    ),
    probe('JSON that does not parse', 'application/json', '{"a":'),
    probe('a form with a NUL', 'application/x-www-form-urlencoded', 'name=a%00b&id=99999999999'),
    probe('an unknown content type', 'application/xml', '<x/>'),
  ];
}
