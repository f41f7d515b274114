// edoc inspection package verifier (issue 28 part 5). ONE source: the package's verify/verify.mjs is this file as
// it is, and verify/verify.html inlines this same text (inspection-package/verifier-files.ts). No dependencies: it
// runs in a browser (WebCrypto, DecompressionStream) and in Node >= 20, which has both as globals; run from the
// command line (node verify.mjs <folder or zip>) it checks and exits 0 only when every check holds.

const enc = new TextEncoder();
const hex = (buf) => Array.from(new Uint8Array(buf), (b) => b.toString(16).padStart(2, '0')).join('');
const sha256 = async (bytes) => hex(await crypto.subtle.digest('SHA-256', bytes));
const text = (bytes) => new TextDecoder('utf-8').decode(bytes);
// windows-1252 / latin1: one character per byte, so a PDF's offsets are the string's indexes.
const bytesText = (bytes) => new TextDecoder('latin1').decode(bytes);

// ---------------------------------------------------------------------------------------------------------------
// Messages, both languages. A result is { status: 'ok' | 'fail' | 'note', key, params }.
export const MESSAGES = {
  'en-US': {
    title: 'edoc inspection package verifier',
    all_ok: 'Every check holds.',
    some_fail: 'Some checks do not hold: see the lines marked ✗.',
    statement_missing: 'The signed statement (certificate/statement.json and .sig) is missing.',
    certificate_missing: 'The signing certificate (certificate/signing-certificate.pem) is missing or unreadable.',
    certificate: 'Signing certificate: {subject}, valid {from} to {to}, SHA-256 fingerprint {fingerprint}.',
    certificate_other: "The statement names another certificate than the package's (SHA-256 {sha256}).",
    statement_ok: "The package statement's signature verifies with the signing certificate ({algorithm}).",
    statement_bad: "The package statement's signature does NOT verify with the signing certificate.",
    file_ok: '{count} files match the SHA-256 the signed statement gives.',
    source_statement: 'signed statement',
    source_manifest: 'manifest-sha256.txt',
    source_integrity: "exchange.xml's INTEGRITY",
    file_bad: '{path}: its SHA-256 is not the one the {source} gives (changed).',
    file_missing: '{path}: listed in the {source}, missing from the package.',
    file_unlisted: '{path}: in the package but in no signed list.',
    manifest_ok: '{count} files match manifest-sha256.txt.',
    integrity_ok: "{count} files match exchange.xml's INTEGRITY.",
    trail_missing: 'The trail (trail/trail.jsonl) is missing.',
    trail_links_ok:
      'Trail: {rows} rows from #{first} to #{last}, each linked to the one before ({content} about this package with their content, the others by hash only).',
    trail_link_bad: 'Trail row #{id}: its link to the previous row is broken (a row was removed, added or changed).',
    trail_content_bad: 'Trail row #{id}: its content is not the content it was exported with (changed).',
    trail_line_bad: 'Trail line {line} is not a trail row.',
    trail_ends_bad: 'The trail segment does not start, end or count as the signed statement says ({what}).',
    trail_prekey_ok: '{count} trail rows written before the trail had a key were recomputed in full (plain SHA-256).',
    trail_server: 'The server checked every row of the segment with the trail key when it made the package: {result}.',
    trail_server_ok: 'all held',
    checkpoint_ok: 'Checkpoint of {at}: row #{id} has its hash, and {rows} rows up to it.',
    checkpoint_bad: 'Checkpoint of {at} (row #{id}) does not match the trail: {what}.',
    checkpoint_none: 'No checkpoint falls inside the trail segment.',
    pdf_ok: '{path}: PDF signature {n} is valid ({signer}) and covers {range}.',
    pdf_bad: '{path}: PDF signature {n} does NOT hold: {what}.',
    pdf_whole: 'the whole file',
    pdf_part: 'part of the file (bytes were added after it was signed)',
    pdf_none: 'No signed PDF in the package.',
    pdf_ok_other:
      "{path}: PDF signature {n} is valid and covers {range}; it was made by {signer}, not with the package's certificate (signed before it was filed).",
    note_hmac:
      "Not checkable here: each trail row's hash is an HMAC under the trail key, which never leaves the server; the statement signed with the certificate vouches for the server's check, and the links and content digests are checked here.",
    note_trust:
      'Not checkable here: whether the signing certificate is trusted (it may be self-signed); compare its fingerprint with the one the sponsor shows in edoc (System → Signing certificate).',
    note_checkpoint_mac: "Not checkable here: the checkpoints' MACs (trail key); their rows and hashes are checked.",
  },
  'zh-CN': {
    title: 'edoc 检查包校验器',
    all_ok: '全部校验通过。',
    some_fail: '有校验未通过：见标 ✗ 的行。',
    statement_missing: '缺少签名声明（certificate/statement.json 及 .sig）。',
    certificate_missing: '缺少或无法读取签名证书（certificate/signing-certificate.pem）。',
    certificate: '签名证书：{subject}，有效期 {from} 至 {to}，SHA-256 指纹 {fingerprint}。',
    certificate_other: '声明所指的证书不是包中的证书（SHA-256 {sha256}）。',
    statement_ok: '检查包声明的签名经签名证书验证有效（{algorithm}）。',
    statement_bad: '检查包声明的签名未能通过签名证书验证。',
    file_ok: '{count} 个文件与签名声明中的 SHA-256 一致。',
    source_statement: '签名声明',
    source_manifest: ' manifest-sha256.txt ',
    source_integrity: ' exchange.xml 的 INTEGRITY ',
    file_bad: '{path}：其 SHA-256 与{source}中的不一致（已被修改）。',
    file_missing: '{path}：列于{source}，但包中没有。',
    file_unlisted: '{path}：在包中，但不在任何签名清单中。',
    manifest_ok: '{count} 个文件与 manifest-sha256.txt 一致。',
    integrity_ok: '{count} 个文件与 exchange.xml 的 INTEGRITY 一致。',
    trail_missing: '缺少稽查轨迹（trail/trail.jsonl）。',
    trail_links_ok:
      '稽查轨迹：自 #{first} 至 #{last} 共 {rows} 行，每行都链接到前一行（{content} 行与本包有关，带内容；其余只含哈希）。',
    trail_link_bad: '稽查轨迹第 #{id} 行：与前一行的链接断开（有行被删除、添加或修改）。',
    trail_content_bad: '稽查轨迹第 #{id} 行：内容与导出时不同（已被修改）。',
    trail_line_bad: '稽查轨迹第 {line} 行不是轨迹记录。',
    trail_ends_bad: '稽查轨迹片段的起止或行数与签名声明不符（{what}）。',
    trail_prekey_ok: '{count} 行在轨迹启用密钥前写入，已完整重算（普通 SHA-256）。',
    trail_server: '服务器生成检查包时已用轨迹密钥校验片段中的每一行：{result}。',
    trail_server_ok: '全部通过',
    checkpoint_ok: '{at} 的检查点：第 #{id} 行哈希一致，截至该行共 {rows} 行。',
    checkpoint_bad: '{at} 的检查点（第 #{id} 行）与轨迹不符：{what}。',
    checkpoint_none: '轨迹片段内没有检查点。',
    pdf_ok: '{path}：PDF 签名 {n} 有效（{signer}），覆盖{range}。',
    pdf_bad: '{path}：PDF 签名 {n} 无效：{what}。',
    pdf_whole: '整个文件',
    pdf_part: '文件的一部分（签名后追加了内容）',
    pdf_none: '包中没有已签名的 PDF。',
    pdf_ok_other: '{path}：PDF 签名 {n} 有效，覆盖{range}；签名者为 {signer}，并非包中的证书（归档前已签名）。',
    note_hmac:
      '此处无法校验：每行轨迹的哈希是以轨迹密钥计算的 HMAC，密钥从不离开服务器；由证书签名的声明担保服务器的校验结果，此处校验链接与内容摘要。',
    note_trust:
      '此处无法校验：签名证书是否可信（可能为自签名）；请将其指纹与申办方在 edoc 中显示的（系统 → 签名证书）比对。',
    note_checkpoint_mac: '此处无法校验：检查点的 MAC（轨迹密钥）；已校验其所指的行与哈希。',
  },
};

