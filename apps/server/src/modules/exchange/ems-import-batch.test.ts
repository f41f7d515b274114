import { exchangeImportRoutes as r } from '@edoc/contract/exchange-import-routes';
import { and, asc, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, documentVersions } from '../../db/schema/documents.ts';
import { exchangeImportRows, exchangeImports, sourceAuditRecords, sourceSignatures } from '../../db/schema/exchange.ts';
import { expectedItemDocuments, expectedItems } from '../../db/schema/expected.ts';
import { trail } from '../../db/schema/trail.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { importWorld, makeZip, trialObject, uploadPackage } from '../../test/ems-import-fixture.ts';
import { createProjectWorld, type ProjectWorld } from '../../test/factories.ts';
import { client } from '../../test/requests.ts';
import { verifyTrail } from '../../trail/trail-verify.ts';
import { fileImport } from './ems-import-file.ts';
import { batchClose, batchOpen, objectXml, type EmsObject } from './ems-xml.ts';

/* A batch filed in one go (ems-import-batch.ts) leaves what filing it row by row leaves, across batch boundaries;
 * a statement of a batch that fails files that batch row by row, the failing row alone rolled back. */

let ctx: TestContext;
const worlds: Array<{ world: ProjectWorld; trialFolder: number }> = [];

beforeAll(async () => {
  ctx = await createTestContext();
  for (const code of ['EMS-BA', 'EMS-BB']) {
    const world = await createProjectWorld(ctx, code);
    const { trialFolder, artifacts } = await importWorld(ctx, world);
    // One open expected item the first document fulfils, and a name the folder already has.
    await ctx.db
      .insert(expectedItems)
      .values({ projectId: world.projectId, artifactId: artifacts.get('01.01.01')!, level: 'trial' });
    await ctx.db.insert(documents).values({
      projectId: world.projectId,
      folderId: trialFolder,
      name: 'Plan Taken',
      createdBy: world.pm.id,
    });
    worlds.push({ world, trialFolder });
  }
});
afterAll(() => ctx?.close());

const batch = batchOpen({
  studyId: 'S-1',
  transferSourceId: 'SRC',
  transferId: '20260101000000',
  specificationId: 'test',
  tmfRmVersion: '3.0',
});
/** A trial-level object of 01.01.01: one version `uniqueId` with one file, signature and audit record. */
function object(objectId: string, title: string, uniqueId: number, state: EmsObject['versionState'] = 'Current') {
  const content = `content ${objectId} ${uniqueId}`;
  return { o: trialObject(objectId, uniqueId, content, state, title), content };
}
const packageOf = (objects: Array<{ o: EmsObject; content: string }>) =>
  makeZip([
    { name: 'exchange.xml', data: batch + objects.map(({ o }) => objectXml(o)).join('') + batchClose() },
    ...objects.map(({ o, content }) => ({ name: o.files[0].contentUrl, data: content })),
  ]);

/** Uploads and previews `zip` in the world's project, every row accepted, the import left filing as accept leaves it. */
async function readyToFile(world: ProjectWorld, zip: Buffer) {
  const view = await uploadPackage(ctx, world.pm.token, zip);
  await client(ctx.app, world.pm.token).call(r.decide, { params: { id: view.id }, body: { all: 'accept' } });
  await ctx.db.update(exchangeImportRows).set({ state: 'pending' }).where(eq(exchangeImportRows.importId, view.id));
  await ctx.db.update(exchangeImports).set({ state: 'filing' }).where(eq(exchangeImports.id, view.id));
  return view.id;
}

/** What a filing left in a project, without its ids: documents, versions, source records, trail rows, links. */
async function filed(projectId: number, importId: number, trailAfter: number) {
  const docs = await ctx.db
    .select()
    .from(documents)
    .where(and(eq(documents.projectId, projectId), isNotNull(documents.sourceObjectId)))
    .orderBy(asc(documents.sourceObjectId));
  const objectOf = new Map(docs.map((d) => [d.id, d.sourceObjectId]));
  const ids = docs.map((d) => d.id);
  const versions = await ctx.db
    .select()
    .from(documentVersions)
    .where(inArray(documentVersions.documentId, ids))
    .orderBy(asc(documentVersions.id));
  const sigs = await ctx.db.select().from(sourceSignatures).where(inArray(sourceSignatures.documentId, ids));
  const audits = await ctx.db.select().from(sourceAuditRecords).where(inArray(sourceAuditRecords.documentId, ids));
  const trailRows = await ctx.db
    .select()
    .from(trail)
    .where(and(eq(trail.projectId, projectId), gt(trail.id, trailAfter)))
    .orderBy(asc(trail.id));
  const links = await ctx.db
    .select({ documentId: expectedItemDocuments.documentId, state: expectedItems.state })
    .from(expectedItemDocuments)
    .innerJoin(expectedItems, eq(expectedItems.id, expectedItemDocuments.itemId))
    .where(eq(expectedItems.projectId, projectId));
  const rows = await ctx.db
    .select()
    .from(exchangeImportRows)
    .where(eq(exchangeImportRows.importId, importId))
    .orderBy(asc(exchangeImportRows.rowNo));
  return {
    documents: docs.map((d) => ({
      objectId: d.sourceObjectId,
      name: d.name,
      status: d.status,
      central: d.central,
      documentDate: d.documentDate,
      versions: versions
        .filter((v) => v.documentId === d.id)
        .map((v) => ({
          current: v.id === d.currentVersionId,
          versionNo: v.versionNo,
          file: [v.sha256, v.fileName, v.mimeType, v.source, v.sourceUniqueId],
          sigs: sigs.filter((s) => s.versionId === v.id).map((s) => [s.name, s.reason, s.signedAt?.toISOString()]),
          audits: audits.filter((a) => a.versionId === v.id).map((a) => [a.auditId, a.event, a.at?.toISOString()]),
        })),
    })),
    trail: trailRows.map((t) => {
      const value = { ...(t.newValue as Record<string, unknown>), importId: null, folderId: null };
      const isDoc = t.objectType === 'document';
      return [t.objectType, t.type, isDoc ? objectOf.get(Number(t.objectId)) : '', isDoc ? value : null];
    }),
    links: links.map((l) => [objectOf.get(l.documentId), l.state]),
    rows: rows.map((row) => [row.objectId, row.state, row.error]),
  };
}

