import { RoleCode } from '@edoc/contract/enums';
import { folderNameIn } from '@edoc/contract/folder';
import {
  evaluateFolderRights,
  FolderType,
  readOnlyRights,
  type DocKey,
  type FolderRights,
} from '@edoc/contract/permissions';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { folderGrants, folders, groups, members, projects, roles } from '../db/schema/projects.ts';
import { fail } from '../lib/app-error.ts';
import type { ProjectContext } from '../plugins/context.ts';
import { inspectorFolderRights, inspectorFolderType } from './inspector.policy.ts';
import { rightsInputs, type RightsInputs } from '../db/rights-inputs.ts';
import { sitesOf } from './sites.ts';

export type FolderRow = typeof folders.$inferSelect;

/** The project's company and whether it keeps a separate library tree (SPEC §3 libraryFolder). */
export async function projectFlags(tx: Tx, projectId: number) {
  const [p] = await tx
    .select({ companyId: projects.companyId, libraryFolder: projects.libraryFolder })
    .from(projects)
    .where(eq(projects.id, projectId));
  if (!p) fail('not_found');
  return p;
}

/** Folders of the project in display order; without a library tree only the work tree counts. */
export async function projectFolders(tx: Tx, projectId: number, type?: number): Promise<FolderRow[]> {
  const { libraryFolder } = await projectFlags(tx, projectId);
  const rows = await tx
    .select()
    .from(folders)
    .where(and(eq(folders.projectId, projectId), type === undefined ? undefined : eq(folders.type, type)))
    .orderBy(folders.sortOrder, folders.id);
  return depthFirst(libraryFolder ? rows : rows.filter((f) => f.type === FolderType.Work));
}

/** Tree order (each folder followed by its subfolders), so flat lists read like the tree. */
function depthFirst(rows: FolderRow[]): FolderRow[] {
  const children = new Map<number, FolderRow[]>();
  for (const f of rows) {
    const list = children.get(f.parentId ?? 0) ?? [];
    list.push(f);
    children.set(f.parentId ?? 0, list);
  }
  const out: FolderRow[] = [];
  const walk = (parentId: number) => {
    for (const f of children.get(parentId) ?? []) {
      out.push(f);
      walk(f.id);
    }
  };
  for (const type of [FolderType.Work, FolderType.Library])
    for (const f of (children.get(0) ?? []).filter((r) => r.type === type)) {
      out.push(f);
      walk(f.id);
    }
  return out;
}

/** projectFolders' choice among the rights inputs' folders: the type asked for, the library tree only where kept. */
const foldersIn = (inputs: RightsInputs, type?: number) =>
  depthFirst(
    inputs.folders.filter(
      (f) => (type === undefined || f.type === type) && (inputs.libraryFolder || f.type === FolderType.Work),
    ),
  );

/**
 * projectFolders of the entered project, from the rights the session brought when the route asked for them
 * (RouteSpec.preloadRights), else read now.
 */
export const sessionFolders = (tx: Tx, ctx: ProjectContext, type?: number): Promise<FolderRow[]> =>
  ctx.auth.rights ? Promise.resolve(foldersIn(ctx.auth.rights, type)) : projectFolders(tx, ctx.projectId, type);

const ref = (f: FolderRow) => ({ id: f.id, parentId: f.parentId ?? 0, type: f.type });
const NO_SUBJECT = { userId: 0, roleId: null, groupIds: [], roleDocKeys: [], roleLibraryKeys: [] };

/**
 * Rights of one user on the given folders (DESIGN §5), evaluated by the contract's rule. A member with the
 * built-in STU_PM role, or a caller marked fullAccess (the company administrator), gets everything. Null: not a member.
 */
export async function rightsOfUser(
  tx: Tx,
  projectId: number,
  { userId, rows, fullAccess = false }: { userId: number; rows: FolderRow[]; fullAccess?: boolean },
): Promise<Map<number, FolderRights> | null> {
  if (fullAccess) return rightsFrom(rows, { userId, fullAccess, member: null, groupIds: [], grants: [] });
  const [member] = await tx
    .select({
      roleId: members.roleId,
      code: roles.code,
      builtin: roles.builtin,
      docKeys: roles.docKeys,
      libraryKeys: roles.libraryKeys,
    })
    .from(members)
    .innerJoin(roles, eq(roles.id, members.roleId))
    .where(and(eq(members.projectId, projectId), eq(members.userId, userId)));
  if (!member) return null;
  const groupRows = await tx
    .select({ id: groups.id })
    .from(groups)
    .where(and(eq(groups.projectId, projectId), sql`${userId} = any(${groups.memberIds})`));
  const grants = await tx
    .select()
    .from(folderGrants)
    .innerJoin(folders, eq(folders.id, folderGrants.folderId))
    .where(eq(folders.projectId, projectId));
  return rightsFrom(rows, {
    userId,
    fullAccess,
    member,
    groupIds: groupRows.map((g) => g.id),
    grants: grants.map((g) => g.folder_grants),
  });
}

