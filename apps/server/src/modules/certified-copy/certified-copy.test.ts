import { createHash } from 'node:crypto';
import { certifiedCopyRoutes } from '@edoc/contract/certified-copy-routes';
import { documentRoutes } from '@edoc/contract/document-routes';
import { downloadRoutes } from '@edoc/contract/download-routes';
import { TrailType } from '@edoc/contract/enums';
import { viewerRoutes } from '@edoc/contract/viewer-routes';
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certifiedCopies } from '../../db/schema/exchange.ts';
import { folderGrants, roles } from '../../db/schema/projects.ts';
import { signatures } from '../../db/schema/workflow.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import {
  createProjectWorld,
  joinProject,
  PASSWORD,
  type ProjectPerson,
  type ProjectWorld,
} from '../../test/factories.ts';
import { trailOf } from '../../test/records.ts';
import { client } from '../../test/requests.ts';
import { readZip } from '@edoc/test-support/zip-reader';

let ctx: TestContext;
let world: ProjectWorld;
let certifier: ProjectPerson;
/** Holds viewDoc and editDoc on the folder, but not certifyDoc. */
let reader: ProjectPerson;
let folder: number;
const as = (p: { token: string }) => client(ctx.app, p.token);

/** A real PDF of `pages` blank pages, as a scan of a paper original would be. */
async function pdfOf(pages: number): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  for (let i = 0; i < pages; i++) pdf.addPage([595, 842]);
  return Buffer.from(await pdf.save());
}

async function upload(name: string, file: { name: string; content: Buffer }) {
  const saved = await as(world.pm).callUpload(documentRoutes.upload, { fields: { folderId: folder, name }, file });
  expect(saved.statusCode).toBe(200);
  const detail = await as(world.pm).call(viewerRoutes.detail, { params: { id: saved.data.fileId } });
  return { fileId: saved.data.fileId, versionId: detail.data.version.fileVersionId };
}

const certify = (who: ProjectPerson, versionId: number, pagesChecked: number, password = PASSWORD, email?: string) =>
  as(who).call(certifiedCopyRoutes.certify, {
    params: { id: versionId },
    body: { pagesChecked, signature: { email, password, confirmed: true, timeZone: 'Asia/Shanghai' } },
  });

/** The manifest.csv of a download task, once packed. */
async function manifestOf(taskId: number): Promise<string> {
  for (let tries = 0; tries < 100; tries++) {
    const file = await as(world.pm).call(downloadRoutes.taskFile, { params: { id: taskId } });
    if (file.statusCode === 200)
      return readZip(file.rawPayload)
        .find((e) => e.name === 'manifest.csv')!
        .content.toString('utf8');
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`task ${taskId} not packed`);
}

beforeAll(async () => {
  ctx = await createTestContext();
  world = await createProjectWorld(ctx, 'CERT-1');
  folder = world.folderByIch.get('8.2.2')!;
  // Rights through a folder grant, as a company sets them: one role certifies, the other only reads and edits.
  const grant = async (code: string, keys: string[]) => {
    const [role] = await ctx.db
      .insert(roles)
      .values({ projectId: world.projectId, code, name: code, docKeys: keys })
      .returning();
    await ctx.db
      .insert(folderGrants)
      .values({ folderId: folder, subjectType: 'role', subjectId: role.id, docKeys: keys, manageLevel: 0 });
    return joinProject(ctx, world, role.id);
  };
  certifier = await grant('CERTIFIER', ['viewDoc', 'certifyDoc']);
  reader = await grant('READER', ['viewDoc', 'editDoc']);
}, 120_000);
afterAll(() => ctx.close());

