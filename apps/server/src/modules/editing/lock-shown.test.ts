import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocStatus } from '@edoc/contract/enums';
import type { FileRow } from '@edoc/contract/document';
import type { FileDetail } from '@edoc/contract/viewer';
import { createTestContext, type TestContext } from '../../test/context.ts';
import {
  createProjectWorld,
  joinProject,
  SAMPLE,
  type ProjectPerson,
  type ProjectWorld,
} from '../../test/factories.ts';
import { client } from '../../test/requests.ts';

// Issue 26, items 6 and 16: the list and the viewer say who holds a document's lock and what it withholds, before
// anyone fills in a route only to be refused 423; the list says whom a document waits on to be received.
let ctx: TestContext;
let world: ProjectWorld;
let other: ProjectPerson;
let folder: number;
let n = 0;

const as = (who: ProjectPerson) => client(ctx.app, who.token);

async function newPdf(fields: Record<string, string | number> = {}): Promise<number> {
  n += 1;
  const res = await as(world.pm).form(
    '/minio/file/save',
    { folderId: folder, name: `Locked ${n}`, ...fields },
    { name: `locked-${n}.pdf`, content: SAMPLE.pdf() },
  );
  expect(res.statusCode).toBe(200);
  return res.json().data.fileId as number;
}
const rowOf = async (who: ProjectPerson, fileId: number): Promise<FileRow> =>
  (await as(who).get(`/folder/workspace/file/list?folderId=${folder}&fileId=${fileId}`)).json().data.data[0];
const detailOf = async (who: ProjectPerson, fileId: number): Promise<FileDetail> =>
  (await as(who).get(`/file/${fileId}`)).json().data;

beforeAll(async () => {
  ctx = await createTestContext();
  world = await createProjectWorld(ctx, 'LK-1');
  other = await joinProject(ctx, world, world.roleIds.STU_PM);
  folder = world.folderByIch.get('8.2.2')!;
});
afterAll(() => ctx.close());

describe('a checked-out document', () => {
  it('names its holder in the list and the viewer, and withholds sending and deleting from everyone', async () => {
    const fileId = await newPdf();
    const free = await detailOf(other, fileId);
    expect(free).toMatchObject({ lock: null, withheld: [] });
    expect(free.actions).toEqual(expect.arrayContaining(['send', 'delete']));

    expect((await as(world.pm).post('/file/ol/start/a', { fileId, mode: 'checkout' })).statusCode).toBe(200);
    const holder = { userId: world.pm.id, userName: expect.any(String), mode: 'checkout' };
    expect((await rowOf(other, fileId)).lock).toMatchObject(holder);
    for (const who of [other, world.pm]) {
      const locked = await detailOf(who, fileId);
      expect(locked.lock).toMatchObject(holder);
      expect(locked.actions).not.toContain('send');
      expect(locked.actions).not.toContain('delete');
      expect(locked.withheld).toEqual(expect.arrayContaining(['send', 'delete']));
    }
    // What the viewer withholds is what the server refuses.
    const send = await as(other).post('/file/apply/save', { fileId, stages: [] });
    expect([send.statusCode, send.json().errorCode]).toEqual([423, 'document_locked']);

    await as(world.pm).del(`/file/ol/revise/symbol/del/${fileId}?discard=1`);
    expect((await rowOf(other, fileId)).lock).toBeNull();
    expect((await detailOf(other, fileId)).withheld).toEqual([]);
  });
});

describe('a document waiting to be received', () => {
  it('names whom it waits on in the list, and nobody once received', async () => {
    const fileId = await newPdf({ assigneeId: other.id });
    const waiting = await rowOf(world.pm, fileId);
    expect(waiting.status).toBe(DocStatus.WaitingReceive);
    expect(waiting.receiverName).toEqual(expect.any(String));
    expect(waiting.receiverName).not.toBe('');
    expect((await as(other).post(`/file/receive/${fileId}/a`)).statusCode).toBe(200);
    expect((await rowOf(world.pm, fileId)).receiverName).toBeNull();
    expect((await rowOf(world.pm, await newPdf())).receiverName).toBeNull();
  });
});
