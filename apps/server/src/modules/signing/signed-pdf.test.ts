import { spawnSync } from 'node:child_process';
import { createHash, generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import forge from 'node-forge';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folderGrants, projects, roles } from '../../db/schema/projects.ts';
import { users } from '../../db/schema/users.ts';
import { signatures } from '../../db/schema/workflow.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import {
  createProjectWorld,
  createUser,
  joinProject,
  PASSWORD,
  signIn,
  type ProjectPerson,
  type ProjectWorld,
} from '../../test/factories.ts';
import { client } from '../../test/requests.ts';
import { readZip } from '../download/zip-reader.ts';
import { zonedTime } from '../viewer/signature-page.ts';

// DESIGN §9: without poppler-utils (pdftotext, pdfsig) these tests skip loudly, and fail in CI.
const tools = ['pdftotext', 'pdfsig'].every((t) => spawnSync(t, ['-v']).status === 0);
if (!tools) {
  const reason = 'signed-PDF tests need poppler-utils (pdftotext and pdfsig)';
  if (process.env.CI === 'true') throw new Error(`${reason}, and CI=true`);
  console.warn(`\n*** SKIPPING: ${reason}; install poppler-utils ***\n`);
}

let ctx: TestContext;
let world: ProjectWorld;
let folder: number;
let approver: ProjectPerson;
let viewer: ProjectPerson;
let fileId: number;
let versionId: number;
let original: Buffer;

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const as = (p: { token: string }) => client(ctx.app, p.token);

/** A real one-page PDF with some text, distinct per tag. */
async function pdfWith(text: string): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  page.drawText(text, { x: 50, y: 780, size: 14, font: await pdf.embedFont(StandardFonts.Helvetica) });
  return Buffer.from(await pdf.save());
}