/** The rule of rightsOfUser on what it read; null: not a member. */
function rightsFrom(
  rows: FolderRow[],
  inputs: Pick<RightsInputs, 'groupIds' | 'grants'> & {
    userId: number;
    fullAccess: boolean;
    member: Omit<NonNullable<RightsInputs['member']>, 'siteIds'> | null;
  },
): Map<number, FolderRights> | null {
  const { userId, fullAccess, member } = inputs;
  if (fullAccess) return evaluateFolderRights(rows.map(ref), [], { ...NO_SUBJECT, fullAccess: true });
  if (!member) return null;
  // The built-in row, never a code string alone (issue 9: a custom role may not borrow STU_PM's power).
  if (member.builtin && member.code === RoleCode.ProjectAdmin) {
    return evaluateFolderRights(rows.map(ref), [], { ...NO_SUBJECT, fullAccess: true });
  }
  return evaluateFolderRights(rows.map(ref), inputs.grants, {
    userId,
    roleId: member.roleId,
    groupIds: inputs.groupIds,
    roleDocKeys: member.docKeys,
    roleLibraryKeys: member.libraryKeys,
    fullAccess: false,
  });
}

/**
 * Every folder of the project with the caller's rights on it. An inspector sees only the folders archived documents
 * are filed in (the library tree, or the work tree of a project without one); a closed project leaves only reading.
 */
export async function folderRights(
  tx: Tx,
  ctx: ProjectContext,
  type?: number,
): Promise<{ rows: FolderRow[]; rights: Map<number, FolderRights>; siteIds: number[] | null }> {
  // The tree, the membership, the groups and the grants from one statement (db/rights-inputs.ts), then the same rule:
  // read with the session when the route asked for it (plugins/auth.ts), else now.
  const inputs = ctx.auth.rights ?? (await rightsInputs(tx, ctx.projectId, ctx.auth.user.id)) ?? fail('not_found');
  const rows = foldersIn(inputs, type);
  // The sites the caller sees (visibleSites' rule), from the same read.
  const siteIds = sitesOf(ctx.fullAccess, inputs.member?.siteIds);
  if (ctx.inspector) {
    const shelf = inspectorFolderType(inputs.libraryFolder);
    const shelves = rows.filter((f) => f.type === shelf);
    const own = inspectorFolderRights(ctx.inspector);
    return { rows: shelves, rights: new Map(shelves.map((f) => [f.id, own])), siteIds };
  }
  const rights = rightsFrom(rows, { ...inputs, userId: ctx.auth.user.id, fullAccess: ctx.fullAccess });
  if (!rights) fail('forbidden');
  if (ctx.readOnly) for (const [id, r] of rights) rights.set(id, readOnlyRights(r));
  return { rows, rights, siteIds };
}

/**
 * The one rule for folder management (SPEC §3 manageFolder): project administrators may do anything; others
 * need manage level 2 on the folder to rename, move or delete it, and 3 on a folder to create folders in it.
 * The root (null) belongs to project administrators only.
 */
export async function requireFolderLevel(
  tx: Tx,
  ctx: ProjectContext,
  { folderId, level }: { folderId: number | null; level: 2 | 3 },
) {
  if (ctx.fullAccess) return;
  if (folderId === null) fail('forbidden');
  const { rights } = await folderRights(tx, ctx);
  if ((rights.get(folderId)?.manageLevel ?? 0) < level) fail('forbidden');
}

/** Loads a folder of the caller's project; another project's folder is "not found". */
export const loadFolder = (tx: Tx, projectId: number, folderId: number) => folderRow(tx, projectId, folderId, false);

async function folderRow(tx: Tx, projectId: number, folderId: number, lock: boolean): Promise<FolderRow> {
  const query = tx
    .select()
    .from(folders)
    .where(and(eq(folders.id, folderId), eq(folders.projectId, projectId)));
  const [f] = lock ? await query.for('update') : await query;
  if (!f) fail('not_found');
  return f;
}

/**
 * loadFolder for a change: the row stays locked to the end of the transaction, so two identical changes at once
 * run one after the other and the second sees the first's result (a deleted folder is then "not found").
 */
export const lockFolder = (tx: Tx, projectId: number, folderId: number) => folderRow(tx, projectId, folderId, true);

/**
 * Names of the folders from the root down to `id`, for flat lists where twins must be told apart; with a reader's
 * language, each name in it as the folder tree shows it (folderNameIn: the English name in English where there is
 * one), else the folders' own names.
 */
export function pathOf(id: number, byId: Map<number, FolderRow>, lang?: string): string[] {
  const names: string[] = [];
  // The depth cap only guards against a corrupt cycle; moves refuse to create one.
  for (let f = byId.get(id); f && names.length < 64; f = f.parentId ? byId.get(f.parentId) : undefined) {
    names.unshift(lang ? folderNameIn(lang, f.name, f.nameEn) : f.name);
  }
  return names;
}

export type { FolderRights };

/**
 * The folders whose documents the caller may view (enabled, with viewDoc): what search and duplicates read; with
 * `under`, only that folder and its subfolders.
 */
export async function viewableFolderIds(tx: Tx, ctx: ProjectContext, under?: number): Promise<number[]> {
  const { rows, rights } = await folderRights(tx, ctx, 0);
  // A folder and everything below it: children of what is inside join it until none is left to join.
  const inside = under === undefined ? null : new Set([under]);
  for (let size = 0; inside && inside.size > size;) {
    size = inside.size;
    for (const f of rows) if (f.parentId !== null && inside.has(f.parentId)) inside.add(f.id);
  }
  return rows
    .filter((f) => !inside || inside.has(f.id))
    .filter((f) => rights.get(f.id)?.isEnabled && rights.get(f.id)?.docKeys.includes('viewDoc'))
    .map((f) => f.id);
}

/** What the caller may do with documents of a folder, for the web to show or hide actions. */
export const docAbilitiesOf = (r: FolderRights | undefined): DocKey[] => (r?.isEnabled ? r.docKeys : []);
