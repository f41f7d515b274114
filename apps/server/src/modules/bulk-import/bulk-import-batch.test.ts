import { bulkImportView } from '@edoc/contract/bulk-import';
import { bulkImportRoutes as r } from '@edoc/contract/bulk-import-routes';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, documentVersions } from '../../db/schema/documents.ts';
import { exchangeImportRows, exchangeImports } from '../../db/schema/exchange.ts';
import { expectedItemDocuments, expectedItems } from '../../db/schema/expected.ts';
import { countries, sites } from '../../db/schema/projects.ts';
import { trail } from '../../db/schema/trail.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { importWorld, makeZip } from '../../test/ems-import-fixture.ts';
import { createProjectWorld, type ProjectWorld } from '../../test/factories.ts';
import { waitFor } from '../../test/nodes.ts';
import { client, envelopeOf } from '../../test/requests.ts';
import { verifyTrail } from '../../trail/trail-verify.ts';
import { fileBulkImport } from './bulk-import-file.ts';

/* A bulk import's batch filed in one go (bulk-import-batch.ts) leaves what filing it row by row leaves, across batch
 * boundaries; a batch whose statement fails is filed row by row, the failing row alone rolled back. */

let ctx: TestContext;
interface World {
  world: ProjectWorld;
  trialFolder: number;
}
const worlds: World[] = [];

/** A project on the import model with site S01, an open expected item for 01.01.01 and a document "Plan Taken". */
async function makeWorld(code: string): Promise<World> {
  const world = await createProjectWorld(ctx, code);
  const { trialFolder, artifacts } = await importWorld(ctx, world);
  const [cn] = await ctx.db
    .insert(countries)
    .values({ projectId: world.projectId, code: 'CN', name: 'China' })
    .returning();
  await ctx.db
    .insert(sites)
    .values({ projectId: world.projectId, code: 'S01', name: 'Peking Union Hospital', countryId: cn.id })
    .returning();
  await ctx.db
    .insert(expectedItems)
    .values({ projectId: world.projectId, artifactId: artifacts.get('01.01.01')!, level: 'trial' });
  await ctx.db
    .insert(documents)
    .values({ projectId: world.projectId, folderId: trialFolder, name: 'Plan Taken', createdBy: world.pm.id });
  return { world, trialFolder };
}

beforeAll(async () => {
  ctx = await createTestContext();
  for (const code of ['BULK-BA', 'BULK-BB']) worlds.push(await makeWorld(code));
}, 60_000);
afterAll(() => ctx?.close());

const SHEET = [
  'File,Artifact,Level,Site,Document date,Document name,Version',
  'a.txt,01.01.01,trial,,2024-01-02,Plan Same,V2.0',
  'b.txt,01.01.01,trial,,,Plan Same,',
  'c.txt,01.01.01,trial,,2024-02-03,Plan Taken,',
  'd.txt,05.02.01,site,S01,2024-03-04,Licence,V1.1',
  'e.txt,01.01.01,trial,,,plan same,',
].join('\r\n');
const ZIP = makeZip(['a', 'b', 'c', 'd', 'e'].map((n) => ({ name: `binder/${n}.txt`, data: `content of ${n}\n` })));

/** Uploads the zip with its spreadsheet, waits for the preview, accepts every row and leaves the import filing. */
async function readyToFile({ world }: World) {
  const b = `----bulk${randomBytes(6).toString('hex')}`;
  const part = (field: string, name: string, content: Buffer | string) =>
    Buffer.concat([
      Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\n\r\n`),
      Buffer.from(content),
      Buffer.from('\r\n'),
    ]);
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/edoc${r.upload.path}`,
    headers: { 'content-type': `multipart/form-data; boundary=${b}`, authorization: `Bearer ${world.pm.token}` },
    payload: Buffer.concat([
      part('file', 'binder.zip', ZIP),
      part('sheet', 'metadata.csv', SHEET),
      Buffer.from(`--${b}--\r\n`),
    ]),
  });
  expect(res.statusCode, res.body).toBe(200);
  const id = bulkImportView.parse(envelopeOf(res).data).id;
  const api = client(ctx.app, world.pm.token);
  await waitFor(
    `bulk import ${id} previewed`,
    async () => (await api.call(r.get, { params: { id } })).data.state === 'preview',
    30_000,
    100,
  );
  await ctx.db
    .update(exchangeImportRows)
    .set({ decision: 'accept', state: 'pending' })
    .where(eq(exchangeImportRows.importId, id));
  await ctx.db.update(exchangeImports).set({ state: 'filing' }).where(eq(exchangeImports.id, id));
  await ctx.deps.blobs.put(Readable.from([ZIP]));
  return id;
}

