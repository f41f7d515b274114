import { z } from 'zod';
import { DOC_PERMISSION_KEYS, LIBRARY_PERMISSION_KEYS } from './enums.ts';
import { optionalText, requiredText, ID_MAX } from './fields.ts';
import { TREE_TITLE_MAX } from './limits.ts';

/** SPEC §3 directory template types. */
export const TemplateType = { UserGroup: 1, Directory: 2, Unbound: 3, Bound: 4 } as const;
export type TemplateType = (typeof TemplateType)[keyof typeof TemplateType];
export const TEMPLATE_TYPES = [1, 2, 3, 4] as const;

/** Which parts a template of each type carries. */
export const hasFolders = (type: number) => type !== TemplateType.UserGroup;
export const hasGroups = (type: number) => type !== TemplateType.Directory;
export const hasBindings = (type: number) => type === TemplateType.Bound;

export const TEMPLATE_FOLDERS_MAX = 2000;
export const TEMPLATE_DEPTH_MAX = 10;

export interface TemplateFolderInput {
  name: string;
  nameEn?: string;
  ichCode?: string;
  children?: TemplateFolderInput[];
}

// Recursive schemas have ids: the OpenAPI document refers to them by name (components/schemas) where they recur.
export const templateFolder: z.ZodType<TemplateFolderInput> = z
  .lazy(() =>
    z.object({
      name: requiredText(TREE_TITLE_MAX),
      nameEn: optionalText(TREE_TITLE_MAX),
      ichCode: optionalText(32),
      children: z.array(templateFolder).max(TEMPLATE_FOLDERS_MAX, 'invalid_value').optional(),
    }),
  )
  .meta({ id: 'TemplateFolder' });

export const templateGroup = z.object({
  name: requiredText(64),
  description: optionalText(500),
});
export type TemplateGroupInput = z.infer<typeof templateGroup>;

/** A type-4 grant: the group (by name) on the folder (by its path of names from the root). */
export const templateBinding = z.object({
  group: requiredText(64),
  folderPath: z.array(requiredText(TREE_TITLE_MAX)).min(1, 'required').max(TEMPLATE_DEPTH_MAX, 'invalid_value'),
  docKeys: z.array(z.enum(DOC_PERMISSION_KEYS, 'invalid_value')).default([]),
  libraryKeys: z.array(z.enum(LIBRARY_PERMISSION_KEYS, 'invalid_value')).default([]),
  manageLevel: z.number().int('invalid_value').min(0, 'invalid_value').max(3, 'invalid_value').default(0),
});
export type TemplateBindingInput = z.infer<typeof templateBinding>;

export const templateType = z.coerce
  .number('required')
  .int('invalid_value')
  .refine((v) => (TEMPLATE_TYPES as readonly number[]).includes(v), 'invalid_value');

/** POST /template/create and /template/update/:id. Parts the type does not carry are dropped. */
export const templateBody = z.object({
  name: requiredText(128),
  type: templateType,
  folders: z.array(templateFolder).max(TEMPLATE_FOLDERS_MAX, 'invalid_value').default([]),
  groups: z.array(templateGroup).max(500, 'invalid_value').default([]),
  bindings: z.array(templateBinding).max(5000, 'invalid_value').default([]),
});
export type TemplateBody = z.infer<typeof templateBody>;

export const templateItem = z.object({
  id: z.number(),
  name: z.string(),
  type: z.number(),
  /** Shipped with edoc (company_id null): readable by every company, changed by none. */
  shipped: z.boolean(),
  folderCount: z.number(),
  groupCount: z.number(),
  bindingCount: z.number(),
  updatedAt: z.string(),
});
export type TemplateItem = z.infer<typeof templateItem>;
export const templateList = z.array(templateItem);

/** A stored folder as answered (plain strings: the body schema checked them on the way in). */
export const templateFolderView: z.ZodType<TemplateFolderInput> = z
  .lazy(() =>
    z.object({
      name: z.string(),
      nameEn: z.string().optional(),
      ichCode: z.string().optional(),
      children: z.array(templateFolderView).optional(),
    }),
  )
  .meta({ id: 'TemplateFolderView' });

/** A stored binding (keys as saved; the schema checks them on the way in). */
export const templateBindingView = z.object({
  group: z.string(),
  folderPath: z.array(z.string()),
  docKeys: z.array(z.string()),
  libraryKeys: z.array(z.string()),
  manageLevel: z.number(),
});
export type TemplateBindingView = z.infer<typeof templateBindingView>;

export const templateDetail = templateItem.extend({
  folders: z.array(templateFolderView),
  groups: z.array(z.object({ name: z.string(), description: z.string().optional() })),
  bindings: z.array(templateBindingView),
});
export type TemplateDetail = z.infer<typeof templateDetail>;

/** POST /template/create and /template/import answer the new template's id. */
export const templateIdData = z.object({ id: z.number() });
export type TemplateIdData = z.infer<typeof templateIdData>;

/** GET /template/directory/list: the directory templates a company may apply to a project. */
export const directoryTemplateItem = templateItem.pick({
  id: true,
  name: true,
  type: true,
  shipped: true,
  folderCount: true,
});
export type DirectoryTemplateItem = z.infer<typeof directoryTemplateItem>;
export const directoryTemplateList = z.array(directoryTemplateItem);

const companyIdOption = z.coerce
  .number('invalid_value')
  .int('invalid_value')
  .positive('invalid_value')
  .max(ID_MAX, 'invalid_value')
  .optional();

/** GET /template/list: the shipped templates and the company's own, optionally of some types ("2,3,4"). */
export const templateListQuery = z.object({
  companyId: companyIdOption,
  type: z
    .string()
    .regex(/^[1-4](,[1-4])*$/, 'invalid_value')
    .optional(),
});
export type TemplateListQuery = z.infer<typeof templateListQuery>;

/** GET /template/import/sample and POST /template/import: the type, and for the import the new template's name. */
export const templateImportQuery = z.object({
  companyId: companyIdOption,
  type: templateType,
  name: requiredText(128),
});
export const templateSampleQuery = z.object({ companyId: companyIdOption, type: templateType });

export const countFolders = (list: readonly TemplateFolderInput[]): number =>
  list.reduce((n, f) => n + 1 + countFolders(f.children ?? []), 0);
