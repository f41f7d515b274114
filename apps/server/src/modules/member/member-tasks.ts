import type { Tx } from '../../db/client.ts';
import type { TrailActor } from '../trail/trail.service.ts';

/*
 * Workflow tasks (receive, review, QC, approve) arrive with the review-workflow issue, after documents (issue 4).
 * Until that issue adds the tasks table there are no rows to check or hand over; these two functions are the
 * places it fills in, so the member rules already call them where SPEC §6 puts them.
 */

/**
 * SPEC §6: a member's role and rights cannot change while they have unfinished tasks (`user_has_tasks`).
 * To be given rows by the workflow issue: count the member's open tasks in the project.
 */
export async function userHasUnfinishedTasks(_tx: Tx, _projectId: number, _userId: number): Promise<boolean> {
  return false;
}

/**
 * SPEC §6: when a member is removed, their tasks go to a project administrator. To be given rows by the
 * workflow issue: reassign the open tasks to the acting administrator (or another STU_PM) and trail each.
 */
export async function handOverTasks(_tx: Tx, _projectId: number, _userId: number, _to: TrailActor): Promise<number> {
  return 0;
}
