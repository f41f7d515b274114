import {
  BOARD_ACTIONS,
  type BoardAction,
  type BoardAttachment,
  type BoardUnread,
  type MentionList,
  type TopicDetail,
  type TopicList,
  type TopicListQuery,
} from '@edoc/contract/board';
import type { PageQuery } from '@edoc/contract/paging';
import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.ts';
import { boardAttachments, boardMentions, boardReads, boardReplies, boardTopics } from '../../db/schema/board.ts';
import { members } from '../../db/schema/projects.ts';
import { users } from '../../db/schema/users.ts';
import type { Deps } from '../../lib/deps.ts';
import { likePattern } from '../../lib/sql.ts';
import type { ProjectContext } from '../../plugins/context.ts';
import { attachmentFor, mayModerate, mayRemoveReply, topicFor } from './board.policy.ts';

const iso = (d: Date) => d.toISOString();

/** A topic the caller has not opened since its newest post. */
const unreadSql = sql<boolean>`(${boardReads.readAt} is null or ${boardReads.readAt} < ${boardTopics.lastPostAt})`;

/** The caller's read mark beside each topic. */
const readJoin = (ctx: ProjectContext) =>
  and(eq(boardReads.topicId, boardTopics.id), eq(boardReads.userId, ctx.auth.user.id));

const liveTopicsOf = (ctx: ProjectContext) =>
  and(eq(boardTopics.projectId, ctx.projectId), isNull(boardTopics.removedAt));

/** GET /board/topic/list: pinned first, then by newest post; a search narrows by subject. */
export async function listTopics(deps: Deps, ctx: ProjectContext, q: TopicListQuery): Promise<TopicList> {
  const where = and(
    liveTopicsOf(ctx),
    q.searchValue ? ilike(boardTopics.subject, likePattern(q.searchValue)) : undefined,
  );
  const [{ total }] = await deps.db.select({ total: count() }).from(boardTopics).where(where);
  const rows = await deps.db
    .select({
      topic: boardTopics,
      authorName: users.name,
      unread: unreadSql,
      attachmentCount: sql<number>`(select count(*)::int from ${boardAttachments} a
        where a.topic_id = ${boardTopics.id} and a.reply_id is null)`,
    })
    .from(boardTopics)
    .innerJoin(users, eq(users.id, boardTopics.authorId))
    .leftJoin(boardReads, readJoin(ctx))
    .where(where)
    .orderBy(desc(boardTopics.pinned), desc(boardTopics.lastPostAt), desc(boardTopics.id))
    .limit(q.pageSize)
    .offset((q.pageNum - 1) * q.pageSize);
  return {
    total,
    data: rows.map(({ topic: t, authorName, unread, attachmentCount }) => ({
      id: t.id,
      subject: t.subject,
      authorName,
      pinned: t.pinned,
      closed: t.closed,
      replyCount: t.replyCount,
      attachmentCount,
      createdAt: iso(t.createdAt),
      lastPostAt: iso(t.lastPostAt),
      unread,
    })),
  };
}

async function attachmentsOf(tx: Tx, topicId: number, replyIds: number[] | null) {
  const rows = await tx
    .select()
    .from(boardAttachments)
    .where(
      and(
        eq(boardAttachments.topicId, topicId),
        replyIds
          ? inArray(boardAttachments.replyId, replyIds.length ? replyIds : [0])
          : isNull(boardAttachments.replyId),
      ),
    )
    .orderBy(asc(boardAttachments.id));
  const byReply = new Map<number | null, BoardAttachment[]>();
  for (const a of rows)
    byReply.set(a.replyId, [...(byReply.get(a.replyId) ?? []), { id: a.id, fileName: a.fileName, size: a.size }]);
  return byReply;
}

/**
 * The member has seen the topic up to its newest post. The mark is the post's time, not the clock, so a reply
 * committed a moment later still shows as unread; it is copied in SQL, as JavaScript dates lose the microseconds.
 */
export async function markRead(tx: Tx, userId: number, topicId: number) {
  const newest = sql`(select ${boardTopics.lastPostAt} from ${boardTopics} where ${boardTopics.id} = ${topicId})`;
  await tx
    .insert(boardReads)
    .values({ userId, topicId, readAt: newest })
    .onConflictDoUpdate({
      target: [boardReads.userId, boardReads.topicId],
      set: { readAt: sql`greatest(${boardReads.readAt}, excluded.read_at)` },
    });
}

/**
 * GET /board/topic/:id: the topic and a page of its live replies, oldest first. Opening it reads it, and the
 * caller's mentions in it.
 */
