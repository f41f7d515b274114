import { and, eq, isNull, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Deps } from '../../lib/deps.ts';
import { fail } from '../../lib/app-error.ts';
import { projects } from '../../db/schema/projects.ts';
import { companyOf, type CompanyAdminContext, type ProjectContext } from '../../plugins/context.ts';
import type { TrailActor } from '../../trail/trail.service.ts';

/**
 * Where a code call acts. Company scope: the company's dictionary (project_id null). Project scope: the project
 * entered in the session; it sees the company's entries read-only beside its own, and changes only its own.
 *
 * Choice (issue 3): a new project does not copy the company's codes. Copies would drift from the company list
 * silently; showing the company's live entries read-only keeps one source, and the project adds what it needs.
 */
export interface CodeScope {
  companyId: number;
  projectId: number | null;
  actor: TrailActor;
}

/**
 * The scope of a call as its gate resolved it: a company-administrator context acts on the company (the system
 * administrator names it), a project context on the entered project (`named` is not used there).
 */
export async function codeScopeOf(
  deps: Deps,
  ctx: CompanyAdminContext | ProjectContext,
  named?: number,
): Promise<CodeScope> {
  if (!('projectId' in ctx)) {
    const companyId = companyOf(ctx, named);
    return { companyId, projectId: null, actor: { ...ctx.actor, companyId, projectId: null } };
  }
  const { projectId } = ctx;
  const [project] = await deps.db
    .select({ companyId: projects.companyId })
    .from(projects)
    .where(eq(projects.id, projectId));
  if (!project) fail('not_found');
  return {
    companyId: project.companyId,
    projectId,
    actor: { ...ctx.actor, companyId: project.companyId, projectId },
  };
}

interface ScopedTable {
  companyId: AnyPgColumn;
  projectId: AnyPgColumn;
}

/** Rows the scope sees: the company's, plus the project's own in project scope. */
export function visibleIn(t: ScopedTable, scope: CodeScope): SQL {
  return and(
    eq(t.companyId, scope.companyId),
    scope.projectId === null ? isNull(t.projectId) : or(isNull(t.projectId), eq(t.projectId, scope.projectId)),
  )!;
}

/** Rows the scope may change: exactly its own level. */
export function ownIn(t: ScopedTable, scope: CodeScope): SQL {
  return and(
    eq(t.companyId, scope.companyId),
    scope.projectId === null ? isNull(t.projectId) : eq(t.projectId, scope.projectId),
  )!;
}

/** A row the scope sees but does not own: a company entry seen from a project. */
export const isReadOnly = (row: { projectId: number | null }, scope: CodeScope) =>
  scope.projectId !== null && row.projectId === null;