describe('certifying a scan as a copy of its paper original (issue 28 part 4)', () => {
  it('offers it in the viewer, refuses unchecked pages, then signs, records and marks it everywhere', async () => {
    const pdf = await pdfOf(3);
    const { fileId, versionId } = await upload('Signed consent (scan)', { name: 'consent.pdf', content: pdf });
    const before = await as(certifier).call(viewerRoutes.detail, { params: { id: fileId } });
    expect(before.data.certify).toEqual({ pages: 3, needsEmail: true });
    expect(before.data.version.certifiedCopy).toBeNull();
    // Without certifyDoc the viewer offers nothing.
    expect((await as(reader).call(viewerRoutes.detail, { params: { id: fileId } })).data.certify).toBeNull();

    const short = await certify(certifier, versionId, 2, PASSWORD, certifier.email);
    expect([short.statusCode, short.errorCode]).toEqual([400, 'certify_pages_unchecked']);
    expect(short.msg).toContain('Pages checked');
    expect(short.msg).toContain('3');
    // The session's first signing needs the e-mail too, as the workflow's does.
    const noEmail = await certify(certifier, versionId, 3);
    expect([noEmail.statusCode, noEmail.errorCode]).toEqual([400, 'required']);
    expect(await ctx.db.select().from(certifiedCopies).where(eq(certifiedCopies.versionId, versionId))).toEqual([]);

    const done = await certify(certifier, versionId, 3, PASSWORD, certifier.email);
    expect(done.statusCode).toBe(200);
    const sha256 = createHash('sha256').update(pdf).digest('hex');
    expect(done.data).toMatchObject({ sha256, pages: 3 });

    const [sig] = await ctx.db.select().from(signatures).where(eq(signatures.versionId, versionId));
    expect(sig).toMatchObject({
      meaning: 'certifiedCopy',
      contentSha256: sha256,
      userId: certifier.id,
      stageAssigneeId: null,
      timeZone: 'Asia/Shanghai',
    });
    const [row] = await ctx.db.select().from(certifiedCopies).where(eq(certifiedCopies.versionId, versionId));
    expect(row).toMatchObject({
      documentId: fileId,
      projectId: world.projectId,
      signatureId: sig.id,
      certifiedBy: certifier.id,
      sha256,
      pages: 3,
    });
    expect(row.certifiedAt.toISOString()).toBe(done.data.at);
    const trail = await trailOf(ctx.db, 'document', fileId);
    expect(trail.find((r) => r.type === TrailType.Sign)?.newValue).toMatchObject({ meaning: 'certifiedCopy' });
    expect(trail.find((r) => r.type === TrailType.Update)?.newValue).toEqual({
      certifiedCopy: true,
      versionNo: trail.find((r) => r.type === TrailType.Update)?.version,
      contentSha256: sha256,
      pages: 3,
    });

    // Marked in the viewer, the versions table and the folder's list, for any reader.
    const after = await as(reader).call(viewerRoutes.detail, { params: { id: fileId } });
    expect(after.data.version.certifiedCopy).toEqual(done.data);
    expect((await as(certifier).call(viewerRoutes.detail, { params: { id: fileId } })).data.certify).toBeNull();
    const versions = await as(world.pm).call(documentRoutes.versions, { query: { fileId } });
    expect(versions.data[0].certifiedCopy).toEqual(done.data);
    const list = await as(world.pm).call(documentRoutes.list, {
      query: { folderId: folder, pageNum: 1, pageSize: 50 },
    });
    expect(list.data.data.find((r) => r.fileId === fileId)?.certifiedCopy).toEqual(done.data);

    // The download center's manifest says so, with who and when.
    const task = await as(world.pm).call(downloadRoutes.createTask, { body: { name: 'Consent', fileIds: [fileId] } });
    expect(task.statusCode).toBe(200);
    expect(await manifestOf(task.data.id)).toContain(`,certified by ${done.data.by} at ${done.data.at}`);

    // Once only: a later scan is a new version, certified on its own.
    const again = await certify(certifier, versionId, 3);
    expect([again.statusCode, again.errorCode]).toEqual([409, 'certify_already']);
  });

  it('refuses a caller without certifyDoc, an older version, content without pages and a wrong password', async () => {
    const { fileId, versionId } = await upload('Monitoring letter (scan)', { name: 'l.pdf', content: await pdfOf(1) });
    const refused = await certify(reader, versionId, 1, PASSWORD, reader.email);
    expect(refused.statusCode).toBe(403);

    const edited = await as(world.pm).callUpload(documentRoutes.edit, {
      fields: { fileId },
      file: { name: 'l2.pdf', content: await pdfOf(2) },
    });
    expect(edited.statusCode).toBe(200);
    const older = await certify(certifier, versionId, 1);
    expect([older.statusCode, older.errorCode]).toEqual([409, 'certify_not_current']);

    const text = await upload('Note', { name: 'note.txt', content: Buffer.from('A typed note\n') });
    expect((await as(certifier).call(viewerRoutes.detail, { params: { id: text.fileId } })).data.certify).toBeNull();
    const flat = await certify(certifier, text.versionId, 1);
    expect([flat.statusCode, flat.errorCode]).toEqual([400, 'certify_not_paged']);

    const current = (await as(certifier).call(viewerRoutes.detail, { params: { id: fileId } })).data;
    const wrong = await certify(certifier, current.version.fileVersionId, 2, 'Wrong-pass1');
    expect([wrong.statusCode, wrong.errorCode]).toEqual([400, 'wrong_password']);
    // As signing does: the wrong password is trailed against the account (and counts towards its lock).
    const failures = (await trailOf(ctx.db, 'user', certifier.id)).filter((r) => r.type === TrailType.LoginFailure);
    expect(failures).toHaveLength(1);
    expect(await ctx.db.select().from(certifiedCopies).where(eq(certifiedCopies.documentId, fileId))).toEqual([]);
  });
});