/** Runs a poppler tool on the PDF; answers stdout (and stderr), whatever its exit status. */
async function poppler(tool: 'pdftotext' | 'pdfsig', pdf: Buffer): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'edoc-signed-'));
  try {
    const file = path.join(dir, 'a.pdf');
    await fs.writeFile(file, pdf);
    const args = tool === 'pdftotext' ? ['-enc', 'UTF-8', file, '-'] : [file];
    const run = spawnSync(tool, args);
    return `${run.stdout.toString()}${run.stderr.toString()}`;
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

beforeAll(async () => {
  ctx = await createTestContext();
  world = await createProjectWorld(ctx, 'SIGN-1');
  folder = world.folderByIch.get('8.2.2')!;
  const grant = async (code: string, keys: string[]) => {
    const [role] = await ctx.db
      .insert(roles)
      .values({ projectId: world.projectId, code, name: code, docKeys: keys })
      .returning();
    await ctx.db
      .insert(folderGrants)
      .values({ folderId: folder, subjectType: 'role', subjectId: role.id, docKeys: keys, manageLevel: 0 });
    return role.id;
  };
  approver = await joinProject(ctx, world, await grant('APPROVER', ['viewDoc', 'reviewDoc', 'approveDoc']));
  viewer = await joinProject(ctx, world, await grant('READER', ['viewDoc']));
  // A Chinese printed name, and a handwritten signature image.
  await ctx.db.update(users).set({ name: '张三丰' }).where(eq(users.id, approver.id));
  const ink = await sharp({ create: { width: 240, height: 80, channels: 3, background: '#ffffff' } })
    .png()
    .toBuffer();
  expect((await as(approver).upload('/user/signature/a', { name: 'ink.png', content: ink })).statusCode).toBe(200);

  // Approval only: one signature is enough to show.
  await ctx.db.update(projects).set({ reviewOpen: false, qcOpen: false }).where(eq(projects.id, world.projectId));
  original = await pdfWith('Clinical study protocol body');
  const saved = await as(world.pm).form(
    '/minio/file/save',
    { folderId: folder, name: 'Protocol' },
    { name: 'protocol.pdf', content: original },
  );
  fileId = saved.json().data.fileId;
  const sent = await as(world.pm).post('/file/apply/save', {
    fileId,
    stages: [{ stage: 5, userIds: [approver.id], signatureRequired: true }],
  });
  expect(sent.json()).toMatchObject({ status: true });
  const signature = { email: approver.email, password: PASSWORD, confirmed: true, timeZone: 'Asia/Shanghai' };
  const passed = await as(approver).post(`/file/audit/${fileId}/a`, { pass: true, signature });
  expect(passed.json()).toMatchObject({ status: true });
  const [row] = await ctx.db.select().from(signatures).where(eq(signatures.documentId, fileId));
  versionId = row.versionId;
}, 120_000);
afterAll(() => ctx.close());

const download = async () => (await as(world.pm).get(`/minio/file/down?fileId=${fileId}`)).rawPayload;

/** What the signature page must say of the one signature. */
async function expectSignaturePage(text: string) {
  const [row] = await ctx.db.select().from(signatures).where(eq(signatures.documentId, fileId));
  const local = zonedTime(row.signedAt, 'Asia/Shanghai');
  expect(text).toContain('Clinical study protocol body');
  expect(text).toContain('Electronic signatures / 电子签名');
  expect(text).toContain('张三丰');
  expect(text).toContain('Approved / 已批准');
  expect(text).toContain(`${zonedTime(row.signedAt, 'UTC').time} UTC`);
  expect(text).toContain(`${local.time} Asia/Shanghai (UTC+08:00)`);
  expect(text).toContain(sha(original));
}

describe.skipIf(!tools)('the signature page and the PAdES signature', () => {
  it('appends the signature page to the download, which pdfsig reports validly signed over the whole file', async () => {
    const signed = await download();
    expect(signed.subarray(0, 5).toString()).toBe('%PDF-');
    await expectSignaturePage(await poppler('pdftotext', signed));
    expect((await PDFDocument.load(signed)).getPageCount()).toBe(2);
    const report = await poppler('pdfsig', signed);
    expect(report).toContain('ETSI.CAdES.detached');
    expect(report).toContain('Signature is Valid');
    expect(report).toContain('Total document signed');
    expect(report).toContain('edoc document signing');
  });

  it('reports one changed byte inside the signed range as invalid', async () => {
    const signed = Buffer.from(await download());
    // A byte of the page's text, inside the first signed range (before the signature's /Contents).
    const at = signed.indexOf('/ByteRange');
    const target = signed.lastIndexOf('%', 20) + 1; // the binary comment after the header
    expect(target).toBeGreaterThan(0);
    expect(target).toBeLessThan(at);
    signed[target] ^= 0x01;
    const report = await poppler('pdfsig', signed);
    expect(report).not.toContain('Signature is Valid');
    expect(report).toMatch(/Signature is Invalid|Digest Mismatch/);
  });

  it('shows the signature page in the viewer, with downDoc and stamped without it', async () => {
    const withDown = await as(world.pm).get(`/file/view/${versionId}`);
    expect(withDown.statusCode).toBe(200);
    await expectSignaturePage(await poppler('pdftotext', withDown.rawPayload));
    const stamped = await as(viewer).get(`/file/view/${versionId}`);
    expect(stamped.statusCode).toBe(200);
    await expectSignaturePage(await poppler('pdftotext', stamped.rawPayload));
    // Both pages carry the burned-in stamp (an image per tile), the signature page too.
    const pdf = await PDFDocument.load(stamped.rawPayload);
    expect(pdf.getPageCount()).toBe(2);
    const xobjects = pdf.getPages().map((p) => p.node.Resources()?.get(p.node.context.obj('XObject')));
    expect(xobjects.every(Boolean)).toBe(true);
  });

  it('signs the download through a link and the entry of a pack', async () => {
    const { url } = (await as(world.pm).post('/download/ticket', { kind: 'document', fileId })).json().data;
    const viaLink = (await ctx.app.inject({ method: 'GET', url })).rawPayload;
    expect(await poppler('pdfsig', viaLink)).toContain('Signature is Valid');
    await expectSignaturePage(await poppler('pdftotext', viaLink));

    const task = (await as(world.pm).post('/download/task/create', { name: 'Signed', fileIds: [fileId] })).json().data;
    let state = 'packing';
    for (let i = 0; i < 100 && state === 'packing'; i++) {
      await new Promise((r) => setTimeout(r, 200));
      const rows = (await as(world.pm).get('/download/task/list')).json().data.data as { id: number; state: string }[];
      state = rows.find((r) => r.id === task.id)!.state;
    }
    expect(state).toBe('completed');
    const zip = readZip((await as(world.pm).get(`/download/task/${task.id}/file`)).rawPayload);
    const entry = zip.find((e) => e.name.endsWith('protocol.pdf'))!;
    expect(await poppler('pdfsig', entry.content)).toContain('Signature is Valid');
    await expectSignaturePage(await poppler('pdftotext', entry.content));
  });
});

describe.skipIf(!tools)('the document-signing certificate', () => {
  it('is made at first start; the system administrator sees it and installs the company certificate', async () => {
    const admin = await createUser(ctx.db, { userType: 1 });
    const api = client(ctx.app, await signIn(ctx, admin.email));
    const before = (await api.get('/system/signing-certificate')).json().data;
    expect(before).toMatchObject({ subject: 'CN=edoc document signing, O=edoc', source: 'generated', chainLength: 1 });
    expect(before.fingerprintSha256).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    // A member may not look, let alone replace it.
    expect((await as(world.pm).get('/system/signing-certificate')).statusCode).toBe(403);

    const company = companyCertificate('Example Pharma QA');
    const other = companyCertificate('Someone Else');
    const mismatch = await api.post('/system/signing-certificate', {
      privateKey: other.keyPem,
      certificate: company.certPem,
    });
    expect(mismatch.json()).toMatchObject({ status: false, errorCode: 'signing_key_mismatch' });
    const garbage = await api.post('/system/signing-certificate', { privateKey: 'x', certificate: company.certPem });
    expect(garbage.json()).toMatchObject({ status: false, errorCode: 'signing_key_invalid' });

    const installed = await api.post('/system/signing-certificate', {
      privateKey: company.keyPem,
      certificate: company.certPem,
    });
    expect(installed.json().data).toMatchObject({ subject: 'CN=Example Pharma QA', source: 'installed' });
    const report = await poppler('pdfsig', await download());
    expect(report).toContain('Example Pharma QA');
    expect(report).toContain('Signature is Valid');

    const p12 = companyCertificate('Example Pharma P12');
    const viaP12 = await api.post('/system/signing-certificate', { pkcs12: p12.p12Base64, password: 'secret' });
    expect(viaP12.json().data).toMatchObject({ subject: 'CN=Example Pharma P12', source: 'installed' });
    const wrong = await api.post('/system/signing-certificate', { pkcs12: p12.p12Base64, password: 'nope' });
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

describe.skipIf(!tools)('a newer version', () => {
  it('downloads without the signatures of the version before it', async () => {
    // Reviewed and signed, then rejected at approval: back in editing, where a new version may be uploaded.
    await ctx.db.update(projects).set({ reviewOpen: true }).where(eq(projects.id, world.projectId));
    const first = await pdfWith('Investigator brochure, first draft');
    const saved = await as(world.pm).form(
      '/minio/file/save',
      { folderId: folder, name: 'Brochure' },
      { name: 'brochure.pdf', content: first },
    );
    const id = saved.json().data.fileId as number;
    const stages = [
      { stage: 3, userIds: [approver.id], signatureRequired: true },
      { stage: 5, userIds: [approver.id] },
    ];
    expect((await as(world.pm).post('/file/apply/save', { fileId: id, stages })).json()).toMatchObject({
      status: true,
    });
    const signature = { password: PASSWORD, confirmed: true, timeZone: 'Europe/Berlin' };
    expect((await as(approver).post(`/file/audit/${id}/a`, { pass: true, signature })).json()).toMatchObject({
      status: true,
    });
    const reviewed = (await as(world.pm).get(`/minio/file/down?fileId=${id}`)).rawPayload;
    expect(await poppler('pdftotext', reviewed)).toContain('Reviewed / 已审阅');
    const rejected = await as(approver).post(`/file/audit/${id}/a`, { pass: false, comment: 'Wrong dosage table' });
    expect(rejected.json()).toMatchObject({ status: true });

    const next = await pdfWith('Investigator brochure, second draft');
    const edited = await as(world.pm).form(
      '/minio/file/edit/a',
      { fileId: id },
      { name: 'brochure.pdf', content: next },
    );
    expect(edited.json()).toMatchObject({ status: true });
    const plain = (await as(world.pm).get(`/minio/file/down?fileId=${id}`)).rawPayload;
    // The stored bytes, as uploaded: no signature page, no PAdES signature.
    expect(plain.equals(next)).toBe(true);
    const text = await poppler('pdftotext', plain);
    expect(text).toContain('second draft');
    expect(text).not.toContain('张三丰');
    expect(text).not.toContain('Electronic signatures');
    expect(await poppler('pdfsig', plain)).not.toContain('Signature is Valid');
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
