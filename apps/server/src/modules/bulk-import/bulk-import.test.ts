import { bulkImportView, type BulkImportView } from '@edoc/contract/bulk-import';
import { bulkImportRoutes as r } from '@edoc/contract/bulk-import-routes';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, documentVersions } from '../../db/schema/documents.ts';
import { exchangeImportRows, exchangeImports } from '../../db/schema/exchange.ts';
import { countries, sites } from '../../db/schema/projects.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { importWorld, makeZip, sha256, type ZipEntry } from '../../test/ems-import-fixture.ts';
import { createProjectWorld, SAMPLE, type ProjectWorld } from '../../test/factories.ts';
import { waitFor } from '../../test/nodes.ts';
import { trailOf } from '../../test/records.ts';
import { client, envelopeOf } from '../../test/requests.ts';
import { readSheetLines } from './bulk-import-sheet.ts';
import { fileBulkImport } from './bulk-import-file.ts';

let ctx: TestContext;
let world: ProjectWorld;
let trialFolder: number;
let siteFolder: number;
let artifacts: Map<string, number>;
let siteId: number;
const as = (p: { token: string }) => client(ctx.app, p.token);

beforeAll(async () => {
  ctx = await createTestContext();
  world = await createProjectWorld(ctx, 'BULK-1');
  ({ trialFolder, siteFolder, artifacts } = await importWorld(ctx, world));
  const [cn] = await ctx.db
    .insert(countries)
    .values({ projectId: world.projectId, code: 'CN', name: 'China' })
    .returning();
  [{ id: siteId }] = await ctx.db
    .insert(sites)
    .values({ projectId: world.projectId, code: 'S01', name: 'Peking Union Hospital', countryId: cn.id })
    .returning();
}, 60_000);
afterAll(() => ctx?.close());

// Texts the engine reads: a site's medical licence (site S01, a labelled date) and a trial master file plan.
const LICENCE =
  'Medical License\nSite S01 Peking Union Hospital\nLicense of the institution to practise medicine.\nDate: 2024-03-05\n';
const PLAN = 'Trial Master File Plan\nThe plan of the trial master file for the trial.\nApproved 2023-11-20\n';

