import { ALERT_KINDS, type AlertKind, type ProjectAlertBody, type ProjectAlertItem } from '@edoc/contract/alert';
import { TrailType } from '@edoc/contract/enums';
import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { companies } from '../../db/schema/companies.ts';
import { members, projects } from '../../db/schema/projects.ts';
import { projectAlerts } from '../../db/schema/releases.ts';
import { fail } from '../../lib/app-error.ts';
import type { Deps } from '../../lib/deps.ts';
import type { CallerContext } from '../../plugins/context.ts';
import { recordTrail } from '../../trail/trail.service.ts';

/** Kinds in the contract's order, without repeats, so the stored list and the trail read the same every time. */
const normalise = (kinds: readonly string[]): AlertKind[] => ALERT_KINDS.filter((k) => kinds.includes(k));

/** GET /user/study_alert: every project the user is a member of, with the task e-mails they receive there. */
export async function listProjectAlerts(deps: Deps, userId: number): Promise<ProjectAlertItem[]> {
  const rows = await deps.db
    .select({
      studyId: projects.id,
      studyCode: projects.code,
      studyName: projects.name,
      companyName: companies.name,
      kinds: projectAlerts.kinds,
    })
    .from(members)
    .innerJoin(projects, eq(projects.id, members.projectId))
    .leftJoin(companies, eq(companies.id, projects.companyId))
    .leftJoin(projectAlerts, and(eq(projectAlerts.userId, userId), eq(projectAlerts.projectId, projects.id)))
    .where(eq(members.userId, userId))
    .orderBy(asc(projects.name), asc(projects.id));
  return rows.map((r) => ({ ...r, kinds: r.kinds === null ? [...ALERT_KINDS] : normalise(r.kinds) }));
}

/** POST /user/study_alert/a: only for a project the user is a member of; the trail keeps before and after. */
export async function saveProjectAlert(
  deps: Deps,
  ctx: CallerContext,
  input: ProjectAlertBody,
): Promise<ProjectAlertItem['kinds']> {
  const userId = ctx.auth.user.id;
  const kinds = normalise(input.kinds);
  await deps.db.transaction(async (tx) => {
    const [member] = await tx
      .select({ companyId: projects.companyId })
      .from(members)
      .innerJoin(projects, eq(projects.id, members.projectId))
      .where(and(eq(members.userId, userId), eq(members.projectId, input.studyId)));
    if (!member) fail('invalid_value', { field: 'studyId' });
    const [before] = await tx
      .select({ kinds: projectAlerts.kinds })
      .from(projectAlerts)
      .where(and(eq(projectAlerts.userId, userId), eq(projectAlerts.projectId, input.studyId)))
      .for('update');
    const old = before ? normalise(before.kinds) : [...ALERT_KINDS];
    if (before && old.join() === kinds.join()) return;
    await tx
      .insert(projectAlerts)
      .values({ userId, projectId: input.studyId, kinds })
      .onConflictDoUpdate({
        target: [projectAlerts.userId, projectAlerts.projectId],
        set: { kinds, updatedAt: new Date() },
      });
    await recordTrail(
      tx,
      { ...ctx.actor, companyId: member.companyId, projectId: input.studyId },
      {
        type: TrailType.SettingsChange,
        objectType: 'study_alert',
        objectId: userId,
        oldValue: { kinds: old },
        newValue: { kinds },
      },
    );
  });
  return kinds;
}

/**
 * Whether the user wants the e-mail of this kind of task in the project. With no saved choice every kind is
 * on. For the task mails of the document workflow.
 */
export async function wantsAlert(
  db: Tx,
  { userId, projectId, kind }: { userId: number; projectId: number; kind: AlertKind },
): Promise<boolean> {
  const [row] = await db
    .select({ kinds: projectAlerts.kinds })
    .from(projectAlerts)
    .where(and(eq(projectAlerts.userId, userId), eq(projectAlerts.projectId, projectId)));
  return row ? row.kinds.includes(kind) : true;
}
