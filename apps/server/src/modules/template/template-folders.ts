import type { Tx } from '../../db/client.ts';
import { folders } from '../../db/schema/projects.ts';
import type { TemplateFolder } from '../../db/schema/templates.ts';
import { pathKey } from './company-template.service.ts';

/** Where template folders go: one tree (work or library) of a project, under `parentId` (null: the root). */
export interface TemplateFolderPlace {
  projectId: number;
  type: number;
  parentId: number | null;
  /** The sort order of the first new sibling: after the existing ones when merging into a level. */
  firstOrder?: number;
}

/**
 * The one write of folders that come from a template, with their subfolders: a new project's template
 * (template-apply.ts) and a template applied to a project later (directory-template.service.ts). Returns the new
 * folders' ids by their path of names below the place (pathKey), which type-4 bindings resolve against.
 */
export async function insertTemplateFolders(
  tx: Tx,
  place: TemplateFolderPlace,
  list: readonly TemplateFolder[],
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  await insertLevel(tx, place, list, { ids, prefix: [] });
  return ids;
}

/** One level and, depth first, everything below it; `prefix` is the path of names down to this level. */
async function insertLevel(
  tx: Tx,
  place: TemplateFolderPlace,
  list: readonly TemplateFolder[],
  { ids, prefix }: { ids: Map<string, number>; prefix: readonly string[] },
): Promise<void> {
  for (const [i, f] of list.entries()) {
    const [row] = await tx
      .insert(folders)
      .values({
        projectId: place.projectId,
        parentId: place.parentId,
        type: place.type,
        name: f.name,
        nameEn: f.nameEn ?? null,
        ichCode: f.ichCode ?? null,
        sortOrder: (place.firstOrder ?? 0) + i,
      })
      .returning({ id: folders.id });
    const path = [...prefix, f.name];
    ids.set(pathKey(path), row.id);
    await insertLevel(tx, { ...place, parentId: row.id, firstOrder: 0 }, f.children ?? [], { ids, prefix: path });
  }
}
