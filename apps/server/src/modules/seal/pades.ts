import { createHash, sign as signBytes } from 'node:crypto';
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { SignPdf } from '@signpdf/signpdf';
import { Signer, SUBFILTER_ETSI_CADES_DETACHED } from '@signpdf/utils';
import forge from 'node-forge';
import type { PDFDocument } from 'pdf-lib';
import type { SealKey } from './seal-key.service.ts';

const { asn1 } = forge;
const U = asn1.Class.UNIVERSAL;
const T = asn1.Type;

const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  sha256: '2.16.840.1.101.3.4.2.1',
  rsaEncryption: '1.2.840.113549.1.1.1',
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
};

type Node = forge.asn1.Asn1;
const seq = (v: Node[]) => asn1.create(U, T.SEQUENCE, true, v);
const set = (v: Node[]) => asn1.create(U, T.SET, true, v);
const oid = (o: string) => asn1.create(U, T.OID, false, asn1.oidToDer(o).getBytes());
const octets = (b: Buffer) => asn1.create(U, T.OCTETSTRING, false, b.toString('binary'));
const int = (n: number) => asn1.create(U, T.INTEGER, false, asn1.integerToDer(n).getBytes());
const nul = () => asn1.create(U, T.NULL, false, '');
const der = (n: Node) => Buffer.from(asn1.toDer(n).getBytes(), 'binary');
const parse = (b: Buffer) => asn1.fromDer(b.toString('binary'));
const attribute = (type: string, value: Node) => seq([oid(type), set([value])]);

/**
 * A CAdES-BES detached signature (ETSI EN 319 122-1), as PAdES baseline B-B wants it (EN 319 142-1): signed
 * attributes content-type, message-digest and signing-certificate-v2 (which binds the signer's certificate into what
 * is signed), and no signing-time attribute (the signature dictionary's /M carries the time). node-forge's PKCS#7
 * writer cannot add signing-certificate-v2, so the CMS is written here with its ASN.1 helpers; node:crypto signs, so
 * the key may be RSA (PKCS#1 v1.5) or EC (ECDSA).
 */
export class CadesSigner extends Signer {
  constructor(private readonly signing: SealKey) {
    super();
  }

  override async sign(content: Buffer): Promise<Buffer> {
    const { key, chain } = this.signing;
    const certs = chain.map((c) => parse(c.raw));
    const tbs = certs[0].value[0] as Node;
    const fields = tbs.value as Node[];
    // tbsCertificate: [0] version (optional), serialNumber, signature, issuer, …
    const at = fields[0].tagClass === asn1.Class.CONTEXT_SPECIFIC ? 1 : 0;
    const issuerAndSerial = seq([fields[at + 2], fields[at]]);
    const certHash = createHash('sha256').update(chain[0].raw).digest();
    const attrs = [
      attribute(OID.contentType, oid(OID.data)),
      attribute(OID.messageDigest, octets(createHash('sha256').update(content).digest())),
      // ESSCertIDv2 with the default hash algorithm (SHA-256) left out, as DER requires.
      attribute(OID.signingCertificateV2, seq([seq([seq([octets(certHash)])])])),
    ].sort((a, b) => Buffer.compare(der(a), der(b))); // DER: a SET OF is in the order of its encodings
    const signature = signBytes('sha256', der(set(attrs)), key);
    const ec = key.asymmetricKeyType === 'ec';
    const signerInfo = seq([
      int(1),
      issuerAndSerial,
      seq([oid(OID.sha256)]),
      asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, attrs),
      ec ? seq([oid(OID.ecdsaWithSha256)]) : seq([oid(OID.rsaEncryption), nul()]),
      octets(signature),
    ]);
    const signedData = seq([
      int(1),
      set([seq([oid(OID.sha256)])]),
      seq([oid(OID.data)]),
      asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, certs),
      set([signerInfo]),
    ]);
    return der(seq([oid(OID.signedData), asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [signedData])]));
  }
}

/**
 * Room for the CMS, in hex digits (two per byte; an odd count would make @signpdf pad one byte short): the chain's
 * certificates plus 2 KiB for the signature (RSA up to 8192 bits) and the attributes.
 */
const placeholderLength = (k: SealKey) => 2 * (k.chain.reduce((n, c) => n + c.raw.length, 0) + 2048);

/**
 * The PDF saved with a PAdES signature (SubFilter ETSI.CAdES.detached) over all of it, so any reader shows whether
 * the file was altered after edoc handed it out. The signature field is invisible: the signature page shows the
 * people's signatures; this one vouches for the file.
 */
export async function padesSigned(pdf: PDFDocument, signing: SealKey, now = new Date()): Promise<Buffer> {
  pdflibAddPlaceholder({
    pdfDoc: pdf,
    reason: 'Electronic signature manifestation (21 CFR 11.50) / 电子签名页',
    contactInfo: '',
    name: signing.chain[0].subject.replace(/\n/g, ', '),
    location: 'edoc',
    signingTime: now,
    signatureLength: placeholderLength(signing),
    subFilter: SUBFILTER_ETSI_CADES_DETACHED,
    appName: 'edoc',
  });
  // Without object streams: the placeholder must stay in plain text for the byte range to be found and filled.
  const unsigned = Buffer.from(await pdf.save({ useObjectStreams: false }));
  return new SignPdf().sign(unsigned, new CadesSigner(signing), now);
}
