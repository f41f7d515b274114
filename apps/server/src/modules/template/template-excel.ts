import { DOC_PERMISSION_KEYS, LIBRARY_PERMISSION_KEYS, type Lang } from '@edoc/contract/enums';
import type { ExcelRowError } from '@edoc/contract/excel';
import { optionalText, requiredText } from '@edoc/contract/fields';
import { TREE_TITLE_MAX } from '@edoc/contract/limits';
import {
  hasBindings,
  hasFolders,
  hasGroups,
  TEMPLATE_DEPTH_MAX,
  type TemplateBindingInput,
  type TemplateDetail,
  type TemplateFolderInput,
  type TemplateGroupInput,
} from '@edoc/contract/template';
import { z } from 'zod';
import {
  cellError,
  defineSheet,
  failImport,
  loadWorkbook,
  readSheet,
  writeXlsx,
  type ExcelColumn,
  type SheetData,
  type SheetSpec,
} from '../../lib/excel.ts';
import { folderPaths, pathKey } from './company-template.service.ts';

/**
 * A template as a workbook: a Folders sheet (the tree as an outline: each row's level, 1 at the root, at most one
 * deeper than the row before), a Groups sheet and a Bindings sheet (group, folder path "A > B", keys, manage level),
 * each present when the template's type carries it.
 */
const PATH_SEPARATOR = ' > ';

const intText = (min: number, max: number) =>
  z
    .string('required')
    .regex(/^\d+$/, 'invalid_value')
    .transform(Number)
    .refine((n) => n >= min && n <= max, 'invalid_value');

/** "a, b" / "a，b" / "a、b" lists of permission keys, each checked. */
const keyList = (keys: readonly string[]) =>
  z
    .string()
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(/[,，、;\s]+/)
        .map((k) => k.trim())
        .filter(Boolean),
    )
    .refine((list) => list.every((k) => keys.includes(k)), 'invalid_value');

export const FOLDER_SHEET = defineSheet(
  ['目录', 'Folders'],
  [
    { key: 'level', header: ['层级', 'Level'], schema: intText(1, TEMPLATE_DEPTH_MAX), width: 8 },
    { key: 'name', header: ['名称', 'Name'], schema: requiredText(TREE_TITLE_MAX), width: 40 },
    { key: 'nameEn', header: ['英文名称', 'English name'], schema: optionalText(TREE_TITLE_MAX), width: 40 },
    { key: 'ichCode', header: ['ICH编码', 'ICH code'], schema: optionalText(32), width: 12 },
  ],
);

export const GROUP_SHEET = defineSheet(
  ['用户组', 'Groups'],
  [
    { key: 'name', header: ['名称', 'Name'], schema: requiredText(64), unique: 'group_name_exists', width: 30 },
    { key: 'description', header: ['描述', 'Description'], schema: optionalText(500), width: 50 },
  ],
);

export const BINDING_SHEET = defineSheet(
  ['授权', 'Bindings'],
  [
    { key: 'group', header: ['用户组', 'Group'], schema: requiredText(64), width: 24 },
    { key: 'folderPath', header: ['文件夹路径', 'Folder path'], schema: requiredText(2000), width: 50 },
    { key: 'docKeys', header: ['文档权限', 'Document rights'], schema: keyList(DOC_PERMISSION_KEYS), width: 40 },
    {
      key: 'libraryKeys',
      header: ['文件库权限', 'Library rights'],
      schema: keyList(LIBRARY_PERMISSION_KEYS),
      width: 40,
    },
    { key: 'manageLevel', header: ['管理级别', 'Manage level'], schema: intText(0, 3), width: 12 },
  ],
);

function flatten(list: readonly TemplateFolderInput[], level = 1, out: Record<string, unknown>[] = []) {
  for (const f of list) {
    out.push({ level, name: f.name, nameEn: f.nameEn ?? null, ichCode: f.ichCode ?? null });
    flatten(f.children ?? [], level + 1, out);
  }
  return out;
}

function sheetsOf(type: number, t?: Pick<TemplateDetail, 'folders' | 'groups' | 'bindings'>): SheetData[] {
  const sheets: SheetData[] = [];
  if (hasFolders(type)) sheets.push({ spec: FOLDER_SHEET, rows: t ? flatten(t.folders) : [] });
  if (hasGroups(type)) sheets.push({ spec: GROUP_SHEET, rows: t?.groups ?? [] });
  if (hasBindings(type))
    sheets.push({
      spec: BINDING_SHEET,
      rows: (t?.bindings ?? []).map((b) => ({
        ...b,
        folderPath: b.folderPath.join(PATH_SEPARATOR),
        docKeys: b.docKeys.join(', '),
        libraryKeys: b.libraryKeys.join(', '),
      })),
    });
  return sheets;
}

