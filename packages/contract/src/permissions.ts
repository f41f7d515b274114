import { DOC_PERMISSION_KEYS, LIBRARY_PERMISSION_KEYS } from './enums.ts';

export type DocKey = (typeof DOC_PERMISSION_KEYS)[number];
export type LibraryKey = (typeof LIBRARY_PERMISSION_KEYS)[number];
/** 0 none, 1 view, 2 manage, 3 manage including creating folders (SPEC §3 manageFolder). */
export type ManageLevel = 0 | 1 | 2 | 3;

export const FolderType = { Work: 0, Library: 1 } as const;

export interface FolderRef {
  id: number;
  /** 0 at the root, as the API shows it. */
  parentId: number;
  type: number;
}

export interface GrantRef {
  folderId: number;
  subjectType: 'role' | 'group' | 'user';
  subjectId: number;
  docKeys: readonly string[];
  libraryKeys: readonly string[];
  manageLevel: number;
}

/** Who is asking, inside one project. */
export interface PermissionSubject {
  userId: number;
  roleId: number | null;
  groupIds: readonly number[];
  /** The role's keys: the most a member may ever do in the project; grants say where. */
  roleDocKeys: readonly string[];
  roleLibraryKeys: readonly string[];
  /** STU_PM and COMPANY_ADMIN: everything, everywhere (SPEC §6). */
  fullAccess: boolean;
}

export interface FolderRights {
  docKeys: DocKey[];
  libraryKeys: LibraryKey[];
  manageLevel: ManageLevel;
  /** Shown enabled: the folder grants viewDoc (SPEC §6); a disabled folder shows count 0. */
  isEnabled: boolean;
  canCreateFile: boolean;
}

const FULL: FolderRights = {
  docKeys: [...DOC_PERMISSION_KEYS],
  libraryKeys: [...LIBRARY_PERMISSION_KEYS],
  manageLevel: 3,
  isEnabled: true,
  canCreateFile: true,
};
const NONE: FolderRights = { docKeys: [], libraryKeys: [], manageLevel: 0, isEnabled: false, canCreateFile: false };

function applies(grant: GrantRef, s: PermissionSubject): boolean {
  if (grant.subjectType === 'user') return grant.subjectId === s.userId;
  if (grant.subjectType === 'role') return grant.subjectId === s.roleId;
  return s.groupIds.includes(grant.subjectId);
}

/** Rights from the grants that name the subject on one folder: their union, capped by the role's keys. */
function rightsFrom(grants: GrantRef[], folderType: number, s: PermissionSubject): FolderRights {
  const doc = new Set<string>();
  const lib = new Set<string>();
  let level = 0;
  for (const g of grants) {
    g.docKeys.forEach((k) => doc.add(k));
    g.libraryKeys.forEach((k) => lib.add(k));
    level = Math.max(level, g.manageLevel);
  }
  const docKeys = DOC_PERMISSION_KEYS.filter((k) => doc.has(k) && s.roleDocKeys.includes(k));
  const libraryKeys = LIBRARY_PERMISSION_KEYS.filter((k) => lib.has(k) && s.roleLibraryKeys.includes(k));
  // Managing (2, 3) needs the role's manageFolder key; without it a grant can at most show the folder.
  const manageLevel = (s.roleDocKeys.includes('manageFolder') ? Math.min(level, 3) : Math.min(level, 1)) as ManageLevel;
  const viewable = folderType === FolderType.Library ? libraryKeys.includes('viewDoc') : docKeys.includes('viewDoc');
  return { docKeys, libraryKeys, manageLevel, isEnabled: viewable, canCreateFile: docKeys.includes('createDoc') };
}

/**
 * DESIGN §5: a grant applies to its folder and every subfolder, unless a grant naming the same subject on a
 * lower folder overrides it. Returns the rights on every folder. Pure, so server and web agree.
 */
