import { editingRoutes } from '@edoc/contract/editing-routes';
import { documentRoutes } from '@edoc/contract/document-routes';
import { DocStatus, TrailType } from '@edoc/contract/enums';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, documentVersions } from '../../db/schema/documents.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { createProjectWorld, SAMPLE, type ProjectWorld } from '../../test/factories.ts';
import { sha256 } from '../../lib/crypto.ts';
import { trailOf } from '../../test/records.ts';
import { client } from '../../test/requests.ts';

// Issue 15: check-out / check-in for any file, and what may not be edited at all.
let ctx: TestContext;
let world: ProjectWorld;
let folder: number;
let n = 0;

const as = () => client(ctx.app, world.pm.token);
const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n`);

async function newPdf(): Promise<number> {
  n += 1;
  const res = await as().callUpload(documentRoutes.upload, {
    fields: { folderId: folder, name: `Scan ${n}` },
    file: { name: `scan-${n}.pdf`, content: pdf('v1') },
  });
  expect(res.statusCode).toBe(200);
  return res.data.fileId;
}
const versionsOf = (fileId: number) =>
  ctx.db
    .select()
    .from(documentVersions)
    .where(eq(documentVersions.documentId, fileId))
    .orderBy(asc(documentVersions.id));
const checkOut = (fileId: number) => as().call(editingRoutes.start, { body: { fileId, mode: 'checkout' } });
const checkIn = (fileId: number, name: string, content: Buffer) =>
  as().callUpload(editingRoutes.checkin, { fields: { fileId }, file: { name, content } });

beforeAll(async () => {
  ctx = await createTestContext();
  world = await createProjectWorld(ctx, 'CO-1');
  folder = world.folderByIch.get('8.2.2')!;
});
afterAll(() => ctx.close());

describe('check-out and check-in', () => {
  it('checks out (the file through its symbol, with the lock), checks in a new file as the next version', async () => {
    const fileId = await newPdf();
    const out = (await checkOut(fileId)).data;
    expect(out).toMatchObject({ mode: 'checkout', webdavUrl: null, officeUri: null, wopi: null });
    const file = await ctx.app.inject({
      method: 'GET',
      url: `/edoc/minio/file/revise/down?uniqueSymbol=${out.uniqueSymbol}`,
    });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.toString()).toContain('v1');
    const done = await checkIn(fileId, 'scan edited.pdf', pdf('v2'));
    expect(done.data).toMatchObject({ outcome: 'saved', versionNo: 'V1.1' });
    expect((await versionsOf(fileId)).map((v) => [v.versionNo, v.source, v.fileName])).toEqual([
      ['V1.0', null, 'scan-1.pdf'],
      ['V1.1', 'checkin', 'scan-1.pdf'],
    ]);
    // The lock is gone: the symbol fetches nothing more, anyone may edit again.
    const gone = await ctx.app.inject({
      method: 'GET',
      url: `/edoc/minio/file/revise/down?uniqueSymbol=${out.uniqueSymbol}`,
    });
    expect(gone.statusCode).toBe(410);
    expect((await as().call(editingRoutes.exists, { params: { id: fileId } })).data.exists).toBe(false);
  });

  it('says no change in the document when the same file comes back, and cancels without a version', async () => {
    const fileId = await newPdf();
    await checkOut(fileId);
    expect((await checkIn(fileId, 'same.pdf', pdf('v1'))).data.outcome).toBe('unchanged');
    await checkOut(fileId);
    const cancelled = await as().call(editingRoutes.end, { params: { id: fileId }, query: { discard: '1' } });
    expect(cancelled.data).toEqual({ outcome: 'cancelled', fileVersionId: null, versionNo: null });
    expect(await versionsOf(fileId)).toHaveLength(1);
    const outcomes = (await trailOf(ctx.db, 'document', fileId))
      .filter((r) => r.type === TrailType.OnlineEdit)
      .map((r) => (r.newValue as { outcome?: string }).outcome ?? 'started');
    expect(outcomes).toEqual(['started', 'unchanged', 'started', 'cancelled']);
  });

  it('refuses a check-in of another type, or without a session, and stores nothing', async () => {
    const fileId = await newPdf();
    const none = await checkIn(fileId, 'x.pdf', pdf('v9'));
    expect([none.statusCode, none.errorCode]).toEqual([410, 'edit_session_ended']);
    await checkOut(fileId);
    const wrong = await checkIn(fileId, 'x.docx', SAMPLE.docx());
    expect([wrong.statusCode, wrong.errorCode, wrong.msg]).toEqual([
      400,
      'invalid_value',
      expect.stringMatching(/file/i),
    ]);
    expect(await versionsOf(fileId)).toHaveLength(1);
    expect(await ctx.deps.blobs.has(sha256(SAMPLE.docx()))).toBe(false);
  });
});

describe('what cannot be edited', () => {
  it('refuses a PDF in the desktop suite, a document out of editing, and bad input naming the field', async () => {
    const fileId = await newPdf();
    const type = await as().call(editingRoutes.start, { body: { fileId, mode: 'webdav' } });
    expect([type.statusCode, type.errorCode]).toEqual([400, 'edit_type_not_supported']);
    await ctx.db.update(documents).set({ status: DocStatus.InReview }).where(eq(documents.id, fileId));
    const status = await checkOut(fileId);
    expect(status.statusCode).toBe(409);
    for (const [body, field] of [
      [{ fileId, mode: 'vim' }, 'mode'],
      [{ mode: 'checkout' }, 'fileId'],
    ] as const) {
      const res = await as().post('/file/ol/start/a', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().data.fields[0].field).toBe(field);
    }
    const symbol = await ctx.app.inject({ method: 'GET', url: '/edoc/minio/file/revise/down?uniqueSymbol=short' });
    expect(symbol.statusCode).toBe(400);
    const unknown = await ctx.app.inject({
      method: 'GET',
      url: `/edoc/minio/file/revise/down?uniqueSymbol=${'x'.repeat(43)}`,
    });
    expect(unknown.statusCode).toBe(410);
  });
});
