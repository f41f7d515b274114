import { NoticeStatus, TrailType } from '@edoc/contract/enums';
import type { Page } from '@edoc/contract/envelope';
import type { NoticeItem, NoticeRelease, NoticeUpdateBody } from '@edoc/contract/notice';
import { and, count, desc, eq, lte } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { filterXSS } from 'xss';
import { notices } from '../../db/schema/notices.ts';
import { users } from '../../db/schema/users.ts';
import { fail } from '../../lib/app-error.ts';
import type { Deps } from '../../lib/deps.ts';
import type { ActorContext } from '../../plugins/context.ts';
import { recordTrail } from '../../trail/trail.service.ts';

/**
 * The notice is HTML shown on the public login page: only harmless markup survives (js-xss whitelist), when saved
 * and again when served, so a row written around the API (an import, a database edit) cannot carry a script.
 */
export const sanitiseHtml = (html: string) =>
  filterXSS(html, { stripIgnoreTag: true, stripIgnoreTagBody: ['script', 'style'] })
    // An image whose source was unsafe keeps no source: drop it rather than show an empty frame (issue 12, defect 7).
    .replace(/<img\b(?![^>]*\ssrc="[^"]+")[^>]*>/gi, '');

/** GET /notice/system/release: the newest released notice already in effect. */
export async function currentNotice(deps: Deps): Promise<NoticeRelease> {
  const [row] = await deps.db
    .select()
    .from(notices)
    .where(and(eq(notices.status, NoticeStatus.Released), lte(notices.effectiveTime, new Date())))
    .orderBy(desc(notices.effectiveTime), desc(notices.id))
    .limit(1);
  // Nothing released and in effect reads as a draft: the client shows a notice only when it is Released.
  if (!row) return { noticeStatus: NoticeStatus.Draft, noticeContent: '', id: null, subject: null };
  return {
    noticeStatus: NoticeStatus.Released,
    noticeContent: sanitiseHtml(row.contents),
    id: row.id,
    subject: row.subject,
  };
}

export async function listNotices(deps: Deps, pageNum: number, pageSize: number): Promise<Page<NoticeItem>> {
  const editor = alias(users, 'editor');
  const rows = await deps.db
    .select({ n: notices, editor: editor.name })
    .from(notices)
    .leftJoin(editor, eq(editor.id, notices.updatedBy))
    .orderBy(desc(notices.id))
    .limit(pageSize)
    .offset((pageNum - 1) * pageSize);
  const [{ total }] = await deps.db.select({ total: count() }).from(notices);
  return {
    total,
    data: rows.map(({ n, editor: by }) => ({
      id: n.id,
      subject: n.subject,
      contents: sanitiseHtml(n.contents),
      effectiveTime: n.effectiveTime.toISOString(),
      status: n.status,
      updatedAt: n.updatedAt.toISOString(),
      updatedBy: by,
    })),
  };
}

const snapshot = (n: typeof notices.$inferSelect) => ({
  subject: n.subject,
  contents: n.contents,
  effectiveTime: n.effectiveTime.toISOString(),
  status: n.status,
});

/** Creates or edits a notice, released at once unless `release` is false. */
export async function saveNotice(deps: Deps, ctx: ActorContext, input: NoticeUpdateBody): Promise<number> {
  const values = {
    subject: input.subject,
    contents: sanitiseHtml(input.contents),
    effectiveTime: new Date(input.effectiveTime),
    status: input.release ? NoticeStatus.Released : NoticeStatus.Draft,
    updatedBy: ctx.actor.actorId,
    updatedAt: new Date(),
  };
  if (values.contents.trim() === '') fail('notice_empty');
  return deps.db.transaction(async (tx) => {
    let before: typeof notices.$inferSelect | undefined;
    if (input.id) {
      [before] = await tx.select().from(notices).where(eq(notices.id, input.id)).for('update');
      if (!before) fail('not_found');
    }
    const [after] = before
      ? await tx.update(notices).set(values).where(eq(notices.id, before.id)).returning()
      : await tx
          .insert(notices)
          .values({ ...values, createdBy: ctx.actor.actorId })
          .returning();
    await recordTrail(tx, ctx.actor, {
      type: TrailType.NoticeChange,
      objectType: 'notice',
      objectId: after.id,
      oldValue: before ? snapshot(before) : null,
      newValue: snapshot(after),
    });
    return after.id;
  });
}

/** Withdraws a released notice from the login page. */
export async function undoNotice(deps: Deps, ctx: ActorContext, id: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(notices).where(eq(notices.id, id)).for('update');
    if (!before) fail('not_found');
    const [after] = await tx
      .update(notices)
      .set({ status: NoticeStatus.Undone, updatedBy: ctx.actor.actorId, updatedAt: new Date() })
      .where(eq(notices.id, id))
      .returning();
    await recordTrail(tx, ctx.actor, {
      type: TrailType.NoticeChange,
      objectType: 'notice',
      objectId: id,
      oldValue: snapshot(before),
      newValue: snapshot(after),
      reason: 'undo',
    });
  });
}
