import { IMPORT_OBJECTS_MAX } from '@edoc/contract/exchange-import';
import { exchangeImportRoutes as r } from '@edoc/contract/exchange-import-routes';
import { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { waitFor } from '../../test/nodes.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, documentVersions } from '../../db/schema/documents.ts';
import { exchangeImportRows, exchangeImports } from '../../db/schema/exchange.ts';
import { countries, sites } from '../../db/schema/projects.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { createProjectWorld, SAMPLE, type ProjectWorld } from '../../test/factories.ts';
import { trailOf } from '../../test/records.ts';
import { client } from '../../test/requests.ts';
import { fileImport } from './ems-import-file.ts';
import {
  exampleXml,
  importWorld,
  makeZip,
  sha256,
  trialObject,
  uploadPackage,
  waitState,
} from '../../test/ems-import-fixture.ts';
import { batchClose, batchOpen, objectXml, type EmsObject } from './ems-xml.ts';

let ctx: TestContext;
let world: ProjectWorld;
let trialFolder: number;
const pdf = SAMPLE.pdf();
const EXAMPLE_URL = '05/05.02/05.02.01.Medical License/PCO-AKT-101-MED-001.pdf';
const as = (p: { token: string }) => client(ctx.app, p.token);

beforeAll(async () => {
  ctx = await createTestContext();
  world = await createProjectWorld(ctx, 'EMS-IN');
  ({ trialFolder } = await importWorld(ctx, world));
});
afterAll(() => ctx?.close());

const batch = batchOpen({
  studyId: 'S-1',
  transferSourceId: 'SRC',
  transferId: '20260101000000',
  specificationId: 'test',
  tmfRmVersion: '3.0',
});
const packageOf = (objects: Array<[EmsObject, string]>) =>
  makeZip([
    { name: 'exchange.xml', data: batch + objects.map(([o]) => objectXml(o)).join('') + batchClose() },
    ...objects.map(([o, content]) => ({ name: o.files[0].contentUrl, data: content })),
  ]);
const rowsOf = async (id: number) => (await as(world.pm).call(r.rows, { params: { id } })).data.rows;

describe('EMS import of the standard example', () => {
  let importId: number;

  it('previews it: the artifact mapped to its folder, the file checked, the country and site unknown', async () => {
    const zip = makeZip([
      { name: 'exchange.xml', data: exampleXml(pdf) },
      { name: EXAMPLE_URL, data: pdf },
    ]);
    const view = await uploadPackage(ctx, world.pm.token, zip);
    expect(view).toMatchObject({ state: 'preview', sourceSystem: 'CRO101', studyId: 'ATEM-0025' });
    expect(view.summary).toMatchObject({ objects: 1, versions: 1, files: 1, blocking: 1, undecided: 1 });
    importId = view.id;
    const [row] = await rowsOf(importId);
    expect(row.objectId).toBe('PCO-AKT-101-MED-001');
    expect(row.source.versions[0].files[0]).toMatchObject({ contentUrl: EXAMPLE_URL, integrityOk: true });
    expect(row.source.versions[0]).toMatchObject({ signatures: 1, auditRecords: 1, documentDate: '2018-01-23' });
    expect(row.target).toMatchObject({ level: 'site', siteId: null, countryId: null, documentDate: '2018-01-23' });
    expect(row.problems.map((p) => [p.code, p.blocking])).toEqual([
      ['unknown_country', true],
      ['unknown_site', true],
    ]);
    expect(row.problems[0].message).toContain('USA');
    expect(view.missing).toEqual({
      countries: ['USA'],
      sites: [{ siteId: 'US-204', name: "St. Mary's Hospital", countryId: 'USA' }],
    });
  });

  it('refuses to accept while every row is blocked or undecided, then files it once countries and sites may be made', async () => {
    const none = await as(world.pm).call(r.accept, { params: { id: importId } });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ errorCode: 'exchange_import_nothing' });
    const decided = await as(world.pm).call(r.decide, {
      params: { id: importId },
      body: { all: 'accept', options: { createCountries: true, createSites: true } },
    });
    expect(decided.data.summary).toMatchObject({ blocking: 0, accepted: 1 });
    expect((await as(world.pm).call(r.accept, { params: { id: importId } })).statusCode).toBe(200);
    const done = await waitState(ctx, world.pm.token, importId, ['done', 'failed']);
    expect(done.summary).toMatchObject({ filed: 1, failed: 0 });
    const [doc] = await ctx.db.select().from(documents).where(eq(documents.sourceObjectId, 'PCO-AKT-101-MED-001'));
    expect(doc).toMatchObject({ sourceSystem: 'CRO101', documentDate: '2018-01-23', projectId: world.projectId });
    const [site] = await ctx.db.select().from(sites).where(eq(sites.id, doc.siteId!));
    expect(site.code).toBe('US-204');
    const [country] = await ctx.db.select().from(countries).where(eq(countries.id, site.countryId!));
    expect(country.code).toBe('US');
    const versions = await ctx.db.select().from(documentVersions).where(eq(documentVersions.documentId, doc.id));
    expect(versions.map((v) => [v.sha256, v.sourceUniqueId])).toEqual([[sha256(pdf), '091']]);
    const source = await as(world.pm).call(r.source, { params: { id: doc.id } });
    expect(source.data).toMatchObject({ sourceSystem: 'CRO101', importId, auditTotal: 1 });
    expect(source.data.signatures[0]).toMatchObject({ name: 'John Smith', userOid: 'jsmith', reason: 'Approval' });
    expect(source.data.auditRecords[0]).toMatchObject({ auditId: '76533283', entryType: 'New' });
    // One edoc trail row for the document; the source's signature and audit record are not edoc's.
    const trail = await trailOf(ctx.db, 'document', doc.id);
    expect(trail).toHaveLength(1);
    expect(trail[0].newValue).toMatchObject({ imported: true, importId, sourceObjectId: 'PCO-AKT-101-MED-001' });
  });

  it('finds the conflict when the same object comes again', async () => {
    const zip = makeZip([
      { name: 'exchange.xml', data: exampleXml(pdf) },
      { name: EXAMPLE_URL, data: pdf },
    ]);
    const view = await uploadPackage(ctx, world.pm.token, zip);
    const [row] = await rowsOf(view.id);
    expect(row.conflict).toBe('exists');
    expect(row.existingDocumentId).toBeGreaterThan(0);
    expect((await as(world.pm).call(r.cancel, { params: { id: view.id } })).data.state).toBe('cancelled');
  });

  it('refuses a member without importDoc', async () => {
    const zip = makeZip([{ name: 'exchange.xml', data: exampleXml(pdf) }]);
    const before = await ctx.db.select().from(exchangeImports);
    const res = await as(world.staff).callUpload(r.upload, { file: { name: 'p.zip', content: zip } });
    expect(res.statusCode).toBe(403);
    expect(await ctx.db.select().from(exchangeImports)).toHaveLength(before.length);
    expect(await ctx.deps.blobs.has(sha256(zip))).toBe(false);
    expect((await as(world.staff).call(r.list)).statusCode).toBe(403);
  });
});