const lastTrailId = async () =>
  (await ctx.db.execute<{ id: number }>(sql`select coalesce(max(id), 0)::int as id from trail`)).rows[0].id;

/** What a filing left in a project, without its ids: documents with their versions, trail rows, links, rows. */
async function filed({ world }: World, importId: number, trailAfter: number) {
  const rows = await ctx.db
    .select()
    .from(exchangeImportRows)
    .where(eq(exchangeImportRows.importId, importId))
    .orderBy(asc(exchangeImportRows.rowNo));
  const ids = rows.flatMap((row) => (row.documentId === null ? [] : [row.documentId]));
  const docs = ids.length
    ? await ctx.db.select().from(documents).where(inArray(documents.id, ids)).orderBy(asc(documents.id))
    : [];
  const pathOf = new Map(rows.map((row) => [row.documentId, (row.source as { path: string }).path]));
  const versions = ids.length
    ? await ctx.db.select().from(documentVersions).where(inArray(documentVersions.documentId, ids))
    : [];
  const trailRows = await ctx.db
    .select()
    .from(trail)
    .where(and(eq(trail.projectId, world.projectId), gt(trail.id, trailAfter)))
    .orderBy(asc(trail.id));
  const links = await ctx.db
    .select({ documentId: expectedItemDocuments.documentId, state: expectedItems.state })
    .from(expectedItemDocuments)
    .innerJoin(expectedItems, eq(expectedItems.id, expectedItemDocuments.itemId))
    .where(eq(expectedItems.projectId, world.projectId));
  return {
    documents: docs.map((d) => ({
      path: pathOf.get(d.id),
      name: d.name,
      fields: [d.status, d.central, d.siteId !== null, d.countryId, d.documentDate, d.artifactId !== null],
      versions: versions
        .filter((v) => v.documentId === d.id)
        .map((v) => [v.id === d.currentVersionId, v.versionNo, v.sha256, v.fileName, v.mimeType, v.source]),
    })),
    trail: trailRows.map((t) => {
      const value = { ...(t.newValue as Record<string, unknown>), importId: null, folderId: null };
      const isDoc = t.objectType === 'document';
      return [t.objectType, t.type, isDoc ? pathOf.get(Number(t.objectId)) : '', isDoc ? value : null];
    }),
    links: links.map((l) => [pathOf.get(l.documentId), l.state]),
    rows: rows.map((row) => [(row.source as { path: string }).path, row.state, row.error]),
  };
}

