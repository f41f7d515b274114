import { TrailType } from '@edoc/contract/enums';
import { projectEntryRoutes } from '@edoc/contract/project-routes';
import { and, eq, sql } from 'drizzle-orm';
import type ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, documentVersions } from '../../db/schema/documents.ts';
import { trail } from '../../db/schema/trail.ts';
import { documentRoutes, routeStages, signatures } from '../../db/schema/workflow.ts';
import { cellText } from '../../lib/excel.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { createProjectWorld, PASSWORD, signIn, type ProjectPerson } from '../../test/factories.ts';
import { client } from '../../test/requests.ts';
import { popplerTools, poppler } from '../../test/signed-fixture.ts';
import { dayOf, healthWorld, type HealthWorld } from '../../test/tmf-health-fixture.ts';

/*
 * The TMF index (issue 27 part 7) over the small world of tmf-health-fixture.ts (its comment lists every item and
 * document), with d1 given a current version V2.0, archived, approved and signed here. For the project manager:
 * items 1–7, 9, 10 (8 is removed): 8 expected, 3 filed, 5 missing of which 3 overdue, 1 not applicable; documents
 * d1–d5 (d6 is deleted, d7 has no artifact).
 */

let ctx: TestContext;
let H: HealthWorld;
const as = (p: ProjectPerson) => client(ctx.app, p.token);

beforeAll(async () => {
  ctx = await createTestContext();
  H = await healthWorld(ctx, 'TI-1');
  const d1 = H.docs[0];
  const [version] = await ctx.db
    .insert(documentVersions)
    .values({
      documentId: d1,
      versionNo: 'V2.0',
      sha256: 'y',
      size: 1,
      fileName: 'd1.pdf',
      extension: 'pdf',
      mimeType: 'application/pdf',
      createdBy: H.world.pm.id,
    })
    .returning();
  await ctx.db.update(documents).set({ currentVersionId: version.id, status: 6 }).where(eq(documents.id, d1));
  const [route] = await ctx.db
    .insert(documentRoutes)
    .values({ projectId: H.world.projectId, documentId: d1, versionId: version.id, senderId: H.world.pm.id, state: 1 })
    .returning();
  await ctx.db
    .insert(routeStages)
    .values({ routeId: route.id, stage: 5, state: 1, closedAt: new Date(`${dayOf(-3)}T08:00:00Z`) });
  await ctx.db.insert(signatures).values({
    projectId: H.world.projectId,
    documentId: d1,
    versionId: version.id,
    userId: H.world.pm.id,
    sessionId: 1,
    printedName: 'Pat Manager',
    meaning: 'approved',
    contentSha256: 'y',
    timeZone: 'UTC',
    signedAt: new Date(`${dayOf(-3)}T08:00:00Z`),
  });
}, 120_000);
afterAll(() => ctx.close());

async function workbook(p: ProjectPerson, query = ''): Promise<ExcelJS.Workbook> {
  const res = await as(p).get(`/tmf-health/index?format=xlsx${query}`);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-disposition']).toContain('tmf-index-TI-1-');
  const ExcelJS = (await import('exceljs')).default;
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return book;
}

/** A sheet's rows as objects keyed by its header row's text. */
function rowsOf(book: ExcelJS.Workbook, name: string): Array<Record<string, string | undefined>> {
  const sheet = book.getWorksheet(name)!;
  const header = (sheet.getRow(1).values as ExcelJS.CellValue[]).map((v) => cellText(v) ?? '');
  const out: Array<Record<string, string | undefined>> = [];
  sheet.eachRow((row, n) => {
    if (n === 1) return;
    out.push(Object.fromEntries(header.map((h, i) => [h, cellText(row.getCell(i).value)]).filter(([h]) => h)));
  });
  return out;
}