describe('filing resumed by row', () => {
  it('files each row once, however often the job runs', async () => {
    const objects = ['R-1', 'R-2', 'R-3'].map(
      (id, i) => [trialObject(id, 10 + i, `content ${id}`), `content ${id}`] as [EmsObject, string],
    );
    const zip = packageOf(objects);
    const view = await uploadPackage(ctx, world.pm.token, zip);
    expect(view.summary).toMatchObject({ objects: 3, blocking: 0 });
    const rows = await rowsOf(view.id);
    expect(rows.every((row) => row.target.folderId === trialFolder)).toBe(true);
    await as(world.pm).call(r.decide, { params: { id: view.id }, body: { all: 'accept' } });
    // A run that stopped after the first row: the others still pending.
    const setRows = (state: string, rowNos: number[]) =>
      Promise.all(
        rowNos.map((n) =>
          ctx.db
            .update(exchangeImportRows)
            .set({ state })
            .where(and(eq(exchangeImportRows.importId, view.id), eq(exchangeImportRows.rowNo, n))),
        ),
      );
    // A crash leaves the import filing with its package kept (a finished run removes it: put back for the next).
    const filing = async () => {
      await ctx.deps.blobs.put(Readable.from([zip]));
      await ctx.db.update(exchangeImports).set({ state: 'filing' }).where(eq(exchangeImports.id, view.id));
    };
    await filing();
    await setRows('pending', [1]);
    await setRows('skipped', [2, 3]);
    await fileImport(ctx.deps, view.id);
    const [first] = await ctx.db.select().from(exchangeImports).where(eq(exchangeImports.id, view.id));
    expect(first).toMatchObject({ state: 'done', error: null });
    // The next run finds row 1 pending again beside 2 and 3, in one batch: row 1 is refused by the object's live
    // document (never filed twice) and rolled back alone, 2 and 3 are filed.
    await filing();
    await setRows('pending', [1, 2, 3]);
    await fileImport(ctx.deps, view.id);
    const after = await rowsOf(view.id);
    expect(after.map((row) => row.state)).toEqual(['failed', 'filed', 'filed']);
    for (const id of ['R-1', 'R-2', 'R-3']) {
      const docs = await ctx.db.select().from(documents).where(eq(documents.sourceObjectId, id));
      expect(docs).toHaveLength(1);
      expect(await trailOf(ctx.db, 'document', docs[0].id)).toHaveLength(1);
    }
  });
});

