import { RoleCode } from '@edoc/contract/enums';
import type { MemberOpenTasks } from '@edoc/contract/member';
import { TaskState } from '@edoc/contract/states';
import type { TaskKind } from '@edoc/contract/workflow';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { documents } from '../../db/schema/documents.ts';
import { members, roles } from '../../db/schema/projects.ts';
import { stageAssignees, tasks } from '../../db/schema/workflow.ts';
import type { TrailActor } from '../../trail/trail.service.ts';
import { handOverIssues } from '../quality-issue/quality-issue-handover.ts';

/** A member's open tasks in the project (SPEC §6 `user_has_tasks` lists them: contract memberOpenTasks). */
export async function unfinishedTasks(tx: Tx, projectId: number, userId: number): Promise<MemberOpenTasks> {
  const rows = await tx
    .select({
      taskId: tasks.id,
      kind: tasks.kind,
      fileId: tasks.documentId,
      fileName: documents.name,
      status: documents.status,
    })
    .from(tasks)
    .innerJoin(documents, eq(documents.id, tasks.documentId))
    .where(and(eq(tasks.projectId, projectId), eq(tasks.userId, userId), eq(tasks.state, TaskState.Open)))
    .orderBy(asc(tasks.id));
  return rows.map((r) => ({ ...r, kind: r.kind as TaskKind }));
}

/**
 * The project administrator who takes over a leaving member's work: the acting one when they are a member with the
 * built-in STU_PM role, else the project's first such member, else the actor.
 */
async function successorOf(tx: Tx, projectId: number, leaving: number, actorId: number): Promise<number> {
  const pms = await tx
    .select({ userId: members.userId })
    .from(members)
    .innerJoin(roles, eq(roles.id, members.roleId))
    .where(and(eq(members.projectId, projectId), eq(roles.builtin, true), eq(roles.code, RoleCode.ProjectAdmin)))
    .orderBy(asc(members.id));
  const candidates = pms.map((p) => p.userId).filter((u) => u !== leaving);
  return candidates.includes(actorId) ? actorId : (candidates[0] ?? actorId);
}

/**
 * SPEC §6: a removed member's open tasks go to a project administrator, together with what they stand for — the
 * stage assignment (so the successor may decide) or the document waiting to be received; the acting administrator
 * takes them when they are one (successorOf). Answers how many moved.
 */
export async function handOverTasks(
  tx: Tx,
  { projectId, userId, to }: { projectId: number; userId: number; to: TrailActor },
): Promise<number> {
  const open = await tx
    .select()
    .from(tasks)
    .where(and(eq(tasks.projectId, projectId), eq(tasks.userId, userId), eq(tasks.state, TaskState.Open)));
  if (open.length === 0) return 0;
  const successor = await successorOf(tx, projectId, userId, to.actorId ?? userId);
  for (const task of open) {
    // Verifying a fix is the raiser's own judgement (issue 27 part 5): not handed over; an administrator may waive.
    if (task.kind === 'qualityVerify') {
      await tx.update(tasks).set({ state: TaskState.Cancelled, doneAt: new Date() }).where(eq(tasks.id, task.id));
      continue;
    }
    if (task.stageAssigneeId !== null) {
      const [already] = await tx
        .select({ id: stageAssignees.id })
        .from(stageAssignees)
        .where(
          and(
            eq(stageAssignees.userId, successor),
            sql`${stageAssignees.stageId} = (select stage_id from stage_assignees where id = ${task.stageAssigneeId})`,
          ),
        );
      if (already) {
        // The successor already decides in this stage: the leaver's seat goes, their task with it.
        await tx
          .update(tasks)
          .set({ state: TaskState.Cancelled, doneAt: new Date(), stageAssigneeId: null })
          .where(eq(tasks.id, task.id));
        await tx.delete(stageAssignees).where(eq(stageAssignees.id, task.stageAssigneeId));
        continue;
      }
      await tx.update(stageAssignees).set({ userId: successor }).where(eq(stageAssignees.id, task.stageAssigneeId));
    }
    if (task.kind === 'receive')
      await tx.update(documents).set({ assigneeId: successor }).where(eq(documents.id, task.documentId));
    // An issue to resolve goes with its task (the first of a document's alike tasks moves them all: the rest find none).
    if (task.kind === 'qualityIssue')
      await handOverIssues(tx, { projectId, documentId: task.documentId, from: userId, to: successor, actor: to });
    await tx.update(tasks).set({ userId: successor }).where(eq(tasks.id, task.id));
  }
  return open.length;
}