export const templateWorkbook = (t: TemplateDetail, lang: Lang) => writeXlsx(sheetsOf(t.type, t), lang);
export const templateSample = (type: number, lang: Lang) => writeXlsx(sheetsOf(type), lang);

/** Builds the tree from the outline rows; a level jump or a repeated sibling name is a row error. */
function buildTree(
  rows: ReturnType<typeof readSheet<typeof FOLDER_SHEET.columns>>['rows'],
  lang: Lang,
  errors: ExcelRowError[],
): TemplateFolderInput[] {
  const roots: TemplateFolderInput[] = [];
  const stack: TemplateFolderInput[][] = [roots];
  for (const { row, values } of rows) {
    const { level } = values;
    if (level > stack.length) {
      errors.push(cellError(FOLDER_SHEET, { row, key: 'level', code: 'invalid_value', lang, withSheet: true }));
      continue;
    }
    stack.length = level;
    const siblings = stack[level - 1];
    if (siblings.some((s) => s.name.toLowerCase() === values.name.toLowerCase())) {
      errors.push(cellError(FOLDER_SHEET, { row, key: 'name', code: 'folder_name_exists', lang, withSheet: true }));
      continue;
    }
    const folder: TemplateFolderInput = {
      name: values.name,
      ...(values.nameEn ? { nameEn: values.nameEn } : {}),
      ...(values.ichCode ? { ichCode: values.ichCode } : {}),
      children: [],
    };
    siblings.push(folder);
    stack.push(folder.children!);
  }
  return roots;
}

export interface ImportedTemplate {
  folders: TemplateFolderInput[];
  groups: TemplateGroupInput[];
  bindings: TemplateBindingInput[];
}

/**
 * Reads a template workbook of the given type. Every problem of every sheet is collected and reported at once
 * (400 import_invalid); the workbook's main sheet must have at least one row.
 */
export async function readTemplateWorkbook(buffer: Buffer, type: number, lang: Lang): Promise<ImportedTemplate> {
  const workbook = await loadWorkbook(buffer);
  const errors: ExcelRowError[] = [];
  const out: ImportedTemplate = { folders: [], groups: [], bindings: [] };
  // A one-sheet template may come with its sheet renamed; several sheets must keep their names.
  const single = [hasFolders(type), hasGroups(type)].filter(Boolean).length === 1;
  const read = <C extends readonly ExcelColumn[]>(spec: SheetSpec<C>, main: boolean) => {
    const result = readSheet(workbook, spec, lang, { withSheet: true, required: main, fallbackFirst: single });
    errors.push(...result.errors);
    if (main && result.errors.length === 0 && result.rows.length === 0)
      errors.push(cellError(spec, { row: 2, key: spec.columns[0].key, code: 'required', lang, withSheet: true }));
    return result.rows;
  };
  if (hasFolders(type)) out.folders = buildTree(read(FOLDER_SHEET, true), lang, errors);
  if (hasGroups(type))
    out.groups = read(GROUP_SHEET, true).map(({ values }) => ({
      name: values.name,
      ...(values.description ? { description: values.description } : {}),
    }));
  if (hasBindings(type)) {
    const groups = new Set(out.groups.map((g) => g.name.toLowerCase()));
    const paths = folderPaths(out.folders);
    const seen = new Set<string>();
    for (const { row, values } of read(BINDING_SHEET, false)) {
      const folderPath = values.folderPath.split(PATH_SEPARATOR.trim()).map((p) => p.trim());
      const key = `${values.group.toLowerCase()}\u0001${pathKey(folderPath)}`;
      if (!groups.has(values.group.toLowerCase()))
        errors.push(cellError(BINDING_SHEET, { row, key: 'group', code: 'invalid_value', lang, withSheet: true }));
      else if (!paths.has(pathKey(folderPath)) || seen.has(key))
        errors.push(cellError(BINDING_SHEET, { row, key: 'folderPath', code: 'invalid_value', lang, withSheet: true }));
      else {
        seen.add(key);
        out.bindings.push({
          group: values.group,
          folderPath,
          docKeys: values.docKeys as TemplateBindingInput['docKeys'],
          libraryKeys: values.libraryKeys as TemplateBindingInput['libraryKeys'],
          manageLevel: values.manageLevel,
        });
      }
    }
  }
  // Sheet by sheet, top to bottom: the order the user walks the workbook to fix it.
  const sheetOrder = [...new Set(errors.map((e) => e.sheet))];
  failImport(errors.sort((a, b) => sheetOrder.indexOf(a.sheet) - sheetOrder.indexOf(b.sheet) || a.row - b.row));
  return out;
}
