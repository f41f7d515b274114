import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Deps } from '../../lib/deps.ts';

/** A job has no request: the store, the database and the configuration are all it needs. */
export type JobDeps = Pick<Deps, 'config' | 'db' | 'blobs'>;
import { openFolder, openZip, PackageRefused, underImportDir, type OpenedPackage } from './ems-package.ts';

/** The import row's fields that say where its package is. */
export interface PackageRef {
  packageSha256: string | null;
  serverPath: string | null;
}

/**
 * Runs `work` with the import's package open, and closes it after: an uploaded zip is read in place from a local blob
 * store, or copied from S3 to a temporary file (the central directory is read by offset, which a stream cannot give)
 * removed afterwards whatever happens; a server path is read in place.
 */
export async function withPackage<T>(
  deps: JobDeps,
  ref: PackageRef,
  work: (pkg: OpenedPackage) => Promise<T>,
): Promise<T> {
  const use = async (pkg: OpenedPackage) => {
    try {
      return await work(pkg);
    } finally {
      await pkg.close();
    }
  };
  if (ref.serverPath !== null) {
    const full = underImportDir(deps.config.IMPORT_DIR, ref.serverPath);
    if (!full) throw new PackageRefused('exchange_import_dir_off');
    const stat = await fs.stat(full).catch(() => null);
    if (!stat) throw new PackageRefused('exchange_package_unreadable');
    return use(stat.isDirectory() ? await openFolder(full) : await openZip(full));
  }
  const local = deps.blobs.localPath?.(ref.packageSha256!);
  if (local && (await fs.stat(local).catch(() => null))) return use(await openZip(local));
  await fs.mkdir(deps.config.tmpDir, { recursive: true });
  const tmp = path.join(deps.config.tmpDir, `import-${randomUUID()}.zip`);
  try {
    await pipeline(await deps.blobs.get(ref.packageSha256!), createWriteStream(tmp));
    return await use(await openZip(tmp));
  } finally {
    await fs.rm(tmp, { force: true });
  }
}

/** What hashing one file found. */
export interface FileCheck {
  ok: boolean | null;
  size: number | null;
  problem: 'missing_file' | 'checksum_mismatch' | 'unreadable_file' | 'unknown_integrity' | null;
}

/** INTEGRITY as the standard writes it, `SHA256-<hex>`: the hex, or null for another algorithm. */
export function sha256Of(integrity: string): string | null {
  const m = /^SHA-?256-(.*)$/i.exec(integrity.trim());
  return m ? m[1].toLowerCase() : null;
}

/**
 * Hashes one file of the package against its INTEGRITY. A bomb found while inflating refuses the whole package
 * (PackageRefused passes through); any other read error is this file's problem alone.
 */
export async function checkFile(pkg: OpenedPackage, contentUrl: string, integrity: string): Promise<FileCheck> {
  const entry = pkg.entries.get(contentUrl);
  if (!entry) return { ok: false, size: null, problem: 'missing_file' };
  let digest: { sha256: string; size: number };
  try {
    digest = await entry.digest();
  } catch (err) {
    if (err instanceof PackageRefused) throw err;
    return { ok: false, size: null, problem: 'unreadable_file' };
  }
  const size = digest.size;
  const expected = sha256Of(integrity);
  if (expected === null) return { ok: null, size, problem: 'unknown_integrity' };
  const ok = expected === digest.sha256;
  return { ok, size, problem: ok ? null : 'checksum_mismatch' };
}
