import type { ExportReport, ExportSelection } from '@edoc/contract/exchange';
import type { ErrorCode } from '@edoc/contract/errors';
import { createHash } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import { once } from 'node:events';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { downloadTasks } from '../../db/schema/documents.ts';
import { companies } from '../../db/schema/companies.ts';
import { countries, projects, sites } from '../../db/schema/projects.ts';
import { tmfModels } from '../../db/schema/tmf-models.ts';
import { signedPdf } from '../seal/signed-copy.ts';
import { registerPacker, runPack, type PackDeps } from '../download/download-pack.ts';
import { STATUS_NAMES, STORED } from '../download/pack-names.ts';
import type { PackFile } from '../download/pack-worker.ts';
import { alpha3Of } from './ems-countries.ts';
import { contentUrl } from './ems-paths.ts';
import { batchClose, batchOpen, objectXml, type EmsFile, type EmsObject } from './ems-xml.ts';
import {
  auditUpTo,
  loadArtifacts,
  PAGE,
  readPage,
  type ArtifactRow,
  type DocRow,
  type Page,
  type VersionRow,
} from './ems-export-page.ts';
import { transferIdOf } from './ems-export.service.ts';
import { extraFiles } from './ems-export-extras.ts';

/*
 * An eTMF-EMS package of an export task (issue 28 part 1, docs/exchange.md "The mapping"). Two passes, memory flat:
 * 1. exchange.xml is written to a temporary file as the task's documents are read PAGE at a time (ems-export-page.ts);
 *    signed copies are made one at a time into temporary files; manifest lines go to their own temporary file.
 * 2. The pack worker (download/pack-worker.ts) streams exchange.xml, the manifest, every stored file from the blob
 *    store and the signed copies into the zip, which the blob store spools and keeps.
 * What stays in memory for the whole export is one small record per zip entry and the first 1,000 left-out lines.
 */

const SPECIFICATION = 'edoc-ems-1';
const LEFT_OUT_KEPT = 1000;
/** The share of the progress bar the XML pass takes; the zip pass fills the rest. */
const XML_SHARE = 30;
const ARTIFACT_NUMBER = /^\d{2}\.\d{2}\.\d{2}$/;
const SIGNED_DESCRIPTION = 'Signed copy with signature page (PAdES)';

type Task = typeof downloadTasks.$inferSelect;

/** TMFRMVERSION: the model's source when it names a version (n.n or n.n.n, no leading zeros), else 3.0. */
export function rmVersionOf(source: string | null): string {
  const m = source ? /(\d+)\.(\d+)(?:\.(\d+))?/.exec(source) : null;
  return m
    ? m
        .slice(1)
        .flatMap((p) => (p === undefined ? [] : [String(Number(p))]))
        .join('.')
    : '3.0';
}

class Writer {
  private readonly hash = createHash('sha256');
  readonly out: WriteStream;
  constructor(readonly file: string) {
    this.out = createWriteStream(file);
  }
  async write(text: string) {
    this.hash.update(text);
    if (!this.out.write(text)) await once(this.out, 'drain');
  }
  async close(): Promise<string> {
    this.out.end();
    await once(this.out, 'finish');
    return this.hash.digest('hex');
  }
}

// The download center's queue packs export tasks with packEms. Registered as this file loads: the server (main.ts,
// through app.ts and ems-export.routes.ts), the tests and the bench import it before any job runs.
registerPacker('ems', packEms);
registerPacker('inspection', packEms);

