import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { folderGrants, folders, groups, members, projects, roles } from '../db/schema/projects.ts';
import { fail } from '../lib/app-error.ts';

type FolderRow = typeof folders.$inferSelect;
type GrantRow = typeof folderGrants.$inferSelect;

/** What a member's rights are evaluated from (folder-rights.ts rightsOfUser), as stored. */
export interface RightsInputs {
  libraryFolder: boolean;
  /** In display order (sort order, then id), of the type asked for, or all. */
  folders: FolderRow[];
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

type FolderJson = Omit<FolderRow, 'createdAt'> & { createdAt: string };

/**
 * Everything the caller's rights in a project depend on, read in one statement (issue 30: the six queries this
 * took were six round trips on every project request, more than the folder page's own query cost). The same
 * rows projectFolders, rightsOfUser and visibleSites read, as of one snapshot. An unknown project is "not found".
 */
export async function rightsInputs(tx: Tx, projectId: number, userId: number, type?: number): Promise<RightsInputs> {
  const ofType = type === undefined ? sql`` : sql`and f.type = ${type}`;
  const result = await tx.execute<{
    library_folder: boolean;
    folders: FolderJson[];
    member: RightsInputs['member'];
    group_ids: number[];
    grants: GrantRow[];
  }>(sql`
    select p.library_folder,
      coalesce((select json_agg(json_build_object('id', f.id, 'projectId', f.project_id, 'parentId', f.parent_id,
          'type', f.type, 'name', f.name, 'nameEn', f.name_en, 'ichCode', f.ich_code, 'sortOrder', f.sort_order,
          'artifactId', f.artifact_id, 'createdAt', f.created_at) order by f.sort_order, f.id)
        from ${folders} f where f.project_id = p.id ${ofType}), '[]') as folders,
      (select json_build_object('roleId', m.role_id, 'code', r.code, 'builtin', r.builtin, 'docKeys', r.doc_keys,
          'libraryKeys', r.library_keys, 'siteIds', m.site_ids)
        from ${members} m join ${roles} r on r.id = m.role_id
        where m.project_id = p.id and m.user_id = ${userId}) as member,
      coalesce((select array_agg(g.id) from ${groups} g
        where g.project_id = p.id and ${userId} = any(g.member_user_ids)), '{}') as group_ids,
      coalesce((select json_agg(json_build_object('id', fg.id, 'folderId', fg.folder_id,
          'subjectType', fg.subject_type, 'subjectId', fg.subject_id, 'docKeys', fg.doc_keys,
          'libraryKeys', fg.library_keys, 'manageLevel', fg.manage_level))
        from ${folderGrants} fg join ${folders} gf on gf.id = fg.folder_id where gf.project_id = p.id), '[]') as grants
    from ${projects} p where p.id = ${projectId}`);
  const row = result.rows[0];
  if (!row) fail('not_found');
  return {
    libraryFolder: row.library_folder,
    folders: row.folders.map((f) => ({ ...f, createdAt: new Date(f.createdAt) })),
    member: row.member,
    groupIds: row.group_ids,
    grants: row.grants,
  };
}
