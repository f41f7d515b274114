import {
  DownloadStatus,
  type DownloadState,
  type DownloadTaskBody,
  type DownloadTaskRow,
} from '@edoc/contract/download';
import { TrailType, type Lang } from '@edoc/contract/enums';
import { exportReport, type ExportReportRow } from '@edoc/contract/exchange';
import { errorMessage, isErrorCode } from '@edoc/contract/errors';
import { FolderType } from '@edoc/contract/permissions';
import { and, count, desc, eq, inArray, isNotNull, isNull, lte } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { documents, downloadTasks } from '../../db/schema/documents.ts';
import { users } from '../../db/schema/users.ts';
import { fail } from '../../lib/app-error.ts';
import type { Deps } from '../../lib/deps.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import { removeIfUnreferenced } from '../../storage/blob-sweep.ts';
import { visibleSites, siteFilter } from '../../access/sites.ts';
import { folderRights, loadFolder } from '../../access/folder-rights.ts';
import type { ProjectContext } from '../../plugins/context.ts';
import { recordTrail } from '../../trail/trail.service.ts';
import { DOWNLOAD_QUEUE, failureText } from './download-pack.ts';

type TaskRow = typeof downloadTasks.$inferSelect;

/**
 * The documents a new task packs. Named documents must all be downloadable (viewDoc + downDoc on their folder,
 * DESIGN §5), else the whole request is refused without saying which. A folder brings every live document
 * below it that the caller may download; documents of folders without the keys are left out.
 */
async function resolveDocuments(tx: Tx, ctx: ProjectContext, body: DownloadTaskBody): Promise<number[]> {
  const { rows, rights } = await folderRights(tx, ctx, 0);
  const mayDownload = (folderId: number | null) => {
    const r = folderId === null ? undefined : rights.get(folderId);
    return !!r?.isEnabled && r.docKeys.includes('viewDoc') && r.docKeys.includes('downDoc');
  };
  const sites = await visibleSites(tx, ctx);
  const live = and(eq(documents.projectId, ctx.projectId), isNull(documents.deletedAt), siteFilter(sites));
  const ids = new Set<number>();

  const named = [...new Set(body.fileIds ?? [])];
  if (named.length > 0) {
    const docs = await tx
      .select({ id: documents.id, folderId: documents.folderId })
      .from(documents)
      .where(and(live, inArray(documents.id, named)));
    // Another project's, a deleted or an unseen site document: "not found", as for a single download.
    if (docs.length !== named.length) fail('not_found');
    if (docs.some((d) => !mayDownload(d.folderId))) fail('forbidden');
    for (const d of docs) ids.add(d.id);
  }

  if (body.folderId !== undefined) {
    const folder = await loadFolder(tx, ctx.projectId, body.folderId);
    if (folder.type !== FolderType.Work) fail('invalid_value', { field: 'folderId' });
    if (!rights.get(folder.id)?.isEnabled) fail('forbidden');
    const below = descendants(rows, folder.id);
    const docs = await tx
      .select({ id: documents.id, folderId: documents.folderId })
      .from(documents)
      .where(and(live, inArray(documents.folderId, below)));
    const allowed = docs.filter((d) => mayDownload(d.folderId));
    if (docs.length > 0 && allowed.length === 0) fail('forbidden');
    for (const d of allowed) ids.add(d.id);
  }
  if (ids.size === 0) fail('download_empty');
  return [...ids].sort((a, b) => a - b);
}

/** The folder and every folder below it. */
function descendants(rows: Array<{ id: number; parentId: number | null }>, rootId: number): number[] {
  const out = [rootId];
  for (let i = 0; i < out.length; i++) for (const f of rows) if (f.parentId === out[i]) out.push(f.id);
  return out;
}

