import type { Lang } from '@edoc/contract/enums';
import type { ExcelRowError } from '@edoc/contract/excel';
import { optionalText, requiredText } from '@edoc/contract/fields';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { codes } from '../../db/schema/catalog.ts';
import type { Deps } from '../../lib/deps.ts';
import { cellError, defineSheet, failImport, parseXlsx, writeXlsx } from '../../lib/excel.ts';
import { visibleIn, type CodeScope } from './code.policy.ts';
import { allCodes, insertCode } from './code.service.ts';
import { allCodeTypes, insertCodeType } from './code-type.service.ts';

const codeText = z
  .string('required')
  .min(1, 'required')
  .max(64, 'too_long')
  .regex(/^[\w.\-/]+$/u, 'invalid_value');

/** Y / N in either language; empty means enabled. */
const YES = ['y', 'yes', 'true', '1', '是', '启用'];
const NO = ['n', 'no', 'false', '0', '否', '停用'];
const flag = z
  .string()
  .optional()
  .refine((v) => v === undefined || [...YES, ...NO].includes(v.toLowerCase()), 'invalid_value')
  .transform((v) => v === undefined || YES.includes(v.toLowerCase()));
const yesNo = (v: boolean, lang: Lang) => (lang === 'en-US' ? (v ? 'Y' : 'N') : v ? '是' : '否');

const order = z
  .string()
  .optional()
  .refine((v) => v === undefined || /^\d{1,5}$/.test(v), 'invalid_value')
  .transform((v) => (v === undefined ? 0 : Number(v)));

export const CODE_TYPE_SHEET = defineSheet(
  ['编码类型', 'Code types'],
  [
    { key: 'code', header: ['编码', 'Code'], schema: codeText, unique: 'code_exists', width: 20 },
    { key: 'name', header: ['名称', 'Name'], schema: requiredText(128), width: 30 },
    { key: 'nameEn', header: ['英文名称', 'English name'], schema: optionalText(128), width: 30 },
    { key: 'description', header: ['描述', 'Description'], schema: optionalText(1000), width: 40 },
    { key: 'enabled', header: ['启用', 'Enabled'], schema: flag, width: 10 },
  ],
);

export const CODE_SHEET = defineSheet(
  ['编码字典', 'Codes'],
  [
    { key: 'typeCode', header: ['编码类型', 'Code type'], schema: codeText, width: 20 },
    { key: 'code', header: ['编码', 'Code'], schema: codeText, width: 20 },
    { key: 'name', header: ['名称', 'Name'], schema: requiredText(128), width: 30 },
    { key: 'nameEn', header: ['英文名称', 'English name'], schema: optionalText(128), width: 30 },
    { key: 'description', header: ['描述', 'Description'], schema: optionalText(1000), width: 40 },
    { key: 'sortOrder', header: ['排序', 'Order'], schema: order, width: 10 },
    { key: 'enabled', header: ['启用', 'Enabled'], schema: flag, width: 10 },
  ],
);

export async function codeTypesWorkbook(deps: Deps, scope: CodeScope, lang: Lang): Promise<Buffer> {
  const rows = (await allCodeTypes(deps.db, scope)).map((t) => ({ ...t, enabled: yesNo(t.enabled, lang) }));
  return writeXlsx([{ spec: CODE_TYPE_SHEET, rows }], lang);
}

export async function codesWorkbook(deps: Deps, scope: CodeScope, lang: Lang): Promise<Buffer> {
  const rows = (await allCodes(deps.db, scope)).map((c) => ({ ...c, enabled: yesNo(c.enabled, lang) }));
  return writeXlsx([{ spec: CODE_SHEET, rows }], lang);
}

export const codeTypesSample = (lang: Lang) => writeXlsx([{ spec: CODE_TYPE_SHEET, rows: [] }], lang);
export const codesSample = (lang: Lang) => writeXlsx([{ spec: CODE_SHEET, rows: [] }], lang);

/** No rows at all is an error too: an import that imports nothing is surely the wrong file. */
function noRows(errors: ExcelRowError[], count: number, spec: typeof CODE_SHEET | typeof CODE_TYPE_SHEET, lang: Lang) {
  if (errors.length === 0 && count === 0)
    errors.push(cellError(spec, { row: 2, key: spec.columns[0].key, code: 'required', lang }));
}

/** Imports code types: all rows or none; a code already in the scope is an error of its row. */
export async function importCodeTypes(
  deps: Deps,
  scope: CodeScope,
  { buffer, lang }: { buffer: Buffer; lang: Lang },
): Promise<number> {
  const { rows, errors } = await parseXlsx(buffer, CODE_TYPE_SHEET, lang);
  noRows(errors, rows.length, CODE_TYPE_SHEET, lang);
  return deps.db.transaction(async (tx) => {
    const existing = new Set((await allCodeTypes(tx, scope)).map((t) => t.code.toLowerCase()));
    for (const { row, values } of rows)
      if (existing.has(values.code.toLowerCase()))
        errors.push(cellError(CODE_TYPE_SHEET, { row, key: 'code', code: 'code_exists', lang }));
    failImport(errors.sort((a, b) => a.row - b.row));
    for (const { values } of rows) await insertCodeType(tx, scope, values);
    return rows.length;
  });
}

/** Imports codes: each row names its type by code; the type must be one the scope sees. */
export async function importCodes(
  deps: Deps,
  scope: CodeScope,
  { buffer, lang }: { buffer: Buffer; lang: Lang },
): Promise<number> {
  const { rows, errors } = await parseXlsx(buffer, CODE_SHEET, lang);
  noRows(errors, rows.length, CODE_SHEET, lang);
  return deps.db.transaction(async (tx) => {
    const types = new Map((await allCodeTypes(tx, scope)).map((t) => [t.code.toLowerCase(), t.id]));
    const seen = new Set<string>();
    const valid: Array<{ typeId: number; values: (typeof rows)[number]['values'] }> = [];
    for (const { row, values } of rows) {
      const typeId = types.get(values.typeCode.toLowerCase());
      if (!typeId) {
        errors.push(cellError(CODE_SHEET, { row, key: 'typeCode', code: 'invalid_value', lang }));
        continue;
      }
      const key = `${typeId}\u0000${values.code.toLowerCase()}`;
      const [clash] = await tx
        .select({ id: codes.id })
        .from(codes)
        .where(
          and(visibleIn(codes, scope), eq(codes.typeId, typeId), sql`lower(${codes.code}) = lower(${values.code})`),
        );
      if (clash || seen.has(key)) {
        errors.push(cellError(CODE_SHEET, { row, key: 'code', code: 'code_exists', lang }));
        continue;
      }
      seen.add(key);
      valid.push({ typeId, values });
    }
    failImport(errors.sort((a, b) => a.row - b.row));
    for (const { typeId, values } of valid) {
      const { typeCode: _typeCode, ...body } = values;
      await insertCode(tx, scope, { body: { ...body, typeId }, checked: true });
    }
    return valid.length;
  });
}
