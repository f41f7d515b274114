import type { Page } from '@edoc/contract/envelope';
import type { TaskItem, TaskSort } from '@edoc/contract/workflow-requests';
import { TaskState } from '@edoc/contract/states';
import type { TaskKind } from '@edoc/contract/workflow';
import { and, asc, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { documents } from '../../db/schema/documents.ts';
import { users } from '../../db/schema/users.ts';
import { tasks } from '../../db/schema/workflow.ts';
import { builtOnce } from '../../db/built-once.ts';
import type { Tx } from '../../db/client.ts';
import type { Deps } from '../../lib/deps.ts';
import type { ProjectContext } from '../../plugins/context.ts';
import { pathOf, sessionFolders } from '../../access/folder-rights.ts';

const senders = alias(users, 'senders');

const sortColumns = {
  fileName: documents.name,
  senderName: senders.name,
  createdAt: tasks.createdAt,
  dueDate: tasks.dueDate,
  doneAt: tasks.doneAt,
} as const;

/** What makes two task pages one statement (the folder page's way: db/built-once.ts); the values apart. */
interface Shape {
  pending: boolean;
  kind: boolean;
  sort: TaskSort | undefined;
  ascending: boolean;
}

const keyOf = (s: Shape) => `${s.pending ? 'p' : 'd'}_${s.sort ?? ''}_${s.ascending ? 'a' : 'd'}_${Number(s.kind)}`;

const p = (name: 'project' | 'user' | 'kind' | 'limit' | 'offset') => sql.placeholder(name);

/** The chosen column, with empty values last either way and the task id last so paging is stable. */
function orderOf({ pending, sort, ascending }: Shape): SQL[] {
  if (!sort)
    return pending ? [sql`${tasks.dueDate} asc nulls last`, asc(tasks.id)] : [desc(tasks.doneAt), desc(tasks.id)];
  const column = sortColumns[sort];
  const dir = ascending ? sql`asc` : sql`desc`;
  return [sql`${column} ${dir} nulls last`, ascending ? asc(tasks.id) : desc(tasks.id)];
}

/** A page of the caller's tasks of a shape, with their count, built once. */
const pageOf = builtOnce(
  (db: Tx, s: Shape) =>
    db
      .select({
        t: {
          id: tasks.id,
          kind: tasks.kind,
          documentId: tasks.documentId,
          dueDate: tasks.dueDate,
          createdAt: tasks.createdAt,
          doneAt: tasks.doneAt,
          outcome: tasks.outcome,
        },
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
          eq(tasks.projectId, p('project')),
          eq(tasks.userId, p('user')),
          // Processed is what the person did; work that went away (cancelled) is neither.
          eq(tasks.state, s.pending ? TaskState.Open : TaskState.Done),
          s.pending ? isNull(documents.deletedAt) : undefined,
          s.kind ? eq(tasks.kind, p('kind')) : undefined,
        ),
      )
      .orderBy(...orderOf(s))
      .limit(p('limit'))
      .offset(p('offset')),
  keyOf,
);

/**
 * /home/pending and /home/processed (issue 10): the caller's tasks in the entered project. Pending: open, the
 * most urgent first (due date, then age); processed: what the caller finished, newest first, with the outcome.
 * Outside a transaction, one statement after the session, which brings the folders for the paths (issue 30).
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
  const shape: Shape = { pending, kind: !!q.kind, sort: q.sort, ascending: q.order === 'asc' };
  const rows = await pageOf(deps.db, shape).execute({
    project: ctx.projectId,
    user: ctx.auth.user.id,
    kind: q.kind,
    limit: q.pageSize,
    offset: (q.pageNum - 1) * q.pageSize,
  });
  const byId = new Map((await sessionFolders(deps.db, ctx, 0)).map((f) => [f.id, f]));
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
