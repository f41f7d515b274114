import {
  createCipheriv,
  createDecipheriv,
  createPrivateKey,
  generateKeyPairSync,
  hkdfSync,
  randomBytes,
  X509Certificate,
  type KeyObject,
} from 'node:crypto';
import { TrailType } from '@edoc/contract/enums';
import type { SealCertificate, SealCertificateBody } from '@edoc/contract/seal';
import { desc, sql } from 'drizzle-orm';
import forge from 'node-forge';
import type { Db, Tx } from '../../db/client.ts';
import { signingKeys } from '../../db/schema/signing.ts';
import { fail } from '../../lib/app-error.ts';
import type { ActorContext } from '../../plugins/context.ts';
import { recordTrail } from '../../trail/trail.service.ts';
import { trailKey } from '../../trail/trail-key.ts';

type KeyRow = typeof signingKeys.$inferSelect;

/** The key and chain that sign downloaded PDFs now. */
export interface SealKey {
  id: number;
  key: KeyObject;
  /** The signing certificate first. */
  chain: X509Certificate[];
  source: 'generated' | 'installed';
  createdAt: Date;
}

// The key wrapping the stored private key comes from the trail key: the one secret every node already shares
// and the database lacks. The info string keeps its first wording: it is part of the derivation.
const wrappingKey = () => Buffer.from(hkdfSync('sha256', trailKey(), Buffer.alloc(0), 'edoc signing key', 32));

