import { countFolders, TemplateType, type DirectoryTemplateItem } from '@edoc/contract/template';
import { and, count, eq, isNull, ne, or } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { folders } from '../../db/schema/projects.ts';
import { templates, type TemplateFolder } from '../../db/schema/templates.ts';
import { fail } from '../../lib/app-error.ts';
import type { Deps } from '../../lib/deps.ts';
import { ICH_E6_FOLDERS, ICH_TEMPLATE_NAME } from './ich-e6.ts';

export { TemplateType } from '@edoc/contract/template';

/** The templates edoc ships are kept in step with the code at every start. */
export async function seedShippedTemplates(db: Db): Promise<void> {
  const [existing] = await db
    .select({ id: templates.id })
    .from(templates)
    .where(and(isNull(templates.companyId), eq(templates.name, ICH_TEMPLATE_NAME)));
  if (existing) {
    await db
      .update(templates)
      .set({ folders: ICH_E6_FOLDERS, updatedAt: new Date() })
      .where(eq(templates.id, existing.id));
  } else {
    await db
      .insert(templates)
      .values({ name: ICH_TEMPLATE_NAME, type: TemplateType.Directory, folders: ICH_E6_FOLDERS });
  }
}

/** Directory templates a company may apply: the shipped ones and its own. */
export async function listDirectoryTemplates(deps: Deps, companyId: number): Promise<DirectoryTemplateItem[]> {
  const rows = await deps.db
    .select()
    .from(templates)
    .where(
      and(
        or(isNull(templates.companyId), eq(templates.companyId, companyId)),
        ne(templates.type, TemplateType.UserGroup),
      ),
    )
    .orderBy(templates.id);
  return rows.map((t) => ({
    id: t.id,
    name: t.name,
    type: t.type,
    shipped: t.companyId === null,
    folderCount: countFolders(t.folders),
  }));
}

export async function loadDirectoryTemplate(tx: Tx, companyId: number, templateId: number) {
  const [t] = await tx.select().from(templates).where(eq(templates.id, templateId));
  if (!t || (t.companyId !== null && t.companyId !== companyId) || t.type === TemplateType.UserGroup) fail('not_found');
  return t;
}

/** Creates the template's folder tree under `parentId` (null: the root) of a project's work or library tree. */
export async function applyFolders(
  tx: Tx,
  projectId: number,
  list: TemplateFolder[],
  type: number,
  parentId: number | null = null,
): Promise<number> {
  let created = 0;
  for (const [i, f] of list.entries()) {
    const [row] = await tx
      .insert(folders)
      .values({
        projectId,
        parentId,
        type,
        name: f.name,
        nameEn: f.nameEn ?? null,
        ichCode: f.ichCode ?? null,
        sortOrder: i,
      })
      .returning({ id: folders.id });
    created += 1 + (await applyFolders(tx, projectId, f.children ?? [], type, row.id));
  }
  return created;
}

export async function folderCount(tx: Tx, projectId: number): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(folders).where(eq(folders.projectId, projectId));
  return row.n;
}
