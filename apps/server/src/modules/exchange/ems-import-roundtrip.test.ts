import { documentRoutes } from '@edoc/contract/document-routes';
import { downloadRoutes } from '@edoc/contract/download-routes';
import { exchangeExportRoutes } from '@edoc/contract/exchange-export-routes';
import { readZip } from '@edoc/test-support/zip-reader';
import { exchangeImportRoutes as r } from '@edoc/contract/exchange-import-routes';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, documentVersions } from '../../db/schema/documents.ts';
import { sourceAuditRecords } from '../../db/schema/exchange.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { createProjectWorld, SAMPLE, type ProjectWorld } from '../../test/factories.ts';
import { waitFor } from '../../test/nodes.ts';
import { client } from '../../test/requests.ts';
import { importWorld, uploadPackage, waitState } from '../../test/ems-import-fixture.ts';

/* The round trip (issue 28 part 2): a project exported as an EMS package (part 1) and imported into an empty
 * project of another company comes back object by object — names, dates, versions in order with their numbers and
 * bytes, and the source's audit records beside each. */

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
  for (const name of ['Plan one', 'Plan two']) {
    const res = await api.callUpload(documentRoutes.upload, {
      fields: { folderId: trialFolder, name, documentDate: '2025-02-03' },
      file: { name: `${name}.pdf`, content: Buffer.concat([SAMPLE.pdf(), Buffer.from(`% ${name}\n`)]) },
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