describe('the TMF index as a workbook', () => {
  it('lists every artifact, the items with their states, the documents with status, version and dates', async () => {
    const book = await workbook(H.world.pm);
    expect(book.worksheets.map((s) => s.name)).toEqual(['Index', 'Gaps', 'Summary']);
    const index = rowsOf(book, 'Index');
    const [{ n }] = (
      await ctx.db.execute<{ n: number }>(
        sql`select count(*)::int as n from tmf_artifacts a join projects p on p.tmf_model_id = a.model_id where p.id = ${H.world.projectId}`,
      )
    ).rows;
    expect(new Set(index.map((row) => row['No.'])).size).toBe(n);
    const items = index.filter((row) => row.Row === 'Expected item');
    expect(items).toHaveLength(9);
    const a = items.filter((row) => row['No.'] === '8.2.1');
    expect(a.map((row) => [row.Level, row.Country, row.Site, row.Occurrence, row.State])).toEqual([
      ['Trial', undefined, undefined, '1', 'Filed'],
      ['Trial', undefined, undefined, '2', 'Overdue'],
      ['Trial', undefined, undefined, '3', 'Expected'],
      ['Country', 'CN', undefined, '1', 'Overdue'],
      ['Site', 'CN', 'Site One', '1', 'Filed'],
      ['Site', 'US', 'Site Three', '1', 'Expected'],
    ]);
    expect(items.find((row) => row.State === 'Not applicable')).toMatchObject({
      'No.': '8.3.12',
      Site: 'Site One',
      'Reason not applicable': 'None held',
    });
    const docs = index.filter((row) => row.Row === 'Document');
    expect(docs.map((row) => row['Document name']).sort()).toEqual(['d1', 'd2', 'd3', 'd4', 'd5']);
    expect(docs.find((row) => row['Document name'] === 'd1')).toMatchObject({
      'No.': '8.2.1',
      Status: 'Archived',
      Version: 'V2.0',
      'Document date': dayOf(-40),
      'Filed on': dayOf(-5),
      'Approved on': dayOf(-3),
      'Signatures (meaning, signer, UTC time)': `Approved — Pat Manager — ${dayOf(-3)} 08:00:00 UTC`,
    });
    // An artifact with nothing expected and nothing filed still has its line.
    expect(index.some((row) => row.Row === '(nothing expected, nothing filed)')).toBe(true);
  });

  it('the Gaps sheet lists exactly the missing items; the Summary the totals', async () => {
    const book = await workbook(H.world.pm);
    const gaps = rowsOf(book, 'Gaps');
    expect(gaps.map((g) => [g['No.'], g.Level, g.Site ?? g.Country ?? '', g.Occurrence, g.Overdue ?? ''])).toEqual([
      ['8.2.1', 'Trial', '', '2', 'Overdue'],
      ['8.2.1', 'Trial', '', '3', ''],
      ['8.2.1', 'Country', 'CN', '1', 'Overdue'],
      ['8.2.1', 'Site', 'Site Three', '1', ''],
      ['8.3.12', 'Site', 'Site Two', '1', 'Overdue'],
    ]);
    const summary = Object.fromEntries(rowsOf(book, 'Summary').map((row) => [row.Item, row.Value]));
    expect(summary).toMatchObject({
      Project: expect.stringContaining('TI-1'),
      'Generated by': expect.any(String),
      Country: 'All',
      Expected: '8',
      Filed: '3',
      Missing: '5',
      Overdue: '3',
      'Not applicable': '1',
      Documents: '5',
    });
  });

  it('a member limited to a site lists only their site; a country narrows the list', async () => {
    const index = rowsOf(await workbook(H.siteMember), 'Index');
    expect(new Set(index.map((row) => row['No.']))).toEqual(new Set(['8.2.1', '8.3.12']));
    const listed = index.filter((row) => row.Row !== '(nothing expected, nothing filed)');
    expect(listed.map((row) => [row['No.'], row.Row, row.Site ?? ''])).toEqual([
      ['8.2.1', 'Expected item', 'Site One'],
      ['8.2.1', 'Document', 'Site One'],
      ['8.3.12', 'Expected item', 'Site One'],
    ]);
    const us = rowsOf(await workbook(H.world.pm, `&countryId=${H.countryIds.US}`), 'Index');
    expect(us.filter((row) => row.Row === 'Expected item').map((row) => row.Site)).toEqual(['Site Three']);
  });
});

describe.runIf(popplerTools)('the TMF index as a PDF', () => {
  it('shows the headings, artifact numbers, a gap and page numbers in English and in Chinese', async () => {
    const en = await as(H.world.pm).get('/tmf-health/index?format=pdf');
    expect(en.statusCode, en.body).toBe(200);
    expect(en.headers['content-type']).toContain('application/pdf');
    const text = await poppler('pdftotext', en.rawPayload);
    for (const s of ['TMF index', '8.2.1', '8.3.12', '8.4.4', 'Gaps', 'Overdue', 'Site Two', 'Page 1 of', 'TI-1'])
      expect(text).toContain(s);
    const token = await signIn(ctx, H.world.pm.email, PASSWORD, 'zh-CN');
    await client(ctx.app, token).call(projectEntryRoutes.enter, { body: { studyId: H.world.projectId } });
    const zh = await client(ctx.app, token).get('/tmf-health/index?format=pdf');
    expect(zh.statusCode).toBe(200);
    expect(decodeURIComponent(String(zh.headers['content-disposition']))).toContain('TMF索引-TI-1-');
    const zhText = await poppler('pdftotext', zh.rawPayload);
    for (const s of ['TMF 索引', '8.2.1', '缺失', '已逾期', '第 1 页'])
      expect(zhText.replace(/\s+/g, ' ')).toContain(s);
  });
});

describe('input, model and trail', () => {
  it('bad input is a 400 naming the field; a project without a model a 409', async () => {
    const format = await as(H.world.pm).get('/tmf-health/index?format=doc');
    expect(format.statusCode).toBe(400);
    expect(format.body).toContain('format');
    const country = await as(H.world.pm).get('/tmf-health/index?format=pdf&countryId=x');
    expect(country.statusCode).toBe(400);
    expect(country.body).toContain('countryId');
    const other = await createProjectWorld(ctx, 'TI-2');
    const refused = await as(other.pm).get('/tmf-health/index?format=xlsx');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ errorCode: 'tmf_model_none' });
  });

  it('each export writes a trail row with its format, scope and counts', async () => {
    const before = await ctx.db
      .select()
      .from(trail)
      .where(and(eq(trail.objectType, 'tmf_index_export'), eq(trail.objectId, String(H.world.projectId))));
    await as(H.world.pm).get(`/tmf-health/index?format=xlsx&siteId=${H.siteIds.S2}`);
    const rows = await ctx.db
      .select()
      .from(trail)
      .where(and(eq(trail.objectType, 'tmf_index_export'), eq(trail.objectId, String(H.world.projectId))));
    expect(rows.length).toBe(before.length + 1);
    expect(rows.at(-1)).toMatchObject({
      type: TrailType.View,
      newValue: {
        format: 'xlsx',
        country: null,
        site: 'S2',
        itemsExpected: 1,
        itemsFiled: 0,
        itemsMissing: 1,
        itemsOverdue: 1,
        itemsNotApplicable: 0,
        documentsListed: 1,
        sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      },
    });
  });
});
