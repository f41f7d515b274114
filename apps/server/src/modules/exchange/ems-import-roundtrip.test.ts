import { certifiedCopyRoutes } from '@edoc/contract/certified-copy-routes';
import { documentRoutes } from '@edoc/contract/document-routes';
import { downloadRoutes } from '@edoc/contract/download-routes';
import { exchangeExportRoutes } from '@edoc/contract/exchange-export-routes';
import { readZip } from '@edoc/test-support/zip-reader';
import { exchangeImportRoutes as r } from '@edoc/contract/exchange-import-routes';
import { asc, eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, documentVersions } from '../../db/schema/documents.ts';
import { sourceAuditRecords, sourceSignatures } from '../../db/schema/exchange.ts';
import { users } from '../../db/schema/users.ts';
import { signatures } from '../../db/schema/workflow.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { createProjectWorld, PASSWORD, SAMPLE, type ProjectWorld } from '../../test/factories.ts';
import { waitFor } from '../../test/nodes.ts';
import { client } from '../../test/requests.ts';
import { importWorld, uploadPackage, waitState } from '../../test/ems-import-fixture.ts';

/* The round trip (issue 28 part 2): a project exported as an EMS package (part 1) and imported into an empty
 * project of another company comes back object by object — names, dates, versions in order with their numbers and
 * bytes, every signature record (signer, meaning, instant) and the source's audit records beside each. */

let ctx: TestContext;
let from: ProjectWorld;
let into: ProjectWorld;
const sent: number[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  from = await createProjectWorld(ctx, 'RT-A');
  into = await createProjectWorld(ctx, 'RT-B');
  const { trialFolder } = await importWorld(ctx, from);
  await importWorld(ctx, into);
  const api = client(ctx.app, from.pm.token);
  // The first a real one-page PDF (pdf-lib), so its pages can be checked and it certified below.
  const onePage = await PDFDocument.create();
  onePage.addPage([595, 842]);
  const contents = [Buffer.from(await onePage.save()), Buffer.concat([SAMPLE.pdf(), Buffer.from('% Plan two\n')])];
  for (const [i, name] of ['Plan one', 'Plan two'].entries()) {
    const res = await api.callUpload(documentRoutes.upload, {
      fields: { folderId: trialFolder, name, documentDate: '2025-02-03' },
      file: { name: `${name}.pdf`, content: contents[i] },
    });
    if (res.statusCode !== 200) throw new Error(res.body);
    sent.push(res.data.fileId);
  }
  // A second version of the second document.
  const edited = await api.callUpload(documentRoutes.edit, {
    fields: { fileId: sent[1], versionNo: 'V2.0' },
    file: { name: 'Plan two v2.pdf', content: Buffer.concat([SAMPLE.pdf(), Buffer.from('% second\n')]) },
  });
  if (edited.statusCode !== 200) throw new Error(edited.body);
  // A Part 11 signature on the first document's version (a certified copy of its one page): a signature record the
  // package must carry and the import keep as the source's.
  const [first] = await ctx.db.select().from(documents).where(eq(documents.id, sent[0]));
  const certified = await api.call(certifiedCopyRoutes.certify, {
    params: { id: first.currentVersionId! },
    body: {
      pagesChecked: 1,
      signature: { email: from.pm.email, password: PASSWORD, confirmed: true, timeZone: 'Asia/Shanghai' },
    },
  });
  if (certified.statusCode !== 200) throw new Error(certified.body);
}, 60_000);
afterAll(() => ctx?.close());

