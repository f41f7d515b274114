import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Tx } from './client.ts';
import { folderTree } from './folder-tree.ts';
import { folderGrants, folders, groups, members, projects, roles } from './schema/projects.ts';

type FolderRow = typeof folders.$inferSelect;
type GrantRow = typeof folderGrants.$inferSelect;

/** What a member's rights are evaluated from (folder-rights.ts rightsOfUser), as stored. */
export interface RightsInputs {
  libraryFolder: boolean;
  /** Every folder of the project, in display order (sort order, then id). */
  folders: readonly FolderRow[];
  /** Null: not a member of the project. */
  member: {
    roleId: number;
    code: string;
    builtin: boolean;
    docKeys: string[];
    libraryKeys: string[];
    siteIds: number[];
  } | null;
  groupIds: number[];
  grants: GrantRow[];
}

/**
 * RightsInputs as the database answers it: JSON, so the folders' times are strings; without the folders where
 * asked (the session look-up's: db/folder-tree.ts keeps them by the project's foldersVersion).
 */
export type RightsJson = Omit<RightsInputs, 'folders'> & {
  foldersVersion: number;
  folders?: Array<Omit<FolderRow, 'createdAt'> & { createdAt: string }>;
};

const foldersJson = sql`'folders', coalesce((select json_agg(json_build_object('id', f.id, 'projectId', f.project_id,
    'parentId', f.parent_id, 'type', f.type, 'name', f.name, 'nameEn', f.name_en, 'ichCode', f.ich_code,
    'sortOrder', f.sort_order, 'artifactId', f.artifact_id, 'createdAt', f.created_at) order by f.sort_order, f.id)
  from ${folders} f where f.project_id = p.id), '[]'),`;

/**
 * Everything the caller's rights in a project depend on, as one JSON value of one statement (issue 30: the six
 * queries this took were six round trips on every project request, more than the folder page's own query cost): the
 * rows projectFolders, rightsOfUser and visibleSites read, as of one snapshot. Null for no such project. The session
 * look-up carries it for the routes that ask (plugins/auth.ts), so their rights cost no round trip of their own.
 */
export const rightsJson = (
  projectId: SQLWrapper | number,
  userId: SQLWrapper | number,
  withFolders = true,
): SQL<RightsJson | null> => sql`(
  select json_build_object(
    'libraryFolder', p.library_folder,
    'foldersVersion', p.folders_version,
    ${withFolders ? foldersJson : sql``}
    'member', (select json_build_object('roleId', m.role_id, 'code', r.code, 'builtin', r.builtin,
        'docKeys', r.doc_keys, 'libraryKeys', r.library_keys, 'siteIds', m.site_ids)
      from ${members} m join ${roles} r on r.id = m.role_id where m.project_id = p.id and m.user_id = ${userId}),
    'groupIds', coalesce((select json_agg(g.id) from ${groups} g
      where g.project_id = p.id and ${userId} = any(g.member_user_ids)), '[]'),
    'grants', coalesce((select json_agg(json_build_object('id', fg.id, 'folderId', fg.folder_id,
        'subjectType', fg.subject_type, 'subjectId', fg.subject_id, 'docKeys', fg.doc_keys,
        'libraryKeys', fg.library_keys, 'manageLevel', fg.manage_level))
      from ${folderGrants} fg join ${folders} gf on gf.id = fg.folder_id where gf.project_id = p.id), '[]'))
  from ${projects} p where p.id = ${projectId})`;

/** The JSON as rows: the folders' times as dates; without folders in it, the project's tree at its version. */
export async function rightsFromJson(db: Tx, projectId: number, r: RightsJson): Promise<RightsInputs> {
  const { foldersVersion, folders: listed, ...rest } = r;
  return {
    ...rest,
    folders: listed
      ? listed.map((f) => ({ ...f, createdAt: new Date(f.createdAt) }))
      : await folderTree(db, projectId, foldersVersion),
  };
}

/** rightsJson read on its own; null for no such project. */
export async function rightsInputs(tx: Tx, projectId: number, userId: number): Promise<RightsInputs | null> {
  const result = await tx.execute<{ r: RightsJson | null }>(sql`select ${rightsJson(projectId, userId)} as r`);
  const row = result.rows[0]?.r;
  return row ? rightsFromJson(tx, projectId, row) : null;
}