function wrapKey(pem: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', wrappingKey(), iv);
  const body = Buffer.concat([cipher.update(pem, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

function unwrapKey(sealed: string): string {
  const raw = Buffer.from(sealed, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', wrappingKey(), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  try {
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    // Not a thing to paper over with a new key: the operator gave this node another TRAIL_KEY than the others.
    throw new Error('the document-signing key cannot be opened with this TRAIL_KEY (give every node the same one)');
  }
}

const PEM_CERT = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

/** Each certificate of a PEM text; an empty list when there is none. Throws on a block that does not parse. */
function certificatesOf(pem: string): X509Certificate[] {
  return (pem.match(PEM_CERT) ?? []).map((block) => new X509Certificate(block));
}

/** A self-signed RSA 2048 certificate, CN "edoc document signing", valid ten years. */
export function selfSigned(now = new Date()): { keyPem: string; chainPem: string } {
  // node:crypto makes the key (native, fast); node-forge only writes the certificate around it.
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  // A positive serial of 16 random bytes (the leading byte keeps the top bit clear).
  cert.serialNumber = `01${randomBytes(15).toString('hex')}`;
  cert.validity.notBefore = new Date(now.getTime() - 60_000);
  cert.validity.notAfter = new Date(now.getTime() + 10 * 365 * 86_400_000);
  const name = [
    { name: 'commonName', value: 'edoc document signing' },
    { name: 'organizationName', value: 'edoc' },
  ];
  cert.setSubject(name);
  cert.setIssuer(name);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', critical: true, digitalSignature: true, nonRepudiation: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  const keyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  cert.sign(forge.pki.privateKeyFromPem(keyPem), forge.md.sha256.create());
  return { keyPem, chainPem: forge.pki.certificateToPem(cert) };
}

const newest = (db: Db | Tx) => db.select().from(signingKeys).orderBy(desc(signingKeys.id)).limit(1);

/**
 * The key in use, made at first start when there is none. Nodes starting together take an advisory lock, so one
 * key is made, not one per node.
 */
export async function ensureSealKey(db: Db): Promise<KeyRow> {
  const [row] = await newest(db);
  if (row) return row;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('edoc:signing-key', 0))`);
    const [again] = await newest(tx);
    if (again) return again;
    const made = selfSigned();
    const [created] = await tx
      .insert(signingKeys)
      .values({ sealedKey: wrapKey(made.keyPem), certChainPem: made.chainPem, source: 'generated' })
      .returning();
    return created;
  });
}

function keyOf(row: KeyRow): SealKey {
  return {
    id: row.id,
    key: createPrivateKey(unwrapKey(row.sealedKey)),
    chain: certificatesOf(row.certChainPem),
    source: row.source === 'installed' ? 'installed' : 'generated',
    createdAt: row.createdAt,
  };
}

export async function currentSealKey(db: Db): Promise<SealKey> {
  return keyOf(await ensureSealKey(db));
}

/** What GET /system/signing-certificate shows of a key. */
export function describeKey(k: SealKey): SealCertificate {
  const [cert] = k.chain;
  return {
    subject: cert.subject.replace(/\n/g, ', '),
    issuer: cert.issuer.replace(/\n/g, ', '),
    serialNumber: cert.serialNumber,
    validFrom: new Date(cert.validFrom).toISOString(),
    validTo: new Date(cert.validTo).toISOString(),
    fingerprintSha256: cert.fingerprint256,
    source: k.source,
    chainLength: k.chain.length,
    installedAt: k.createdAt.toISOString(),
    certificatePem: cert.toString(),
  };
}

/** The PEM key and chain of a PKCS#12 file (RSA keys: what node-forge reads). */
function fromPkcs12(base64: string, password: string): { keyPem: string; certs: X509Certificate[] } {
  try {
    const der = forge.util.decode64(base64.replace(/\s/g, ''));
    const p12 = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(der), false, password);
    const bags = [
      ...(p12.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag })[forge.pki.oids.pkcs8ShroudedKeyBag] ?? []),
      ...(p12.getBags({ bagType: forge.pki.oids.keyBag })[forge.pki.oids.keyBag] ?? []),
    ];
    const certBags = p12.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag] ?? [];
    const key = bags.find((b) => b.key)?.key;
    if (!key) throw new Error('no key');
    const certs = certBags.flatMap((b) => (b.cert ? [new X509Certificate(forge.pki.certificateToPem(b.cert))] : []));
    return { keyPem: forge.pki.privateKeyToPem(key), certs };
  } catch {
    return fail('signing_pkcs12_invalid');
  }
}

/** The key and chain of the request, checked: readable, RSA or EC, a certificate of the key, valid now. */
function checkedMaterial(body: SealCertificateBody): { keyPem: string; chainPem: string } {
  let keyPem: string;
  let certs: X509Certificate[];
  if (body.pkcs12) ({ keyPem, certs } = fromPkcs12(body.pkcs12, body.password ?? ''));
  else {
    keyPem = body.privateKey ?? '';
    try {
      certs = certificatesOf(body.certificate ?? '');
    } catch {
      return fail('signing_certificate_invalid');
    }
  }
  let key: KeyObject;
  try {
    key = createPrivateKey(keyPem);
  } catch {
    return fail('signing_key_invalid');
  }
  if (key.asymmetricKeyType !== 'rsa' && key.asymmetricKeyType !== 'ec') fail('signing_key_invalid');
  if (certs.length === 0) fail('signing_certificate_invalid');
  const leaf = certs.find((c) => c.checkPrivateKey(key));
  if (!leaf) fail('signing_key_mismatch');
  const now = Date.now();
  if (now < new Date(leaf.validFrom).getTime() || now > new Date(leaf.validTo).getTime())
    fail('signing_certificate_expired');
  const chain = [leaf, ...certs.filter((c) => c !== leaf)];
  return {
    keyPem: key.export({ type: 'pkcs8', format: 'pem' }).toString(),
    chainPem: chain.map((c) => c.toString()).join('\n'),
  };
}

const trailed = (d: SealCertificate) => ({
  subject: d.subject,
  issuer: d.issuer,
  serialNumber: d.serialNumber,
  fingerprintSha256: d.fingerprintSha256,
  validTo: d.validTo,
  source: d.source,
});

/** The company's certificate replaces the one in use (a new row: the old stays as the record); trailed. */
export async function installSealKey(db: Db, ctx: ActorContext, body: SealCertificateBody): Promise<SealCertificate> {
  const material = checkedMaterial(body);
  const before = await ensureSealKey(db);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(signingKeys)
      .values({
        sealedKey: wrapKey(material.keyPem),
        certChainPem: material.chainPem,
        source: 'installed',
        createdBy: ctx.actor.actorId,
      })
      .returning();
    const after = describeKey(keyOf(row));
    await recordTrail(tx, ctx.actor, {
      type: TrailType.SettingsChange,
      objectType: 'signing_certificate',
      objectId: row.id,
      oldValue: trailed(describeKey(keyOf(before))),
      newValue: trailed(after),
    });
    return after;
  });
}