/** Records the task and queues its packing; the job runs after the commit so it can see the row. */
export async function createDownloadTask(deps: Deps, ctx: ProjectContext, body: DownloadTaskBody) {
  const task = await deps.db.transaction(async (tx) => {
    const documentIds = await resolveDocuments(tx, ctx, body);
    const expiresAt = new Date(Date.now() + deps.config.DOWNLOAD_TASK_DAYS * 86_400_000);
    const [row] = await tx
      .insert(downloadTasks)
      .values({
        projectId: ctx.projectId,
        userId: ctx.auth.user.id,
        name: body.name,
        documentIds,
        expiresAt,
        lang: ctx.lang,
      })
      .returning();
    await recordTrail(tx, ctx.actor, {
      type: TrailType.Create,
      objectType: 'download_task',
      objectId: row.id,
      newValue: { name: row.name, documentIds, expiresAt: expiresAt.toISOString() },
    });
    return row;
  });
  return queuePack(deps, task);
}

/** Queues a recorded task's packing (any kind); a task whose job could not be queued is marked failed. */
export async function queuePack(deps: Deps, task: TaskRow) {
  try {
    // A pack of many gigabytes may take longer than pg-boss's default 15 minutes: no second run meanwhile.
    await deps.jobs.send(DOWNLOAD_QUEUE, { taskId: task.id }, { expireInSeconds: 6 * 3600 });
  } catch (err) {
    // Without a queued job the task would show "packing" forever.
    await deps.db
      .update(downloadTasks)
      .set({ status: DownloadStatus.Failed, error: failureText(err), finishedAt: new Date() })
      .where(eq(downloadTasks.id, task.id));
    throw err;
  }
  return { id: task.id, documentCount: task.documentIds.length };
}

const isExpired = (t: Pick<TaskRow, 'expiresAt'>, now = Date.now()) => t.expiresAt.getTime() <= now;

export function stateOf(t: TaskRow, now = Date.now()): DownloadState {
  if (t.status === DownloadStatus.Failed) return 'failed';
  if (isExpired(t, now)) return 'expired';
  return t.status === DownloadStatus.Completed ? 'completed' : 'packing';
}

/** The stored reason (a contract error code with params, see failureText) in the reader's language. */
function reasonOf(error: string | null, lang: Lang): string | null {
  if (!error) return null;
  try {
    const parsed = JSON.parse(error) as { code?: string; params?: Record<string, string> };
    if (parsed.code && isErrorCode(parsed.code)) return errorMessage(parsed.code, lang, parsed.params);
  } catch {
    // an older free-text reason is shown as it is
  }
  return error;
}

/** An export's report (issue 28 part 1) with each left-out reason in the reader's language. */
function reportOf(report: unknown, lang: Lang): ExportReportRow | null {
  const parsed = exportReport.safeParse(report);
  if (!parsed.success) return null;
  const leftOut = parsed.data.leftOut.map(({ documentId, name, code, params }) => ({
    documentId,
    name,
    reason: isErrorCode(code) ? errorMessage(code, lang, params) : code,
  }));
  return { ...parsed.data, leftOut };
}

const NAMES_SHOWN = 3;

/** The caller's own tasks, or with `all` every task of the project (project administrators, /manage/download). */
export async function listDownloadTasks(
  deps: Deps,
  ctx: ProjectContext,
  query: { all?: 'true' | 'false'; pageNum: number; pageSize: number },
) {
  const all = query.all === 'true';
  if (all && !ctx.fullAccess) fail('forbidden');
  const where = and(
    eq(downloadTasks.projectId, ctx.projectId),
    all ? undefined : eq(downloadTasks.userId, ctx.auth.user.id),
  );
  const [{ total }] = await deps.db.select({ total: count() }).from(downloadTasks).where(where);
  const page = await deps.db
    .select({ t: downloadTasks, creator: users.name })
    .from(downloadTasks)
    .innerJoin(users, eq(users.id, downloadTasks.userId))
    .where(where)
    .orderBy(desc(downloadTasks.id))
    .limit(query.pageSize)
    .offset((query.pageNum - 1) * query.pageSize);
  const firstIds = [...new Set(page.flatMap(({ t }) => t.documentIds.slice(0, NAMES_SHOWN)))];
  const names = new Map(
    firstIds.length
      ? (
          await deps.db
            .select({ id: documents.id, name: documents.name })
            .from(documents)
            .where(and(eq(documents.projectId, ctx.projectId), inArray(documents.id, firstIds)))
        ).map((d) => [d.id, d.name])
      : [],
  );
  const now = Date.now();
  const data: DownloadTaskRow[] = page.map(({ t, creator }) => ({
    id: t.id,
    name: t.name,
    creatorId: t.userId,
    creator,
    documentCount: t.documentIds.length,
    documentNames: t.documentIds.slice(0, NAMES_SHOWN).flatMap((id) => names.get(id) ?? []),
    state: stateOf(t, now),
    progress: t.progress,
    size: t.size,
    error: reasonOf(t.error, ctx.lang),
    createdtime: t.createdAt.toISOString(),
    finishedtime: t.finishedAt?.toISOString() ?? null,
    expirestime: t.expiresAt.toISOString(),
    kind: t.kind as DownloadTaskRow['kind'],
    report: reportOf(t.report, ctx.lang),
  }));
  return { data, total };
}