describe('EMS round trip', () => {
  it('imports an exported project into an empty one, object by object', async () => {
    const api = client(ctx.app, from.pm.token);
    const task = await api.call(exchangeExportRoutes.create, { body: { kind: 'ems' } });
    expect(task.statusCode).toBe(200);
    await waitFor(
      'the export',
      async () => {
        const rows = (await api.call(downloadRoutes.taskList)).data.data as Array<{ id: number; state: string }>;
        return rows.find((row) => row.id === task.data.id && row.state === 'completed');
      },
      30_000,
      100,
    );
    const zip = (await api.call(downloadRoutes.taskFile, { params: { id: task.data.id } })).rawPayload;
    const view = await uploadPackage(ctx, into.pm.token, zip);
    expect(view).toMatchObject({ state: 'preview', summary: { objects: 2, versions: 3, blocking: 0 } });
    const to = client(ctx.app, into.pm.token);
    await to.call(r.decide, { params: { id: view.id }, body: { all: 'accept' } });
    await to.call(r.accept, { params: { id: view.id } });
    expect(await waitState(ctx, into.pm.token, view.id, ['done', 'failed'])).toMatchObject({
      state: 'done',
      summary: { filed: 2, failed: 0 },
    });
    for (const id of sent) {
      const [a] = await ctx.db.select().from(documents).where(eq(documents.id, id));
      const [b] = await ctx.db
        .select()
        .from(documents)
        .where(eq(documents.sourceObjectId, `RT-A-D${id}`));
      expect(b).toMatchObject({
        projectId: into.projectId,
        name: a.name,
        documentDate: a.documentDate,
        countryId: null,
      });
      const versionsOf = (docId: number) =>
        ctx.db
          .select({ versionNo: documentVersions.versionNo, sha256: documentVersions.sha256 })
          .from(documentVersions)
          .where(eq(documentVersions.documentId, docId))
          .orderBy(asc(documentVersions.id));
      expect(await versionsOf(b.id)).toEqual(await versionsOf(a.id));
      const audits = await ctx.db.select().from(sourceAuditRecords).where(eq(sourceAuditRecords.documentId, b.id));
      expect(audits.length).toBeGreaterThan(0);
      // Every signature record: the same signer, meaning and instant, kept as the source's (not an edoc signature).
      const signed = await ctx.db
        .select({ name: signatures.printedName, email: users.email, at: signatures.signedAt })
        .from(signatures)
        .innerJoin(documentVersions, eq(documentVersions.id, signatures.versionId))
        .innerJoin(users, eq(users.id, signatures.userId))
        .where(eq(documentVersions.documentId, a.id));
      const kept = await ctx.db
        .select({ name: sourceSignatures.name, email: sourceSignatures.userOid, at: sourceSignatures.signedAt })
        .from(sourceSignatures)
        .where(eq(sourceSignatures.documentId, b.id));
      const second = (rows: Array<{ name: string | null; email: string | null; at: Date | null }>) =>
        rows.map((x) => ({ ...x, at: x.at ? Math.floor(x.at.getTime() / 1000) : null }));
      expect(second(kept)).toEqual(second(signed));
      expect(signed.length).toBe(id === sent[0] ? 1 : 0);
      const reasons = await ctx.db
        .select({ reason: sourceSignatures.reason })
        .from(sourceSignatures)
        .where(eq(sourceSignatures.documentId, b.id));
      expect(reasons.map((x) => x.reason)).toEqual(id === sent[0] ? ['Certified copy'] : []);
      const edocSigned = await ctx.db
        .select({ id: signatures.id })
        .from(signatures)
        .innerJoin(documentVersions, eq(documentVersions.id, signatures.versionId))
        .where(eq(documentVersions.documentId, b.id));
      expect(edocSigned).toEqual([]);
    }

    // Sent back to the project it came from, each object is the document it was made from: a conflict, not a copy.
    const back = await uploadPackage(ctx, from.pm.token, zip);
    expect(back).toMatchObject({ state: 'preview', summary: { objects: 2, conflicts: 2 } });

    // Exported again from where it was imported, each object keeps the id its source gave it.
    const again = await to.call(exchangeExportRoutes.create, { body: { kind: 'ems' } });
    await waitFor(
      'the second export',
      async () => {
        const rows = (await to.call(downloadRoutes.taskList)).data.data as Array<{ id: number; state: string }>;
        return rows.find((row) => row.id === again.data.id && row.state === 'completed');
      },
      30_000,
      100,
    );
    const second = readZip((await to.call(downloadRoutes.taskFile, { params: { id: again.data.id } })).rawPayload);
    const xml = second.find((e) => e.name === 'exchange.xml')!.content.toString('utf8');
    for (const id of sent) expect(xml).toContain(`<OBJECTID>RT-A-D${id}</OBJECTID>`);
    expect(xml).not.toContain('<OBJECTID>RT-B-D');
  });
});
