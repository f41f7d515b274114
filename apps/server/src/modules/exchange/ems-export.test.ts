import { documentRoutes } from '@edoc/contract/document-routes';
import { downloadRoutes } from '@edoc/contract/download-routes';
import { tmfModelRoutes } from '@edoc/contract/tmf-model-routes';
import { exchangeExportRoutes } from '@edoc/contract/exchange-export-routes';
import type { ExportBody } from '@edoc/contract/exchange';
import { readZip } from '@edoc/test-support/zip-reader';
import { execFile, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, documentVersions, downloadTasks } from '../../db/schema/documents.ts';
import { certifiedCopies } from '../../db/schema/exchange.ts';
import { tmfExpectedRules } from '../../db/schema/expected.ts';
import { milestones, milestoneTypes } from '../../db/schema/milestones.ts';
import { countries, folderGrants, projects, roles, sites } from '../../db/schema/projects.ts';
import { tmfModels } from '../../db/schema/tmf-models.ts';
import { trail } from '../../db/schema/trail.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { joinProject, SAMPLE, type ProjectPerson } from '../../test/factories.ts';
import { client } from '../../test/requests.ts';
import { signedWorld } from '../../test/signed-fixture.ts';
import { packTask } from '../download/download-pack.ts';
import './ems-export-pack.ts';
import { companyModel, ichModel } from '../../test/tmf-project-fixture.ts';

const run = promisify(execFile);
const SCHEMA = path.join(import.meta.dirname, 'standard', 'TmfReferenceModelExchange.xsd');
const missing = spawnSync('xmllint', ['--version']).error !== undefined;
if (missing && process.env.CI === 'true') throw new Error('the export tests need xmllint (libxml2-utils), and CI=true');
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

let ctx: TestContext;
let W: Awaited<ReturnType<typeof signedWorld>>;
let siteMember: ProjectPerson;
let folderMember: ProjectPerson;
const doc = { signed: 0, twoVersions: 0, country: 0, xk: 0, siteOne: 0, siteTwo: 0, ich: 0, loose: 0, closed: 0 };
const ids = { cn: 0, s1: 0, s2: 0, a1: 0, a2: 0, certifiedVersion: 0, trialMark: 0, siteMark: 0 };

async function upload(folderId: number, name: string, set: Partial<typeof documents.$inferInsert> = {}) {
  const res = await client(ctx.app, W.world.pm.token).callUpload(documentRoutes.upload, {
    fields: { folderId, name },
    file: { name: `${name}.pdf`, content: Buffer.concat([SAMPLE.pdf(), Buffer.from(`% ${name}\n`)]) },
  });
  if (res.statusCode !== 200) throw new Error(res.body);
  if (Object.keys(set).length) await ctx.db.update(documents).set(set).where(eq(documents.id, res.data.fileId));
  return res.data.fileId;
}

const exportAs = (p: { token: string }, body: ExportBody) =>
  client(ctx.app, p.token).call(exchangeExportRoutes.create, { body });
const taskDocs = async (id: number) =>
  (await ctx.db.select().from(downloadTasks).where(eq(downloadTasks.id, id)))[0].documentIds;