const lastTrailId = async () =>
  (await ctx.db.execute<{ id: number }>(sql`select coalesce(max(id), 0)::int as id from trail`)).rows[0].id;

describe('filing in batches', () => {
  it('leaves what filing row by row leaves, across batch boundaries', async () => {
    const objects = [
      object('B-1', 'Plan Same', 1, 'Superseded'),
      object('B-1', 'Plan Same', 2),
      object('B-2', 'Plan Same', 3),
      object('B-3', 'Plan Taken', 4),
      object('B-4', 'Plan Other', 5),
      object('B-5', 'plan other', 6),
    ];
    const zip = packageOf(objects);
    const got = [];
    for (const [i, { world }] of worlds.entries()) {
      const id = await readyToFile(world, zip);
      await ctx.deps.blobs.put(Readable.from([zip]));
      const mark = await lastTrailId();
      // Batches of two rows: [B-1, B-2] [B-3, B-4] [B-5]; the first world's in one go, the second's row by row.
      const { rowByRow } = await fileImport(ctx.deps, id, { batch: 2, oneByOne: i === 1 });
      expect(rowByRow).toBe(i === 0 ? 0 : 3);
      got.push(await filed(world.projectId, id, mark));
    }
    expect(got[0]).toEqual(got[1]);
    const [one] = got;
    expect(one.documents.map((d) => d.name)).toEqual([
      'Plan Same',
      'Plan Same (B-2)',
      'Plan Taken (B-3)',
      'Plan Other',
      'plan other (B-5)',
    ]);
    expect(one.documents[0].versions.map((v) => [v.versionNo, v.current, v.sigs.length, v.audits.length])).toEqual([
      ['V1.0', false, 1, 1],
      ['V2.0', true, 1, 1],
    ]);
    // The first document fulfils the one expected item; its link's rows follow its own, before the next document's;
    // the import's end last.
    expect(one.links).toEqual([['B-1', 'filed']]);
    expect(one.trail.map((t) => [t[0], t[2]])).toEqual([
      ['document', 'B-1'],
      ['expected_item', ''],
      ['expected_item_document', ''],
      ['document', 'B-1'],
      ['document', 'B-2'],
      ['document', 'B-3'],
      ['document', 'B-4'],
      ['document', 'B-5'],
      ['exchange_import', ''],
    ]);
    expect(one.rows.every((row) => row[1] === 'filed')).toBe(true);
    expect(await verifyTrail(ctx.db)).toMatchObject({ ok: true });
  });

  it('files a batch whose statement fails row by row: the failing row leaves nothing, its neighbours whole', async () => {
    const { world, trialFolder } = worlds[0];
    const zip = packageOf([object('C-1', 'C one', 7), object('C-2', 'C two', 8)]);
    const id = await readyToFile(world, zip);
    // After the preview, the object C-2 gets a live document: its row's insert breaks the batch's.
    const [existing] = await ctx.db
      .insert(documents)
      .values({
        projectId: world.projectId,
        folderId: trialFolder,
        name: 'C two elsewhere',
        sourceObjectId: 'C-2',
        createdBy: world.pm.id,
      })
      .returning();
    expect(await fileImport(ctx.deps, id, { batch: 2 })).toEqual({ rowByRow: 1 });
    const rows = await ctx.db
      .select()
      .from(exchangeImportRows)
      .where(eq(exchangeImportRows.importId, id))
      .orderBy(asc(exchangeImportRows.rowNo));
    expect(rows.map((row) => row.state)).toEqual(['filed', 'failed']);
    const docs = await ctx.db
      .select()
      .from(documents)
      .where(and(eq(documents.projectId, world.projectId), inArray(documents.sourceObjectId, ['C-1', 'C-2'])))
      .orderBy(asc(documents.id));
    expect(docs.map((d) => d.id === existing.id || d.sourceObjectId)).toEqual([true, 'C-1']);
    const countOf = async (table: typeof sourceSignatures | typeof sourceAuditRecords) =>
      (await ctx.db.select().from(table).where(eq(table.importId, id))).map((s) => s.documentId);
    expect(await countOf(sourceSignatures)).toEqual([docs[1].id]);
    expect(await countOf(sourceAuditRecords)).toEqual([docs[1].id]);
    const versions = await ctx.db
      .select()
      .from(documentVersions)
      .where(inArray(documentVersions.documentId, [existing.id, docs[1].id]));
    expect(versions.map((v) => v.documentId)).toEqual([docs[1].id]);
    expect(await verifyTrail(ctx.db)).toMatchObject({ ok: true });
  });
});
