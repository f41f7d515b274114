import { TrailType } from '@edoc/contract/enums';
import type { ProjectItem, ProjectSettingsBody } from '@edoc/contract/project';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { projects } from '../../db/schema/projects.ts';
import { fail } from '../../lib/app-error.ts';
import type { Deps } from '../../lib/deps.ts';
import type { ProjectContext } from '../../plugins/context.ts';
import { recordTrail } from '../../trail/trail.service.ts';
import { getProject, projectSettingsOf } from './project.service.ts';

export type ProjectRow = typeof projects.$inferSelect;

/**
 * The project the session entered, re-read and checked against the caller's company: the session's project id
 * is trusted only together with the company it belongs to. `lock` serialises changes of the project's settings.
 */
export async function sessionProject(tx: Tx, ctx: ProjectContext, lock = false): Promise<ProjectRow> {
  const companyId = ctx.auth.user.companyId;
  if (companyId === null) fail('forbidden');
  const query = tx
    .select()
    .from(projects)
    .where(and(eq(projects.id, ctx.projectId), eq(projects.companyId, companyId)));
  const [p] = lock ? await query.for('update') : await query;
  if (!p) fail('not_found');
  return p;
}

/** GET /manage/study: the entered project's settings. */
export async function getProjectSettings(deps: Deps, ctx: ProjectContext): Promise<ProjectItem> {
  const p = await sessionProject(deps.db, ctx);
  return getProject(deps, p.companyId, p.id);
}

/** POST /manage/study/update: the project administrator's part of the settings; trailed with old and new values. */
export async function updateProjectSettings(deps: Deps, ctx: ProjectContext, input: ProjectSettingsBody) {
  await deps.db.transaction(async (tx) => {
    const before = await sessionProject(tx, ctx, true);
    const next = projectSettingsOf(input);
    await tx
      .update(projects)
      .set({ ...next, updatedAt: new Date() })
      .where(eq(projects.id, before.id));
    const oldValue = Object.fromEntries(Object.keys(next).map((k) => [k, before[k as keyof typeof next]]));
    await recordTrail(
      tx,
      { ...ctx.actor, companyId: before.companyId, projectId: before.id },
      { type: TrailType.SettingsChange, objectType: 'project', objectId: before.id, oldValue, newValue: next },
    );
  });
}