/** n objects of the fewest elements the parser asks (41:1 deflated: under the ratio limit). */
function manyObjects(n: number): string {
  const parts = ['<?xml version="1.0"?><BATCH xmlns="https://tmfrefmodel.com/ems">'];
  for (let i = 0; i < n; i++)
    parts.push(
      `<OBJECT><OBJECTID>O-${i}</OBJECTID><OBJECTLEVEL>Trial</OBJECTLEVEL><ARTIFACTNUMBER>01.01.01</ARTIFACTNUMBER></OBJECT>`,
    );
  return parts.join('') + '</BATCH>';
}

describe('hostile packages', () => {
  const xml = (contentUrl: string) =>
    batch +
    objectXml({ ...trialObject('H-1', 1, 'x'), files: [{ ...trialObject('H-1', 1, 'x').files[0], contentUrl }] }) +
    batchClose();
  const cases: Array<[string, Buffer, string]> = [
    [
      'a path leaving the package',
      makeZip([
        { name: 'exchange.xml', data: xml('a.txt') },
        { name: '../evil.txt', data: 'x' },
      ]),
      'exchange_package_path',
    ],
    [
      'an absolute path',
      makeZip([
        { name: 'exchange.xml', data: xml('a.txt') },
        { name: '/etc/passwd', data: 'x' },
      ]),
      'exchange_package_path',
    ],
    [
      'a back-slash',
      makeZip([
        { name: 'exchange.xml', data: xml('a.txt') },
        { name: 'a\\b.txt', data: 'x' },
      ]),
      'exchange_package_path',
    ],
    [
      'a drive letter',
      makeZip([
        { name: 'exchange.xml', data: xml('a.txt') },
        { name: 'C:/a.txt', data: 'x' },
      ]),
      'exchange_package_path',
    ],
    ['a CONTENTURL outside', makeZip([{ name: 'exchange.xml', data: xml('../../a.txt') }]), 'exchange_package_path'],
    [
      'a DOCTYPE (billion laughs)',
      makeZip([
        {
          name: 'exchange.xml',
          data: '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;">]><BATCH>&lol2;</BATCH>',
        },
      ]),
      'exchange_package_doctype',
    ],
    [
      'a ratio over 100:1',
      makeZip([
        { name: 'exchange.xml', data: xml('a.txt') },
        { name: 'a.txt', data: Buffer.alloc(8 * 1024 * 1024) },
      ]),
      'exchange_package_ratio',
    ],
    [
      'an entry larger than it declares',
      makeZip([{ name: 'exchange.xml', data: xml('a.txt'), declaredSize: 40 }]),
      'exchange_package_ratio',
    ],
    [
      'more objects than the limit',
      makeZip([{ name: 'exchange.xml', data: manyObjects(IMPORT_OBJECTS_MAX + 1) }]),
      'exchange_package_too_many',
    ],
    ['no exchange.xml', makeZip([{ name: 'a.txt', data: 'x' }]), 'exchange_package_no_xml'],
    [
      'XML the schema refuses',
      makeZip([{ name: 'exchange.xml', data: '<BATCH xmlns="https://tmfrefmodel.com/ems"><OTHER/></BATCH>' }]),
      'exchange_package_xml',
    ],
    ['malformed XML', makeZip([{ name: 'exchange.xml', data: '<BATCH><OBJECT>' }]), 'exchange_package_xml'],
  ];
  it.each(cases)('refuses %s with its reason, keeping nothing', async (_what, zip, code) => {
    const view = await uploadPackage(ctx, world.pm.token, zip);
    expect(view.state).toBe('failed');
    expect(view.error?.code).toBe(code);
    expect(view.error?.message).not.toBe(code);
    expect(await rowsOf(view.id)).toEqual([]);
    // The job marks the import failed, then lets go of its zip (in that order: an import still being checked holds
    // its zip against the sweep), so the zip goes a moment after the failure shows.
    await waitFor('the refused zip removed', async () => !(await ctx.deps.blobs.has(sha256(zip))), 5000, 50);
  });
});
