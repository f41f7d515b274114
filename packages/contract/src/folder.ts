import { z } from 'zod';
import { DOC_PERMISSION_KEYS, LIBRARY_PERMISSION_KEYS } from './enums.ts';
import { optionalText, requiredText } from './fields.ts';
import { TREE_TITLE_MAX } from './limits.ts';

// Folder management (SPEC §2 /manage/directory, /manage/folder_template; §3 folder tree node; §7 folder calls).

export const folderTypeField = z.number().int('invalid_value').min(0, 'invalid_value').max(1, 'invalid_value');

export const folderTypeQuery = z.object({ type: z.coerce.number().int().min(0).max(1).optional() });

export const folderBody = z.object({
  name: requiredText(TREE_TITLE_MAX),
  nameEn: optionalText(TREE_TITLE_MAX),
  ichCode: optionalText(32),
});
export type FolderBody = z.infer<typeof folderBody>;

export const folderCreateBody = folderBody.extend({
  parentId: z.number().int('invalid_value').min(0, 'invalid_value').default(0),
  type: folderTypeField.default(0),
});
export type FolderCreateBody = z.input<typeof folderCreateBody>;

/** Reorder among siblings and/or move under another parent of the same tree (0: the root). */
export const folderMoveBody = z.object({
  parentId: z.number('required').int('invalid_value').min(0, 'invalid_value'),
  index: z.number('required').int('invalid_value').min(0, 'invalid_value'),
});
export type FolderMoveBody = z.infer<typeof folderMoveBody>;

/**
 * Keys checked as a whole list, so a bad key names the list's field (an element's error would name its index:
 * the server's error plugin reads the path from a slash-joined string, where indexes look like names).
 */
const knownKeys = (known: readonly string[]) =>
  z
    .array(z.string())
    .max(known.length, 'invalid_value')
    .refine((keys) => keys.every((k) => known.includes(k)), 'invalid_value')
    .default([]);

export const SUBJECT_TYPES = ['role', 'group', 'user'] as const;
export type SubjectType = (typeof SUBJECT_TYPES)[number];

export const folderGrantInput = z.object({
  subjectType: z.enum(SUBJECT_TYPES, 'invalid_value'),
  subjectId: z.number('required').int('invalid_value').positive('invalid_value'),
  docKeys: knownKeys(DOC_PERMISSION_KEYS),
  libraryKeys: knownKeys(LIBRARY_PERMISSION_KEYS),
  manageLevel: z.number().int('invalid_value').min(0, 'invalid_value').max(3, 'invalid_value').default(0),
});
export type FolderGrantInput = z.input<typeof folderGrantInput>;

/** POST /folder/grants/:folderId replaces the folder's whole grant set. */
export const folderGrantsBody = z.object({ grants: z.array(folderGrantInput).max(500) });
export type FolderGrantsBody = z.input<typeof folderGrantsBody>;

export const folderTemplateApplyBody = z.object({
  templateId: z.number('required').int('invalid_value').positive('invalid_value'),
  type: folderTypeField.default(0),
});
export type FolderTemplateApplyBody = z.input<typeof folderTemplateApplyBody>;

export const folderTemplateSaveBody = z.object({ name: requiredText(128), type: folderTypeField.default(0) });
export type FolderTemplateSaveBody = z.input<typeof folderTemplateSaveBody>;

export const folderSearchQuery = z.object({
  searchValue: z.string().trim().max(TREE_TITLE_MAX, 'too_long').default(''),
  type: z.coerce.number().int().min(0).max(1).optional(),
});

/** SPEC §3 folder tree node with the caller's derived rights. */
export interface FolderNode {
  folderId: number;
  parentId: number;
  folderName: string;
  folderNameEn: string | null;
  ichCode: string | null;
  type: number;
  sortOrder: number;
  fileCount: number;
  isEnabled: boolean;
  canCreateFile: boolean;
  manageFolder: number;
  docKeys: string[];
  libraryKeys: string[];
  children: FolderNode[];
}

/** GET /folder/tree/0 and friends (SPEC §7): admins also get the work and library trees apart. */
export interface FolderTreeAnswer {
  allFolderList: FolderNode[];
  permissionFolders: number[];
  manage: boolean;
  libraryFolder: boolean;
  work?: FolderNode[];
  library?: FolderNode[];
}

/** One folder in a flat list (names, search results): the path of names from the root helps tell twins apart. */
export interface FolderListItem {
  folderId: number;
  parentId: number;
  folderName: string;
  folderNameEn: string | null;
  ichCode: string | null;
  type: number;
  path: string[];
  isEnabled: boolean;
  canCreateFile: boolean;
  manageFolder: number;
}

export interface FolderGrantItem {
  subjectType: SubjectType;
  subjectId: number;
  subjectName: string;
  docKeys: string[];
  libraryKeys: string[];
  manageLevel: number;
}

/** GET /folder/grants/:folderId: the folder's own grants and, for display, those it inherits from above. */
export interface FolderGrantsAnswer {
  folderId: number;
  own: FolderGrantItem[];
  inherited: Array<FolderGrantItem & { fromFolderId: number; fromFolderName: string }>;
}

/** GET /file/permission/user/:id: a member's effective rights on every folder. */
export interface UserFolderRights {
  userId: number;
  userName: string;
  roleCode: string;
  roleName: string;
  folders: Array<{
    folderId: number;
    parentId: number;
    folderName: string;
    ichCode: string | null;
    type: number;
    path: string[];
    isEnabled: boolean;
    canCreateFile: boolean;
    manageFolder: number;
    docKeys: string[];
    libraryKeys: string[];
  }>;
}
