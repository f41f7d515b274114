import { sha256, text } from './util.mjs';
import { pemCertificates, readCertificate, verifyWith } from './der.mjs';
import { checkPdf } from './pdf.mjs';
import { checkTrail } from './trail.mjs';

// ---------------------------------------------------------------------------------------------------------------
// Files: the signed statement's list, manifest-sha256.txt and exchange.xml's INTEGRITY.
const DESKTOP_FILES = /(^|\/)(\.DS_Store|Thumbs\.db|desktop\.ini)$|^__MACOSX\//i;

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
    for (const path of pkg.paths) {
      if (listed.has(path)) continue;
      // What a desktop adds to a folder it shows (Finder, Explorer, macOS's unzip) is said, not failed.
      const desktop = DESKTOP_FILES.test(path);
      results.push({
        status: desktop ? 'note' : 'fail',
        key: desktop ? 'file_desktop' : 'file_unlisted',
        params: { path },
      });
    }
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
