import { createHash, sign } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { downloadTasks } from '../../db/schema/documents.ts';
import { projects } from '../../db/schema/projects.ts';
import { CHECKPOINT_FILE } from '../../trail/trail-key.ts';
import type { PackDeps } from '../download/download-pack.ts';
import { currentSealKey } from '../seal/seal-key.service.ts';
import { exportTrail, nodeCheckpoints, readProof } from './trail-export.ts';
import { verifierFiles } from './verifier-files.ts';
import { readmeText } from './readme.ts';

/*
 * Issue 28 part 5: what an inspection package holds besides the EMS package (exchange.xml, the files,
 * manifest-sha256.txt): the trail of its documents with the chain segment around them, the trail's proof, the
 * signing certificate, a statement signed with it over every file, the offline verifier and a README
 * (docs/exchange.md part 5). The EMS pack (exchange/ems-export-pack.ts) adds these entries to the same zip.
 */

/** One zip entry: its bytes, or a temporary file (the trail segment may be large) in the `dir` given. */
export interface ExtraEntry {
  path: string;
  bytes?: Uint8Array;
  file?: string;
}

export interface ExtrasOptions {
  /** A temporary folder the caller removes once the zip is written; the trail segment is spooled there. */
  dir?: string;
  /** The package's other files (exchange.xml, manifest, documents), so the signed statement covers the whole zip. */
  packed?: Array<{ name: string; sha256: string }>;
  /** Where this node keeps the trail's signed checkpoints; by default DATA_DIR's (the blob store's tmp is in it). */
  checkpointFile?: string;
}

export const STATEMENT = 'certificate/statement.json';
export const STATEMENT_SIG = 'certificate/statement.sig';
export const FORMAT = 'edoc-inspection-1';
/** The anchor's name in DATA_DIR (config.ts anchorFile). */
const ANCHOR_FILE = 'trail-head.json';

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

export async function inspectionExtras(
  deps: PackDeps,
  task: typeof downloadTasks.$inferSelect,
  documentIds: number[],
  opts: ExtrasOptions = {},
): Promise<ExtraEntry[]> {
  const dir = opts.dir ?? (await fs.mkdtemp(path.join(deps.store.tmpDir, 'inspection-')));
  try {
    return await extras(deps, task, documentIds, opts, dir);
  } finally {
    // Without the caller's folder the segment was read back into memory: nothing is left behind.
    if (!opts.dir) await fs.rm(dir, { recursive: true, force: true });
  }
}

async function extras(
  deps: PackDeps,
  task: typeof downloadTasks.$inferSelect,
  documentIds: number[],
  opts: ExtrasOptions,
  dir: string,
): Promise<ExtraEntry[]> {
  const [project] = await deps.db
    .select({ id: projects.id, code: projects.code })
    .from(projects)
    .where(eq(projects.id, task.projectId));
  const seal = await currentSealKey(deps.db);
  const certificate = Buffer.from(seal.chain.map((c) => c.toString()).join('\n'), 'utf8');
  const trailFile = path.join(dir, 'trail.jsonl');
  // DATA_DIR holds the blob store's tmp, the checkpoints and the anchor (config.ts).
  const dataDir = path.dirname(deps.store.tmpDir);
  const checkpoints = await nodeCheckpoints(opts.checkpointFile ?? path.join(dataDir, CHECKPOINT_FILE));
  const trail = await exportTrail(deps.db, task.projectId, documentIds, trailFile, checkpoints);
  const proof = await readProof(checkpoints, path.join(dataDir, ANCHOR_FILE), trail.summary);
  const entries: ExtraEntry[] = [
    { path: 'certificate/signing-certificate.pem', bytes: certificate },
    opts.dir
      ? { path: 'trail/trail.jsonl', file: trailFile }
      : { path: 'trail/trail.jsonl', bytes: await fs.readFile(trailFile) },
    { path: 'trail/checkpoints.json', bytes: Buffer.from(`${JSON.stringify(proof, null, 2)}\n`, 'utf8') },
    ...(await verifierFiles()),
    { path: 'README.txt', bytes: Buffer.from(readmeText(project.code), 'utf8') },
  ];
  const files = [...(opts.packed ?? []).map((p) => ({ path: p.name, sha256: p.sha256 }))];
  for (const e of entries) files.push({ path: e.path, sha256: e.bytes ? sha256(e.bytes) : trail.sha256 });
  const [cert] = seal.chain;
  const ec = seal.key.asymmetricKeyType === 'ec';
  const statement = {
    format: FORMAT,
    madeAt: new Date().toISOString(),
    project: { id: project.id, code: project.code },
    task: { id: task.id, name: task.name, kind: task.kind, createdAt: task.createdAt.toISOString() },
    documents: documentIds.length,
    certificateSha256: sha256(cert.raw),
    algorithm: ec ? 'ECDSA-SHA256' : 'RSASSA-PKCS1-v1_5-SHA256',
    trail: trail.summary,
    files,
  };
  const body = Buffer.from(`${JSON.stringify(statement, null, 2)}\n`, 'utf8');
  // ECDSA as r‖s (IEEE P1363): what WebCrypto's verify takes, in the browser and in Node alike.
  const signature = sign('sha256', body, ec ? { key: seal.key, dsaEncoding: 'ieee-p1363' } : seal.key);
  return [
    ...entries,
    { path: STATEMENT, bytes: body },
    { path: STATEMENT_SIG, bytes: Buffer.from(`${signature.toString('base64')}\n`, 'utf8') },
  ];
}
