import { z } from 'zod';
import { DOC_PERMISSION_KEYS, LIBRARY_PERMISSION_KEYS } from './enums.ts';
import { ID_MAX, idField, idParam, optionalText, requiredText } from './fields.ts';
import { TREE_TITLE_MAX } from './limits.ts';
import { FolderType } from './permissions.ts';

// Folder management (SPEC §2 /manage/directory, /manage/folder_template; §3 folder tree node; §7 folder calls).

export const folderTypeField = z
  .number()
  .int('invalid_value')
  .min(FolderType.Work, 'invalid_value')
  .max(FolderType.Library, 'invalid_value');

export const folderTypeQuery = z.object({
  type: z.coerce.number().int().min(FolderType.Work).max(FolderType.Library).optional(),
});

export const folderBody = z.object({
  name: requiredText(TREE_TITLE_MAX),
  nameEn: optionalText(TREE_TITLE_MAX),
  ichCode: optionalText(32),
});
export type FolderBody = z.infer<typeof folderBody>;

export const folderCreateBody = folderBody.extend({
  parentId: z.number().int('invalid_value').min(0, 'invalid_value').max(ID_MAX, 'invalid_value').default(0),
  type: folderTypeField.default(FolderType.Work),
});
export type FolderCreateBody = z.input<typeof folderCreateBody>;

/** Reorder among siblings and/or move under another parent of the same tree (0: the root). */
export const folderMoveBody = z.object({
  parentId: z.number('required').int('invalid_value').min(0, 'invalid_value').max(ID_MAX, 'invalid_value'),
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
  subjectId: idField,
  docKeys: knownKeys(DOC_PERMISSION_KEYS),
  libraryKeys: knownKeys(LIBRARY_PERMISSION_KEYS),
  manageLevel: z.number().int('invalid_value').min(0, 'invalid_value').max(3, 'invalid_value').default(0),
});
export type FolderGrantInput = z.input<typeof folderGrantInput>;

/** POST /folder/grants/:folderId replaces the folder's whole grant set. */
/** Path parameters of a call on one folder's grants: `/folder/grants/:folderId`. */
export const folderIdParams = z.object({ folderId: idParam });
export const folderGrantsBody = z.object({ grants: z.array(folderGrantInput).max(500) });
export type FolderGrantsBody = z.input<typeof folderGrantsBody>;

export const directoryTemplateApplyBody = z.object({
  templateId: idField,
  type: folderTypeField.default(FolderType.Work),
});
export type DirectoryTemplateApplyBody = z.input<typeof directoryTemplateApplyBody>;

export const directoryTemplateSaveBody = z.object({
  name: requiredText(128),
  type: folderTypeField.default(FolderType.Work),
});
export type DirectoryTemplateSaveBody = z.input<typeof directoryTemplateSaveBody>;

export const folderSearchQuery = z.object({
  searchValue: z.string().trim().max(TREE_TITLE_MAX, 'too_long').default(''),
  type: z.coerce.number().int().min(FolderType.Work).max(FolderType.Library).optional(),
});

/** SPEC §3 folder tree node with the caller's derived rights. */
const folderNodeFields = {
  folderId: z.number(),
  parentId: z.number(),
  folderName: z.string(),
  folderNameEn: z.string().nullable(),
  ichCode: z.string().nullable(),
  type: z.number(),
  sortOrder: z.number(),
  /** Live documents, counted up to COUNT_CAP; COUNT_CAP + 1 says more (shown as "10,000+"). */
  fileCount: z.number(),
  isEnabled: z.boolean(),
  canCreateFile: z.boolean(),
  manageFolder: z.number(),
  docKeys: z.array(z.string()),
  libraryKeys: z.array(z.string()),
};
export interface FolderNode extends z.infer<z.ZodObject<typeof folderNodeFields>> {
  children: FolderNode[];
}
// A recursive schema needs an id: the OpenAPI document refers to it by name (components/schemas) where it recurs.
export const folderNode: z.ZodType<FolderNode> = z
  .lazy(() => z.object({ ...folderNodeFields, children: z.array(folderNode) }))
  .meta({ id: 'FolderNode' });

