import { hex, text } from './util.mjs';

// ---------------------------------------------------------------------------------------------------------------
// DER (ASN.1): just what certificates and CMS need.
export function node(b, pos) {
  const tag = b[pos];
  let len = b[pos + 1];
  let hdr = 2;
  if (len & 0x80) {
    const n = len & 0x7f;
    if (n === 0 || n > 4) throw new Error('unsupported ASN.1 length');
    len = 0;
    for (let i = 0; i < n; i++) len = len * 256 + b[pos + 2 + i];
    hdr = 2 + n;
  }
  const end = pos + hdr + len;
  if (end > b.length) throw new Error('ASN.1 runs past its end');
  return { tag, start: pos, body: pos + hdr, end };
}
export const kids = (b, n) => {
  const out = [];
  for (let p = n.body; p < n.end;) {
    const c = node(b, p);
    out.push(c);
    p = c.end;
  }
  return out;
};
export const raw = (b, n) => b.subarray(n.start, n.end);
export const content = (b, n) => b.subarray(n.body, n.end);
export function oidOf(b, n) {
  const v = content(b, n);
  const parts = [Math.floor(v[0] / 40), v[0] % 40];
  for (let i = 1, x = 0; i < v.length; i++) {
    x = x * 128 + (v[i] & 0x7f);
    if (!(v[i] & 0x80)) (parts.push(x), (x = 0));
  }
  return parts.join('.');
}

export const OID = {
  rsa: '1.2.840.113549.1.1.1',
  ec: '1.2.840.10045.2.1',
  messageDigest: '1.2.840.113549.1.9.4',
  cn: '2.5.4.3',
  curves: { '1.2.840.10045.3.1.7': ['P-256', 32], '1.3.132.0.34': ['P-384', 48], '1.3.132.0.35': ['P-521', 66] },
  hashes: {
    '2.16.840.1.101.3.4.2.1': 'SHA-256',
    '2.16.840.1.101.3.4.2.2': 'SHA-384',
    '2.16.840.1.101.3.4.2.3': 'SHA-512',
  },
};

/** A certificate's DER: its public key (SPKI), subject's common name and validity. */
export function readCertificate(der) {
  const tbs = kids(der, kids(der, node(der, 0))[0]);
  const at = tbs[0].tag === 0xa0 ? 1 : 0;
  // UTCTime (YYMMDDhhmmssZ, years 1950-2049) or GeneralizedTime (YYYYMMDDhhmmssZ), shown as UTC.
  const [notBefore, notAfter] = kids(der, tbs[at + 3]).map((t) => {
    const v = text(content(der, t));
    const full = t.tag === 0x17 ? `${Number(v.slice(0, 2)) < 50 ? '20' : '19'}${v}` : v;
    return `${full.slice(0, 4)}-${full.slice(4, 6)}-${full.slice(6, 8)} ${full.slice(8, 10)}:${full.slice(10, 12)} UTC`;
  });
  const cn = kids(der, tbs[at + 4])
    .flatMap((rdn) => kids(der, rdn))
    .map((atv) => kids(der, atv))
    .find(([o]) => oidOf(der, o) === OID.cn);
  const spki = tbs[at + 5];
  const alg = kids(der, kids(der, spki)[0]);
  const type = oidOf(der, alg[0]);
  const curve = type === OID.ec ? OID.curves[oidOf(der, alg[1])] : undefined;
  return {
    spki: raw(der, spki),
    type,
    curve,
    serial: hex(content(der, tbs[at])),
    subject: cn ? text(content(der, cn[1])) : '?',
    notBefore,
    notAfter,
  };
}

/** The certificates of a PEM text, as DER. */
export function pemCertificates(pem) {
  return [...pem.matchAll(/-----BEGIN CERTIFICATE-----([\s\S]+?)-----END CERTIFICATE-----/g)].map((m) =>
    Uint8Array.from(atob(m[1].replace(/\s+/g, '')), (c) => c.charCodeAt(0)),
  );
}

/** ECDSA's DER SEQUENCE { r, s } as WebCrypto's r‖s of the curve's size. */
function p1363(sig, size) {
  const [r, s] = kids(sig, node(sig, 0)).map((n) => content(sig, n));
  const out = new Uint8Array(size * 2);
  const put = (v, at) => {
    const t = v.subarray(Math.max(0, v.length - size));
    out.set(t, at + size - t.length);
  };
  put(r, 0);
  put(s, size);
  return out;
}

/** Whether `signature` over `data` verifies with the certificate's key; `der` says the ECDSA signature is DER. */
export async function verifyWith(cert, hash, signature, data, der) {
  if (cert.type === OID.rsa) {
    const key = await crypto.subtle.importKey('spki', cert.spki, { name: 'RSASSA-PKCS1-v1_5', hash }, false, [
      'verify',
    ]);
    return crypto.subtle.verify('RSASSA-PKCS1-v1_5', key, signature, data);
  }
  if (cert.type === OID.ec && cert.curve) {
    const [namedCurve, size] = cert.curve;
    const key = await crypto.subtle.importKey('spki', cert.spki, { name: 'ECDSA', namedCurve }, false, ['verify']);
    return crypto.subtle.verify({ name: 'ECDSA', hash }, key, der ? p1363(signature, size) : signature, data);
  }
  throw new Error('unsupported key type');
}
