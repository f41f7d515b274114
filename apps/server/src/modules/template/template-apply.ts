import { FolderType } from '@edoc/contract/permissions';
import { hasBindings, hasFolders, hasGroups, TemplateType } from '@edoc/contract/template';
import type { Tx } from '../../db/client.ts';
import { folderGrants, groups } from '../../db/schema/projects.ts';
import type { templates } from '../../db/schema/templates.ts';
import { fail } from '../../lib/app-error.ts';
import { insertTemplateFolders } from './template-folders.ts';
import { loadTemplate, pathKey } from './company-template.service.ts';

type TemplateRow = typeof templates.$inferSelect;

/** A user-group template for a new project: type 1, or a type 3/4 template (groups with folders). */
export async function loadGroupTemplate(tx: Tx, companyId: number, id: number): Promise<TemplateRow> {
  const t = await loadTemplate(tx, companyId, id);
  if (t.type === TemplateType.Directory) fail('not_found');
  return t;
}

export interface Applied {
  folders: number;
  groups: number;
  grants: number;
}

/**
 * Applies the templates chosen when a project is created. The directory template gives the folders (and, for
 * types 3/4, its groups; for 4 the grants); the user-group template gives groups (and, for types 3/4 chosen only
 * there, its folders too). Two templates that both bring folders are refused: the trees would collide. Groups
 * named alike in both are created once.
 */
export async function applyProjectTemplates(
  tx: Tx,
  projectId: number,
  { directory, groupTemplate }: { directory: TemplateRow | null; groupTemplate: TemplateRow | null },
): Promise<Applied> {
  const byGroup = groupTemplate && directory?.id !== groupTemplate.id ? groupTemplate : null;
  if (directory && byGroup && hasFolders(byGroup.type)) fail('invalid_value', { field: 'groupTemplateId' });
  const sources = [directory, byGroup].filter((t): t is TemplateRow => t !== null);

  const folderSource = sources.find((t) => hasFolders(t.type));
  const folderIds = folderSource
    ? await insertTemplateFolders(tx, { projectId, type: FolderType.Work, parentId: null }, folderSource.folders)
    : new Map<string, number>();

  const groupIds = new Map<string, number>();
  for (const t of sources.filter((s) => hasGroups(s.type))) {
    for (const g of t.groups) {
      const key = g.name.trim().toLowerCase();
      if (groupIds.has(key)) continue;
      const [row] = await tx
        .insert(groups)
        .values({ projectId, name: g.name, description: g.description ?? null })
        .returning({ id: groups.id });
      groupIds.set(key, row.id);
    }
  }

  let grants = 0;
  for (const t of sources.filter((s) => hasBindings(s.type))) {
    for (const b of t.bindings) {
      const folderId = folderIds.get(pathKey(b.folderPath));
      const subjectId = groupIds.get(b.group.trim().toLowerCase());
      // Bindings are checked when the template is saved; one that no longer resolves is skipped, not fatal.
      if (!folderId || !subjectId) continue;
      const inserted = await tx
        .insert(folderGrants)
        .values({
          folderId,
          subjectType: 'group',
          subjectId,
          docKeys: b.docKeys,
          libraryKeys: b.libraryKeys,
          manageLevel: b.manageLevel,
        })
        .onConflictDoNothing()
        .returning({ id: folderGrants.id });
      grants += inserted.length;
    }
  }
  return { folders: folderIds.size, groups: groupIds.size, grants };
}