/** GET /folder/tree/0 and friends (SPEC §7): admins also get the work and library trees apart. */
export const folderTreeAnswer = z.object({
  allFolderList: z.array(folderNode),
  permissionFolders: z.array(z.number()),
  manage: z.boolean(),
  libraryFolder: z.boolean(),
  work: z.array(folderNode).optional(),
  library: z.array(folderNode).optional(),
});
export type FolderTreeAnswer = z.infer<typeof folderTreeAnswer>;

/** One folder in a flat list (names, search results): the path of names from the root helps tell twins apart. */
export const folderListItem = z.object({
  folderId: z.number(),
  parentId: z.number(),
  folderName: z.string(),
  folderNameEn: z.string().nullable(),
  ichCode: z.string().nullable(),
  type: z.number(),
  path: z.array(z.string()),
  isEnabled: z.boolean(),
  canCreateFile: z.boolean(),
  manageFolder: z.number(),
});
export type FolderListItem = z.infer<typeof folderListItem>;
export const folderList = z.array(folderListItem);

export const folderCreated = z.object({ folderId: z.number() });
export type FolderCreated = z.infer<typeof folderCreated>;

export const folderGrantItem = z.object({
  subjectType: z.enum(SUBJECT_TYPES),
  subjectId: z.number(),
  subjectName: z.string(),
  docKeys: z.array(z.string()),
  libraryKeys: z.array(z.string()),
  manageLevel: z.number(),
});
export type FolderGrantItem = z.infer<typeof folderGrantItem>;

/** GET /folder/grants/:folderId: the folder's own grants and, for display, those it inherits from above. */
export const folderGrantsAnswer = z.object({
  folderId: z.number(),
  own: z.array(folderGrantItem),
  inherited: z.array(folderGrantItem.extend({ fromFolderId: z.number(), fromFolderName: z.string() })),
});
export type FolderGrantsAnswer = z.infer<typeof folderGrantsAnswer>;

/** GET /file/permission/user/:id: a member's effective rights on every folder. */
export const userFolderRights = z.object({
  userId: z.number(),
  userName: z.string(),
  roleCode: z.string(),
  roleName: z.string(),
  folders: z.array(
    z.object({
      folderId: z.number(),
      parentId: z.number(),
      folderName: z.string(),
      ichCode: z.string().nullable(),
      type: z.number(),
      path: z.array(z.string()),
      isEnabled: z.boolean(),
      canCreateFile: z.boolean(),
      manageFolder: z.number(),
      docKeys: z.array(z.string()),
      libraryKeys: z.array(z.string()),
    }),
  ),
});
export type UserFolderRights = z.infer<typeof userFolderRights>;

/** POST /folder/template/apply answer: how many folders the template added. */
export const directoryTemplateApplied = z.object({ created: z.number() });
export type DirectoryTemplateApplied = z.infer<typeof directoryTemplateApplied>;

/** POST /folder/template/save answer. */
export const directoryTemplateSaved = z.object({ templateId: z.number(), folderCount: z.number() });
export type DirectoryTemplateSaved = z.infer<typeof directoryTemplateSaved>;

/** A folder's name in the reader's language: its English name in English where it has one (issue 12, defect 4). */
export const folderNameIn = (lang: string, name: string, nameEn: string | null | undefined): string =>
  lang === 'en-US' && nameEn ? nameEn : name;

/** GET /folder/workspace/list (SPEC §7): the work folders whose documents the caller may view, with their counts. */
export const workspaceFolderList = z.array(folderListItem.extend({ fileCount: z.number() }));
export type WorkspaceFolder = z.infer<typeof workspaceFolderList>[number];

/** GET /folder/upload/auth?folderId= (SPEC §7). */
export const uploadAuthQuery = z.object({
  folderId: z.coerce.number('required').int('invalid_value').positive('invalid_value').max(ID_MAX, 'invalid_value'),
});

/**
 * Whether the caller may file new documents into the folder, and what a file must be there: the project's allowed
 * extensions (empty: any but executables) and the size limits by kind (SPEC §5). The upload dialog reads it before a
 * byte is sent; the upload itself checks all of it again.
 */
export const uploadAuth = z.object({
  folderId: z.number(),
  canUpload: z.boolean(),
  /** Why not, in the caller's language (null when allowed). */
  reason: z.string().nullable(),
  allowedTypes: z.array(z.string()),
  maxBytes: z.object({ pdf: z.number(), viewable: z.number(), other: z.number() }),
  viewableTypes: z.array(z.string()),
});
export type UploadAuth = z.infer<typeof uploadAuth>;