beforeAll(async () => {
  ctx = await createTestContext();
  W = await signedWorld(ctx, 'EMS-1');
  const { world } = W;
  // A draft may still change: its source is set before it is published (a published model is frozen).
  const model = await companyModel(ctx, world, 'EMS model', false);
  await ctx.db.update(tmfModels).set({ source: 'TMF Reference Model 3.3.1' }).where(eq(tmfModels.id, model.id));
  // The expected list's rules: 01.01.01 at the trial from protocol approval, 01.01.02 at sites from IRB approval.
  await ctx.db.insert(tmfExpectedRules).values([
    {
      modelId: model.id,
      artifactId: model.artifacts.get('01.01.01')!,
      level: 'trial',
      milestoneCode: 'protocol_approved',
    },
    {
      modelId: model.id,
      artifactId: model.artifacts.get('01.01.02')!,
      level: 'site',
      milestoneCode: 'irb_iec_approval',
    },
  ]);
  await client(ctx.app, world.admin.token).call(tmfModelRoutes.publish, {
    params: { id: model.id },
    query: { companyId: world.companyId },
  });
  await ctx.db.update(projects).set({ tmfModelId: model.id }).where(eq(projects.id, world.projectId));
  ids.a1 = model.artifacts.get('01.01.01')!;
  ids.a2 = model.artifacts.get('01.01.02')!;
  const [cn, xk] = await ctx.db
    .insert(countries)
    .values([
      { projectId: world.projectId, code: 'CN', name: 'China' },
      { projectId: world.projectId, code: 'XK', name: 'Kosovo' },
    ])
    .returning();
  const [s1, s2] = await ctx.db
    .insert(sites)
    .values([
      { projectId: world.projectId, name: 'One', code: 'S1', countryId: cn.id },
      { projectId: world.projectId, name: 'Two', code: 'S2', countryId: cn.id },
    ])
    .returning();
  Object.assign(ids, { cn: cn.id, s1: s1.id, s2: s2.id });
  const typeOf = async (code: string) =>
    (
      await ctx.db
        .select()
        .from(milestoneTypes)
        .where(and(eq(milestoneTypes.code, code), isNull(milestoneTypes.companyId)))
    )[0].id;
  const [trialMark, siteMark] = await ctx.db
    .insert(milestones)
    .values([
      {
        projectId: world.projectId,
        typeId: await typeOf('protocol_approved'),
        planned: '2026-01-01',
        updatedBy: world.pm.id,
      },
      {
        projectId: world.projectId,
        typeId: await typeOf('irb_iec_approval'),
        siteId: s1.id,
        planned: '2026-02-01',
        updatedBy: world.pm.id,
      },
    ])
    .returning();
  Object.assign(ids, { trialMark: trialMark.id, siteMark: siteMark.id });

  const open = W.folder; // 8.2.2: viewDoc + downDoc for the members below
  const closed = world.folderByIch.get('8.2.3')!; // viewDoc only for the folder member
  doc.signed = W.fileId;
  await ctx.db
    .update(documents)
    .set({ artifactId: ids.a1, documentDate: '2026-01-10' })
    .where(eq(documents.id, doc.signed));
  doc.twoVersions = await upload(open, 'Plan', { artifactId: ids.a1, documentDate: '2026-03-01' });
  // A second version sharing the first's content (the blob exists), made current.
  const [first] = await ctx.db.select().from(documentVersions).where(eq(documentVersions.documentId, doc.twoVersions));
  const [second] = await ctx.db
    .insert(documentVersions)
    .values({ ...first, id: undefined, versionNo: 'V2.0', createdAt: new Date(Date.now() + 1000) })
    .returning();
  await ctx.db.update(documents).set({ currentVersionId: second.id }).where(eq(documents.id, doc.twoVersions));
  doc.country = await upload(open, 'Country CN', { artifactId: ids.a2, countryId: cn.id, documentDate: '2026-02-01' });
  doc.xk = await upload(open, 'Country XK', { artifactId: ids.a2, countryId: xk.id });
  doc.siteOne = await upload(open, 'Site One', { artifactId: ids.a2, siteId: s1.id, central: false });
  doc.siteTwo = await upload(open, 'Site Two', { artifactId: ids.a2, siteId: s2.id, central: false });
  doc.ich = await upload(open, 'ICH numbered', { artifactId: (await ichModel(ctx)).artifacts.get('8.2.1')! });
  doc.loose = await upload(open, 'No artifact');
  doc.closed = await upload(closed, 'View only', { artifactId: ids.a1 });
  // The first version of the plan is a certified copy (part 4 fills the table; here written directly).
  await ctx.db.insert(certifiedCopies).values({
    versionId: first.id,
    documentId: doc.twoVersions,
    projectId: world.projectId,
    signatureId: W.signature.id,
    certifiedBy: world.pm.id,
    sha256: first.sha256,
    pages: 1,
  });
  ids.certifiedVersion = first.id;

  const role = async (code: string, grants: Array<[number, string[]]>) => {
    const [r] = await ctx.db
      .insert(roles)
      .values({ projectId: world.projectId, code, name: code, docKeys: ['viewDoc', 'downDoc'] })
      .returning();
    await ctx.db.insert(folderGrants).values(
      grants.map(([folderId, docKeys]) => ({
        folderId,
        subjectType: 'role' as const,
        subjectId: r.id,
        docKeys,
        manageLevel: 0,
      })),
    );
    return r.id;
  };
  const both = ['viewDoc', 'downDoc'];
  siteMember = await joinProject(
    ctx,
    world,
    await role('SITE1', [
      [open, both],
      [closed, both],
    ]),
    [s1.id],
  );
  folderMember = await joinProject(
    ctx,
    world,
    await role('FOLDER', [
      [open, both],
      [closed, ['viewDoc']],
    ]),
  );
}, 120_000);

