import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { fail } from '../../lib/app-error.ts';
import type { Deps } from '../../lib/deps.ts';
import type { ProjectContext } from '../../plugins/context.ts';
import { contentOf, viewableVersion, type ViewContent } from './viewer.service.ts';

const run = promisify(execFile);

/** Thumbnails are this wide (the list shows them at half that on a retina screen). */
export const THUMBNAIL_WIDTH = 240;

/**
 * The first page of a version as a small PNG (SPEC §7 …/file/picture): a PDF or an Office file's rendition drawn by
 * poppler's pdftoppm, an image scaled down. Made once per content and kept in DATA_DIR/thumbnails, a cache any node
 * can rebuild, so it needs no record. A thumbnail is too small to stand in for the document, so it carries no
 * watermark.
 */
export async function thumbnailOf(deps: Deps, content: ViewContent): Promise<Buffer> {
  if (content.kind !== 'pdf' && content.kind !== 'office' && content.kind !== 'image') fail('not_viewable_online');
  const dir = path.join(deps.config.DATA_DIR, 'thumbnails');
  const cached = path.join(dir, `${content.sha256}.png`);
  const hit = await fs.readFile(cached).catch(() => null);
  if (hit) return hit;
  await fs.mkdir(dir, { recursive: true });
  const png =
    content.kind === 'image' ? await scaledImage(deps, content.sha256) : await firstPage(deps, content.sha256);
  // Written aside and renamed, so a reader never sees half a file.
  const part = `${cached}.${randomUUID()}`;
  await fs.writeFile(part, png);
  await fs.rename(part, cached);
  return png;
}

async function scaledImage(deps: Deps, sha256: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await deps.blobs.get(sha256)) chunks.push(chunk as Buffer);
  return sharp(Buffer.concat(chunks), { limitInputPixels: 100_000_000 })
    .rotate()
    .resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true })
    .png()
    .toBuffer();
}

async function firstPage(deps: Deps, sha256: string): Promise<Buffer> {
  const work = path.join(deps.config.tmpDir, `thumb-${randomUUID()}`);
  await fs.mkdir(work, { recursive: true });
  try {
    const pdf = path.join(work, 'in.pdf');
    await pipeline(await deps.blobs.get(sha256), createWriteStream(pdf));
    const out = path.join(work, 'page');
    await run(
      deps.config.PDFTOPPM_PATH,
      [
        '-png',
        '-f',
        '1',
        '-l',
        '1',
        '-singlefile',
        '-scale-to-x',
        String(THUMBNAIL_WIDTH),
        '-scale-to-y',
        '-1',
        pdf,
        out,
      ],
      { timeout: 60_000 },
    ).catch(() => fail('not_viewable_online'));
    return await fs.readFile(`${out}.png`);
  } finally {
    await fs.rm(work, { recursive: true, force: true });
  }
}

/** GET /folder/workspace/file/picture: the thumbnail of a version the caller may view in the workspace. */
export async function workspaceThumbnail(deps: Deps, ctx: ProjectContext, fileVersionId: number): Promise<Buffer> {
  const { version, kind } = await deps.db.transaction((tx) => viewableVersion(tx, ctx, fileVersionId));
  return thumbnailOf(deps, await contentOf(deps, version, kind));
}
