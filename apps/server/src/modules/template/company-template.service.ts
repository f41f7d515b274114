import { TrailType } from '@edoc/contract/enums';
import {
  countFolders,
  hasBindings,
  hasFolders,
  hasGroups,
  TEMPLATE_DEPTH_MAX,
  type TemplateBody,
  type TemplateDetail,
  type TemplateFolderInput,
  type TemplateItem,
} from '@edoc/contract/template';
import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { templates } from '../../db/schema/templates.ts';
import { fail } from '../../lib/app-error.ts';
import type { Deps } from '../../lib/deps.ts';
import type { ActorContext } from '../../plugins/context.ts';
import { recordTrail, type TrailActor } from '../../trail/trail.service.ts';

type TemplateRow = typeof templates.$inferSelect;

/** Serialises name checks of one company's templates (no unique index: shipped names count too). */
const NAME_LOCK = 72_620_301;

/** A folder's path key: names from the root, compared ignoring case. */
export const pathKey = (names: readonly string[]) => names.map((n) => n.trim().toLowerCase()).join('\u0000');

/** Every folder path of a tree, as keys. */
export function folderPaths(list: readonly TemplateFolderInput[], prefix: string[] = [], out = new Set<string>()) {
  for (const f of list) {
    const path = [...prefix, f.name];
    out.add(pathKey(path));
    folderPaths(f.children ?? [], path, out);
  }
  return out;
}

function checkFolders(list: readonly TemplateFolderInput[], depth = 1): void {
  if (depth > TEMPLATE_DEPTH_MAX) fail('invalid_value', { field: 'folders' });
  const names = new Set<string>();
  for (const f of list) {
    const key = f.name.trim().toLowerCase();
    if (names.has(key)) fail('folder_name_exists');
    names.add(key);
    checkFolders(f.children ?? [], depth + 1);
  }
}

/**
 * The parts a template of its type carries, checked: sibling folder names and group names are unique ignoring
 * case, and a type-4 binding names one of the template's groups and one of its folders.
 */
export function templateParts(body: TemplateBody) {
  const folders = hasFolders(body.type) ? body.folders : [];
  const groups = hasGroups(body.type) ? body.groups : [];
  const bindings = hasBindings(body.type) ? body.bindings : [];
  checkFolders(folders);
  const groupNames = new Set<string>();
  for (const g of groups) {
    const key = g.name.trim().toLowerCase();
    if (groupNames.has(key)) fail('group_name_exists');
    groupNames.add(key);
  }
  const paths = folderPaths(folders);
  const bound = new Set<string>();
  for (const b of bindings) {
    if (!groupNames.has(b.group.trim().toLowerCase())) fail('invalid_value', { field: 'group' });
    if (!paths.has(pathKey(b.folderPath))) fail('invalid_value', { field: 'folderPath' });
    const key = `${b.group.trim().toLowerCase()}\u0001${pathKey(b.folderPath)}`;
    if (bound.has(key)) fail('invalid_value', { field: 'folderPath' });
    bound.add(key);
  }
  return { folders, groups, bindings };
}

function toItem(t: TemplateRow): TemplateItem {
  return {
    id: t.id,
    name: t.name,
    type: t.type,
    shipped: t.companyId === null,
    folderCount: countFolders(t.folders),
    groupCount: t.groups.length,
    bindingCount: t.bindings.length,
    updatedAt: t.updatedAt.toISOString(),
  };
}

const visibleTo = (companyId: number) => or(isNull(templates.companyId), eq(templates.companyId, companyId));

/** The shipped templates and the company's own, optionally of some types; shipped first, then by name. */
export async function listTemplates(deps: Deps, companyId: number, types?: number[]): Promise<TemplateItem[]> {
  const rows = await deps.db
    .select()
    .from(templates)
    .where(and(visibleTo(companyId), types?.length ? inArray(templates.type, types) : undefined))
    .orderBy(sql`${templates.companyId} nulls first`, templates.name, templates.id);
  return rows.map(toItem);
}

/** A template the company may read (its own or a shipped one); another company's looks missing. */
export async function loadTemplate(tx: Tx, companyId: number, id: number): Promise<TemplateRow> {
  const [t] = await tx
    .select()
    .from(templates)
    .where(and(eq(templates.id, id), visibleTo(companyId)));
  if (!t) fail('not_found');
  return t;
}

export async function getTemplate(deps: Deps, companyId: number, id: number): Promise<TemplateDetail> {
  const t = await loadTemplate(deps.db, companyId, id);
  return { ...toItem(t), folders: t.folders, groups: t.groups, bindings: t.bindings };
}

async function assertNameFree(tx: Tx, companyId: number, name: string, exceptId?: number) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${NAME_LOCK}, ${companyId})`);
  const [clash] = await tx
    .select({ id: templates.id })
    .from(templates)
    .where(
      and(
        visibleTo(companyId),
        sql`lower(${templates.name}) = lower(${name})`,
        exceptId ? ne(templates.id, exceptId) : undefined,
      ),
    );
  if (clash) fail('template_name_exists');
}

const scoped = (actor: TrailActor, companyId: number): TrailActor => ({ ...actor, companyId, projectId: null });

export async function createTemplate(
  deps: Deps,
  ctx: ActorContext,
  { companyId, body }: { companyId: number; body: TemplateBody },
): Promise<number> {
  const parts = templateParts(body);
  return deps.db.transaction(async (tx) => {
    await assertNameFree(tx, companyId, body.name);
    const [row] = await tx
      .insert(templates)
      .values({ companyId, name: body.name, type: body.type, ...parts })
      .returning();
    await recordTrail(tx, scoped(ctx.actor, companyId), {
      type: TrailType.Create,
      objectType: 'template',
      objectId: row.id,
      newValue: { name: row.name, type: row.type, ...parts },
    });
    return row.id;
  });
}

/** Shipped templates belong to edoc: every company reads them, none changes them. */
async function loadOwn(tx: Tx, companyId: number, id: number): Promise<TemplateRow> {
  const t = await loadTemplate(tx, companyId, id);
  if (t.companyId === null) fail('cannot_modify');
  return t;
}

export async function updateTemplate(
  deps: Deps,
  ctx: ActorContext,
  { companyId, id, body }: { companyId: number; id: number; body: TemplateBody },
): Promise<void> {
  const parts = templateParts(body);
  await deps.db.transaction(async (tx) => {
    const before = await loadOwn(tx, companyId, id);
    await assertNameFree(tx, companyId, body.name, id);
    await tx
      .update(templates)
      .set({ name: body.name, type: body.type, ...parts, updatedAt: new Date() })
      .where(eq(templates.id, id));
    await recordTrail(tx, scoped(ctx.actor, companyId), {
      type: TrailType.Update,
      objectType: 'template',
      objectId: id,
      oldValue: {
        name: before.name,
        type: before.type,
        folders: before.folders,
        groups: before.groups,
        bindings: before.bindings,
      },
      newValue: { name: body.name, type: body.type, ...parts },
    });
  });
}

/** Projects keep what a template gave them when they were created, so a template can always be deleted. */
export async function deleteTemplate(
  deps: Deps,
  ctx: ActorContext,
  { companyId, id }: { companyId: number; id: number },
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const before = await loadOwn(tx, companyId, id);
    await tx.delete(templates).where(eq(templates.id, id));
    await recordTrail(tx, scoped(ctx.actor, companyId), {
      type: TrailType.Delete,
      objectType: 'template',
      objectId: id,
      oldValue: {
        name: before.name,
        type: before.type,
        folders: before.folders,
        groups: before.groups,
        bindings: before.bindings,
      },
    });
  });
}
