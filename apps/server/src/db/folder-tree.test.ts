import { documentRoutes } from '@edoc/contract/document-routes';
import { folderRoutes } from '@edoc/contract/folder-routes';
import { FolderType } from '@edoc/contract/permissions';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { createProjectWorld, type ProjectWorld } from '../test/factories.ts';
import { client } from '../test/requests.ts';
import { folderTree } from './folder-tree.ts';
import { documents } from './schema/documents.ts';
import { folders, projects } from './schema/projects.ts';

/**
 * Issue 30: the session look-up of a list no longer carries the project's folder tree; the server keeps each tree by
 * the project's folders_version, which migration 0042's triggers move at every change to its folders. A kept tree
 * must never outlive a change: every kind of change moves the number (of that project only), and the next request
 * shows the change.
 */
let ctx: TestContext;
let one: ProjectWorld;
let other: ProjectWorld;

beforeAll(async () => {
  ctx = await createTestContext();
  one = await createProjectWorld(ctx, 'FT-1');
  other = await createProjectWorld(ctx, 'FT-2');
}, 60_000);
afterAll(() => ctx.close());

const versions = async () => {
  const rows = await ctx.db
    .select({ id: projects.id, v: projects.foldersVersion })
    .from(projects)
    .where(inArray(projects.id, [one.projectId, other.projectId]));
  return new Map(rows.map((r) => [r.id, r.v]));
};

/** Runs a change and answers whether it moved each project's number. */
async function moved(change: () => Promise<unknown>) {
  const before = await versions();
  await change();
  const after = await versions();
  return {
    one: after.get(one.projectId) !== before.get(one.projectId),
    other: after.get(other.projectId) !== before.get(other.projectId),
  };
}

describe('the folder tree kept by its version', () => {
  it('moves the number of the changed project only, for an insert of many, an update and a delete', async () => {
    const made: number[] = [];
    expect(
      await moved(async () => {
        const rows = await ctx.db
          .insert(folders)
          .values(['A', 'B', 'C'].map((name) => ({ projectId: one.projectId, type: FolderType.Work, name })))
          .returning();
        made.push(...rows.map((r) => r.id));
      }),
    ).toEqual({ one: true, other: false });
    expect(await moved(() => ctx.db.update(folders).set({ name: 'B2' }).where(eq(folders.id, made[1]!)))).toEqual({
      one: true,
      other: false,
    });
    expect(await moved(() => ctx.db.delete(folders).where(inArray(folders.id, made)))).toEqual({
      one: true,
      other: false,
    });
    // No number is given twice: the two projects never share one.
    const v = await versions();
    expect(v.get(one.projectId)).not.toBe(v.get(other.projectId));
  });

  it('answers the kept tree while the number holds, and reads again when it moves', async () => {
    const version = (await versions()).get(one.projectId)!;
    const tree = await folderTree(ctx.db, one.projectId, version);
    const stored = await ctx.db.select().from(folders).where(eq(folders.projectId, one.projectId));
    expect(tree.map((f) => f.id).sort()).toEqual(stored.map((f) => f.id).sort());
    expect(await folderTree(ctx.db, one.projectId, version)).toBe(tree);
    await ctx.db.insert(folders).values({ projectId: one.projectId, type: FolderType.Work, name: 'New' });
    const next = await folderTree(ctx.db, one.projectId, (await versions()).get(one.projectId)!);
    expect(next).not.toBe(tree);
    expect(next.map((f) => f.name)).toContain('New');
    // Shared by every request: nobody may change a kept row.
    expect(() => Object.assign(next[0]!, { name: 'x' })).toThrow(TypeError);
  });

  it('shows a renamed folder on the next folder page, whose session look-up brings the rights', async () => {
    const pm = client(ctx.app, one.pm.token);
    const created = await pm.call(folderRoutes.create, { body: { name: 'Before', parentId: 0 } });
    expect(created.statusCode).toBe(200);
    const { folderId } = created.data;
    await ctx.db.insert(documents).values({
      projectId: one.projectId,
      folderId,
      name: 'Kept tree probe',
      status: 1,
      createdBy: one.pm.id,
    });
    const folderOf = async () =>
      (await pm.call(documentRoutes.list, { query: { folderId, pageNum: 1, pageSize: 10 } })).data.data[0]?.folder;
    expect(await folderOf()).toBe('Before');
    expect((await pm.call(folderRoutes.rename, { params: { id: folderId }, body: { name: 'After' } })).statusCode).toBe(
      200,
    );
    expect(await folderOf()).toBe('After');
  });
});
