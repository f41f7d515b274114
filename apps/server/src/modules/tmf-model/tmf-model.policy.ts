import type { Lang } from '@edoc/contract/enums';
import { errorMessage } from '@edoc/contract/errors';
import { fieldLabel } from '@edoc/contract/fields';
import { tmfModelProblems, type TmfModelBody } from '@edoc/contract/tmf-model';
import { and, eq, isNull, or } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { projects } from '../../db/schema/projects.ts';
import { tmfModels } from '../../db/schema/tmf-models.ts';
import { fail } from '../../lib/app-error.ts';
import type { Deps } from '../../lib/deps.ts';
import type { ProjectContext } from '../../plugins/context.ts';

export type TmfModelRow = typeof tmfModels.$inferSelect;

/*
 * Who may do what with a TMF model, as with the company templates: the company administrator (the system administrator
 * naming the company: companyOf) reads and changes the company's own models and reads the shipped ones, which no one
 * changes (cannot_modify); another company's model is "not found". The entered project's administrators read the
 * models of the project's company (the projectAdmin gate, as the code dictionary's project scope). A published
 * model is frozen: changing it is refused (tmf_model_published), here and by the database's triggers.
 */

/** The company whose models a project administrator reads: the entered project's. */
export async function projectCompanyOf(deps: Deps, ctx: ProjectContext): Promise<number> {
  const [project] = await deps.db
    .select({ companyId: projects.companyId })
    .from(projects)
    .where(eq(projects.id, ctx.projectId));
  if (!project) fail('not_found');
  return project.companyId;
}

export const visibleTo = (companyId: number) => or(isNull(tmfModels.companyId), eq(tmfModels.companyId, companyId));

/** A model the company may read (its own or a shipped one), locked for a change when asked. */
export async function loadVisibleModel(tx: Tx, companyId: number, id: number, lock = false): Promise<TmfModelRow> {
  const query = tx
    .select()
    .from(tmfModels)
    .where(and(eq(tmfModels.id, id), visibleTo(companyId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) fail('not_found');
  return row;
}

/** A model of the company's own, locked: shipped models belong to edoc. */
export async function loadOwnModel(tx: Tx, companyId: number, id: number): Promise<TmfModelRow> {
  const row = await loadVisibleModel(tx, companyId, id, true);
  if (row.companyId === null) fail('cannot_modify');
  return row;
}

/** A draft of the company's own, locked: a published version changes no more. */
export async function loadOwnDraft(tx: Tx, companyId: number, id: number): Promise<TmfModelRow> {
  const row = await loadOwnModel(tx, companyId, id);
  if (row.state !== 'draft') fail('tmf_model_published');
  return row;
}

/**
 * Refuses a model the schema let through but the rules do not (tmfModelProblems): the answer names every problem by
 * its path (`zones.0.sections.1.artifacts.2.number`) in the request's language, as a field refusal does.
 */
export function assertModel(body: Pick<TmfModelBody, 'zones'>, lang: Lang): void {
  const problems = tmfModelProblems(body);
  if (problems.length === 0) return;
  const fields = problems.map((p) => ({
    field: p.path,
    message: errorMessage(p.code, lang, { ...p.params, field: fieldLabel(p.field, lang) }),
  }));
  const first = problems[0]!;
  fail(first.code, { ...first.params, field: first.field }, { fields });
}
