import { libraryRoutes } from '@edoc/contract/library-routes';
import { DocStatus, TrailType } from '@edoc/contract/enums';
import { FIELD_LABELS } from '@edoc/contract/fields';
import { FolderType } from '@edoc/contract/permissions';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents } from '../../db/schema/documents.ts';
import { libraryEntries } from '../../db/schema/library.ts';
import { folders } from '../../db/schema/projects.ts';
import { trailOf } from '../../test/records.ts';
import { createLibraryWorld, day, type LibraryWorld } from '../../test/library-world.ts';

// Issue 26 item 12: the library keys moveDoc and renameDoc did nothing. A library record is refiled in another
// library folder, or its title corrected, by their holders, archived or waiting to be activated, with a trail row.
let L: LibraryWorld;
let libraryFolders: Array<{ id: number; ichCode: string | null }>;
beforeAll(async () => {
  L = await createLibraryWorld('REC-1');
  libraryFolders = await L.ctx.db
    .select({ id: folders.id, ichCode: folders.ichCode })
    .from(folders)
    .where(and(eq(folders.projectId, L.world.projectId), eq(folders.type, FolderType.Library)));
});
afterAll(() => L.ctx.close());

/** A processed document archived into the library (effective from `from`, today by default). */
async function archivedDocument(from = day(0)) {
  const id = await L.processedDocument();
  const res = await L.as(L.world.pm).call(libraryRoutes.archive, { body: { fileId: id, startDate: from } });
  expect(res.statusCode).toBe(200);
  return id;
}
const entryOf = async (id: number) =>
  (
    await L.ctx.db
      .select()
      .from(libraryEntries)
      .where(and(eq(libraryEntries.documentId, id), isNull(libraryEntries.supersededAt)))
  )[0];

describe('refiling a library record (moveDoc)', () => {
  it('moves its current entry to another library folder, archived or waiting to be activated, with a move row', async () => {
    for (const from of [day(0), day(5)]) {
      const id = await archivedDocument(from);
      const before = await entryOf(id);
      const target = libraryFolders.find((f) => f.id !== before.folderId && f.ichCode)!;
      const res = await L.as(L.world.pm).call(libraryRoutes.refile, { body: { fileId: id, folderId: target.id } });
      expect(res.statusCode).toBe(200);
      expect(res.data.status).toBe(from === day(0) ? DocStatus.Archived : DocStatus.WaitingActivation);
      const after = await entryOf(id);
      expect(after).toMatchObject({ id: before.id, folderId: target.id, versionId: before.versionId });
      const [row] = (await trailOf(L.ctx.db, 'document', id)).filter((r) => r.type === TrailType.Move);
      expect(row).toMatchObject({
        oldValue: { libraryFolderId: before.folderId, entryId: before.id },
        newValue: { libraryFolderId: target.id, entryId: before.id },
      });
    }
  });

  it('refuses without moveDoc, a workspace or unknown folder, the same folder, and a document not in the library', async () => {
    const id = await archivedDocument();
    const entry = await entryOf(id);
    const other = libraryFolders.find((f) => f.id !== entry.folderId)!;
    const refile = (who: { token: string }, folderId: number, fileId = id) =>
      L.as(who).call(libraryRoutes.refile, { body: { fileId, folderId } });
    expect((await refile(L.world.staff, other.id)).statusCode).toBe(403);
    const workspace = (await refile(L.world.pm, L.folder)).json();
    expect(workspace).toMatchObject({ errorCode: 'invalid_value' });
    expect(workspace.msg).toBe(`${FIELD_LABELS.folderId![1]} is invalid`);
    expect((await refile(L.world.pm, 999_999)).statusCode).toBe(404);
    expect((await refile(L.world.pm, entry.folderId)).json()).toMatchObject({ errorCode: 'no_change' });
    const draft = await L.processedDocument();
    expect((await refile(L.world.pm, other.id, draft)).json()).toMatchObject({ errorCode: 'not_in_this_status' });
    expect((await entryOf(id)).folderId).toBe(entry.folderId);
  });
});

describe('retitling a library record (renameDoc)', () => {
  it('corrects the name with an update row, and refuses a name taken in its folder, a blank one, and non-holders', async () => {
    const id = await archivedDocument();
    const taken = await archivedDocument();
    const [{ name: takenName }] = await L.ctx.db.select().from(documents).where(eq(documents.id, taken));
    const retitle = (who: { token: string }, name: string) =>
      L.as(who).call(libraryRoutes.retitle, { body: { fileId: id, name } });
    expect((await retitle(L.world.staff, 'Monitoring plan v2')).statusCode).toBe(403);
    expect((await retitle(L.world.pm, takenName)).json()).toMatchObject({ errorCode: 'duplicate_file_name' });
    expect((await retitle(L.world.pm, '  ')).json()).toMatchObject({
      errorCode: 'required',
      data: { fields: [{ field: 'name' }] },
    });
    const res = await retitle(L.world.pm, 'Monitoring plan v2');
    expect(res.statusCode).toBe(200);
    const [doc] = await L.ctx.db.select().from(documents).where(eq(documents.id, id));
    expect(doc.name).toBe('Monitoring plan v2');
    const rows = (await trailOf(L.ctx.db, 'document', id)).filter((r) => r.type === TrailType.Update);
    expect(rows.at(-1)).toMatchObject({ newValue: { name: 'Monitoring plan v2' } });
  });
});