/** A multipart body with the zip as `file` and, when given, the spreadsheet as `sheet`. */
function uploadBody(zip: Buffer, sheet?: { name: string; content: Buffer | string }) {
  const b = `----bulk${randomBytes(6).toString('hex')}`;
  const part = (field: string, name: string, content: Buffer | string) => [
    Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\n\r\n`),
    Buffer.from(content),
    Buffer.from('\r\n'),
  ];
  const payload = Buffer.concat([
    ...part('file', 'binder.zip', zip),
    ...(sheet ? part('sheet', sheet.name, sheet.content) : []),
    Buffer.from(`--${b}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${b}` } };
}

async function upload(token: string, zip: Buffer, sheet?: { name: string; content: Buffer | string }) {
  const { payload, headers } = uploadBody(zip, sheet);
  return ctx.app.inject({
    method: 'POST',
    url: `/edoc${r.upload.path}`,
    headers: { ...headers, authorization: `Bearer ${token}` },
    payload,
  });
}

const waitState = (id: number, states: string[]) =>
  waitFor(
    `bulk import ${id} in ${states.join('/')}`,
    async () => {
      const got = await as(world.pm).call(r.get, { params: { id } });
      return states.includes(got.data.state) ? got.data : null;
    },
    30_000,
    100,
  );

async function uploaded(zip: Buffer, sheet?: { name: string; content: string }): Promise<BulkImportView> {
  const res = await upload(world.pm.token, zip, sheet);
  expect(res.statusCode, res.body).toBe(200);
  return waitState(bulkImportView.parse(envelopeOf(res).data).id, ['preview', 'failed']);
}
const rowsOf = async (id: number) =>
  (await as(world.pm).call(r.rows, { params: { id }, query: { pageSize: 200 } })).data.rows;

describe('bulk import with a spreadsheet', () => {
  let view: BulkImportView;
  const zip = makeZip([
    { name: 'binder/plan.txt', data: LICENCE },
    { name: 'binder/S01/licence.txt', data: LICENCE },
    { name: 'binder/other.txt', data: LICENCE },
    { name: 'binder/scan.pdf', data: SAMPLE.pdf() },
    { name: 'binder/tool.exe', data: SAMPLE.exe() },
    { name: '__MACOSX/binder/._plan.txt', data: 'junk' },
  ]);
  // plan.txt reads as a licence, but the spreadsheet says it is the plan: the spreadsheet wins. other.txt names a
  // site the project lacks; missing.txt is not in the zip.
  const sheet = [
    'File,Artifact,Site,Document date,Document name,Version',
    'binder/plan.txt,01.01.01,,2023-11-20,TMF plan,V2.0',
    'other.txt,,S99,05/03/2024,,',
    'missing.txt,01.01.01,,,,',
  ].join('\r\n');

  it('previews every file: the spreadsheet first, suggestions for the rest, problems naming the column', async () => {
    view = await uploaded(zip, { name: 'metadata.csv', content: sheet });
    expect(view).toMatchObject({ state: 'preview', sheetName: 'metadata.csv' });
    // The line naming a file the zip lacks is said, by its line (the header is line 1), not silently dropped.
    expect(view.unmatched).toEqual([{ line: 4, file: 'missing.txt' }]);
    expect(view.summary.files).toBe(5);
    const rows = await rowsOf(view.id);
    const byPath = new Map(rows.map((row) => [row.path, row]));
    const plan = byPath.get('binder/plan.txt')!;
    expect(plan.target).toMatchObject({
      artifactId: artifacts.get('01.01.01'),
      folderId: trialFolder,
      level: 'trial',
      documentDate: '2023-11-20',
      name: 'TMF plan',
      version: 'V2.0',
    });
    expect(plan.from).toMatchObject({ artifact: 'sheet', documentDate: 'sheet', name: 'sheet', version: 'sheet' });
    // The engine still says what it thought.
    expect(plan.suggestions.artifacts[0].value).toBe(artifacts.get('05.02.01'));
    const licence = byPath.get('binder/S01/licence.txt')!;
    expect(licence.target).toMatchObject({
      artifactId: artifacts.get('05.02.01'),
      folderId: siteFolder,
      level: 'site',
      siteId,
      documentDate: '2024-03-05',
    });
    expect(licence.from).toMatchObject({ artifact: 'suggestion', site: 'suggestion', documentDate: 'suggestion' });
    expect(licence.problems).toEqual([]);
    const other = byPath.get('binder/other.txt')!;
    expect(other.target.siteId).toBeNull();
    const bad = other.problems.find((p) => p.code === 'unknown_site')!;
    expect(bad).toMatchObject({ blocking: true, params: { key: 'site', value: 'S99' } });
    expect(bad.message).toContain('Site');
    expect(other.problems.find((p) => p.code === 'bad_date')?.blocking).toBe(false);
    // A file whose text cannot be read is a row with a note, not a failed import.
    const scan = byPath.get('binder/scan.pdf')!;
    expect(scan.problems.some((p) => p.code === 'unreadable_file' && !p.blocking)).toBe(true);
    const exe = byPath.get('binder/tool.exe')!;
    expect(exe.problems.find((p) => p.code === 'type_not_allowed')).toMatchObject({ blocking: true });
    const problemRows = await as(world.pm).call(r.rows, { params: { id: view.id }, query: { problemOnly: true } });
    expect(problemRows.data.rows.map((row) => row.path)).toContain('binder/other.txt');
  });

  it('takes corrections checked against the project, then files the accepted rows', async () => {
    const rows = await rowsOf(view.id);
    const other = rows.find((row) => row.path === 'binder/other.txt')!;
    const scan = rows.find((row) => row.path === 'binder/scan.pdf')!;
    const wrong = await as(world.pm).call(r.correct, {
      params: { id: view.id },
      body: { rows: [{ id: other.id, siteId: 999_999 }] },
    });
    expect(wrong.statusCode).toBe(400);
    const fixed = await as(world.pm).call(r.correct, {
      params: { id: view.id },
      body: {
        rows: [
          { id: other.id, siteId, documentDate: '2024-03-06', decision: 'accept' },
          { id: scan.id, decision: 'skip' },
        ],
      },
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    const after = (await rowsOf(view.id)).find((row) => row.id === other.id)!;
    expect(after.problems.filter((p) => p.blocking)).toEqual([]);
    expect(after.from).toMatchObject({ site: 'user', documentDate: 'user' });
    const plan = rows.find((row) => row.path === 'binder/plan.txt')!;
    const accepted = await as(world.pm).call(r.accept, {
      params: { id: view.id },
      body: { rowIds: [plan.id, other.id] },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const done = await waitState(view.id, ['done', 'failed']);
    expect(done).toMatchObject({ state: 'done', summary: { filed: 2 } });
    const filed = await rowsOf(view.id);
    const states = Object.fromEntries(filed.map((row) => [row.path, row.state]));
    expect(states).toEqual({
      'binder/plan.txt': 'filed',
      'binder/other.txt': 'filed',
      'binder/S01/licence.txt': 'skipped',
      'binder/scan.pdf': 'skipped',
      'binder/tool.exe': 'skipped',
    });
    const [planDoc] = await ctx.db
      .select()
      .from(documents)
      .where(eq(documents.id, filed.find((x) => x.path === 'binder/plan.txt')!.documentId!));
    expect(planDoc).toMatchObject({
      folderId: trialFolder,
      name: 'TMF plan',
      siteId: null,
      documentDate: '2023-11-20',
    });
    const [v] = await ctx.db.select().from(documentVersions).where(eq(documentVersions.documentId, planDoc.id));
    expect(v).toMatchObject({ versionNo: 'V2.0', sha256: sha256(LICENCE), fileName: 'plan.txt' });
    const otherDoc = filed.find((x) => x.path === 'binder/other.txt')!.documentId!;
    const [o] = await ctx.db.select().from(documents).where(eq(documents.id, otherDoc));
    expect(o).toMatchObject({ folderId: siteFolder, siteId, documentDate: '2024-03-06', central: false });
    const trail = await trailOf(ctx.db, 'document', otherDoc);
    expect(trail).toHaveLength(1);
    expect(trail[0].newValue).toMatchObject({
      bulkImported: true,
      importId: view.id,
      filePath: 'binder/other.txt',
      site: 'S01',
    });
    const steps = await trailOf(ctx.db, 'exchange_import', view.id);
    expect(steps.map((t) => (t.newValue as { state?: string }).state ?? 'created')).toEqual([
      'created',
      'filing',
      'done',
    ]);
  });
});

describe('bulk import without a separate spreadsheet', () => {
  it('reads metadata.csv at the zip root; without any, suggestions alone', async () => {
    const withRoot = await uploaded(
      makeZip([
        { name: 'metadata.csv', data: '文件,工件\nplan.txt,Trial Master File Plan\n' },
        { name: 'plan.txt', data: PLAN },
      ]),
    );
    expect(withRoot).toMatchObject({ state: 'preview', sheetName: 'metadata.csv', summary: { files: 1 } });
    expect((await rowsOf(withRoot.id))[0].from.artifact).toBe('sheet');
    const bare = await uploaded(makeZip([{ name: 'plan.txt', data: PLAN }]));
    expect(bare).toMatchObject({ state: 'preview', sheetName: null });
    const [row] = await rowsOf(bare.id);
    expect(row.target).toMatchObject({
      artifactId: artifacts.get('01.01.01'),
      level: 'trial',
      documentDate: '2023-11-20',
    });
    expect(row.from.artifact).toBe('suggestion');
    // Cancelled: its rows and zip go.
    expect((await as(world.pm).call(r.cancel, { params: { id: bare.id } })).data.state).toBe('cancelled');
  });

  it('serves the template, which reads back', async () => {
    const res = await as(world.pm).get(r.template.path);
    expect(res.statusCode).toBe(200);
    const lines = await readSheetLines(res.rawPayload, 'template.xlsx');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ artifact: '8.2.10', documentDate: '2024-03-05' });
  });
});

describe('filing resumed by row', () => {
  it('files each row once when the job runs again after a crash', async () => {
    const files: ZipEntry[] = ['a', 'b', 'c'].map((n) => ({ name: `${n}.txt`, data: `${PLAN}${n}` }));
    const zip = makeZip(files);
    const view = await uploaded(zip);
    const setRows = (state: string, rowNos: number[]) =>
      Promise.all(
        rowNos.map((n) =>
          ctx.db
            .update(exchangeImportRows)
            .set({ state, decision: 'accept' })
            .where(and(eq(exchangeImportRows.importId, view.id), eq(exchangeImportRows.rowNo, n))),
        ),
      );
    // Filing without the route (no job queued): row 1 goes, then the run "crashes" with 2 and 3 left pending.
    const filing = async () => {
      await ctx.deps.blobs.put(Readable.from([zip]));
      await ctx.db.update(exchangeImports).set({ state: 'filing' }).where(eq(exchangeImports.id, view.id));
    };
    await filing();
    await setRows('pending', [1]);
    await setRows('skipped', [2, 3]);
    await fileBulkImport(ctx.deps, view.id);
    await filing();
    await setRows('pending', [2, 3]);
    await Promise.all([fileBulkImport(ctx.deps, view.id), fileBulkImport(ctx.deps, view.id)]);
    const rows = await rowsOf(view.id);
    expect(rows.map((row) => row.state)).toEqual(['filed', 'filed', 'filed']);
    expect(new Set(rows.map((row) => row.documentId)).size).toBe(3);
    for (const row of rows) expect(await trailOf(ctx.db, 'document', row.documentId!)).toHaveLength(1);
    const docs = await ctx.db.select().from(documents).where(eq(documents.folderId, trialFolder));
    expect(docs.filter((d) => d.name.startsWith('Trial Master File Plan') || d.name === 'a')).toHaveLength(3);
  });
});

describe('refusals', () => {
  it('refuses a member without importDoc, storing nothing', async () => {
    const zip = makeZip([{ name: 'x.txt', data: `refused ${Date.now()}` }]);
    const res = await upload(world.staff.token, zip);
    expect(res.statusCode).toBe(403);
    expect(await ctx.deps.blobs.has(sha256(zip))).toBe(false);
    expect((await as(world.staff).call(r.list)).statusCode).toBe(403);
  });

  it('refuses a spreadsheet it cannot read, keeping no zip', async () => {
    const zip = makeZip([{ name: 'y.txt', data: `sheet ${Date.now()}` }]);
    const res = await upload(world.pm.token, zip, { name: 'meta.txt', content: 'x' });
    expect(res.statusCode).toBe(400);
    expect(envelopeOf(res).msg).toContain('Metadata spreadsheet');
    expect(await ctx.deps.blobs.has(sha256(zip))).toBe(false);
  });

  it('fails an import whose metadata.csv has no file column, saying so', async () => {
    const view = await uploaded(
      makeZip([
        { name: 'metadata.csv', data: 'Artifact\n01.01.01\n' },
        { name: 'z.txt', data: PLAN },
      ]),
    );
    expect(view.state).toBe('failed');
    expect(view.error?.message).toContain('metadata.csv');
  });

  it('refuses a hostile zip with the reason: no row, the zip removed', async () => {
    const zip = makeZip([{ name: '../evil.txt', data: 'x' }]);
    const view = await uploaded(zip);
    expect(view.state).toBe('failed');
    expect(view.error?.message).toContain('../evil.txt');
    expect(await ctx.db.select().from(exchangeImportRows).where(eq(exchangeImportRows.importId, view.id))).toEqual([]);
    await waitFor('the refused zip removed', async () => !(await ctx.deps.blobs.has(sha256(zip))), 5000, 50);
  });
});
