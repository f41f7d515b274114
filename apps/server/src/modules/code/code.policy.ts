import type { FastifyRequest } from 'fastify';
import { and, eq, isNull, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Deps } from '../../lib/deps.ts';
import { fail } from '../../lib/app-error.ts';
import { projects } from '../../db/schema/projects.ts';
import { requireCompanyAdmin } from '../../plugins/auth.ts';
import { projectOf, requireProjectAdmin } from '../study/study.policy.ts';
import { actorOf, type TrailActor } from '../trail/trail.service.ts';

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

export async function codeScopeOf(
  deps: Deps,
  request: FastifyRequest,
  kind: 'company' | 'project',
  write: boolean,
  named?: number,
): Promise<CodeScope> {
  if (kind === 'company') {
    const { companyId } = requireCompanyAdmin(request, named);
    return { companyId, projectId: null, actor: { ...actorOf(request), companyId, projectId: null } };
  }
  const { projectId } = write ? requireProjectAdmin(request) : projectOf(request);
  const [project] = await deps.db
    .select({ companyId: projects.companyId })
    .from(projects)
    .where(eq(projects.id, projectId));
  if (!project) fail('not_found');
  return {
    companyId: project.companyId,
    projectId,
    actor: { ...actorOf(request), companyId: project.companyId, projectId },
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