export async function readTopic(
  deps: Deps,
  ctx: ProjectContext,
  { id, page: q }: { id: number; page: PageQuery },
): Promise<TopicDetail> {
  return deps.db.transaction(async (tx) => {
    const topic = await topicFor(tx, ctx, id);
    const [author] = await tx.select({ name: users.name }).from(users).where(eq(users.id, topic.authorId));
    const live = and(eq(boardReplies.topicId, id), isNull(boardReplies.removedAt));
    const [{ total }] = await tx.select({ total: count() }).from(boardReplies).where(live);
    const replies = await tx
      .select({ reply: boardReplies, authorName: users.name })
      .from(boardReplies)
      .innerJoin(users, eq(users.id, boardReplies.authorId))
      .where(live)
      .orderBy(asc(boardReplies.id))
      .limit(q.pageSize)
      .offset((q.pageNum - 1) * q.pageSize);
    const own = await attachmentsOf(tx, id, null);
    const ofReplies = await attachmentsOf(
      tx,
      id,
      replies.map((r) => r.reply.id),
    );
    await markRead(tx, ctx.auth.user.id, id);
    await tx
      .update(boardMentions)
      .set({ readAt: sql`now()` })
      .where(
        and(eq(boardMentions.userId, ctx.auth.user.id), eq(boardMentions.topicId, id), isNull(boardMentions.readAt)),
      );
    const may: Record<BoardAction, boolean> = {
      reply: !topic.closed && !ctx.readOnly,
      moderate: mayModerate(ctx) && !ctx.readOnly,
    };
    return {
      topic: {
        id: topic.id,
        subject: topic.subject,
        body: topic.body,
        authorId: topic.authorId,
        authorName: author?.name ?? '',
        pinned: topic.pinned,
        closed: topic.closed,
        replyCount: topic.replyCount,
        attachmentCount: own.get(null)?.length ?? 0,
        createdAt: iso(topic.createdAt),
        lastPostAt: iso(topic.lastPostAt),
        attachments: own.get(null) ?? [],
      },
      replies: {
        total,
        data: replies.map(({ reply: r, authorName }) => ({
          id: r.id,
          body: r.body,
          authorId: r.authorId,
          authorName,
          createdAt: iso(r.createdAt),
          attachments: ofReplies.get(r.id) ?? [],
          canRemove: mayRemoveReply(ctx, r),
        })),
      },
      abilities: BOARD_ACTIONS.filter((a) => may[a]),
    };
  });
}

/** The caller's mentions in this project whose topic and reply are still there (the query joins both). */
const mentionsOf = (ctx: ProjectContext) =>
  and(
    eq(boardMentions.userId, ctx.auth.user.id),
    eq(boardMentions.projectId, ctx.projectId),
    liveTopicsOf(ctx),
    or(isNull(boardMentions.replyId), isNull(boardReplies.removedAt)),
  );

/** GET /board/unread: topics with a post the caller has not seen, and mentions not yet read (the menu's badge). */
export async function unreadCounts(deps: Deps, ctx: ProjectContext): Promise<BoardUnread> {
  const [topics] = await deps.db
    .select({ n: count() })
    .from(boardTopics)
    .leftJoin(boardReads, readJoin(ctx))
    .where(and(liveTopicsOf(ctx), unreadSql));
  const [mentions] = await deps.db
    .select({ n: count() })
    .from(boardMentions)
    .innerJoin(boardTopics, eq(boardTopics.id, boardMentions.topicId))
    .leftJoin(boardReplies, eq(boardReplies.id, boardMentions.replyId))
    .where(and(mentionsOf(ctx), isNull(boardMentions.readAt)));
  return { topics: topics.n, mentions: mentions.n };
}

const by = alias(users, 'by');

/** GET /board/mention/list: where the caller was named in this project, unread first, then newest. */
export async function listMentions(deps: Deps, ctx: ProjectContext, q: PageQuery): Promise<MentionList> {
  const where = mentionsOf(ctx);
  const [{ total }] = await deps.db
    .select({ total: count() })
    .from(boardMentions)
    .innerJoin(boardTopics, eq(boardTopics.id, boardMentions.topicId))
    .leftJoin(boardReplies, eq(boardReplies.id, boardMentions.replyId))
    .where(where);
  const rows = await deps.db
    .select({ m: boardMentions, subject: boardTopics.subject, byName: by.name })
    .from(boardMentions)
    .innerJoin(boardTopics, eq(boardTopics.id, boardMentions.topicId))
    .innerJoin(by, eq(by.id, boardMentions.byId))
    .leftJoin(boardReplies, eq(boardReplies.id, boardMentions.replyId))
    .where(where)
    .orderBy(sql`${boardMentions.readAt} is null desc`, desc(boardMentions.id))
    .limit(q.pageSize)
    .offset((q.pageNum - 1) * q.pageSize);
  return {
    total,
    data: rows.map(({ m, subject, byName }) => ({
      id: m.id,
      topicId: m.topicId,
      topicSubject: subject,
      replyId: m.replyId,
      byName,
      createdAt: iso(m.createdAt),
      read: m.readAt !== null,
    })),
  };
}

/** POST /board/mention/read/a: the caller's own mentions in this project, those named or all. */
export async function markMentionsRead(deps: Deps, ctx: ProjectContext, ids?: number[]) {
  await deps.db
    .update(boardMentions)
    .set({ readAt: sql`now()` })
    .where(
      and(
        eq(boardMentions.userId, ctx.auth.user.id),
        eq(boardMentions.projectId, ctx.projectId),
        isNull(boardMentions.readAt),
        ids ? inArray(boardMentions.id, ids.length ? ids : [0]) : undefined,
      ),
    );
}

/** GET /board/member/list: whom a post may mention — the project's enabled members, the caller left out. */
export async function mentionableMembers(deps: Deps, ctx: ProjectContext) {
  const rows = await deps.db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .where(and(eq(members.projectId, ctx.projectId), eq(users.enabled, true)))
    .orderBy(asc(users.name));
  return rows.filter((r) => r.id !== ctx.auth.user.id);
}

/** GET /board/attachment/:id: the file row, for members of its project only. */
export const attachmentToSend = (deps: Deps, ctx: ProjectContext, id: number) => attachmentFor(deps.db, ctx, id);