afterAll(async () => {
  await ctx.close();
});

type Row = { id: number; state: string; kind: string; progress: number; error: string | null; report: unknown };
async function settled(token: string, id: number): Promise<Row> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const rows = (await client(ctx.app, token).call(downloadRoutes.taskList)).data.data as Row[];
    const row = rows.find((r) => r.id === id);
    if (row && row.state !== 'packing') return row;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`task ${id} still packing`);
}

const all = (xml: string, tag: string) =>
  [...xml.matchAll(new RegExp(`<${tag}>([^<]*)</${tag}>`, 'g'))].map((m) => m[1]);

describe('the EMS package of the whole project', () => {
  let xml = '';
  let entries: ReturnType<typeof readZip> = [];
  let row: Row;

  beforeAll(async () => {
    const res = await exportAs(W.world.pm, { kind: 'ems' });
    expect(res.statusCode).toBe(200);
    row = await settled(W.world.pm.token, res.data.id);
    const file = await client(ctx.app, W.world.pm.token).call(downloadRoutes.taskFile, { params: { id: row.id } });
    entries = readZip(file.rawPayload);
    xml = entries.find((e) => e.name === 'exchange.xml')!.content.toString('utf8');
  }, 60_000);

  it('completes as a download-center task of kind ems, with its report', () => {
    expect(row).toMatchObject({ state: 'completed', kind: 'ems', progress: 100, error: null });
    const report = row.report as {
      documents: number;
      objects: number;
      leftOut: Array<{ documentId: number; reason: string }>;
    };
    // signed, plan (2 versions), CN, XK, S1, S2, view-only: 7 documents, 8 objects
    expect(report).toMatchObject({ documents: 7, objects: 8 });
    const reasons = new Map(report.leftOut.map((l) => [l.documentId, l.reason]));
    expect(reasons.get(doc.ich)).toContain('8.2.1');
    expect(reasons.get(doc.loose)).toBe('Not filed under a TMF artifact');
    expect(reasons.get(doc.xk)).toContain('XK');
  });

  it.skipIf(missing)('writes exchange.xml that the standard schema validates', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ems-test-'));
    try {
      await fs.writeFile(path.join(dir, 'exchange.xml'), xml);
      await run('xmllint', ['--noout', '--nonet', '--schema', SCHEMA, path.join(dir, 'exchange.xml')]);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  it('maps the batch and the objects as docs/exchange.md says', () => {
    expect(xml).toMatch(/STUDYID="EMS-1"/);
    expect(xml).toMatch(/TMFRMVERSION="3.3.1"/);
    expect(xml).toMatch(/SPECIFICATIONID="edoc-ems-1"/);
    expect(all(xml, 'OBJECTID')).toContain(`EMS-1-D${doc.twoVersions}`);
    expect(all(xml, 'OBJECTVERSIONSTATE').filter((s) => s === 'Superseded')).toHaveLength(1);
    expect(all(xml, 'OBJECTCOPY').filter((s) => s === 'Yes')).toHaveLength(1);
    expect(all(xml, 'UNIQUEID')).toContain(String(ids.certifiedVersion));
    expect(all(xml, 'COUNTRYID').sort()).toEqual(['CHN', 'CHN', 'CHN']);
    expect(all(xml, 'SITEID').sort()).toEqual(['S1', 'S2']);
    expect(xml).toContain('<ARTIFACTDATE>10-JAN-2026</ARTIFACTDATE>');
    expect(xml).not.toContain('ICH numbered');
  });

  it('puts every CONTENTURL in the zip with its INTEGRITY, and a manifest that matches every file', () => {
    const byName = new Map(entries.map((e) => [e.name, e.content]));
    const urls = all(xml, 'CONTENTURL');
    const hashes = all(xml, 'INTEGRITY');
    expect(urls).toHaveLength(hashes.length);
    urls.forEach((url, i) => {
      expect(url).toMatch(/^01\/01\.01\/01\.01\.0[12]\.Trial Management Plan|^01\/01\.01\/01\.01\.0[12]\./);
      expect(`SHA256-${sha(byName.get(url)!)}`).toBe(hashes[i]);
    });
    const manifest = byName.get('manifest-sha256.txt')!.toString('utf8').trim().split('\n');
    expect(manifest).toHaveLength(entries.length - 1);
    for (const line of manifest) {
      const [hash, name] = line.split('  ');
      expect(sha(byName.get(name)!), name).toBe(hash);
    }
  });

  it('carries the signatures, the signed copy and the audit records', () => {
    expect(all(xml, 'USEROID')).toEqual([W.approver.email]);
    expect(all(xml, 'SIGNATUREREASON')).toEqual(['Approved']);
    expect(all(xml, 'SIGNATUREDATETIME')[0]).toMatch(/\+08:00$/);
    expect(all(xml, 'FILEDESCRIPTION')).toEqual(['Signed copy with signature page (PAdES)']);
    const signed = entries.find((e) => e.name.endsWith('-signed.pdf'))!;
    expect(signed.content.subarray(0, 5).toString()).toBe('%PDF-');
    expect(sha(signed.content)).not.toBe(sha(W.original));
    expect(all(xml, 'AUDITENTRYTYPE')).toContain('New');
    expect(all(xml, 'USERREF')).toContain(W.world.pm.email);
  });

  it('records who exported what in the trail', async () => {
    const [t] = await ctx.db
      .select()
      .from(trail)
      .where(and(eq(trail.objectType, 'exchange_export'), eq(trail.objectId, String(row.id))));
    expect(t.newValue).toMatchObject({ kind: 'ems', documentsExported: 9, allVersions: true, milestone: null });
    const byMilestone = await exportAs(W.world.pm, { kind: 'ems', milestoneId: ids.siteMark });
    const [m] = await ctx.db
      .select()
      .from(trail)
      .where(and(eq(trail.objectType, 'exchange_export'), eq(trail.objectId, String(byMilestone.data.id))));
    expect(m.newValue).toMatchObject({ milestone: 'irb_iec_approval S1', documentsExported: 1 });
  });
});

describe('the selection, through the caller rights', () => {
  it('offers the model artifacts, the project countries and the sites the caller sees', async () => {
    const pm = (await client(ctx.app, W.world.pm.token).call(exchangeExportRoutes.options)).data;
    expect(pm.model?.name).toBe('EMS model');
    expect(pm.artifacts.map((a) => a.number)).toEqual(['01.01.01', '01.01.02']);
    expect(pm.countries.map((c) => c.code)).toEqual(['CN', 'XK']);
    expect(pm.sites.map((c) => c.code)).toEqual(['S1', 'S2']);
    expect(pm.milestones.map((m) => [m.nameEn, m.place])).toEqual([
      ['Protocol approved', null],
      ['IRB/IEC approval', 'S1'],
    ]);
    const one = (await client(ctx.app, siteMember.token).call(exchangeExportRoutes.options)).data;
    expect(one.sites.map((c) => c.code)).toEqual(['S1']);
  });

  it('gives a member limited to one site only the central documents and their site', async () => {
    const res = await exportAs(siteMember, { kind: 'ems' });
    expect(res.statusCode).toBe(200);
    const got = await taskDocs(res.data.id);
    expect(got).toContain(doc.siteOne);
    expect(got).not.toContain(doc.siteTwo);
  });

  it('leaves out the folders where the member may view but not download', async () => {
    const res = await exportAs(folderMember, { kind: 'ems', levels: ['trial'] });
    const got = await taskDocs(res.data.id);
    expect(got).not.toContain(doc.closed);
    expect(got).toContain(doc.twoVersions);
  });

  it('narrows by artifact, level, country, site, status and document date', async () => {
    const pm = W.world.pm;
    const docsOf = async (body: ExportBody) => taskDocs((await exportAs(pm, body)).data.id);
    expect((await docsOf({ kind: 'ems', levels: ['site'] })).sort()).toEqual([doc.siteOne, doc.siteTwo].sort());
    expect(await docsOf({ kind: 'ems', levels: ['country'], countryIds: [ids.cn] })).toEqual([doc.country]);
    expect(await docsOf({ kind: 'ems', siteIds: [ids.s2] })).toEqual([doc.siteTwo]);
    expect((await docsOf({ kind: 'ems', artifactIds: [ids.a1], levels: ['trial'] })).sort()).toEqual(
      [doc.signed, doc.twoVersions, doc.closed].sort(),
    );
    expect(await docsOf({ kind: 'ems', documentDateFrom: '2026-02-15', documentDateTo: '2026-12-31' })).toEqual([
      doc.twoVersions,
    ]);
    // A milestone: the artifacts and places of the expected items it dates.
    expect(await docsOf({ kind: 'ems', milestoneId: ids.siteMark })).toEqual([doc.siteOne]);
    expect((await docsOf({ kind: 'ems', milestoneId: ids.trialMark })).sort()).toEqual(
      [doc.signed, doc.twoVersions, doc.closed].sort(),
    );
    const [signedDoc] = await ctx.db.select().from(documents).where(eq(documents.id, doc.signed));
    expect(await docsOf({ kind: 'ems', statuses: [signedDoc.status], artifactIds: [ids.a1] })).toContain(doc.signed);
  });

  it('exports the current versions only when asked', async () => {
    const res = await exportAs(W.world.pm, {
      kind: 'ems',
      artifactIds: [ids.a1],
      levels: ['trial'],
      allVersions: false,
    });
    const row = await settled(W.world.pm.token, res.data.id);
    expect(row.report).toMatchObject({ documents: 3, objects: 3 });
  });

  it('refuses a project without a TMF model', async () => {
    const [{ modelId }] = await ctx.db
      .select({ modelId: projects.tmfModelId })
      .from(projects)
      .where(eq(projects.id, W.world.projectId));
    await ctx.db.update(projects).set({ tmfModelId: null }).where(eq(projects.id, W.world.projectId));
    try {
      const res = await exportAs(W.world.pm, { kind: 'ems' });
      expect(res.statusCode).toBe(409);
      expect(res.body).toContain('exchange_export_no_model');
    } finally {
      await ctx.db.update(projects).set({ tmfModelId: modelId }).where(eq(projects.id, W.world.projectId));
    }
  });

  it('reports a document deleted between the request and the pack', async () => {
    const [task] = await ctx.db
      .insert(downloadTasks)
      .values({
        projectId: W.world.projectId,
        userId: W.world.pm.id,
        name: 'deleted meanwhile',
        documentIds: [doc.siteTwo],
        kind: 'ems',
        selection: { kind: 'ems', allVersions: true },
        expiresAt: new Date(Date.now() + 86_400_000),
      })
      .returning();
    const deletedAt = new Date();
    await ctx.db.update(documents).set({ deletedAt }).where(eq(documents.id, doc.siteTwo));
    try {
      await packTask({ db: ctx.db, blobs: ctx.deps.blobs, store: ctx.deps.config }, task.id);
    } finally {
      await ctx.db.update(documents).set({ deletedAt: null }).where(eq(documents.id, doc.siteTwo));
    }
    const [done] = await ctx.db.select().from(downloadTasks).where(eq(downloadTasks.id, task.id));
    expect(done.status).toBe(1);
    expect(done.report).toMatchObject({
      documents: 0,
      objects: 0,
      leftOut: [{ documentId: doc.siteTwo, code: 'exchange_left_deleted' }],
    });
  });

  it('refuses an empty selection, naming why', async () => {
    const empty = await exportAs(W.world.pm, { kind: 'ems', documentDateFrom: '2030-01-01' });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('exchange_export_empty');
    expect(await exportAs(W.viewer, { kind: 'ems' })).toMatchObject({ statusCode: 400 });
  });
});

describe('the inspection package', () => {
  it('adds part 5 entries to the EMS package, and its verifier passes on the zip as packed', async () => {
    const res = await exportAs(W.world.pm, { kind: 'inspection', artifactIds: [ids.a1], levels: ['trial'] });
    const row = await settled(W.world.pm.token, res.data.id);
    expect(row).toMatchObject({ state: 'completed', kind: 'inspection' });
    const file = await client(ctx.app, W.world.pm.token).call(downloadRoutes.taskFile, { params: { id: row.id } });
    const names = readZip(file.rawPayload).map((e) => e.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'exchange.xml',
        'manifest-sha256.txt',
        'certificate/statement.json',
        'certificate/statement.sig',
        'trail/trail.jsonl',
        'verify/verify.mjs',
        'README.txt',
      ]),
    );
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ems-inspection-'));
    try {
      const zip = path.join(dir, 'package.zip');
      await fs.writeFile(zip, file.rawPayload);
      const cli = path.join(dir, 'verify.mjs');
      await fs.writeFile(cli, readZip(file.rawPayload).find((e) => e.name === 'verify/verify.mjs')!.content);
      const out = await run(process.execPath, [cli, zip, '--lang=en-US']).then(
        (r) => ({ code: 0, text: r.stdout }),
        (e: { code: number; stdout: string }) => ({ code: e.code, text: e.stdout }),
      );
      expect(out.text).toMatch(/files match manifest-sha256.txt/);
      expect(out.text).toMatch(/PDF signature 1 is valid/);
      expect(out.text, out.text).not.toContain('✗');
      expect(out.code).toBe(0);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
