import { TrailType } from '@edoc/contract/enums';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { documents } from '../../db/schema/documents.ts';
import { folders } from '../../db/schema/projects.ts';
import { tmfArtifacts } from '../../db/schema/tmf-models.ts';
import type { Deps } from '../../lib/deps.ts';
import type { ProjectContext } from '../../plugins/context.ts';
import { refileDocuments } from '../expected/expected-filing.ts';
import { recordTrail } from '../../trail/trail.service.ts';
import { loadModelArtifact, lockProject, lockWorkFolder } from './tmf-project.policy.ts';

/** The number of an artifact, for trail rows (null: none). */
export async function artifactNumber(tx: Tx, id: number | null): Promise<string | null> {
  if (id === null) return null;
  const [row] = await tx.select({ number: tmfArtifacts.number }).from(tmfArtifacts).where(eq(tmfArtifacts.id, id));
  return row?.number ?? null;
}

/**
 * POST /manage/tmf/map/:id: one folder of the document tree stands for an artifact of the project's model (or, null,
 * for none). The documents directly in it that had no artifact, or had the folder's previous one, take the new one in
 * the same transaction; a document filed under another artifact by other means keeps it, and the documents of its
 * subfolders keep theirs (a subfolder is mapped, or not, on its own).
 */
export async function mapFolder(
  deps: Deps,
  ctx: ProjectContext,
  input: { folderId: number; artifactId: number | null },
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const project = await lockProject(tx, ctx.projectId);
    const folder = await lockWorkFolder(tx, ctx.projectId, input.folderId);
    const artifact =
      input.artifactId === null ? null : await loadModelArtifact(tx, project.tmfModelId, input.artifactId);
    const previous = folder.artifactId;
    if (previous === input.artifactId) return;
    await tx.update(folders).set({ artifactId: input.artifactId }).where(eq(folders.id, folder.id));
    const filed = await tx
      .update(documents)
      .set({ artifactId: input.artifactId })
      .where(
        and(
          eq(documents.folderId, folder.id),
          previous === null
            ? isNull(documents.artifactId)
            : or(isNull(documents.artifactId), eq(documents.artifactId, previous)),
        ),
      )
      .returning({ id: documents.id });
    await recordTrail(tx, ctx.actor, {
      type: TrailType.Update,
      objectType: 'folder_artifact',
      objectId: folder.id,
      oldValue: { folder: folder.name, artifact: await artifactNumber(tx, previous) },
      newValue: { folder: folder.name, artifact: artifact?.number ?? null, documentsFiled: filed.length },
    });
    // Under the artifact they fulfil its items (issue 27 part 4).
    await refileDocuments(
      tx,
      ctx.actor,
      filed.map((d) => d.id),
    );
  });
}

/**
 * The artifact a document filed in `folderId` carries (issue 27): the folder's own, else its nearest mapped
 * ancestor's, so that a document in a subfolder of an artifact's folder (e.g. "8.2.1 … / superseded") is still filed
 * under the artifact; null when neither the folder nor any folder above it is mapped. Read on create and on a move.
 */
export async function artifactForFolder(tx: Tx, folderId: number): Promise<{ id: number; number: string } | null> {
  return (await artifactsForFolders(tx, [folderId])).get(folderId) ?? null;
}

/** artifactForFolder of several folders in two statements (a batch of imported documents): folder id → artifact. */
export async function artifactsForFolders(
  tx: Tx,
  folderIds: number[],
): Promise<Map<number, { id: number; number: string } | null>> {
  const ids = [...new Set(folderIds)].sort((a, b) => a - b);
  const out = new Map<number, { id: number; number: string } | null>(ids.map((id) => [id, null]));
  if (!ids.length) return out;
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  // Shared lock on the folder: a mapping of it (mapFolder locks it for update) waits for this filing to commit and
  // then moves the new document too, or this filing waits and reads the new mapping; either way none is missed.
  await tx.execute(sql`select 1 from folders where id in (${list}) order by id for share`);
  const result = await tx.execute<{ folderId: number; id: number; number: string }>(sql`
    with recursive up(start, id, parent_id, artifact_id, depth) as (
      select id, id, parent_id, artifact_id, 0 from folders where id in (${list})
      union all
      select up.start, f.id, f.parent_id, f.artifact_id, up.depth + 1 from folders f join up on f.id = up.parent_id
        where up.artifact_id is null and up.depth < 64
    )
    select distinct on (up.start) up.start as "folderId", a.id, a.number
    from up join tmf_artifacts a on a.id = up.artifact_id order by up.start, up.depth`);
  for (const r of result.rows) out.set(r.folderId, { id: r.id, number: r.number });
  return out;
}
