import { tmfModelRoutes as r } from '@edoc/contract/tmf-model-routes';
import type { TmfModelDetail } from '@edoc/contract/tmf-model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tmfModels } from '../../db/schema/tmf-models.ts';
import { XLSX_TYPE } from '../../lib/excel.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { createProjectWorld, signIn, type ProjectWorld } from '../../test/factories.ts';
import { client } from '../../test/requests.ts';
import { rowsOf, xlsxOf } from '../../test/xlsx-fixtures.ts';

let ctx: TestContext;
let world: ProjectWorld;
let adminZh: string;

beforeAll(async () => {
  ctx = await createTestContext();
  world = await createProjectWorld(ctx, 'TMFX-1');
  adminZh = await signIn(ctx, world.admin.email, undefined, 'zh-CN');
});
afterAll(() => ctx.close());

const admin = (token = world.admin.token) => client(ctx.app, token);

const upload = (file: Buffer, query: { name: string; source?: string }, token = world.admin.token) =>
  admin(token).callUpload(r.import, { query, file: { name: 'model.xlsx', content: file, type: XLSX_TYPE } });

/**
 * The published Reference Model's layout as its spreadsheet has it: a title row above the header, English headers
 * (here in another order than the export's, and spelt as the alternatives the importer takes), one row per artifact.
 * The first two rows are the Reference Model's own (01.01.01, 01.01.02); zone 02's row is this test's.
 */
const HEADER = [
  'Artifact #',
  'Artifact name',
  'Zone No',
  'ZONE NAME',
  'Section Number',
  'Section Name',
  'Sub-artifacts',
  'Trial Level Document',
  'Country Level Document',
  'Site Level Document',
  'Core or Recommended for inclusion',
  'ICH Code',
  'Date Definition',
];
const TITLE = ['TMF Reference Model v3.3.1'];
const RM_ROWS = [
  [
    '01.01.01',
    'Trial Master File Plan',
    '01',
    'Trial Management',
    '01.01',
    'Trial Oversight',
    'TMF Index\nTMF Plan',
    'X',
    '',
    '',
    'Core',
    '',
    'Approval date',
  ],
  [
    '01.01.02',
    'Trial Management Plan',
    '01',
    'Trial Management',
    '01.01',
    'Trial Oversight',
    '',
    'Yes',
    'Y',
    '',
    'Recommended',
    '8.2.2',
    '',
  ],
  ['02.01.01', 'A test artifact', '02', 'Test zone', '02.01', 'Test section', '', '', '', '✓', 'Core', '', ''],
];

// Two models compare by their content and rules, not by their rows' ids.
const strip = (d: TmfModelDetail) => JSON.stringify(d.zones, (k, v: unknown) => (k === 'id' ? undefined : v));

