import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { boardAttachments, boardReplies, boardTopics } from '../../db/schema/board.ts';
import { members } from '../../db/schema/projects.ts';
import { users } from '../../db/schema/users.ts';
import { fail } from '../../lib/app-error.ts';
import type { ProjectContext } from '../../plugins/context.ts';

/*
 * Who may do what on the message board (issue 14), each rule once. Every object is looked up inside the caller's
 * entered project: an id of another project, or of a removed topic or reply, answers 404 as if it did not exist.
 * Pinning, closing and removing topics is the project administrator's (the routes' projectAdmin gate).
 */

export type TopicRow = typeof boardTopics.$inferSelect;
export type ReplyRow = typeof boardReplies.$inferSelect;

/** Moderation: STU_PM or the company administrator (full access in the project). */
export const mayModerate = (ctx: ProjectContext) => ctx.fullAccess;

/** A live topic of the caller's project; `lock` takes its row for a change (replies count, state). */
export async function topicFor(tx: Tx, ctx: ProjectContext, id: number, lock = false): Promise<TopicRow> {
  const query = tx
    .select()
    .from(boardTopics)
    .where(and(eq(boardTopics.id, id), eq(boardTopics.projectId, ctx.projectId), isNull(boardTopics.removedAt)));
  const [topic] = lock ? await query.for('update') : await query;
  if (!topic) fail('not_found');
  return topic;
}

/** A closed topic takes no more replies. */
export function assertOpen(topic: TopicRow): void {
  if (topic.closed) fail('board_topic_closed');
}

/** A reply may be removed by its author or a moderator. */
export const mayRemoveReply = (ctx: ProjectContext, reply: { authorId: number }) =>
  reply.authorId === ctx.auth.user.id || mayModerate(ctx);

/** A live reply of a live topic of the caller's project, for removal by its author or a moderator. */
export async function replyToRemove(tx: Tx, ctx: ProjectContext, id: number): Promise<ReplyRow> {
  const [reply] = await tx
    .select()
    .from(boardReplies)
    .where(and(eq(boardReplies.id, id), isNull(boardReplies.removedAt)))
    .for('update');
  if (!reply) fail('not_found');
  await topicFor(tx, ctx, reply.topicId, true);
  if (!mayRemoveReply(ctx, reply)) fail('forbidden');
  return reply;
}

/** An attachment members may download: of a live topic of their project, and of a live reply if of one. */
export async function attachmentFor(tx: Tx, ctx: ProjectContext, id: number) {
  const [row] = await tx
    .select({ file: boardAttachments, replyRemoved: boardReplies.removedAt })
    .from(boardAttachments)
    .leftJoin(boardReplies, eq(boardReplies.id, boardAttachments.replyId))
    .where(eq(boardAttachments.id, id));
  if (!row || row.replyRemoved) fail('not_found');
  await topicFor(tx, ctx, row.file.topicId);
  return row.file;
}

/**
 * The people a post may mention: enabled members of the project. Anyone else named is refused
 * (not_project_member), so a mention never reaches, or mails, someone outside the project.
 */
export async function assertMembers(tx: Tx, ctx: ProjectContext, userIds: number[]): Promise<void> {
  if (userIds.length === 0) return;
  const found = await tx
    .select({ id: members.userId })
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .where(and(eq(members.projectId, ctx.projectId), inArray(members.userId, userIds), eq(users.enabled, true)));
  if (found.length !== userIds.length) fail('not_project_member', { field: 'mentionIds' });
}
