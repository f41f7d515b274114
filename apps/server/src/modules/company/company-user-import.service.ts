import { TrailType, UserType, type Lang } from '@edoc/contract/enums';
import type { ExcelRowError, ImportResult } from '@edoc/contract/excel';
import { emailField, optionalText, requiredText } from '@edoc/contract/fields';
import { errorMessage } from '@edoc/contract/errors';
import { eq, inArray } from 'drizzle-orm';
import { users } from '../../db/schema/users.ts';
import type { Deps } from '../../lib/deps.ts';
import { cellError, defineSheet, failImport, parseXlsx, writeXlsx } from '../../lib/excel.ts';
import { normaliseEmail } from '../auth/login.service.ts';
import type { RequestBase } from '../../plugins/context.ts';
import { recordTrail } from '../../trail/trail.service.ts';
import { accountSnapshot, inCompany, insertAccount, mailPassword } from './account.service.ts';
import { assertCompanyExists } from './company.policy.ts';

/** The columns of the company-user workbook: the same fields as the one-by-one form, plus first and last name. */
export const companyUserSheet = defineSheet(['用户', 'Users'], [
  { key: 'userName', header: ['姓名', 'Name'], schema: requiredText(64), width: 20 },
  { key: 'email', header: ['邮箱', 'E-mail'], schema: emailField, unique: 'duplicate_in_file', width: 32 },
  { key: 'mobile', header: ['手机', 'Mobile'], schema: optionalText(32), width: 18 },
  { key: 'firstName', header: ['名', 'First name'], schema: optionalText(64), width: 16 },
  { key: 'lastName', header: ['姓', 'Last name'], schema: optionalText(64), width: 16 },
] as const);

/**
 * One import creates at most this many accounts: each needs a password hash (tens of milliseconds) inside
 * the one transaction, which must stay short.
 */
export const USER_IMPORT_MAX = 500;

/** GET /company/user/import/sample: the header row in the request's language. */
export const userImportSample = (lang: Lang) => writeXlsx([{ spec: companyUserSheet, rows: [] }], lang);

/**
 * POST /company/user/import: every row becomes a project user (type 3) of the company, exactly as one created
 * by hand — a temporary password mailed to them only. Any wrong row refuses the whole file (import_invalid,
 * every problem by row and column), so a corrected file can simply be imported again.
 */
export async function importCompanyUsers(
  deps: Deps,
  ctx: Pick<RequestBase, 'actor' | 'lang'>,
  { companyId, file }: { companyId: number; file: Buffer },
): Promise<ImportResult> {
  const { lang } = ctx;
  await assertCompanyExists(deps.db, companyId);
  const { rows, errors } = await parseXlsx(file, companyUserSheet, lang);
  const emails = rows.map((r) => normaliseEmail(r.values.email));
  const taken = emails.length
    ? new Set(
        (await deps.db.select({ email: users.email }).from(users).where(inArray(users.email, emails))).map(
          (u) => u.email,
        ),
      )
    : new Set<string>();
  const problems: ExcelRowError[] = [...errors];
  for (const r of rows) {
    if (taken.has(normaliseEmail(r.values.email)))
      problems.push(cellError(companyUserSheet, { row: r.row, key: 'email', code: 'email_registered', lang }));
  }
  if (rows.length + errors.length === 0)
    problems.push({
      row: 2,
      column: '',
      message: errorMessage('required', lang, { field: lang === 'en-US' ? 'Users' : '用户' }),
    });
  if (rows.length > USER_IMPORT_MAX)
    problems.push({
      row: rows[USER_IMPORT_MAX].row,
      column: '',
      message: errorMessage('too_long', lang, { field: lang === 'en-US' ? 'Rows' : '行数', max: USER_IMPORT_MAX }),
    });
  problems.sort((a, b) => a.row - b.row);
  failImport(problems);

  const created = await deps.db.transaction(async (tx) => {
    const out: Array<{ name: string; email: string; password: string }> = [];
    for (const { values } of rows) {
      const { user, password } = await insertAccount(tx, {
        email: values.email,
        name: values.userName,
        mobile: values.mobile,
        userType: UserType.Project,
        companyId,
        isCompanyManager: false,
        lang,
      });
      const [after] = await tx
        .update(users)
        .set({ firstName: values.firstName ?? null, lastName: values.lastName ?? null })
        .where(eq(users.id, user.id))
        .returning();
      await recordTrail(tx, inCompany(ctx.actor, companyId), {
        type: TrailType.UserChange,
        objectType: 'user',
        objectId: user.id,
        newValue: { ...accountSnapshot(after), firstName: after.firstName, lastName: after.lastName },
        reason: 'user imported',
      });
      out.push({ name: user.name, email: user.email, password });
    }
    return out;
  });
  // After the commit, like a user created one by one: a rolled-back import sends nobody a password.
  for (const u of created)
    await mailPassword(deps, { kind: 'created', lang, to: { name: u.name, email: u.email }, password: u.password });
  return { imported: created.length };
}
