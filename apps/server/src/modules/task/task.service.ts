import type { Page } from '@edoc/contract/envelope';
import type { TaskItem, TaskSort } from '@edoc/contract/workflow-requests';
import { TaskState } from '@edoc/contract/states';
import type { TaskKind } from '@edoc/contract/workflow';
import { and, asc, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { documents } from '../../db/schema/documents.ts';
import { users } from '../../db/schema/users.ts';
import { tasks } from '../../db/schema/workflow.ts';
import type { Deps } from '../../lib/deps.ts';
import type { ProjectContext } from '../../plugins/context.ts';
import { pathOf, projectFolders } from '../../access/folder-rights.ts';

const senders = alias(users, 'senders');

const sortColumns = {
  fileName: documents.name,
  senderName: senders.name,
  createdAt: tasks.createdAt,
  dueDate: tasks.dueDate,
  doneAt: tasks.doneAt,
} as const;

/** The chosen column, with empty values last either way and the task id last so paging is stable. */
function orderOf(pending: boolean, sort: TaskSort | undefined, order: 'asc' | 'desc'): SQL[] {
  if (!sort)
    return pending ? [sql`${tasks.dueDate} asc nulls last`, asc(tasks.id)] : [desc(tasks.doneAt), desc(tasks.id)];
  const column = sortColumns[sort];
  const dir = order === 'asc' ? sql`asc` : sql`desc`;
  return [sql`${column} ${dir} nulls last`, order === 'asc' ? asc(tasks.id) : desc(tasks.id)];
}

/**
 * /home/pending and /home/processed (issue 10): the caller's tasks in the entered project. Pending: open, the
 * most urgent first (due date, then age); processed: what the caller finished, newest first, with the outcome.
 */
export async function listTasks(
  deps: Deps,
  ctx: ProjectContext,
  q: {
    state: 'pending' | 'processed';
    pageNum: number;
    pageSize: number;
    kind?: TaskKind;
    sort?: TaskSort;
    order: 'asc' | 'desc';
  },
): Promise<Page<TaskItem>> {
  const pending = q.state === 'pending';
  const rows = await deps.db
    .select({
      t: tasks,
      fileName: documents.name,
      folderId: documents.folderId,
      senderName: senders.name,
      total: sql<number>`count(*) over ()`,
    })
    .from(tasks)
    .innerJoin(documents, eq(documents.id, tasks.documentId))
    .leftJoin(senders, eq(senders.id, tasks.senderId))
    .where(
      and(
        eq(tasks.projectId, ctx.projectId),
        eq(tasks.userId, ctx.auth.user.id),
        // Processed is what the person did; work that went away (cancelled) is neither.
        pending ? eq(tasks.state, TaskState.Open) : eq(tasks.state, TaskState.Done),
        pending ? isNull(documents.deletedAt) : undefined,
        q.kind ? eq(tasks.kind, q.kind) : undefined,
      ),
    )
    .orderBy(...orderOf(pending, q.sort, q.order))
    .limit(q.pageSize)
    .offset((q.pageNum - 1) * q.pageSize);
  const byId = new Map((await projectFolders(deps.db, ctx.projectId, 0)).map((f) => [f.id, f]));
  const today = new Date().toISOString().slice(0, 10);
  return {
    total: Number(rows[0]?.total ?? 0),
    data: rows.map(({ t, fileName, folderId, senderName }) => ({
      taskId: t.id,
      kind: t.kind as TaskKind,
      fileId: t.documentId,
      fileName,
      // In the caller's language, as the folder tree shows it: the English name where the folder has one.
      folderPath: folderId === null ? '' : pathOf(folderId, byId, ctx.lang).join(' / '),
      senderName,
      dueDate: t.dueDate,
      overdue: pending && t.dueDate !== null && t.dueDate < today,
      createdAt: t.createdAt.toISOString(),
      doneAt: t.doneAt?.toISOString() ?? null,
      outcome: t.outcome,
    })),
  };
}
