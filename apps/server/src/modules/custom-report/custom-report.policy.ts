import { definitionProblems, type ReportDefinition } from '@edoc/contract/custom-report';
import { fieldOf, pickLabel } from '@edoc/contract/custom-report-fields';
import { errorMessage } from '@edoc/contract/errors';
import type { Lang } from '@edoc/contract/enums';
import { and, eq, or } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { customReports } from '../../db/schema/reports.ts';
import { fail } from '../../lib/app-error.ts';
import type { ProjectContext } from '../../plugins/context.ts';

export type CustomReportRow = typeof customReports.$inferSelect;

/*
 * Who may do what with a saved report (issue 14): its owner reads, runs, edits and deletes it; a shared one is read
 * and run by every member of its project; a project administrator may also delete any (someone who left, a report
 * nobody needs). A private report of someone else is "not found", not "forbidden": its existence is not shown.
 */

const visibleTo = (ctx: ProjectContext) =>
  or(eq(customReports.ownerId, ctx.auth.user.id), eq(customReports.shared, true));

/** A report of the caller's project they may read and run. */
export async function loadVisibleReport(
  tx: Tx,
  ctx: ProjectContext,
  id: number,
  lock = false,
): Promise<CustomReportRow> {
  const query = tx
    .select()
    .from(customReports)
    .where(and(eq(customReports.id, id), eq(customReports.projectId, ctx.projectId), visibleTo(ctx)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) fail('not_found');
  return row;
}

export const canEdit = (ctx: ProjectContext, row: Pick<CustomReportRow, 'ownerId'>) => row.ownerId === ctx.auth.user.id;
export const canDelete = (ctx: ProjectContext, row: Pick<CustomReportRow, 'ownerId'>) =>
  canEdit(ctx, row) || ctx.fullAccess;

/** The report to change: the owner's own (locked to the end of the transaction, so two changes run one by one). */
export async function loadOwnReport(tx: Tx, ctx: ProjectContext, id: number): Promise<CustomReportRow> {
  const row = await loadVisibleReport(tx, ctx, id, true);
  if (!canEdit(ctx, row)) fail('forbidden');
  return row;
}

/** The report to delete: the owner's, or any of the project for its administrator. */
export async function loadDeletableReport(tx: Tx, ctx: ProjectContext, id: number): Promise<CustomReportRow> {
  const [row] = await tx
    .select()
    .from(customReports)
    .where(
      and(
        eq(customReports.id, id),
        eq(customReports.projectId, ctx.projectId),
        ctx.fullAccess ? undefined : visibleTo(ctx),
      ),
    )
    .for('update');
  if (!row) fail('not_found');
  if (!canDelete(ctx, row)) fail('forbidden');
  return row;
}

/**
 * Refuses a definition the whitelist does not allow, naming the report field in the request's language; the data
 * lists every problem, by its place in the definition, as a field refusal does.
 */
export function assertDefinition(def: ReportDefinition, lang: Lang): void {
  const problems = definitionProblems(def);
  if (problems.length === 0) return;
  const label = (key: string) => {
    const field = fieldOf(def.dataset, key);
    return field ? pickLabel(field.label, lang) : key;
  };
  const fields = problems.map((p) => ({
    field: `definition.${p.path}`,
    message: errorMessage(p.code, lang, { column: label(p.field) }),
  }));
  fail(problems[0]!.code, { column: label(problems[0]!.field) }, { fields });
}
