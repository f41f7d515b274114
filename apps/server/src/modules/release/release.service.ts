import { TrailType, type Lang } from '@edoc/contract/enums';
import type { Page } from '@edoc/contract/envelope';
import {
  UNREAD_RELEASES_MAX,
  type ReleaseItem,
  type ReleaseSaveBody,
  type UnreadRelease,
} from '@edoc/contract/release';
import { and, count, desc, eq, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.ts';
import { releaseReads, releases } from '../../db/schema/releases.ts';
import { users } from '../../db/schema/users.ts';
import { fail } from '../../lib/app-error.ts';
import type { Deps } from '../../lib/deps.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { sanitiseHtml } from '../notice/notice.service.ts';
import type { ActorContext } from '../../plugins/context.ts';
import { recordTrail } from '../../trail/trail.service.ts';

type ReleaseRow = typeof releases.$inferSelect;

/**
 * "Newer" is by release date, then by version number compared numerically (2.10.0 after 2.9.1), then by id.
 * The version is validated as dot-separated digits, so the cast to int[] cannot fail.
 */
const orderKey = (t: typeof releases) => sql`(${t.releasedOn}, string_to_array(${t.version}, '.')::int[], ${t.id})`;
/** The same key for a row already loaded. */
const keyOf = (r: ReleaseRow) =>
  sql`(${r.releasedOn}::date, string_to_array(${r.version}::text, '.')::int[], ${r.id}::int)`;
const newestFirst = (t: typeof releases): SQL[] => [
  desc(t.releasedOn),
  desc(sql`string_to_array(${t.version}, '.')::int[]`),
  desc(t.id),
];

const snapshot = (r: ReleaseRow) => ({
  version: r.version,
  releasedOn: r.releasedOn,
  notesZh: sanitiseHtml(r.notesZh),
  notesEn: sanitiseHtml(r.notesEn),
});

/** GET /release/list: every release, newest first, paged. */
export async function listReleases(deps: Deps, pageNum: number, pageSize: number): Promise<Page<ReleaseItem>> {
  const author = alias(users, 'author');
  const rows = await deps.db
    .select({ r: releases, by: author.name })
    .from(releases)
    .leftJoin(author, eq(author.id, releases.createdBy))
    .orderBy(...newestFirst(releases))
    .limit(pageSize)
    .offset((pageNum - 1) * pageSize);
  const [{ total }] = await deps.db.select({ total: count() }).from(releases);
  return {
    total,
    data: rows.map(({ r, by }) => ({
      id: r.id,
      version: r.version,
      releasedOn: r.releasedOn,
      notesZh: sanitiseHtml(r.notesZh),
      notesEn: sanitiseHtml(r.notesEn),
      createdAt: r.createdAt.toISOString(),
      createdBy: by,
    })),
  };
}

/** Creates or edits a release. Notes keep only harmless markup; a version number is recorded once. */
export async function saveRelease(deps: Deps, ctx: ActorContext, input: ReleaseSaveBody): Promise<number> {
  const values = {
    version: input.version,
    releasedOn: input.releasedOn,
    notesZh: sanitiseHtml(input.notesZh).trim(),
    notesEn: sanitiseHtml(input.notesEn).trim(),
  };
  // Notes made only of stripped markup would show an empty dialog.
  if (!values.notesZh) fail('required', { field: 'notesZh' });
  if (!values.notesEn) fail('required', { field: 'notesEn' });
  try {
    return await deps.db.transaction(async (tx) => {
      let before: ReleaseRow | undefined;
      if (input.id) {
        [before] = await tx.select().from(releases).where(eq(releases.id, input.id)).for('update');
        if (!before) fail('not_found');
      }
      const [after] = before
        ? await tx.update(releases).set(values).where(eq(releases.id, before.id)).returning()
        : await tx
            .insert(releases)
            .values({ ...values, createdBy: ctx.actor.actorId })
            .returning();
      await recordTrail(tx, ctx.actor, {
        type: TrailType.SettingsChange,
        objectType: 'release',
        objectId: after.id,
        version: after.version,
        oldValue: before ? snapshot(before) : null,
        newValue: snapshot(after),
      });
      return after.id;
    });
  } catch (err) {
    if (isUniqueViolation(err)) fail('release_version_exists');
    throw err;
  }
}

/**
 * Deletes a release. Users whose acknowledgement points at it are moved to the next older release (or lose
 * the row when none is left), so nobody is shown releases they had already acknowledged.
 */
export async function deleteRelease(deps: Deps, ctx: ActorContext, id: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(releases).where(eq(releases.id, id)).for('update');
    if (!before) fail('not_found');
    const [older] = await tx
      .select({ id: releases.id })
      .from(releases)
      .where(sql`${orderKey(releases)} < ${keyOf(before)}`)
      .orderBy(...newestFirst(releases))
      .limit(1);
    if (older) await tx.update(releaseReads).set({ releaseId: older.id }).where(eq(releaseReads.releaseId, id));
    else await tx.delete(releaseReads).where(eq(releaseReads.releaseId, id));
    await tx.delete(releases).where(eq(releases.id, id));
    await recordTrail(tx, ctx.actor, {
      type: TrailType.SettingsChange,
      objectType: 'release',
      objectId: id,
      version: before.version,
      oldValue: snapshot(before),
      newValue: null,
      reason: 'deleted',
    });
  });
}