describe('TMF model workbooks', () => {
  it('imports the published layout: title row skipped, columns by header in any order', async () => {
    const file = await xlsxOf({ 'TMF RM': [TITLE, [], HEADER, ...RM_ROWS] });
    const res = await upload(file, { name: 'TMF RM', source: 'TMF Reference Model v3.3.1' });
    expect(res.statusCode).toBe(200);
    const detail = (await admin().call(r.detail, { params: { id: res.data.id } })).data;
    expect(detail).toMatchObject({ name: 'TMF RM', version: 1, state: 'draft', source: 'TMF Reference Model v3.3.1' });
    expect(detail.zones.map((z) => [z.number, z.nameEn, z.sections.map((s) => s.number)])).toEqual([
      ['01', 'Trial Management', ['01.01']],
      ['02', 'Test zone', ['02.01']],
    ]);
    const [tmfPlan, tmPlan] = detail.zones[0].sections[0].artifacts;
    expect(tmfPlan).toMatchObject({
      number: '01.01.01',
      nameEn: 'Trial Master File Plan',
      subArtifacts: ['TMF Index', 'TMF Plan'],
      levels: ['trial'],
      core: true,
      dateLabel: 'Approval date',
      ichRef: null,
    });
    expect(tmPlan).toMatchObject({ levels: ['trial', 'country'], core: false, ichRef: '8.2.2', subArtifacts: [] });
    expect(detail.zones[1].sections[0].artifacts[0].levels).toEqual(['site']);
  });

  it('refuses a malformed workbook whole, naming each row and column in the reader’s language', async () => {
    const before = await ctx.db.$count(tmfModels);
    const noName = await xlsxOf({ Sheet1: [TITLE, HEADER.filter((h) => h !== 'Artifact name'), ['01.01.01']] });
    const en = await upload(noName, { name: 'Broken' });
    expect([en.statusCode, en.errorCode]).toEqual([400, 'import_invalid']);
    expect((en.json().data as { errors: unknown }).errors).toEqual([
      { row: 2, column: 'Artifact Name', message: 'The column "Artifact Name" is missing' },
    ]);
    const zh = await upload(noName, { name: 'Broken' }, adminZh);
    expect((zh.json().data as { errors: unknown }).errors).toEqual([
      { row: 2, column: '工件英文名称', message: '缺少列“工件英文名称”' },
    ]);

    const rows = [
      RM_ROWS[0],
      ['01.01.A', 'Bad number', '01', 'Trial Management', '01.01', 'Trial Oversight', '', 'X', '', '', '', '', ''],
      ['01.01.01', 'Repeated', '01', 'Trial Management', '01.01', 'Trial Oversight', '', 'X', '', '', '', '', ''],
      ['01.02.01', 'Not under', '01', 'Trial Management', '01.01', 'Trial Oversight', '', 'X', '', '', '', '', ''],
      ['01.01.03', 'No level', '01', 'Trial Management', '01.01', 'Trial Oversight', '', '', 'no', '', '', '', ''],
      ['01.01.04', '', '01', 'Trial Management', '01.01', 'Trial Oversight', '', 'X', '', '', '', '', ''],
    ];
    const file = await xlsxOf({ Sheet1: [TITLE, HEADER, ...rows] });
    const errorsOf = async (token: string) =>
      ((await upload(file, { name: 'Broken' }, token)).json().data as { errors: unknown }).errors;
    expect(await errorsOf(world.admin.token)).toEqual([
      { row: 4, column: 'Artifact #', message: 'Artifact # is invalid' },
      { row: 5, column: 'Artifact #', message: 'Artifact # appears more than once in the file' },
      {
        row: 6,
        column: 'Artifact #',
        message: "Artifact # 01.02.01 must be its parent's number 01.01, a dot and one more part",
      },
      { row: 7, column: 'Trial / Country / Site', message: 'No level is marked (trial, country or site)' },
      { row: 8, column: 'Artifact Name', message: 'Artifact Name is required' },
    ]);
    expect(await errorsOf(adminZh)).toEqual([
      { row: 4, column: '工件编号', message: '工件编号无效' },
      { row: 5, column: '工件编号', message: '工件编号在文件中重复' },
      { row: 6, column: '工件编号', message: '工件编号 01.02.01 须为上级编号 01.01 加一个点和一段编号' },
      { row: 7, column: '试验层级 / 国家层级 / 中心层级', message: '未标明适用层级（试验、国家或中心）' },
      { row: 8, column: '工件英文名称', message: '请输入工件英文名称' },
    ]);
    expect(await ctx.db.$count(tmfModels)).toBe(before);
  });

  it('exports the layout with the Chinese names, and the export imports as the same model', async () => {
    const ich = (await admin().call(r.list)).data.find((m) => m.shipped)!;
    const exported = await admin().call(r.export, { params: { id: ich.id } });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('spreadsheetml');
    const [sheet] = Object.values(await rowsOf(exported.rawPayload));
    expect(sheet[0]).toEqual([
      'Zone #',
      'Zone Name',
      'Section #',
      'Section Name',
      'Artifact #',
      'Artifact Name',
      'Sub-artifacts',
      'Trial',
      'Country',
      'Site',
      'Core or Recommended',
      'ICH Code',
      'Artifact Date',
      'Zone Name (zh)',
      'Section Name (zh)',
      'Artifact Name (zh)',
      'Review',
      'QC',
      'Approval',
      'Due (trial)',
      'Due (country)',
      'Due (site)',
    ]);
    expect(sheet[1].slice(0, 6)).toEqual([
      '8',
      'Essential documents',
      '8.2',
      'Before the clinical phase of the trial',
      '8.2.1',
      "Investigator's brochure",
    ]);

    const again = await upload(exported.rawPayload, { name: 'ICH round trip' });
    expect(again.statusCode).toBe(200);
    const [shipped, copy] = await Promise.all(
      [ich.id, again.data.id].map(async (id) => (await admin().call(r.detail, { params: { id } })).data),
    );
    expect(strip(copy)).toBe(strip(shipped));

    // A model with every attribute set (sub-artifacts, review / QC / approval, a section without artifacts).
    const imported = await upload(await xlsxOf({ Sheet1: [TITLE, HEADER, ...RM_ROWS] }), { name: 'Full' });
    const full = (await admin().call(r.detail, { params: { id: imported.data.id } })).data;
    full.zones[0].sections[0].artifacts[0] = { ...full.zones[0].sections[0].artifacts[0], review: true, qc: true };
    full.zones[1].sections.push({ number: '02.02', nameEn: 'Empty section', nameZh: '空分区', artifacts: [] });
    // The detail's ids and nulls are not part of a request's body.
    const zones = JSON.parse(JSON.stringify(full.zones, (k, v: unknown) => (k === 'id' || v === null ? undefined : v)));
    const body = { name: 'Full', source: 'Test', zones };
    expect((await admin().call(r.update, { params: { id: full.id }, body })).statusCode).toBe(200);
    const saved = (await admin().call(r.detail, { params: { id: full.id } })).data;
    const back = await upload((await admin().call(r.export, { params: { id: full.id } })).rawPayload, {
      name: 'Full again',
    });
    expect(strip((await admin().call(r.detail, { params: { id: back.data.id } })).data)).toBe(strip(saved));
  });

  it("reads each level's due rule, and refuses one it cannot read or on a level the artifact lacks", async () => {
    const header = [...HEADER, 'Due (trial)', 'Due (site)'];
    const ruled = [
      [...RM_ROWS[0], 'first_subject_in +30 monthly', ''],
      [...RM_ROWS[1], '- 0', ''],
      [...RM_ROWS[2], '', 'site_activated -14'],
    ];
    const ok = await upload(await xlsxOf({ Sheet1: [header, ...ruled] }), { name: 'Ruled' });
    expect(ok.statusCode).toBe(200);
    const detail = (await admin().call(r.detail, { params: { id: ok.data.id } })).data;
    const rules = detail.zones.flatMap((z) => z.sections.flatMap((s) => s.artifacts.map((a) => [a.number, a.rules])));
    expect(rules).toEqual([
      ['01.01.01', [{ level: 'trial', milestoneCode: 'first_subject_in', offsetDays: 30, recurrence: 'monthly' }]],
      ['01.01.02', [{ level: 'trial', milestoneCode: null, offsetDays: 0, recurrence: 'once' }]],
      ['02.01.01', [{ level: 'site', milestoneCode: 'site_activated', offsetDays: -14, recurrence: 'once' }]],
    ]);

    const bad = [
      [...RM_ROWS[0], 'first_subject_in soon', ''],
      [...RM_ROWS[1], '', 'site_activated'],
      [...RM_ROWS[2], '', 'site_activated +9999'],
    ];
    const refused = await upload(await xlsxOf({ Sheet1: [header, ...bad] }), { name: 'Ruled badly' });
    expect([refused.statusCode, refused.errorCode]).toEqual([400, 'import_invalid']);
    expect((refused.json().data as { errors: unknown }).errors).toEqual([
      { row: 2, column: 'Due (trial)', message: 'Due (trial) is invalid' },
      { row: 3, column: 'Due (site)', message: 'Due (site) is invalid' },
      { row: 4, column: 'Due (site)', message: 'Due (site) is invalid' },
    ]);
    const unknown = [[...RM_ROWS[0], 'no_such_milestone', '']];
    const refusedCode = await upload(await xlsxOf({ Sheet1: [header, ...unknown] }), { name: 'Ruled unknown' });
    expect([refusedCode.statusCode, refusedCode.errorCode]).toEqual([400, 'expected_rules_invalid']);
  });

  it('offers the header row as the sample; project administrators import nothing', async () => {
    const sample = await admin().call(r.importSample);
    expect(sample.statusCode).toBe(200);
    const [rows] = Object.values(await rowsOf(sample.rawPayload));
    expect(rows).toHaveLength(1);
    expect(rows[0].slice(0, 3)).toEqual(['Zone #', 'Zone Name', 'Section #']);
    const file = await xlsxOf({ Sheet1: [HEADER, ...RM_ROWS] });
    expect((await upload(file, { name: 'By a PM' }, world.pm.token)).statusCode).toBe(403);
  });
});