/** A task of the caller's project that is the caller's own, or any when they administer the project. */
async function loadTaskFor(tx: Tx | Db, ctx: ProjectContext, id: number): Promise<TaskRow> {
  const [t] = await tx
    .select()
    .from(downloadTasks)
    .where(and(eq(downloadTasks.id, id), eq(downloadTasks.projectId, ctx.projectId)));
  // Someone else's task is "not found": its name alone may say too much.
  if (!t || (t.userId !== ctx.auth.user.id && !ctx.fullAccess)) fail('not_found');
  return t;
}

/** The packed zip of a completed, unexpired task; each download is a view (type 11) in the trail. */
export async function openTaskZip(
  deps: Deps,
  ctx: ProjectContext,
  {
    taskId,
    record = true,
  }: {
    taskId: number;
    /** False for a check without a download (issuing a link; resuming one already recorded). */
    record?: boolean;
  },
) {
  return deps.db.transaction(async (tx) => {
    const t = await loadTaskFor(tx, ctx, taskId);
    if (t.status === DownloadStatus.Completed && isExpired(t)) fail('download_expired');
    if (t.status !== DownloadStatus.Completed || !t.sha256 || t.size === null) fail('download_not_ready');
    if (record)
      await recordTrail(tx, ctx.actor, {
        type: TrailType.View,
        objectType: 'download_task',
        objectId: t.id,
        newValue: { action: 'download', name: t.name, sha256: t.sha256, documentIds: t.documentIds },
      });
    return { name: t.name, sha256: t.sha256, size: t.size };
  });
}

/** Deletes the task (packing or not); its zip goes with it unless another row still points at it. */
export async function deleteDownloadTask(deps: Deps, ctx: ProjectContext, id: number) {
  const t = await deps.db.transaction(async (tx) => {
    const row = await loadTaskFor(tx, ctx, id);
    await tx.delete(downloadTasks).where(eq(downloadTasks.id, row.id));
    await recordTrail(tx, ctx.actor, {
      type: TrailType.Delete,
      objectType: 'download_task',
      objectId: row.id,
      oldValue: { name: row.name, documentIds: row.documentIds, status: row.status, sha256: row.sha256 },
    });
    return row;
  });
  if (t.sha256) await removeIfUnreferenced(deps.db, deps.blobs, [t.sha256], deps.config.BLOB_GRACE_SECONDS * 1000);
}

/**
 * At expiry a task keeps its row (listed as expired) but lets go of its zip, which is removed at once when no
 * other row points at it (else by the orphan sweep). Several workers may run this together.
 */
export async function sweepExpiredDownloads(db: Db, blobs: BlobStore, graceMs: number): Promise<number> {
  const expired = await db
    .select({ id: downloadTasks.id, sha: downloadTasks.sha256 })
    .from(downloadTasks)
    .where(and(lte(downloadTasks.expiresAt, new Date()), isNotNull(downloadTasks.sha256)));
  if (expired.length === 0) return 0;
  await db
    .update(downloadTasks)
    .set({ sha256: null })
    .where(
      inArray(
        downloadTasks.id,
        expired.map((e) => e.id),
      ),
    );
  await removeIfUnreferenced(db, blobs, [...new Set(expired.map((e) => e.sha!))], graceMs);
  return expired.length;
}