/** A result's sentence in a language. */
export function describe(result, lang = 'en-US') {
  const table = MESSAGES[lang] ?? MESSAGES['en-US'];
  const params = result.params ?? {};
  return (table[result.key] ?? result.key).replace(/\{(\w+)\}/g, (_, k) => {
    const v = params[k];
    return v !== undefined && table[v] !== undefined && typeof v === 'string' && /^[a-z_]+$/.test(v)
      ? table[v]
      : String(v ?? '');
  });
}

// ---------------------------------------------------------------------------------------------------------------
// DER (ASN.1): just what certificates and CMS need.
function node(b, pos) {
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
const kids = (b, n) => {
  const out = [];
  for (let p = n.body; p < n.end;) {
    const c = node(b, p);
    out.push(c);
    p = c.end;
  }
  return out;
};
const raw = (b, n) => b.subarray(n.start, n.end);
const content = (b, n) => b.subarray(n.body, n.end);
function oidOf(b, n) {
  const v = content(b, n);
  const parts = [Math.floor(v[0] / 40), v[0] % 40];
  for (let i = 1, x = 0; i < v.length; i++) {
    x = x * 128 + (v[i] & 0x7f);
    if (!(v[i] & 0x80)) (parts.push(x), (x = 0));
  }
  return parts.join('.');
}

const OID = {
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

// ---------------------------------------------------------------------------------------------------------------
// The trail: the same canonical text the server hashes (apps/server/src/trail/trail.service.ts canonicalJson).
export function canonicalJson(value) {
  if (value === undefined || value === null) return 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
const ROW_FIELDS = [
  'id',
  'at',
  'actorId',
  'actorName',
  'companyId',
  'projectId',
  'objectType',
  'objectId',
  'version',
  'type',
  'oldValue',
  'newValue',
  'reason',
  'ip',
  'prevHash',
];
export const rowText = (row) => canonicalJson(Object.fromEntries(ROW_FIELDS.map((k) => [k, row[k] ?? null])));

async function checkTrail(pkg, statement) {
  const out = [];
  if (!pkg.has('trail/trail.jsonl')) return [{ status: 'fail', key: 'trail_missing' }];
  const lines = text(await pkg.read('trail/trail.jsonl'))
    .split('\n')
    .filter((l) => l !== '');
  const seg = statement?.trail ?? {};
  const rows = [];
  let prev = null;
  let bad = 0;
  let preKey = 0;
  for (const [i, line] of lines.entries()) {
    let row;
    try {
      row = JSON.parse(line);
    } catch {
      row = null;
    }
    if (!row || typeof row.id !== 'number' || typeof row.hash !== 'string') {
      (out.push({ status: 'fail', key: 'trail_line_bad', params: { line: i + 1 } }), bad++);
      continue;
    }
    if (prev !== null && row.prevHash !== prev)
      (out.push({ status: 'fail', key: 'trail_link_bad', params: { id: row.id } }), bad++);
    if ('contentSha256' in row) {
      const t = rowText(row);
      const digest = await sha256(enc.encode(t));
      if (digest === row.hash) preKey++;
      if (digest !== row.contentSha256)
        (out.push({ status: 'fail', key: 'trail_content_bad', params: { id: row.id } }), bad++);
    }
    rows.push(row);
    prev = row.hash;
  }
  const first = rows[0];
  const last = rows[rows.length - 1];
  const ends = [];
  if (rows.length !== seg.rows) ends.push(`${rows.length} rows, not ${seg.rows}`);
  if (first && first.prevHash !== seg.prevHash) ends.push('first link');
  if (last && last.hash !== seg.head) ends.push('last hash');
  if (ends.length) out.push({ status: 'fail', key: 'trail_ends_bad', params: { what: ends.join(', ') } });
  else if (!bad && first)
    out.push({
      status: 'ok',
      key: 'trail_links_ok',
      params: {
        rows: rows.length,
        first: first.id,
        last: last.id,
        content: rows.filter((r) => 'contentSha256' in r).length,
      },
    });
  if (preKey) out.push({ status: 'ok', key: 'trail_prekey_ok', params: { count: preKey } });
  if (seg.serverCheck)
    out.push({
      status: seg.serverCheck.ok ? 'ok' : 'fail',
      key: 'trail_server',
      params: { result: seg.serverCheck.ok ? 'trail_server_ok' : seg.serverCheck.problem },
    });
  // The checkpoints inside the segment: their row is there with their hash, and the count of rows up to it.
  const proof = pkg.has('trail/checkpoints.json') ? JSON.parse(text(await pkg.read('trail/checkpoints.json'))) : {};
  const index = new Map(rows.map((r, i) => [r.id, i]));
  const inside = (proof.checkpoints ?? []).filter((c) => first && c.lastId >= first.id && c.lastId <= last.id);
  for (const c of inside) {
    const i = index.get(c.lastId);
    const params = { at: c.at, id: c.lastId, rows: c.rows };
    if (i === undefined)
      out.push({ status: 'fail', key: 'checkpoint_bad', params: { ...params, what: 'the row is missing' } });
    else if (rows[i].hash !== c.head)
      out.push({ status: 'fail', key: 'checkpoint_bad', params: { ...params, what: 'another hash' } });
    else if ((seg.rowsBefore ?? 0) + i + 1 !== c.rows)
      out.push({
        status: 'fail',
        key: 'checkpoint_bad',
        params: { ...params, what: `${(seg.rowsBefore ?? 0) + i + 1} rows` },
      });
    else out.push({ status: 'ok', key: 'checkpoint_ok', params });
  }
  if (!inside.length) out.push({ status: 'note', key: 'checkpoint_none' });
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// Files: the signed statement's list, manifest-sha256.txt and exchange.xml's INTEGRITY.
const unescapeXml = (s) =>
  s.replace(/&(lt|gt|quot|apos|amp);/g, (_, e) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' })[e]);

async function checkList(pkg, list, source, okKey, hashes) {
  const out = [];
  let good = 0;
  for (const { path, sha256: want } of list) {
    if (!pkg.has(path)) {
      out.push({ status: 'fail', key: 'file_missing', params: { path, source } });
      continue;
    }
    if (!hashes.has(path)) hashes.set(path, await sha256(await pkg.read(path)));
    if (hashes.get(path) === want) good++;
    else out.push({ status: 'fail', key: 'file_bad', params: { path, source } });
  }
  return [{ status: 'ok', key: okKey, params: { count: good } }, ...out];
}

/**
 * Checks a package: `pkg` is { paths: string[], has(path), read(path) → Promise<Uint8Array> } with paths relative
 * to the package's root. Answers { ok, results }.
 */
export async function verifyPackage(pkg) {
  const results = [];
  const hashes = new Map();
  const pem = pkg.has('certificate/signing-certificate.pem')
    ? text(await pkg.read('certificate/signing-certificate.pem'))
    : '';
  const [certDer] = pemCertificates(pem);
  let cert = null;
  try {
    cert = certDer ? readCertificate(certDer) : null;
  } catch {
    cert = null;
  }
  if (!cert) results.push({ status: 'fail', key: 'certificate_missing' });
  else
    results.push({
      status: 'note',
      key: 'certificate',
      params: {
        subject: cert.subject,
        from: cert.notBefore,
        to: cert.notAfter,
        fingerprint: (await sha256(certDer)).toUpperCase(),
      },
    });
  let statement = null;
  if (!pkg.has('certificate/statement.json') || !pkg.has('certificate/statement.sig'))
    results.push({ status: 'fail', key: 'statement_missing' });
  else {
    const body = await pkg.read('certificate/statement.json');
    const sig = Uint8Array.from(atob(text(await pkg.read('certificate/statement.sig')).trim()), (c) => c.charCodeAt(0));
    let valid = false;
    try {
      valid = !!cert && (await verifyWith(cert, 'SHA-256', sig, body, false));
    } catch {
      valid = false;
    }
    statement = JSON.parse(text(body));
    results.push({
      status: valid ? 'ok' : 'fail',
      key: valid ? 'statement_ok' : 'statement_bad',
      params: { algorithm: statement.algorithm },
    });
    if (certDer && statement.certificateSha256 !== (await sha256(certDer)))
      results.push({ status: 'fail', key: 'certificate_other', params: { sha256: statement.certificateSha256 } });
    results.push(...(await checkList(pkg, statement.files ?? [], 'source_statement', 'file_ok', hashes)));
    const listed = new Set([
      ...(statement.files ?? []).map((f) => f.path),
      'certificate/statement.json',
      'certificate/statement.sig',
    ]);
    for (const p of pkg.paths)
      if (!listed.has(p)) results.push({ status: 'fail', key: 'file_unlisted', params: { path: p } });
  }
  if (pkg.has('manifest-sha256.txt')) {
    const list = text(await pkg.read('manifest-sha256.txt'))
      .split('\n')
      .flatMap((l) => {
        const m = /^([0-9a-f]{64}) {2}(.+)$/.exec(l);
        return m ? [{ sha256: m[1], path: m[2] }] : [];
      });
    results.push(...(await checkList(pkg, list, 'source_manifest', 'manifest_ok', hashes)));
  }
  if (pkg.has('exchange.xml')) {
    const xml = text(await pkg.read('exchange.xml'));
    const list = [...xml.matchAll(/<FILE>([\s\S]*?)<\/FILE>/g)].flatMap(([, f]) => {
      const integrity = /<INTEGRITY>SHA256-([0-9a-fA-F]{64})<\/INTEGRITY>/.exec(f);
      const url = /<CONTENTURL>([^<]*)<\/CONTENTURL>/.exec(f);
      return integrity && url ? [{ sha256: integrity[1].toLowerCase(), path: unescapeXml(url[1]) }] : [];
    });
    results.push(...(await checkList(pkg, list, 'source_integrity', 'integrity_ok', hashes)));
  }
  results.push(...(await checkTrail(pkg, statement)));
  const pdfs = pkg.paths.filter((p) => p.toLowerCase().endsWith('.pdf'));
  let signedPdfs = 0;
  for (const p of pdfs) {
    const found = await checkPdf(p, await pkg.read(p), certDer);
    signedPdfs += found.length ? 1 : 0;
    results.push(...found);
  }
  if (!signedPdfs) results.push({ status: 'note', key: 'pdf_none' });
  results.push(
    { status: 'note', key: 'note_hmac' },
    { status: 'note', key: 'note_checkpoint_mac' },
    { status: 'note', key: 'note_trust' },
  );
  return { ok: !results.some((r) => r.status === 'fail'), results };
}

// ---------------------------------------------------------------------------------------------------------------
// A zip read in memory (the package itself, chosen in the browser or named on the command line).
const u16 = (b, p) => b[p] | (b[p + 1] << 8);
const u32 = (b, p) => (b[p] | (b[p + 1] << 8) | (b[p + 2] << 16)) + b[p + 3] * 0x1000000;
const u64 = (b, p) => u32(b, p) + u32(b, p + 4) * 0x100000000;

async function inflate(data) {
  const stream = new Blob([data]).stream().pipeThrough(new DecompressionStream('deflate-raw'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** The zip's entries as a package; zip64 sizes and offsets read too. */
export function zipPackage(b) {
  let eocd = -1;
  for (let p = b.length - 22; p >= Math.max(0, b.length - 65557); p--)
    if (u32(b, p) === 0x06054b50) {
      eocd = p;
      break;
    }
  if (eocd < 0) throw new Error('not a zip file');
  let count = u16(b, eocd + 10);
  let at = u32(b, eocd + 16);
  if (at === 0xffffffff || count === 0xffff) {
    const z64 = u64(b, eocd - 20 + 8);
    count = u64(b, z64 + 32);
    at = u64(b, z64 + 48);
  }
  const entries = new Map();
  for (let i = 0; i < count; i++) {
    const nameLen = u16(b, at + 28);
    const extraLen = u16(b, at + 30);
    const name = text(b.subarray(at + 46, at + 46 + nameLen));
    let size = u32(b, at + 24);
    let csize = u32(b, at + 20);
    let offset = u32(b, at + 42);
    for (let p = at + 46 + nameLen; p < at + 46 + nameLen + extraLen; p += 4 + u16(b, p + 2)) {
      if (u16(b, p) !== 0x0001) continue;
      let q = p + 4;
      if (size === 0xffffffff) ((size = u64(b, q)), (q += 8));
      if (csize === 0xffffffff) ((csize = u64(b, q)), (q += 8));
      if (offset === 0xffffffff) offset = u64(b, q);
    }
    entries.set(name, { method: u16(b, at + 10), csize, offset });
    at += 46 + nameLen + extraLen + u16(b, at + 32);
  }
  const paths = [...entries.keys()].filter((n) => !n.endsWith('/'));
  return {
    paths,
    has: (p) => entries.has(p),
    read: async (p) => {
      const e = entries.get(p);
      const start = e.offset + 30 + u16(b, e.offset + 26) + u16(b, e.offset + 28);
      const data = b.subarray(start, start + e.csize);
      return e.method === 8 ? inflate(data) : data;
    },
  };
}

/** A package from files keyed by relative path; a common top folder (a chosen folder's own name) is dropped. */
export function filesPackage(files /* Map<string, () => Promise<Uint8Array>> */) {
  let names = [...files.keys()].map((n) => n.replace(/\\/g, '/'));
  const top = names[0]?.split('/')[0];
  const strip =
    top &&
    !names.includes('exchange.xml') &&
    !names.includes('README.txt') &&
    names.every((n) => n.startsWith(`${top}/`));
  const map = new Map(
    [...files.entries()].map(([n, read]) => [
      strip ? n.replace(/\\/g, '/').slice(top.length + 1) : n.replace(/\\/g, '/'),
      read,
    ]),
  );
  names = [...map.keys()];
  return { paths: names, has: (p) => map.has(p), read: (p) => map.get(p)() };
}

// ---------------------------------------------------------------------------------------------------------------
// From the command line: node verify.mjs <unzipped folder or package.zip> [--lang=zh-CN]
async function main() {
  const { readFile, readdir, stat } = await import('node:fs/promises');
  const { join, relative } = await import('node:path');
  const args = process.argv.slice(2);
  const lang =
    args.find((a) => a.startsWith('--lang='))?.slice(7) ?? (process.env.LANG?.startsWith('zh') ? 'zh-CN' : 'en-US');
  const target = args.find((a) => !a.startsWith('--'));
  if (!target) {
    console.log('usage: node verify.mjs <unzipped package folder | package.zip> [--lang=en-US|zh-CN]');
    process.exit(2);
  }
  let pkg;
  if ((await stat(target)).isDirectory()) {
    const files = new Map();
    const walk = async (dir) => {
      for (const e of await readdir(dir, { withFileTypes: true })) {
        const full = join(dir, e.name);
        if (e.isDirectory()) await walk(full);
        else
          files.set(relative(target, full).split('\\').join('/'), () => readFile(full).then((b) => new Uint8Array(b)));
      }
    };
    await walk(target);
    pkg = filesPackage(files);
  } else pkg = zipPackage(new Uint8Array(await readFile(target)));
  const { ok, results } = await verifyPackage(pkg);
  const mark = { ok: '✓', fail: '✗', note: '·' };
  console.log(describe({ key: 'title' }, lang));
  for (const r of results) console.log(`${mark[r.status]} ${describe(r, lang)}`);
  console.log(describe({ key: ok ? 'all_ok' : 'some_fail' }, lang));
  process.exit(ok ? 0 : 1);
}

if (typeof process !== 'undefined' && process.argv?.[1]) {
  const { pathToFileURL } = await import('node:url');
  const { realpathSync } = await import('node:fs');
  if (import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href) await main();
}
