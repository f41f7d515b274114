import { bytesText, hex, sha256 } from './util.mjs';
import { content, kids, node, oidOf, OID, raw, readCertificate, verifyWith } from './der.mjs';

// ---------------------------------------------------------------------------------------------------------------
// PAdES: each /ByteRange signature of a PDF.
const hexBytes = (h) => Uint8Array.from(h.match(/../g) ?? [], (x) => parseInt(x, 16));

/** Checks one signature dictionary: the ByteRange's digest is the CMS messageDigest, and the CMS signature verifies. */
async function checkPdfSignature(bytes, range, packageCert) {
  const [a, b, c, d] = range;
  if (a !== 0 || b > c || c + d > bytes.length) return { ok: false, what: 'ByteRange out of the file' };
  const hole = bytesText(bytes.subarray(a + b, c)).replace(/[<>\s]/g, '');
  const cms = hexBytes(hole);
  const ci = kids(cms, node(cms, 0));
  const sd = kids(cms, kids(cms, ci[1])[0]);
  const certs = sd.filter((n) => n.tag === 0xa0).flatMap((n) => kids(cms, n).map((x) => raw(cms, x)));
  const signerInfo = kids(cms, kids(cms, sd[sd.length - 1])[0]);
  const hash = OID.hashes[oidOf(cms, kids(cms, signerInfo[2])[0])];
  if (!hash) return { ok: false, what: 'unsupported digest algorithm' };
  const attrsNode = signerInfo.find((n) => n.tag === 0xa0);
  if (!attrsNode) return { ok: false, what: 'no signed attributes' };
  let digest = null;
  for (const attr of kids(cms, attrsNode)) {
    const [o, set] = kids(cms, attr);
    if (oidOf(cms, o) === OID.messageDigest) digest = hex(content(cms, kids(cms, set)[0]));
  }
  const signed = new Uint8Array(b + d);
  signed.set(bytes.subarray(0, b), 0);
  signed.set(bytes.subarray(c, c + d), b);
  const actual = hex(await crypto.subtle.digest(hash, signed));
  if (digest !== actual) return { ok: false, what: `digest mismatch: the signed bytes were changed` };
  const signature = content(cms, signerInfo[signerInfo.length - 1]);
  // What is signed is the attributes' DER with the SET OF tag, not the [0] they are stored under.
  const attrs = raw(cms, attrsNode).slice();
  attrs[0] = 0x31;
  const serialOf = (der) => readCertificate(der).serial;
  const sid = kids(cms, signerInfo[1]);
  const sidSerial = sid.length === 2 ? hex(content(cms, sid[1])) : null;
  const signerDer = certs.find((x) => serialOf(x) === sidSerial) ?? certs[0] ?? packageCert;
  if (!signerDer) return { ok: false, what: 'no certificate' };
  const signer = readCertificate(signerDer);
  if (!(await verifyWith(signer, hash, signature, attrs, true)))
    return { ok: false, what: 'the signature does not verify with its certificate' };
  // A PDF signed elsewhere before it was filed (its signer's certificate is in its CMS) is valid too; which one
  // signed it is said, and the package's hashes keep anyone from swapping the file.
  const same = !!packageCert && (await sha256(signerDer)) === (await sha256(packageCert));
  return { ok: true, signer: signer.subject, whole: c + d === bytes.length, same };
}

export async function checkPdf(path, bytes, packageCert) {
  const out = [];
  const ranges = [...bytesText(bytes).matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)];
  for (const [i, m] of ranges.entries()) {
    const params = { path, n: i + 1 };
    try {
      const r = await checkPdfSignature(bytes, m.slice(1).map(Number), packageCert);
      if (r.ok)
        out.push({
          status: 'ok',
          key: r.same ? 'pdf_ok' : 'pdf_ok_other',
          params: { ...params, signer: r.signer, range: r.whole ? 'pdf_whole' : 'pdf_part' },
        });
      else out.push({ status: 'fail', key: 'pdf_bad', params: { ...params, what: r.what } });
    } catch (err) {
      out.push({ status: 'fail', key: 'pdf_bad', params: { ...params, what: `unreadable (${err.message})` } });
    }
  }
  return out;
}
