import { TrailType } from '@edoc/contract/enums';
import type { TagBody, TagItem } from '@edoc/contract/tag';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { tags } from '../../db/schema/catalog.ts';
import { fail } from '../../lib/app-error.ts';
import type { Deps } from '../../lib/deps.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { ProjectContext } from '../../plugins/context.ts';
import { recordTrail } from '../../trail/trail.service.ts';

type TagRow = typeof tags.$inferSelect;

const duplicate = (err: unknown) => (isUniqueViolation(err) ? fail('tag_exists') : Promise.reject(err));

const toItem = (t: TagRow): TagItem => ({
  id: t.id,
  name: t.name,
  color: t.color,
  createdAt: t.createdAt.toISOString(),
});

/** The project's tags by name (a project has tens, not thousands: no paging). */
export async function listTags(deps: Deps, projectId: number): Promise<TagItem[]> {
  const rows = await deps.db
    .select()
    .from(tags)
    .where(eq(tags.projectId, projectId))
    .orderBy(asc(sql`lower(${tags.name})`));
  return rows.map(toItem);
}

async function assertNameFree(tx: Tx, projectId: number, name: string, exceptId?: number) {
  const [clash] = await tx
    .select({ id: tags.id })
    .from(tags)
    .where(
      and(
        eq(tags.projectId, projectId),
        sql`lower(${tags.name}) = lower(${name})`,
        exceptId ? ne(tags.id, exceptId) : undefined,
      ),
    );
  if (clash) fail('tag_exists');
}

async function loadTag(tx: Tx, projectId: number, id: number): Promise<TagRow> {
  const [t] = await tx
    .select()
    .from(tags)
    .where(and(eq(tags.id, id), eq(tags.projectId, projectId)));
  if (!t) fail('not_found');
  return t;
}

export async function createTag(deps: Deps, ctx: ProjectContext, body: TagBody): Promise<number> {
  const { projectId } = ctx;
  return deps.db.transaction(async (tx) => {
    await assertNameFree(tx, projectId, body.name);
    const [row] = await tx
      .insert(tags)
      .values({ projectId, name: body.name, color: body.color })
      .returning()
      .catch(duplicate);
    await recordTrail(
      tx,
      { ...ctx.actor, projectId },
      { type: TrailType.Create, objectType: 'tag', objectId: row.id, newValue: row },
    );
    return row.id;
  });
}

export async function updateTag(deps: Deps, ctx: ProjectContext, { id, body }: { id: number; body: TagBody }) {
  const { projectId } = ctx;
  await deps.db.transaction(async (tx) => {
    const before = await loadTag(tx, projectId, id);
    await assertNameFree(tx, projectId, body.name, id);
    const [after] = await tx
      .update(tags)
      .set({ name: body.name, color: body.color })
      .where(eq(tags.id, id))
      .returning()
      .catch(duplicate);
    await recordTrail(
      tx,
      { ...ctx.actor, projectId },
      {
        type: TrailType.Update,
        objectType: 'tag',
        objectId: id,
        oldValue: before,
        newValue: after,
      },
    );
  });
}

export async function deleteTag(deps: Deps, ctx: ProjectContext, id: number) {
  const { projectId } = ctx;
  await deps.db.transaction(async (tx) => {
    const before = await loadTag(tx, projectId, id);
    await tx.delete(tags).where(eq(tags.id, id));
    await recordTrail(
      tx,
      { ...ctx.actor, projectId },
      { type: TrailType.Delete, objectType: 'tag', objectId: id, oldValue: before },
    );
  });
}