/**
 * The condition "newer than what the user has acknowledged". Without an acknowledgement, a release dated
 * before the account was created counts as read: a new user is not told about changes they never lived through.
 */
function unreadCondition(userId: number): SQL {
  return sql`case
    when exists (select 1 from release_reads rr where rr.user_id = ${userId})
    then ${orderKey(releases)} > (
      select r.released_on, string_to_array(r.version, '.')::int[], r.id
      from release_reads rr join releases r on r.id = rr.release_id
      where rr.user_id = ${userId})
    else ${releases.releasedOn} >= (select (u.created_at at time zone 'UTC')::date from users u where u.id = ${userId})
  end`;
}

/** GET /release/unread: the releases the user has not acknowledged, newest first, notes in the user's language. */
export async function unreadReleases(deps: Deps, userId: number, lang: Lang): Promise<UnreadRelease[]> {
  const rows = await deps.db
    .select()
    .from(releases)
    // Its author has read it: the dialog does not greet the administrator who just wrote it (issue 12, defect 7).
    .where(and(unreadCondition(userId), or(isNull(releases.createdBy), ne(releases.createdBy, userId))))
    .orderBy(...newestFirst(releases))
    .limit(UNREAD_RELEASES_MAX);
  return rows.map((r) => ({
    id: r.id,
    version: r.version,
    releasedOn: r.releasedOn,
    notes: sanitiseHtml(lang === 'en-US' ? r.notesEn : r.notesZh),
  }));
}

async function newestRelease(tx: Tx): Promise<ReleaseRow | undefined> {
  const [row] = await tx
    .select()
    .from(releases)
    .orderBy(...newestFirst(releases))
    .limit(1);
  return row;
}

/**
 * POST /release/read/a: the user has seen everything up to `upTo` (or the newest). The acknowledgement
 * never moves backwards: a stale dialog closed late does not re-open newer releases.
 */
export async function acknowledgeReleases(deps: Deps, userId: number, upTo?: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    let target: ReleaseRow | undefined;
    if (upTo) {
      [target] = await tx.select().from(releases).where(eq(releases.id, upTo));
      if (!target) fail('invalid_value', { field: 'upTo' });
    } else {
      target = await newestRelease(tx);
      if (!target) return;
    }
    const key = keyOf(target);
    await tx
      .insert(releaseReads)
      .values({ userId, releaseId: target.id })
      .onConflictDoUpdate({
        target: releaseReads.userId,
        set: { releaseId: target.id, readAt: new Date() },
        where: sql`${key} > (select r.released_on, string_to_array(r.version, '.')::int[], r.id
          from releases r where r.id = ${releaseReads.releaseId})`,
      });
  });
}
