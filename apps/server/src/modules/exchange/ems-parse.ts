import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { SaxesParser } from 'saxes';
import { PackageRefused } from './ems-package.ts';

/*
 * exchange.xml read as a stream (saxes): one OBJECT handed on at a time, nothing holding the document. A DOCTYPE is
 * refused outright (no entity is ever declared, so none can be expanded: no billion laughs, no external entity), and
 * the structure the standard requires of each object is checked as it closes (the XSD itself runs after, on a file
 * up to 64 MB: ems-schema.ts).
 */

export interface ParsedSignature {
  methodology: string | null;
  userOid: string | null;
  name: string | null;
  at: string | null;
  reason: string | null;
}
export interface ParsedAudit {
  auditId: string | null;
  at: string | null;
  userRef: string | null;
  entryType: string | null;
  event: string | null;
}
export interface ParsedFile {
  integrity: string;
  fileName: string;
  contentUrl: string;
  signatures: ParsedSignature[];
  audits: ParsedAudit[];
}
/** One OBJECT: a version of the object OBJECTID names. */
export interface ParsedObject {
  fields: Record<string, string>;
  metadata: Record<string, string>;
  files: ParsedFile[];
}
export interface ParsedBatch {
  studyId: string | null;
  sourceId: string | null;
}

const LEVELS = new Set(['Trial', 'Country', 'Site']);
const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/** Reads the stream to its end, calling onObject for each OBJECT; throws PackageRefused on anything malformed. */
export async function parseExchange(input: Readable, onObject: (o: ParsedObject) => void): Promise<ParsedBatch> {
  const parser = new SaxesParser({ xmlns: false, position: true });
  const batch: ParsedBatch = { studyId: null, sourceId: null };
  const stack: string[] = [];
  let text = '';
  let object: ParsedObject | null = null;
  let file: ParsedFile | null = null;
  let sig: Record<string, string> | null = null;
  let audit: Record<string, string> | null = null;
  let metaName: string | null = null;
  let failure: PackageRefused | null = null;
  const refuse = (reason: string) => {
    failure ??= new PackageRefused('exchange_package_xml', { line: String(parser.line), reason: reason.slice(0, 200) });
  };

  parser.on('doctype', () => {
    failure ??= new PackageRefused('exchange_package_doctype');
  });
  parser.on('error', (err) => refuse(err.message));
  parser.on('opentag', (tag) => {
    const name = localName(tag.name);
    stack.push(name);
    text = '';
    if (name === 'BATCH') {
      batch.studyId = (tag.attributes.STUDYID as string | undefined) ?? null;
      batch.sourceId = (tag.attributes.TRANSFERSOURCEID as string | undefined) ?? null;
    } else if (name === 'OBJECT') object = { fields: {}, metadata: {}, files: [] };
    else if (name === 'FILE') file = { integrity: '', fileName: '', contentUrl: '', signatures: [], audits: [] };
    else if (name === 'SIGNATURE') sig = {};
    else if (name === 'AUDITRECORD') audit = {};
    else if (name === 'METADATA') metaName = (tag.attributes.NAME as string | undefined) ?? null;
  });
  parser.on('text', (t) => (text += t));
  parser.on('cdata', (t) => (text += t));
  parser.on('closetag', (tag) => {
    const name = localName(tag.name);
    stack.pop();
    const value = text.trim();
    text = '';
    const parent = stack[stack.length - 1];
    if (name === 'OBJECT' && object) {
      const f = object.fields;
      if (!f.OBJECTID) refuse('OBJECT without OBJECTID');
      else if (!LEVELS.has(f.OBJECTLEVEL ?? '')) refuse(`OBJECT ${f.OBJECTID}: OBJECTLEVEL`);
      else if (!f.ARTIFACTNUMBER) refuse(`OBJECT ${f.OBJECTID}: ARTIFACTNUMBER`);
      else onObject(object);
      object = null;
    } else if (name === 'FILE' && object && file) {
      if (!file.contentUrl || !file.integrity) refuse(`OBJECT ${object.fields.OBJECTID ?? ''}: FILE`);
      object.files.push(file);
      file = null;
    } else if (name === 'SIGNATURE' && file && sig) {
      file.signatures.push({
        methodology: sig.SIGNATUREMETHODOLOGY ?? null,
        userOid: sig.USEROID ?? null,
        name: sig.SIGNATURENAME ?? null,
        at: sig.SIGNATUREDATETIME ?? null,
        reason: sig.SIGNATUREREASON ?? null,
      });
      sig = null;
    } else if (name === 'AUDITRECORD' && file && audit) {
      file.audits.push({
        auditId: audit.AUDITID ?? null,
        at: audit.DATETIMESTAMP ?? null,
        userRef: audit.USERREF ?? null,
        entryType: audit.AUDITENTRYTYPE ?? null,
        event: audit.AUDITEVENT ?? null,
      });
      audit = null;
    } else if (name === 'METADATA' && object && metaName) object.metadata[metaName] = value;
    else if (parent === 'SIGNATURE' && sig) sig[name] = value;
    else if (parent === 'AUDITRECORD' && audit) audit[name] = value;
    else if (parent === 'FILE' && file) {
      if (name === 'INTEGRITY') file.integrity = value;
      else if (name === 'FILENAME') file.fileName = value;
      else if (name === 'CONTENTURL') file.contentUrl = value;
    } else if (parent === 'OBJECT' && object) object.fields[name] = value;
  });

  const decoder = new StringDecoder('utf8');
  for await (const chunk of input) {
    parser.write(decoder.write(chunk as Buffer));
    if (failure) {
      input.destroy();
      throw failure;
    }
  }
  parser.write(decoder.end());
  parser.close();
  if (failure) throw failure;
  return batch;
}
