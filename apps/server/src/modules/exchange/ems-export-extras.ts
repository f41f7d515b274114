import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { downloadTasks } from '../../db/schema/documents.ts';
import type { PackDeps } from '../download/download-pack.ts';
import type { PackFile } from '../download/pack-worker.ts';
import { inspectionExtras } from '../inspection-package/inspection-extras.ts';

// The inspection package (issue 28 part 5) is an EMS export with more entries: those are made here, apart from the
// EMS pass (ems-export-pack.ts), which calls this for an inspection task only.

/** The inspection package's entries as pack files: bytes spooled to the temporary folder, each with its sha256. */
export async function extraFiles(
  deps: PackDeps,
  task: typeof downloadTasks.$inferSelect,
  exported: number[],
  files: PackFile[],
  dir: string,
) {
  const packed = files.map((f) => ({ name: f.name, sha256: f.sha256 }));
  const entries = await inspectionExtras(deps, task, exported, { dir, packed });
  const out: PackFile[] = [];
  for (const [i, e] of entries.entries()) {
    let file = e.file;
    if (!file) {
      file = path.join(dir, `extra-${i}`);
      await fs.writeFile(file, e.bytes ?? new Uint8Array());
    }
    const hash = createHash('sha256');
    for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
    const sha256 = hash.digest('hex');
    out.push({
      name: e.path,
      path: file,
      sha256,
      fileName: e.path,
      mtimeMs: Date.now(),
      compress: true,
      signed: false,
    });
  }
  return out;
}
