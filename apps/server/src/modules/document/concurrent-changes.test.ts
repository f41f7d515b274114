import { folderRoutes } from '@edoc/contract/folder-routes';
import { documentRoutes } from '@edoc/contract/document-routes';
import { TrailType } from '@edoc/contract/enums';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { createProjectWorld, SAMPLE, type ProjectWorld } from '../../test/factories.ts';
import { trailOf } from '../../test/records.ts';
import { client } from '../../test/requests.ts';

/**
 * Issue 9: two identical changes sent at once (a double click, two tabs) must not both happen. The second runs
 * after the first, sees its result, and is refused or records nothing: one change, one trail row.
 */
let ctx: TestContext;
let world: ProjectWorld;
let n = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  world = await createProjectWorld(ctx, 'CC-1');
});
afterAll(() => ctx.close());

const pm = () => client(ctx.app, world.pm.token);
const folderA = () => world.folderByIch.get('8.2.2')!;
const folderB = () => world.folderByIch.get('8.2.3')!;

async function newDocument(): Promise<number> {
  n += 1;
  const res = await pm().callUpload(documentRoutes.upload, {
    fields: { folderId: folderA(), name: `Concurrent ${n}` },
    file: { name: 'c.pdf', content: SAMPLE.pdf() },
  });
  expect(res.statusCode).toBe(200);
  return res.data.fileId;
}

/** Sends the same call twice at once; answers the two status codes, sorted. */
async function twice(send: () => Promise<{ statusCode: number }>): Promise<number[]> {
  const answers = await Promise.all([send(), send()]);
  return answers.map((a) => a.statusCode).sort();
}

const rowsOf = async (objectType: string, id: number, type: number) =>
  (await trailOf(ctx.db, objectType, id)).filter((r) => r.type === type);

describe('identical changes at once', () => {
  it('deletes a document once', async () => {
    const id = await newDocument();
    expect(await twice(() => pm().call(documentRoutes.delete, { body: { fileId: id } }))).toEqual([200, 404]);
    expect(await rowsOf('document', id, TrailType.Delete)).toHaveLength(1);
  });

  it('restores a document once', async () => {
    const id = await newDocument();
    expect((await pm().call(documentRoutes.delete, { body: { fileId: id } })).statusCode).toBe(200);
    const before = (await rowsOf('document', id, TrailType.Update)).length;
    expect(await twice(() => pm().call(documentRoutes.restore, { params: { id } }))).toEqual([200, 404]);
    expect(await rowsOf('document', id, TrailType.Update)).toHaveLength(before + 1);
  });

  it('renames a document once', async () => {
    const id = await newDocument();
    const codes = await twice(() => pm().call(documentRoutes.rename, { body: { fileId: id, name: `Renamed ${id}` } }));
    expect(codes[0]).toBe(200);
    expect(codes[1]).toBeGreaterThanOrEqual(400);
    expect(codes[1]).toBeLessThan(500);
    expect(await rowsOf('document', id, TrailType.Update)).toHaveLength(1);
  });

  it('moves documents once', async () => {
    const ids = [await newDocument(), await newDocument()];
    expect(
      await twice(() => pm().call(documentRoutes.moveMany, { body: { fileIds: ids, folderId: folderB() } })),
    ).toEqual([200, 200]);
    for (const id of ids) expect(await rowsOf('document', id, TrailType.Move)).toHaveLength(1);
  });

  it('renames, moves and deletes a folder once', async () => {
    const created = await pm().call(folderRoutes.create, { body: { name: 'Twice', parentId: 0 } });
    expect(created.statusCode).toBe(200);
    const id = created.data.folderId;
    expect(
      await twice(() => pm().call(folderRoutes.rename, { params: { id }, body: { name: 'Twice renamed' } })),
    ).toEqual([200, 200]);
    expect(await rowsOf('folder', id, TrailType.Update)).toHaveLength(1);
    expect(
      await twice(() => pm().call(folderRoutes.move, { params: { id }, body: { parentId: 0, index: 0 } })),
    ).toEqual([200, 200]);
    expect(await rowsOf('folder', id, TrailType.Move)).toHaveLength(1);
    expect(await twice(() => pm().call(folderRoutes.delete, { params: { id } }))).toEqual([200, 404]);
    expect(await rowsOf('folder', id, TrailType.Delete)).toHaveLength(1);
  });
});
