import { Stage } from '@edoc/contract/workflow';
import { workflowRoutes } from '@edoc/contract/workflow-routes';
import { viewerRoutes } from '@edoc/contract/viewer-routes';
import { userRoutes } from '@edoc/contract/user-routes';
import { downloadRoutes } from '@edoc/contract/download-routes';
import { documentRoutes } from '@edoc/contract/document-routes';
import { execFileSync } from 'node:child_process';
import { createPrivateKey, X509Certificate } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects } from '../../db/schema/projects.ts';
import { signatures } from '../../db/schema/workflow.ts';
import { sofficeAvailable } from '../../convert/soffice.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { PASSWORD, type ProjectPerson, type ProjectWorld } from '../../test/factories.ts';
import { client } from '../../test/requests.ts';
import { makeDocx } from '@edoc/test-support/files';
import { readZip } from '@edoc/test-support/zip-reader';
import { zonedTime } from './e-signature-page.ts';
import { padesSigned } from './pades.ts';
import { pdfWith, poppler, popplerTools as tools, sha, signedWorld } from '../../test/signed-fixture.ts';
import { selfSigned } from './seal-key.service.ts';

let ctx: TestContext;
let world: ProjectWorld;
let folder: number;
let approver: ProjectPerson;
let viewer: ProjectPerson;
let fileId: number;
let versionId: number;
let original: Buffer;

const as = (p: { token: string }) => client(ctx.app, p.token);

beforeAll(async () => {
  ctx = await createTestContext();
  ({ world, folder, approver, viewer, fileId, versionId, original } = await signedWorld(ctx, 'SIGN-1'));
}, 120_000);
afterAll(() => ctx.close());

const download = async () => (await as(world.pm).call(documentRoutes.download, { query: { fileId } })).rawPayload;

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

/** Uploads a file and takes it through a signed review and an approval by 张三丰; answers the document id. */
async function reviewedAndApproved(name: string, file: { name: string; content: Buffer }, approve = true) {
  await ctx.db.update(projects).set({ reviewOpen: true }).where(eq(projects.id, world.projectId));
  const saved = await as(world.pm).callUpload(documentRoutes.upload, {
    fields: { folderId: folder, name },
    file: file,
  });
  const id = saved.data.fileId;
  const stages = [
    { stage: Stage.Review, userIds: [approver.id], signatureRequired: true },
    { stage: Stage.Approval, userIds: [approver.id] },
  ];
  expect((await as(world.pm).call(workflowRoutes.send, { body: { fileId: id, stages } })).json()).toMatchObject({
    status: true,
  });
  const signature = { password: PASSWORD, confirmed: true as const, timeZone: 'Europe/Berlin' };
  const reviewed = await as(approver).call(workflowRoutes.decide, { params: { id }, body: { pass: true, signature } });
  expect(reviewed.json()).toMatchObject({ status: true });
  if (approve)
    expect((await as(approver).call(workflowRoutes.decide, { params: { id }, body: { pass: true } })).statusCode).toBe(
      200,
    );
  return id;
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
    // A byte of the binary comment after the header: inside the first signed range, harmless to any parser.
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
    const withDown = await as(world.pm).call(viewerRoutes.view, { params: { id: versionId } });
    expect(withDown.statusCode).toBe(200);
    await expectSignaturePage(await poppler('pdftotext', withDown.rawPayload));
    const stamped = await as(viewer).call(viewerRoutes.view, { params: { id: versionId } });
    expect(stamped.statusCode).toBe(200);
    await expectSignaturePage(await poppler('pdftotext', stamped.rawPayload));
    // The signature page carries the burned-in stamp too: its tiles beside the ink, which alone is on the other copy.
    const images = async (bytes: Buffer) => {
      const page = (await PDFDocument.load(bytes)).getPage(1);
      const dict = page.node.Resources()?.lookup(PDFName.of('XObject'), PDFDict);
      return dict?.keys().length ?? 0;
    };
    expect(await images(withDown.rawPayload)).toBe(1);
    expect(await images(stamped.rawPayload)).toBeGreaterThan(2);
  });

  it('keeps the handwritten image the signer had when signing', async () => {
    const black = await sharp({ create: { width: 240, height: 80, channels: 3, background: '#000000' } })
      .png()
      .toBuffer();
    expect(
      (await as(approver).callUpload(userRoutes.uploadHandwriting, { file: { name: 'new.png', content: black } }))
        .statusCode,
    ).toBe(200);
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'edoc-ink-'));
    try {
      await fs.writeFile(path.join(dir, 'a.pdf'), await download());
      execFileSync('pdfimages', ['-png', '-f', '2', '-l', '2', path.join(dir, 'a.pdf'), path.join(dir, 'ink')]);
      const stats = await sharp(path.join(dir, 'ink-000.png')).stats();
      expect(stats.channels[0].mean).toBeGreaterThan(250); // the white image of the signing, not the new black one
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  it('signs the download through a link and the entry of a pack', async () => {
    const { url } = (await as(world.pm).call(downloadRoutes.ticket, { body: { kind: 'document', fileId } })).data;
    const viaLink = (await ctx.app.inject({ method: 'GET', url })).rawPayload;
    expect(await poppler('pdfsig', viaLink)).toContain('Signature is Valid');
    await expectSignaturePage(await poppler('pdftotext', viaLink));

    const task = (await as(world.pm).call(downloadRoutes.createTask, { body: { name: 'Signed', fileIds: [fileId] } }))
      .data;
    let state = 'packing';
    for (let i = 0; i < 100 && state === 'packing'; i++) {
      await new Promise((r) => setTimeout(r, 200));
      const rows = (await as(world.pm).call(downloadRoutes.taskList)).data.data as { id: number; state: string }[];
      state = rows.find((r) => r.id === task.id)!.state;
    }
    expect(state).toBe('completed');
    const zip = readZip((await as(world.pm).call(downloadRoutes.taskFile, { params: { id: task.id } })).rawPayload);
    const entry = zip.find((e) => e.name.endsWith('Protocol.pdf'))!;
    expect(await poppler('pdfsig', entry.content)).toContain('Signature is Valid');
    await expectSignaturePage(await poppler('pdftotext', entry.content));
  });
});

