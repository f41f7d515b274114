import { TrailType } from '@edoc/contract/enums';
import { FolderType } from '@edoc/contract/permissions';
import { TemplateType } from '@edoc/contract/template';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { folders } from '../../db/schema/projects.ts';
import { templates, type TemplateFolder } from '../../db/schema/templates.ts';
import { fail } from '../../lib/app-error.ts';
import type { Deps } from '../../lib/deps.ts';
import { pathKey } from '../template/company-template.service.ts';
import { loadDirectoryTemplate } from '../template/template.service.ts';
import { recordTrail } from '../../trail/trail.service.ts';
import type { ProjectContext } from '../../plugins/context.ts';
import { projectFlags, projectFolders, type FolderRow } from '../../access/folder-rights.ts';
import { insertTemplateFolders } from '../template/template-folders.ts';

/**
 * Merges template folders into one level of the tree: a folder whose name already exists there (ignoring
 * case) is kept and its children merged into it; new ones are appended after the existing siblings.
 */
async function mergeLevel(
  tx: Tx,
  projectId: number,
  type: number,
  parentId: number | null,
  list: TemplateFolder[],
  /** Names of the folders added where nothing of that name stood (their subfolders come with them). */
  created: string[],
): Promise<void> {
  const existing = await tx
    .select()
    .from(folders)
    .where(
      and(
        eq(folders.projectId, projectId),
        eq(folders.type, type),
        parentId === null ? isNull(folders.parentId) : eq(folders.parentId, parentId),
      ),
    );
  const byName = new Map(existing.map((f) => [f.name.toLowerCase(), f.id]));
  let next = existing.reduce((max, f) => Math.max(max, f.sortOrder + 1), 0);
  for (const t of list) {
    const same = byName.get(t.name.toLowerCase());
    if (same) {
      await mergeLevel(tx, projectId, type, same, t.children ?? [], created);
      continue;
    }
    const ids = await insertTemplateFolders(tx, { projectId, type, parentId, firstOrder: next++ }, [t]);
    byName.set(t.name.toLowerCase(), ids.get(pathKey([t.name]))!);
    created.push(t.name);
  }
}

/** POST /folder/template/apply: adds a shipped or company directory template's folders to a tree of the project. */
export async function applyDirectoryTemplate(
  deps: Deps,
  ctx: ProjectContext,
  input: { templateId: number; type: number },
) {
  return deps.db.transaction(async (tx) => {
    const { companyId, libraryFolder } = await projectFlags(tx, ctx.projectId);
    if (input.type === FolderType.Library && !libraryFolder) fail('invalid_value', { field: 'type' });
    const template = await loadDirectoryTemplate(tx, companyId, input.templateId).catch(() =>
      fail('invalid_value', { field: 'templateId' }),
    );
    const before = (await projectFolders(tx, ctx.projectId, input.type)).length;
    const created: string[] = [];
    await mergeLevel(tx, ctx.projectId, input.type, null, template.folders, created);
    const after = (await projectFolders(tx, ctx.projectId, input.type)).length;
    await recordTrail(
      tx,
      { ...ctx.actor, companyId, projectId: ctx.projectId },
      {
        type: TrailType.Create,
        objectType: 'folder_template_apply',
        objectId: template.id,
        oldValue: { type: input.type, folderCount: before },
        newValue: { type: input.type, folderCount: after, template: template.name, added: created },
      },
    );
    return { created: after - before };
  });
}

function toTemplate(rows: FolderRow[], parentId: number | null): TemplateFolder[] {
  return rows
    .filter((f) => f.parentId === parentId)
    .map((f) => {
      const children = toTemplate(rows, f.id);
      return {
        name: f.name,
        ...(f.nameEn ? { nameEn: f.nameEn } : {}),
        ...(f.ichCode ? { ichCode: f.ichCode } : {}),
        ...(children.length ? { children } : {}),
      };
    });
}

/** POST /folder/template/save: the project's tree becomes a company directory template (type 2). */
export async function saveDirectoryTemplate(deps: Deps, ctx: ProjectContext, input: { name: string; type: number }) {
  return deps.db.transaction(async (tx) => {
    const { companyId } = await projectFlags(tx, ctx.projectId);
    const [clash] = await tx
      .select({ id: templates.id })
      .from(templates)
      .where(and(eq(templates.companyId, companyId), sql`lower(${templates.name}) = lower(${input.name})`));
    if (clash) fail('template_name_exists');
    const rows = await projectFolders(tx, ctx.projectId, input.type);
    const [row] = await tx
      .insert(templates)
      .values({ companyId, name: input.name, type: TemplateType.Directory, folders: toTemplate(rows, null) })
      .returning();
    await recordTrail(
      tx,
      { ...ctx.actor, companyId, projectId: ctx.projectId },
      { type: TrailType.Create, objectType: 'template', objectId: row.id, newValue: row },
    );
    return { templateId: row.id, folderCount: rows.length };
  });
}
