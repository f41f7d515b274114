import { DocStatus, TrailType } from '@edoc/contract/enums';
import { documentRoutes } from '@edoc/contract/document-routes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents } from '../../db/schema/documents.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { createProjectWorld, PASSWORD, type ProjectWorld, SAMPLE, signIn } from '../../test/factories.ts';
import { trailOf } from '../../test/records.ts';
import { client } from '../../test/requests.ts';

let ctx: TestContext;
let world: ProjectWorld;
let from: number;
let to: number;
/** The project administrator signed in a second time, in Chinese (a session's language wins over Accept-Language). */
let zhToken: string;
let n = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  world = await createProjectWorld(ctx, 'MV-S');
  from = world.folderByIch.get('8.2.1')!;
  to = world.folderByIch.get('8.2.2')!;
  zhToken = await signIn(ctx, world.pm.email, PASSWORD, 'zh-CN');
  await client(ctx.app, zhToken).post('/common/study/entry', { studyId: world.projectId });
});

afterAll(async () => {
  await ctx.close();
});

/** A document put in the status directly: what is tested is the move's rule, not the way there. */
async function documentIn(status: DocStatus) {
  const saved = await client(ctx.app, world.pm.token).callUpload(documentRoutes.upload, {
    fields: { folderId: from, name: `Move in ${status} (${++n})` },
    file: { name: `move-${status}.pdf`, content: SAMPLE.pdf() },
  });
  const { fileId } = saved.data;
  await ctx.db.update(documents).set({ status }).where(eq(documents.id, fileId));
  return fileId;
}

const folderOf = async (fileId: number) =>
  (await ctx.db.select({ folderId: documents.folderId }).from(documents).where(eq(documents.id, fileId)))[0].folderId;

const moveTrail = async (fileId: number) =>
  (await trailOf(ctx.db, 'document', fileId)).filter((row) => row.type === TrailType.Move);

describe('moving a document, by its status (issue 26 item 11)', () => {
  it('moves while editing, with its trail row', async () => {
    const fileId = await documentIn(DocStatus.Editing);
    const moved = await client(ctx.app, world.pm.token).call(documentRoutes.moveMany, {
      body: { fileIds: [fileId], folderId: to },
    });
    expect(moved.status, moved.msg).toBe(true);
    expect(await folderOf(fileId)).toBe(to);
    expect(await moveTrail(fileId)).toHaveLength(1);
  });

  const refused = [
    DocStatus.WaitingReceive,
    DocStatus.InReview,
    DocStatus.InQc,
    DocStatus.InApproval,
    DocStatus.Archived,
    DocStatus.WaitingActivation,
    DocStatus.Processed,
    DocStatus.DeletionInApproval,
  ];
  it.each(refused)(
    'refuses status %i with 409 in both languages, on both paths, and changes nothing',
    async (status) => {
      const fileId = await documentIn(status);
      const en = await client(ctx.app, world.pm.token, { lang: 'en-US' }).call(documentRoutes.moveMany, {
        body: { fileIds: [fileId], folderId: to },
      });
      expect(en.statusCode).toBe(409);
      expect(en.errorCode).toBe('not_in_this_status');
      expect(en.msg).toBe("This action is not possible in the document's current status, refresh the page");
      const zh = await client(ctx.app, zhToken).call(documentRoutes.move, {
        params: { fileId, folderId: to },
      });
      expect(zh.statusCode).toBe(409);
      expect(zh.msg).toBe('文件当前状态不允许此操作，请刷新页面');
      expect(await folderOf(fileId)).toBe(from);
      expect(await moveTrail(fileId)).toHaveLength(0);
    },
  );

  it('refuses a batch as a whole when one document may not move', async () => {
    const editing = await documentIn(DocStatus.Editing);
    const processed = await documentIn(DocStatus.Processed);
    const res = await client(ctx.app, world.pm.token).call(documentRoutes.moveMany, {
      body: { fileIds: [editing, processed], folderId: to },
    });
    expect(res.statusCode).toBe(409);
    expect([await folderOf(editing), await folderOf(processed)]).toEqual([from, from]);
  });
});
