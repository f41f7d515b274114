import { FolderType, type DocKey, type FolderRights } from '@edoc/contract/permissions';
import type { Tx } from '../../db/client.ts';
import { fail } from '../../lib/app-error.ts';
import { folderRights, loadFolder } from '../../access/folder-rights.ts';
import type { ProjectContext } from '../../plugins/context.ts';

/**
 * The caller must hold the document key on the folder (DESIGN §5: grants inherit down the tree, capped by the
 * role). A folder of another project is "not found"; a folder without the key is "forbidden".
 */
export async function requireFolderKey(
  tx: Tx,
  ctx: ProjectContext,
  folderId: number,
  key: DocKey,
  known?: Map<number, FolderRights>,
) {
  const folder = await loadFolder(tx, ctx.projectId, folderId);
  if (folder.type !== FolderType.Work) fail('invalid_value', { field: 'folderId' });
  const rights = known ?? (await folderRights(tx, ctx, 0)).rights;
  const r = rights.get(folderId);
  const allowed = key === 'createDoc' ? r?.canCreateFile : r?.isEnabled && r.docKeys.includes(key);
  if (!allowed) fail('forbidden');
  return { folder, rights: r! };
}