describe.skipIf(!tools)('a PDF digitally signed before it came to edoc', () => {
  it('downloads as stored, its own signature intact; the stamped view still shows the signature page', async () => {
    // Signed by someone else's key (a self-signed one will do: pdfsig checks the signature, not the trust).
    const other = selfSigned();
    const theirs = await padesSigned(await PDFDocument.load(await pdfWith('Signed contract')), {
      id: 0,
      key: createPrivateKey(other.keyPem),
      chain: [new X509Certificate(other.chainPem)],
      source: 'installed',
      createdAt: new Date(),
    });
    const id = await reviewedAndApproved('Contract', { name: 'contract.pdf', content: theirs });
    const down = (await as(world.pm).call(documentRoutes.download, { query: { fileId: id } })).rawPayload;
    expect(down.equals(theirs)).toBe(true);
    expect(await poppler('pdfsig', down)).toContain('Signature is Valid');
    const [row] = await ctx.db.select().from(signatures).where(eq(signatures.documentId, id));
    const stamped = (await as(viewer).call(viewerRoutes.view, { params: { id: row.versionId } })).rawPayload;
    expect(await poppler('pdftotext', stamped)).toContain('Reviewed / 已审阅');
  });
});

describe.skipIf(!tools)('a newer version', () => {
  it('downloads without the signatures of the version before it', async () => {
    // Reviewed and signed, then rejected at approval: back in editing, where a new version may be uploaded.
    const first = await pdfWith('Investigator brochure, first draft');
    const id = await reviewedAndApproved('Brochure', { name: 'brochure.pdf', content: first }, false);
    const reviewed = (await as(world.pm).call(documentRoutes.download, { query: { fileId: id } })).rawPayload;
    expect(await poppler('pdftotext', reviewed)).toContain('Reviewed / 已审阅');
    const rejected = await as(approver).call(workflowRoutes.decide, {
      params: { id },
      body: { pass: false, comment: 'Wrong dosage table' },
    });
    expect(rejected.json()).toMatchObject({ status: true });

    const next = await pdfWith('Investigator brochure, second draft');
    const edited = await as(world.pm).callUpload(documentRoutes.edit, {
      fields: { fileId: id },
      file: { name: 'brochure.pdf', content: next },
    });
    expect(edited.json()).toMatchObject({ status: true });
    const plain = (await as(world.pm).call(documentRoutes.download, { query: { fileId: id } })).rawPayload;
    // The stored bytes, as uploaded: no signature page, no PAdES signature.
    expect(plain.equals(next)).toBe(true);
    const text = await poppler('pdftotext', plain);
    expect(text).toContain('second draft');
    expect(text).not.toContain('张三丰');
    expect(text).not.toContain('Electronic signatures');
    expect(await poppler('pdfsig', plain)).not.toContain('Signature is Valid');
  });
});

const soffice = tools && sofficeAvailable(process.env.SOFFICE_PATH ?? 'soffice');
if (tools && !soffice) {
  const reason = 'the signed rendition test needs LibreOffice (soffice)';
  if (process.env.CI === 'true') throw new Error(`${reason}, and CI=true`);
  console.warn(`\n*** SKIPPING: ${reason} ***\n`);
}

describe.skipIf(!soffice)('a signed Word file', () => {
  it('shows its PDF rendition with the signature page, and downloads as the signed bytes', async () => {
    const docx = (await makeDocx('方案.docx', ['临床试验方案 Clinical protocol'])).buffer;
    const id = await reviewedAndApproved('方案', { name: '方案.docx', content: docx });
    const [row] = await ctx.db.select().from(signatures).where(eq(signatures.documentId, id));
    let state = 'converting';
    for (let i = 0; i < 300 && state === 'converting'; i++) {
      await new Promise((r) => setTimeout(r, 300));
      state = (await as(world.pm).call(viewerRoutes.state, { params: { id: row.versionId } })).data.state;
    }
    expect(state).toBe('ready');
    const shown = await as(world.pm).call(viewerRoutes.view, { params: { id: row.versionId } });
    const text = await poppler('pdftotext', shown.rawPayload);
    expect(text).toContain('临床试验方案');
    expect(text).toContain('Reviewed / 已审阅');
    expect(text).toContain(sha(docx));
    expect((await as(world.pm).call(documentRoutes.download, { query: { fileId: id } })).rawPayload.equals(docx)).toBe(
      true,
    );
  }, 180_000);
});