export async function packEms(deps: PackDeps, task: Task): Promise<{ sha256: string; size: number }> {
  // In the blob store's temporary folder: on the data disk, and swept at start-up should a crash leave it behind.
  await fs.mkdir(deps.store.tmpDir, { recursive: true });
  const dir = await fs.mkdtemp(path.join(deps.store.tmpDir, 'ems-'));
  try {
    const { files, report, exported } = await writeXml(deps, task, dir);
    // Kind inspection (part 5): the trail segment, its proof, the certificate, the signed statement over every file,
    // the verifier and a README go into the same zip (manifest-sha256.txt covers the EMS part, the statement all).
    if (task.kind === 'inspection') files.push(...(await extraFiles(deps, task, exported, files, dir)));
    await deps.db.update(downloadTasks).set({ report, progress: XML_SHARE }).where(eq(downloadTasks.id, task.id));
    return await runPack(deps, task.id, { store: deps.store, files }, { from: XML_SHARE });
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

async function writeXml(deps: PackDeps, task: Task, dir: string) {
  const { db } = deps;
  const selection = task.selection as ExportSelection;
  const [head] = await db
    .select({ code: projects.code, projectId: projects.id, company: companies.name, source: tmfModels.source })
    .from(projects)
    .innerJoin(companies, eq(companies.id, projects.companyId))
    .leftJoin(tmfModels, eq(tmfModels.id, projects.tmfModelId))
    .where(eq(projects.id, task.projectId));
  const countryCode = new Map(
    (await db.select().from(countries).where(eq(countries.projectId, task.projectId))).map((c) => [c.id, c.code]),
  );
  const siteRows = new Map(
    (await db.select().from(sites).where(eq(sites.projectId, task.projectId))).map((s) => [s.id, s]),
  );
  const artifacts = new Map<number, ArtifactRow>();
  const report: ExportReport = { documents: 0, objects: 0, files: 0, leftOutTotal: 0, leftOut: [] };
  const leave = (d: DocRow, code: ErrorCode, params: Record<string, string> = {}) => {
    report.leftOutTotal++;
    if (report.leftOut.length < LEFT_OUT_KEPT) report.leftOut.push({ documentId: d.id, name: d.name, code, params });
  };
  const files: PackFile[] = [];
  const exported: number[] = [];
  const used = new Set<string>();
  const xml = new Writer(path.join(dir, 'exchange.xml'));
  const manifest = new Writer(path.join(dir, 'manifest-sha256.txt'));
  const add = async (file: PackFile) => {
    files.push(file);
    report.files++;
    await manifest.write(`${file.sha256}  ${file.name}\n`);
  };

  await xml.write(
    batchOpen({
      studyId: head.code,
      studySystemId: `edoc-project-${head.projectId}`,
      transferSourceId: head.company,
      transferId: transferIdOf(task.createdAt),
      specificationId: SPECIFICATION,
      tmfRmVersion: rmVersionOf(head.source),
    }),
  );
  const ids = task.documentIds;
  for (let at = 0; at < ids.length; at += PAGE) {
    const page = await readPage(db, task.projectId, ids.slice(at, at + PAGE), selection.allVersions !== false);
    await loadArtifacts(db, artifacts, page.docs);
    const found = new Set(page.docs.map((d) => d.id));
    for (const id of ids.slice(at, at + PAGE))
      if (!found.has(id)) leave({ id, name: `#${id}` } as DocRow, 'exchange_left_deleted');
    for (const d of page.docs) {
      const artifact = d.artifactId === null ? undefined : artifacts.get(d.artifactId);
      const versions = page.versionsOf.get(d.id) ?? [];
      if (d.deletedAt) leave(d, 'exchange_left_deleted');
      else if (!artifact) leave(d, 'exchange_left_no_artifact');
      else if (!ARTIFACT_NUMBER.test(artifact.number))
        leave(d, 'exchange_left_artifact_number', { number: artifact.number });
      else if (versions.length === 0) leave(d, 'exchange_left_no_file');
      else {
        const site = d.siteId === null ? undefined : siteRows.get(d.siteId);
        const countryId = d.countryId ?? site?.countryId ?? null;
        const alpha2 = countryId === null ? undefined : countryCode.get(countryId);
        const alpha3 = alpha2 ? alpha3Of(alpha2) : null;
        if (alpha2 && !alpha3) leave(d, 'exchange_left_country', { code: alpha2 });
        report.documents++;
        exported.push(d.id);
        for (const v of versions) {
          const object = await objectOf(deps, dir, page, { d, v, artifact, site, alpha3, head, used, add, leave });
          await xml.write(objectXml(object));
          report.objects++;
        }
      }
    }
    const pct = Math.floor(((at + PAGE) / ids.length) * XML_SHARE);
    await db
      .update(downloadTasks)
      .set({ progress: Math.min(pct, XML_SHARE - 1) })
      .where(eq(downloadTasks.id, task.id));
  }
  await xml.write(batchClose());
  const xmlSha = await xml.close();
  await manifest.write(`${xmlSha}  exchange.xml\n`);
  const manifestSha = await manifest.close();
  const now = Date.now();
  files.unshift(
    {
      name: 'exchange.xml',
      path: xml.file,
      sha256: xmlSha,
      fileName: 'exchange.xml',
      mtimeMs: now,
      compress: true,
      signed: false,
    },
    {
      name: 'manifest-sha256.txt',
      path: manifest.file,
      sha256: manifestSha,
      fileName: 'manifest-sha256.txt',
      mtimeMs: now,
      compress: true,
      signed: false,
    },
  );
  return { files, report, exported };
}

interface ObjectInput {
  d: DocRow;
  v: VersionRow;
  artifact: ArtifactRow;
  site: { id: number; code: string } | undefined;
  alpha3: string | null;
  head: { code: string };
  used: Set<string>;
  add: (file: PackFile) => Promise<void>;
  leave: (d: DocRow, code: ErrorCode, params?: Record<string, string>) => void;
}

/** One version as an OBJECT: its stored file, and its signed copy when a signature applies and a PDF exists. */
async function objectOf(deps: PackDeps, dir: string, page: Page, i: ObjectInput): Promise<EmsObject> {
  const { d, v, artifact, site } = i;
  // An imported document keeps the id its source gave it, so the object stays one object from system to system.
  const objectId = d.sourceObjectId ?? `${i.head.code}-D${d.id}`;
  const all = page.allVersionsOf.get(d.id) ?? [];
  const next = all[all.findIndex((x) => x.id === v.id) + 1];
  const audit = auditUpTo(page.auditOf.get(d.id) ?? [], next);
  // Two versions numbered alike (an import's) would share a name: the version's id tells them apart.
  const nameOf = (stem: string, ext: string) => {
    let name = contentUrl(artifact.number, artifact.nameEn, `${stem}.${ext}`);
    if (i.used.has(name.toLowerCase())) name = contentUrl(artifact.number, artifact.nameEn, `${stem}-${v.id}.${ext}`);
    i.used.add(name.toLowerCase());
    return name;
  };
  const ext = v.extension.toLowerCase();
  const stored = nameOf(`${objectId}-${v.versionNo}`, ext);
  await i.add({
    name: stored,
    sha256: v.sha256,
    fileName: v.fileName,
    mtimeMs: v.createdAt.getTime(),
    compress: !STORED.has(ext),
    signed: false,
  });
  const emsFiles: EmsFile[] = [
    {
      integrity: `SHA256-${v.sha256}`,
      fileName: stored.slice(stored.lastIndexOf('/') + 1),
      contentUrl: stored,
      signatures: page.signaturesOf.get(v.id) ?? [],
      audit: audit.map(({ id, at, userRef, type, event }) => ({ id, at, userRef, type, event })),
    },
  ];
  const pdfSha256 = ext === 'pdf' ? v.sha256 : page.renditionOf.get(v.sha256);
  if (page.signed.has(v.id) && pdfSha256) {
    const bytes = await signedPdf(deps, { doc: d, version: v, pdfSha256 });
    if (!bytes) i.leave(d, 'exchange_left_signed_copy', { version: v.versionNo });
    else {
      const file = path.join(dir, `signed-${v.id}.pdf`);
      await fs.writeFile(file, bytes);
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      const name = nameOf(`${objectId}-${v.versionNo}-signed`, 'pdf');
      await i.add({ name, path: file, sha256, fileName: name, mtimeMs: Date.now(), compress: false, signed: false });
      emsFiles.push({
        integrity: `SHA256-${sha256}`,
        fileName: name.slice(name.lastIndexOf('/') + 1),
        contentUrl: name,
        description: SIGNED_DESCRIPTION,
        signatures: [],
        audit: [],
      });
    }
  }
  const last = audit.at(-1);
  return {
    objectId,
    level: d.siteId !== null ? 'Site' : d.countryId !== null ? 'Country' : 'Trial',
    countryId: i.alpha3 ?? undefined,
    siteSystemId: site ? `edoc-site-${site.id}` : undefined,
    siteId: site?.code,
    uniqueId: v.id,
    artifactNumber: artifact.number,
    version: v.versionNo,
    versionState: page.obsolete.has(v.id) ? 'Obsolete' : v.id === d.currentVersionId ? 'Current' : 'Superseded',
    title: d.name,
    copy: page.certified.has(v.id),
    expiryDate: d.expirationDate,
    artifactDate: d.documentDate,
    dateDescription: artifact.dateLabel,
    files: emsFiles,
    metadata: [
      { name: 'EDOC.STATUS', value: STATUS_NAMES[d.status] ?? String(d.status) },
      { name: 'EDOC.SHA256', value: v.sha256 },
      ...(last ? [{ name: 'EDOC.TRAILHASH', value: last.hash }] : []),
    ],
  };
}
