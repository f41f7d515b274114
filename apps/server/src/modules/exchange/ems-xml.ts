/*
 * exchange.xml of the eTMF Exchange Mechanism Standard (issue 28, docs/exchange.md "The mapping"), written as text
 * pieces so an export streams it: the BATCH's opening, one OBJECT at a time as the query pages through documents,
 * the closing. Elements are written in the schema's sequence order (xs:sequence: order is part of validity) and
 * optional ones only when they have a value. Nothing here reads the database: the export maps rows to EmsObject.
 */

export type EmsLevel = 'Trial' | 'Country' | 'Site';
export type EmsVersionState = 'Current' | 'Superseded' | 'Obsolete';
export type EmsAuditType = 'New' | 'Change' | 'Delete' | 'Other';

export interface EmsBatch {
  studyId: string;
  studySystemId?: string;
  transferSourceId: string;
  transferId: string;
  specificationId: string;
  /** `n.n` or `n.n.n`, no leading zeros (the schema's pattern). */
  tmfRmVersion: string;
}

export interface EmsSignature {
  /** The signer's identity in the source system (edoc: their e-mail). */
  userOid: string;
  name: string;
  /** ISO 8601 with its offset. */
  at: string;
  reason: string;
}

export interface EmsAudit {
  id: string;
  at: string;
  userRef: string;
  type: EmsAuditType;
  event: string;
}

export interface EmsFile {
  /** `SHA256-<hex>`. */
  integrity: string;
  fileName: string;
  /** The file's path inside the package, '/'-separated (ems-paths.ts makes it). */
  contentUrl: string;
  description?: string;
  signatures: EmsSignature[];
  audit: EmsAudit[];
}

export interface EmsObject {
  objectId: string;
  level: EmsLevel;
  /** ISO 3166-1 alpha-3. */
  countryId?: string;
  siteSystemId?: string;
  siteId?: string;
  uniqueId: number;
  artifactNumber: string;
  language?: string;
  version: string;
  versionState: EmsVersionState;
  title?: string;
  subArtifact?: string;
  copy: boolean;
  /** yyyy-mm-dd; written as DD-MON-YYYY. */
  expiryDate?: string | null;
  artifactDate?: string | null;
  dateDescription?: string | null;
  files: EmsFile[];
  metadata: Array<{ name: string; value: string }>;
}

const NAMESPACE = 'https://tmfrefmodel.com/ems';
const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** A calendar day (yyyy-mm-dd) as the standard writes dates: 23-JAN-2018. */
export function emsDate(day: string): string {
  const [y, m, d] = day.split('-');
  return `${d}-${MONTHS[Number(m) - 1]}-${y}`;
}

/** The reverse of emsDate (an import reads it); null when the text is not such a date. */
export function dayOfEmsDate(text: string): string | null {
  const m = /^(\d{2})-([A-Za-z]{3})-(\d{4})$/.exec(text.trim());
  const month = m ? MONTHS.indexOf(m[2].toUpperCase()) : -1;
  if (!m || month < 0) return null;
  const day = `${m[3]}-${String(month + 1).padStart(2, '0')}-${m[1]}`;
  return new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) === day ? day : null;
}

// Characters XML 1.0 cannot carry at all (controls other than tab, newline, return) are dropped, not escaped.
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

export function xmlText(value: string): string {
  return value
    .replace(NOT_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

const el = (name: string, value: string | number | null | undefined, indent: string) =>
  value === null || value === undefined || value === ''
    ? ''
    : `${indent}<${name}>${xmlText(String(value))}</${name}>\n`;
const yesNo = (on: boolean) => (on ? 'Yes' : 'No');

export function batchOpen(b: EmsBatch): string {
  const attrs: Array<[string, string | undefined]> = [
    ['STUDYSYSTEMID', b.studySystemId],
    ['STUDYID', b.studyId],
    ['TRANSFERSOURCEID', b.transferSourceId],
    ['TRANSFERID', b.transferId],
    ['SPECIFICATIONID', b.specificationId],
    ['TMFRMVERSION', b.tmfRmVersion],
  ];
  const written = attrs.filter(([, v]) => v !== undefined).map(([k, v]) => `\n    ${k}="${xmlText(v!)}"`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<BATCH xmlns="${NAMESPACE}"${written.join('')}>\n`;
}

export const batchClose = () => '</BATCH>\n';

function fileXml(f: EmsFile): string {
  const i = '      ';
  const signatures = f.signatures.map(
    (s) =>
      `${i}<SIGNATURE>\n${el('SIGNATUREMETHODOLOGY', 'Electronic', `${i}  `)}${el('USEROID', s.userOid, `${i}  `)}` +
      `${el('SIGNATURENAME', s.name, `${i}  `)}${el('SIGNATUREDATETIME', s.at, `${i}  `)}` +
      `${el('SIGNATUREREASON', s.reason, `${i}  `)}${i}</SIGNATURE>\n`,
  );
  const audit = f.audit.map(
    (a) =>
      `${i}<AUDITRECORD>\n${el('AUDITID', a.id, `${i}  `)}${el('DATETIMESTAMP', a.at, `${i}  `)}` +
      `${el('USERREF', a.userRef, `${i}  `)}${el('AUDITENTRYTYPE', a.type, `${i}  `)}` +
      `${el('AUDITEVENT', a.event, `${i}  `)}${i}</AUDITRECORD>\n`,
  );
  return (
    `    <FILE>\n${el('INTEGRITY', f.integrity, i)}${el('FILENAME', f.fileName, i)}${el('CONTENTURL', f.contentUrl, i)}` +
    `${el('FILEDESCRIPTION', f.description, i)}${signatures.join('')}${audit.join('')}    </FILE>\n`
  );
}

/** One OBJECT, its elements in the schema's order. */
export function objectXml(o: EmsObject): string {
  const i = '    ';
  const date = (d: string | null | undefined) => (d ? emsDate(d) : undefined);
  return (
    `  <OBJECT>\n` +
    el('OBJECTID', o.objectId, i) +
    el('OBJECTLEVEL', o.level, i) +
    el('COUNTRYID', o.countryId, i) +
    el('SITESYSTEMID', o.siteSystemId, i) +
    el('SITEID', o.siteId, i) +
    el('UNIQUEID', o.uniqueId, i) +
    el('ARTIFACTNUMBER', o.artifactNumber, i) +
    el('OBJECTLANGUAGE', o.language, i) +
    el('OBJECTVERSION', o.version, i) +
    el('OBJECTVERSIONSTATE', o.versionState, i) +
    el('OBJECTTITLE', o.title, i) +
    el('SUBARTIFACT', o.subArtifact, i) +
    el('OBJECTCOPY', yesNo(o.copy), i) +
    el('OBJECTEXPIRYDATE', date(o.expiryDate), i) +
    el('ARTIFACTDATE', date(o.artifactDate), i) +
    el('DATEDESCRIPTION', o.dateDescription, i) +
    o.files.map(fileXml).join('') +
    o.metadata.map((m) => `${i}<METADATA NAME="${xmlText(m.name)}">${xmlText(m.value)}</METADATA>\n`).join('') +
    `  </OBJECT>\n`
  );
}