export function evaluateFolderRights(
  folders: readonly FolderRef[],
  grants: readonly GrantRef[],
  subject: PermissionSubject,
): Map<number, FolderRights> {
  const result = new Map<number, FolderRights>();
  if (subject.fullAccess) {
    for (const f of folders) result.set(f.id, FULL);
    return result;
  }
  const byFolder = new Map<number, GrantRef[]>();
  for (const g of grants) {
    if (!applies(g, subject)) continue;
    const list = byFolder.get(g.folderId) ?? [];
    list.push(g);
    byFolder.set(g.folderId, list);
  }
  const children = new Map<number, FolderRef[]>();
  for (const f of folders) {
    const list = children.get(f.parentId) ?? [];
    list.push(f);
    children.set(f.parentId, list);
  }
  // Walk from the roots down, each folder inheriting its parent's rights unless it has its own grants.
  const stack: Array<{ folder: FolderRef; inherited: FolderRights }> = (children.get(0) ?? []).map((folder) => ({
    folder,
    inherited: NONE,
  }));
  while (stack.length > 0) {
    const { folder, inherited } = stack.pop()!;
    const own = byFolder.get(folder.id);
    const rights = own ? rightsFrom(own, folder.type, subject) : inherited;
    result.set(folder.id, rights);
    for (const child of children.get(folder.id) ?? []) stack.push({ folder: child, inherited: rights });
  }
  for (const f of folders) if (!result.has(f.id)) result.set(f.id, NONE); // orphans never inherit anything
  return result;
}

/** The built-in roles' keys. STU_STAFF starts with viewing only; a project administrator widens it. */
export const BUILTIN_ROLE_KEYS = {
  STU_PM: { docKeys: [...DOC_PERMISSION_KEYS], libraryKeys: [...LIBRARY_PERMISSION_KEYS] },
  STU_STAFF: {
    docKeys: ['viewDoc', 'createDoc', 'editDoc', 'downDoc', 'viewVersionDoc'],
    libraryKeys: ['viewDoc', 'downDoc'],
  },
} as const;

const READING_DOC_KEYS: readonly DocKey[] = ['viewDoc', 'downDoc', 'viewTrailDoc', 'viewVersionDoc'];
const READING_LIBRARY_KEYS: readonly LibraryKey[] = ['viewDoc', 'downDoc', 'viewTrailDoc'];

/**
 * What a closed project (issue 11) leaves of anyone's rights on a folder: the keys that only read. The web then
 * offers no change, and the server refuses every changing route anyway (project_closed).
 */
export function readOnlyRights(r: FolderRights): FolderRights {
  return {
    docKeys: r.docKeys.filter((k) => READING_DOC_KEYS.includes(k)),
    libraryKeys: r.libraryKeys.filter((k) => READING_LIBRARY_KEYS.includes(k)),
    manageLevel: r.manageLevel > 0 ? 1 : 0,
    isEnabled: r.isEnabled,
    canCreateFile: false,
  };
}

/**
 * An inspector's rights (issue 11): on the folders archived documents are filed in, reading them and their trail,
 * downloading only when the invitation says so; the server shows them no other folder.
 */
export function inspectorRights(canDownload: boolean): FolderRights {
  const libraryKeys: LibraryKey[] = canDownload ? ['viewDoc', 'viewTrailDoc', 'downDoc'] : ['viewDoc', 'viewTrailDoc'];
  return { docKeys: [], libraryKeys, manageLevel: 0, isEnabled: true, canCreateFile: false };
}

/** What the server knows of a caller inside an entered project (plugins/context.ts), and the caller's role's keys. */
export interface ProjectRightsFacts {
  fullAccess: boolean;
  readOnly: boolean;
  inspector: { canDownload: boolean } | null;
  roleDocKeys: readonly string[];
  roleLibraryKeys: readonly string[];
}

/** The caller's rights in the project as a whole: the shape of ProjectRights (project.ts), which the web reads. */
export interface ProjectRightsOf {
  fullAccess: boolean;
  readOnly: boolean;
  inspector: { canDownload: boolean } | null;
  docKeys: DocKey[];
  libraryKeys: LibraryKey[];
}

/**
 * The most the caller may do anywhere in the project, as the server enforces it: everything for its administrator,
 * an inspector's reading keys, else the role's keys (grants say on which folders); a closed project keeps only
 * the keys that read. The web decides menus and pages from this, never from a role code (issue 24).
 */
export function projectRightsOf(f: ProjectRightsFacts): ProjectRightsOf {
  const base: FolderRights = f.inspector
    ? inspectorRights(f.inspector.canDownload)
    : f.fullAccess
      ? FULL
      : {
          ...NONE,
          docKeys: DOC_PERMISSION_KEYS.filter((k) => f.roleDocKeys.includes(k)),
          libraryKeys: LIBRARY_PERMISSION_KEYS.filter((k) => f.roleLibraryKeys.includes(k)),
        };
  const keys = f.readOnly ? readOnlyRights(base) : base;
  return {
    fullAccess: f.fullAccess && !f.inspector,
    readOnly: f.readOnly,
    inspector: f.inspector ? { canDownload: f.inspector.canDownload } : null,
    docKeys: [...keys.docKeys],
    libraryKeys: [...keys.libraryKeys],
  };
}