describe('bulk filing in batches', () => {
  it('leaves what filing row by row leaves, across batch boundaries', async () => {
    const got = [];
    for (const [i, w] of worlds.entries()) {
      const id = await readyToFile(w);
      const mark = await lastTrailId();
      // Batches of two rows: [a, b] [c, d] [e]; the first world's in one go, the second's row by row.
      const { rowByRow } = await fileBulkImport(ctx.deps, id, { batch: 2, oneByOne: i === 1 });
      expect(rowByRow).toBe(i === 0 ? 0 : 3);
      got.push(await filed(w, id, mark));
    }
    expect(got[0]).toEqual(got[1]);
    const [one] = got;
    expect(one.documents.map((d) => [d.path, d.name, d.versions.map((v) => v[1])])).toEqual([
      ['binder/a.txt', 'Plan Same', ['V2.0']],
      ['binder/b.txt', 'Plan Same (b.txt)', ['V1.0']],
      ['binder/c.txt', 'Plan Taken (c.txt)', ['V1.0']],
      ['binder/d.txt', 'Licence', ['V1.1']],
      ['binder/e.txt', 'plan same (e.txt)', ['V1.0']],
    ]);
    expect(one.documents[3].fields.slice(1, 3)).toEqual([false, true]);
    // The first document fulfils the expected item; its link's rows follow its own, before the next document's.
    expect(one.links).toEqual([['binder/a.txt', 'filed']]);
    expect(one.trail.map((t) => [t[0], t[2]])).toEqual([
      ['document', 'binder/a.txt'],
      ['expected_item', ''],
      ['expected_item_document', ''],
      ['document', 'binder/a.txt'],
      ['document', 'binder/b.txt'],
      ['document', 'binder/c.txt'],
      ['document', 'binder/d.txt'],
      ['document', 'binder/e.txt'],
      ['exchange_import', ''],
    ]);
    expect(one.trail[6][3]).toMatchObject({ site: 'S01', country: null, versions: ['V1.1'] });
    expect(one.rows.every((row) => row[1] === 'filed')).toBe(true);
    expect(await verifyTrail(ctx.db)).toMatchObject({ ok: true });
  });

  it('names the same files imported again with their file name, then numbered, the same both ways', async () => {
    const got = [];
    for (const [i, w] of worlds.entries()) {
      const id = await readyToFile(w);
      const mark = await lastTrailId();
      await fileBulkImport(ctx.deps, id, { batch: 2, oneByOne: i === 1 });
      got.push(await filed(w, id, mark));
    }
    expect(got[0]).toEqual(got[1]);
    expect(got[0].documents.map((d) => d.name)).toEqual([
      'Plan Same (a.txt)',
      'Plan Same (b.txt) (2)',
      'Plan Taken (c.txt) (2)',
      'Licence (d.txt)',
      'plan same (e.txt) (2)',
    ]);
  });

  it('refuses a row whose every name is taken as a duplicate file name, and files the rest', async () => {
    const w = await makeWorld('BULK-BD');
    const taken = ['Plan Taken (c.txt)', ...Array.from({ length: 8 }, (_, k) => `Plan Taken (c.txt) (${k + 2})`)];
    await ctx.db
      .insert(documents)
      .values(
        taken.map((name) => ({
          projectId: w.world.projectId,
          folderId: w.trialFolder,
          name,
          createdBy: w.world.pm.id,
        })),
      );
    const id = await readyToFile(w);
    expect(await fileBulkImport(ctx.deps, id, { batch: 2 })).toEqual({ rowByRow: 1 });
    const after = await filed(w, id, await lastTrailId());
    expect(after.rows.map((row) => row.slice(0, 3))).toEqual([
      ['binder/a.txt', 'filed', null],
      ['binder/b.txt', 'filed', null],
      ['binder/c.txt', 'failed', JSON.stringify({ code: 'duplicate_file_name', params: {} })],
      ['binder/d.txt', 'filed', null],
      ['binder/e.txt', 'filed', null],
    ]);
  });

  it('files a batch whose statement fails row by row: the failing row leaves nothing, its neighbours whole', async () => {
    // A project of its own: the names the first test filed would be taken here.
    const w = await makeWorld('BULK-BC');
    const id = await readyToFile(w);
    // After the preview, row d names a site no longer there: its document's insert breaks the batch's.
    const [d] = await ctx.db
      .select()
      .from(exchangeImportRows)
      .where(and(eq(exchangeImportRows.importId, id), eq(exchangeImportRows.rowNo, 4)));
    await ctx.db
      .update(exchangeImportRows)
      .set({ target: { ...(d.target as Record<string, unknown>), siteId: 2_000_000_000 } })
      .where(eq(exchangeImportRows.id, d.id));
    const mark = await lastTrailId();
    expect(await fileBulkImport(ctx.deps, id, { batch: 2 })).toEqual({ rowByRow: 1 });
    const after = await filed(w, id, mark);
    expect(after.rows.map((row) => row.slice(0, 2))).toEqual([
      ['binder/a.txt', 'filed'],
      ['binder/b.txt', 'filed'],
      ['binder/c.txt', 'filed'],
      ['binder/d.txt', 'failed'],
      ['binder/e.txt', 'filed'],
    ]);
    expect(after.documents.map((doc) => doc.path)).toEqual([
      'binder/a.txt',
      'binder/b.txt',
      'binder/c.txt',
      'binder/e.txt',
    ]);
    expect(after.documents.every((doc) => doc.versions.length === 1)).toBe(true);
    // a's second row: its expected item's link, as it files.
    expect(after.trail.filter((t) => t[0] === 'document').map((t) => t[2])).toEqual([
      'binder/a.txt',
      'binder/a.txt',
      'binder/b.txt',
      'binder/c.txt',
      'binder/e.txt',
    ]);
    expect(await verifyTrail(ctx.db)).toMatchObject({ ok: true });
  });
});
