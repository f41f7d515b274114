import { sealRoutes } from '@edoc/contract/seal-routes';
import { documentRoutes } from '@edoc/contract/document-routes';
import { generateKeyPairSync } from 'node:crypto';
import { sql } from 'drizzle-orm';
import forge from 'node-forge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { createUser, signIn, type ProjectWorld } from '../../test/factories.ts';
import { client } from '../../test/requests.ts';
import { popplerTools as tools, poppler, signedWorld } from '../../test/signed-fixture.ts';

let ctx: TestContext;
let world: ProjectWorld;
let fileId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  ({ world, fileId } = await signedWorld(ctx, 'SIGN-2'));
}, 120_000);
afterAll(() => ctx.close());

const as = (p: { token: string }) => client(ctx.app, p.token);
const download = async () => (await as(world.pm).call(documentRoutes.download, { query: { fileId } })).rawPayload;

describe.skipIf(!tools)('the document-signing certificate', () => {
  it('is made at first start; the system administrator sees it and installs the company certificate', async () => {
    const admin = await createUser(ctx.db, { userType: 1 });
    const api = client(ctx.app, await signIn(ctx, admin.email));
    const before = (await api.call(sealRoutes.certificate)).data;
    expect(before).toMatchObject({ subject: 'CN=edoc document signing, O=edoc', source: 'generated', chainLength: 1 });
    expect(before.fingerprintSha256).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    expect(before.certificatePem).toMatch(/^-----BEGIN CERTIFICATE-----\n[\s\S]+-----END CERTIFICATE-----\n$/);
    // A member may not look, let alone replace it.
    expect((await as(world.pm).call(sealRoutes.certificate)).statusCode).toBe(403);

    const company = companyCertificate('Example Pharma QA');
    const other = companyCertificate('Someone Else');
    const mismatch = await api.call(sealRoutes.saveCertificate, {
      body: {
        privateKey: other.keyPem,
        certificate: company.certPem,
      },
    });
    expect(mismatch.json()).toMatchObject({ status: false, errorCode: 'signing_key_mismatch' });
    const garbage = await api.call(sealRoutes.saveCertificate, {
      body: { privateKey: 'x', certificate: company.certPem },
    });
    expect(garbage.json()).toMatchObject({ status: false, errorCode: 'signing_key_invalid' });

    const installed = await api.call(sealRoutes.saveCertificate, {
      body: {
        privateKey: company.keyPem,
        certificate: company.certPem,
      },
    });
    expect(installed.data).toMatchObject({ subject: 'CN=Example Pharma QA', source: 'installed' });
    const report = await poppler('pdfsig', await download());
    expect(report).toContain('Example Pharma QA');
    expect(report).toContain('Signature is Valid');

    const p12 = companyCertificate('Example Pharma P12');
    const viaP12 = await api.call(sealRoutes.saveCertificate, { body: { pkcs12: p12.p12Base64, password: 'secret' } });
    expect(viaP12.data).toMatchObject({ subject: 'CN=Example Pharma P12', source: 'installed' });
    const wrong = await api.call(sealRoutes.saveCertificate, { body: { pkcs12: p12.p12Base64, password: 'nope' } });
    expect(wrong.json()).toMatchObject({ errorCode: 'signing_pkcs12_invalid' });
    expect(await poppler('pdfsig', await download())).toContain('Example Pharma P12');

    // Every installation is trailed, the old and the new certificate named.
    const trailed = await ctx.db.execute<{ old: { subject: string }; new: { subject: string } }>(
      sql`select old_value as old, new_value as new from trail where object_type = 'signing_certificate' order by id`,
    );
    expect(trailed.rows.map((r) => [r.old.subject, r.new.subject])).toEqual([
      ['CN=edoc document signing, O=edoc', 'CN=Example Pharma QA'],
      ['CN=Example Pharma QA', 'CN=Example Pharma P12'],
    ]);
  });
});

/** A company's certificate, as its PKI would issue it: PEM key and certificate, and a PKCS#12 of both. */
function companyCertificate(cn: string) {
  const pem = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs1', format: 'pem' });
  const privateKey = forge.pki.privateKeyFromPem(pem.toString());
  const keys = { privateKey, publicKey: forge.pki.setRsaPublicKey(privateKey.n, privateKey.e) };
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = '0a1b2c';
  cert.validity.notBefore = new Date(Date.now() - 86_400_000);
  cert.validity.notAfter = new Date(Date.now() + 365 * 86_400_000);
  cert.setSubject([{ name: 'commonName', value: cn }]);
  cert.setIssuer([{ name: 'commonName', value: cn }]);
  cert.sign(keys.privateKey, forge.md.sha256.create());
  const p12 = forge.pkcs12.toPkcs12Asn1(keys.privateKey, [cert], 'secret', { algorithm: '3des' });
  return {
    keyPem: forge.pki.privateKeyToPem(keys.privateKey),
    certPem: forge.pki.certificateToPem(cert),
    p12Base64: forge.util.encode64(forge.asn1.toDer(p12).getBytes()),
  };
}
