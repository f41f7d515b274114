import { documentRoutes } from '@edoc/contract/document-routes';
import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentVersions } from '../../db/schema/documents.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { createProjectWorld, SAMPLE, type ProjectWorld } from '../../test/factories.ts';
import { client } from '../../test/requests.ts';

/**
 * Issue 9: refused uploads must not fill the disk. What the fields allow is checked before the file is read; a
 * file refused once stored (its content, or the change it was for) is removed at once, not by the hourly sweep.
 */
let ctx: TestContext;
let world: ProjectWorld;
let other: ProjectWorld;
let fileId: number;
let otherFileId: number;

/** A PDF of a few megabytes whose bytes no other test stores. */
const bigPdf = (seed: number) =>
  Buffer.concat([SAMPLE.pdf(), Buffer.alloc(3 * 1024 * 1024, seed), Buffer.from('\n%%EOF\n')]);

async function unreferencedBlobs(): Promise<string[]> {
  const referenced = new Set((await ctx.db.select().from(documentVersions)).map((v) => v.sha256));
  const stored: string[] = [];
  for await (const sha of ctx.deps.blobs.list()) stored.push(sha);
  return stored.filter((sha) => !referenced.has(sha));
}

beforeAll(async () => {
  ctx = await createTestContext();
  world = await createProjectWorld(ctx, 'RU-1');
  other = await createProjectWorld(ctx, 'RU-2');
  const upload = (w: ProjectWorld, name: string) =>
    client(ctx.app, w.pm.token).callUpload(documentRoutes.upload, {
      fields: { folderId: w.folderByIch.get('8.2.2')!, name },
      file: { name: 'p.pdf', content: SAMPLE.pdf() },
    });
  fileId = (await upload(world, 'Mine')).data.fileId;
  await upload(world, 'Mine too');
  otherFileId = (await upload(other, 'Theirs')).data.fileId;
});
afterAll(() => ctx.close());

describe('refused uploads', () => {
  it('store nothing when the fields already refuse them', async () => {
    const edit = (token: string, id: number, seed: number) =>
      client(ctx.app, token).callUpload(documentRoutes.edit, {
        fields: { fileId: id },
        file: { name: 'v2.pdf', content: bigPdf(seed) },
      });
    // Another project's document, no edit right (staff hold no grant there), and a name clash.
    expect((await edit(world.pm.token, otherFileId, 1)).statusCode).toBe(404);
    expect((await edit(world.staff.token, fileId, 2)).statusCode).toBeGreaterThanOrEqual(403);
    const clash = await client(ctx.app, world.pm.token).callUpload(documentRoutes.edit, {
      fields: { fileId, name: 'Mine too' },
      file: { name: 'v2.pdf', content: bigPdf(3) },
    });
    expect(clash.json()).toMatchObject({ errorCode: 'duplicate_file_name' });
    expect(await unreferencedBlobs()).toEqual([]);
    expect(await fs.readdir(ctx.deps.config.tmpDir).catch(() => [])).toEqual([]);
  });

  it('refuse a file name the database cannot store (a NUL), naming the file, and store nothing (issue 25)', async () => {
    for (const name of ['bad\u0000name.pdf', '\u0000.pdf']) {
      const res = await client(ctx.app, world.pm.token).callUpload(documentRoutes.upload, {
        fields: { folderId: world.folderByIch.get('8.2.2')!, name: 'Control' },
        file: { name, content: SAMPLE.pdf() },
        headers: { 'accept-language': 'en-US' },
      });
      expect(res.statusCode, name).toBe(400);
      expect(res.json()).toMatchObject({ errorCode: 'invalid_value' });
      expect(res.msg).toMatch(/file/i);
    }
    expect(await unreferencedBlobs()).toEqual([]);
  });

  it('remove a file refused for its content at once', async () => {
    // Named .pdf, but not a PDF: refused by its content signature after it was stored.
    const fake = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(1024 * 1024, 7)]);
    const res = await client(ctx.app, world.pm.token).callUpload(documentRoutes.edit, {
      fields: { fileId },
      file: { name: 'v2.pdf', content: fake },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(await unreferencedBlobs()).toEqual([]);
  });

  it('remove a stored file whose change is refused', async () => {
    // The same content as the current version: "no change", refused after the file was read.
    const same = await client(ctx.app, world.pm.token).callUpload(documentRoutes.edit, {
      fields: { fileId },
      file: { name: 'again.pdf', content: bigPdf(9) },
    });
    expect(same.statusCode).toBe(200);
    const again = await client(ctx.app, world.pm.token).callUpload(documentRoutes.edit, {
      fields: { fileId },
      file: { name: 'again.pdf', content: bigPdf(9) },
    });
    expect(again.json()).toMatchObject({ errorCode: 'no_change' });
    // Shared with the version just made: kept, since a row references it.
    expect(await unreferencedBlobs()).toEqual([]);
    const versions = await ctx.db.select().from(documentVersions);
    const sha = versions.at(-1)!.sha256;
    expect(await ctx.deps.blobs.has(sha)).toBe(true);
  });
});
