import type { ReplyFields, TopicFields } from '@edoc/contract/board';
import { TrailType } from '@edoc/contract/enums';
import { contentTypeOf, extensionOf } from '@edoc/contract/file-rules';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { boardAttachments, boardMentions, boardReplies, boardTopics } from '../../db/schema/board.ts';
import { fail } from '../../lib/app-error.ts';
import type { Deps } from '../../lib/deps.ts';
import type { ProjectContext } from '../../plugins/context.ts';
import { lockBlob } from '../../storage/blob-sweep.ts';
import type { UploadedFile } from '../../access/versions.ts';
import { recordTrail } from '../../trail/trail.service.ts';
import { mailMentions } from './board-mail.ts';
import { markRead } from './board-read.service.ts';
import { assertMembers, assertOpen, replyToRemove, topicFor } from './board.policy.ts';

/** The members a post notifies: those named, never the author (naming oneself tells nobody anything). */
export const mentionedOf = (ctx: ProjectContext, ids: number[] | undefined) =>
  (ids ?? []).filter((id) => id !== ctx.auth.user.id);

/** What a post checks before a byte of its files is stored: the people it mentions, and an open topic to reply to. */
export async function precheckPost(
  deps: Deps,
  ctx: ProjectContext,
  fields: { topicId?: number; mentionIds?: number[] },
) {
  await deps.db.transaction(async (tx) => {
    if (fields.topicId !== undefined) assertOpen(await topicFor(tx, ctx, fields.topicId));
    await assertMembers(tx, ctx, mentionedOf(ctx, fields.mentionIds));
  });
}

/** Rows for the files of a post; each blob is locked and checked as a document version's is (DESIGN §8). */
async function attach(
  deps: Deps,
  tx: Tx,
  ctx: ProjectContext,
  topicId: number,
  replyId: number | null,
  files: UploadedFile[],
) {
  for (const file of files) {
    // A refused equal upload may have just removed the shared blob (discardUpload): then this one must come again.
    await lockBlob(tx, file.blob.sha256);
    if (!(await deps.blobs.has(file.blob.sha256))) fail('upload_incomplete');
    await tx.insert(boardAttachments).values({
      topicId,
      replyId,
      fileName: file.fileName,
      size: file.blob.size,
      sha256: file.blob.sha256,
      // The server chooses the type it will answer with, never the browser's guess.
      mimeType: contentTypeOf(extensionOf(file.fileName)),
      createdBy: ctx.auth.user.id,
    });
  }
  return files.map((f) => ({ fileName: f.fileName, sha256: f.blob.sha256, size: f.blob.size }));
}

async function mention(tx: Tx, ctx: ProjectContext, userIds: number[], topicId: number, replyId: number | null) {
  if (userIds.length === 0) return;
  await tx
    .insert(boardMentions)
    .values(userIds.map((userId) => ({ projectId: ctx.projectId, userId, topicId, replyId, byId: ctx.auth.user.id })));
}

/** POST /board/topic/a: a new topic with its files and mentions, in one transaction with its trail row. */
export async function postTopic(
  deps: Deps,
  ctx: ProjectContext,
  { fields, files }: { fields: TopicFields; files: UploadedFile[] },
) {
  const mentionIds = mentionedOf(ctx, fields.mentionIds);
  const id = await deps.db.transaction(async (tx) => {
    await assertMembers(tx, ctx, mentionIds);
    const [topic] = await tx
      .insert(boardTopics)
      .values({ projectId: ctx.projectId, authorId: ctx.auth.user.id, subject: fields.subject, body: fields.body })
      .returning();
    const attachments = await attach(deps, tx, ctx, topic.id, null, files);
    await mention(tx, ctx, mentionIds, topic.id, null);
    // The author has read what they just wrote: their own post never shows as unread to them.
    await markRead(tx, ctx.auth.user.id, topic.id);
    await recordTrail(tx, ctx.actor, {
      type: TrailType.Create,
      objectType: 'board_topic',
      objectId: topic.id,
      newValue: { subject: topic.subject, body: topic.body, attachments, mentionIds },
    });
    return topic.id;
  });
  await mailMentions(deps, { projectId: ctx.projectId, topicId: id, byName: ctx.auth.user.name, userIds: mentionIds });
  return id;
}

/** POST /board/reply/a: a reply to an open topic; the topic moves up the list and is unread for the others. */
export async function postReply(
  deps: Deps,
  ctx: ProjectContext,
  { fields, files }: { fields: ReplyFields; files: UploadedFile[] },
) {
  const mentionIds = mentionedOf(ctx, fields.mentionIds);
  const id = await deps.db.transaction(async (tx) => {
    const topic = await topicFor(tx, ctx, fields.topicId, true);
    assertOpen(topic);
    await assertMembers(tx, ctx, mentionIds);
    const [reply] = await tx
      .insert(boardReplies)
      .values({ topicId: topic.id, authorId: ctx.auth.user.id, body: fields.body })
      .returning();
    await tx
      .update(boardTopics)
      .set({ replyCount: sql`${boardTopics.replyCount} + 1`, lastPostAt: reply.createdAt })
      .where(eq(boardTopics.id, topic.id));
    const attachments = await attach(deps, tx, ctx, topic.id, reply.id, files);
    await mention(tx, ctx, mentionIds, topic.id, reply.id);
    await markRead(tx, ctx.auth.user.id, topic.id);
    await recordTrail(tx, ctx.actor, {
      type: TrailType.Create,
      objectType: 'board_reply',
      objectId: reply.id,
      newValue: { topicId: topic.id, body: reply.body, attachments, mentionIds },
    });
    return reply.id;
  });
  const topicId = fields.topicId;
  await mailMentions(deps, { projectId: ctx.projectId, topicId, byName: ctx.auth.user.name, userIds: mentionIds });
  return id;
}

/** Pin or close a topic (the administrator's): the state asked for; asking for the current one changes nothing. */
export async function setTopicState(
  deps: Deps,
  ctx: ProjectContext,
  change: { id: number } & ({ pinned: boolean } | { closed: boolean }),
) {
  const { id } = change;
  await deps.db.transaction(async (tx) => {
    const topic = await topicFor(tx, ctx, id, true);
    const key = 'pinned' in change ? 'pinned' : 'closed';
    const value = 'pinned' in change ? change.pinned : change.closed;
    if (topic[key] === value) return;
    await tx
      .update(boardTopics)
      .set({ [key]: value })
      .where(eq(boardTopics.id, id));
    await recordTrail(tx, ctx.actor, {
      type: TrailType.Update,
      objectType: 'board_topic',
      objectId: id,
      oldValue: { [key]: topic[key] },
      newValue: { [key]: value },
    });
  });
}

/** Removes a topic (the administrator's): the row stays, marked, and members no longer find it. */
export async function removeTopic(deps: Deps, ctx: ProjectContext, id: number) {
  await deps.db.transaction(async (tx) => {
    const topic = await topicFor(tx, ctx, id, true);
    await tx
      .update(boardTopics)
      .set({ removedAt: sql`now()`, removedBy: ctx.auth.user.id })
      .where(eq(boardTopics.id, id));
    await recordTrail(tx, ctx.actor, {
      type: TrailType.Delete,
      objectType: 'board_topic',
      objectId: id,
      oldValue: { subject: topic.subject },
      newValue: { removed: true },
    });
  });
}

/** Removes a reply (its author's or the administrator's): the row stays, marked; the topic counts one fewer. */
export async function removeReply(deps: Deps, ctx: ProjectContext, id: number) {
  await deps.db.transaction(async (tx) => {
    const reply = await replyToRemove(tx, ctx, id);
    await tx
      .update(boardReplies)
      .set({ removedAt: sql`now()`, removedBy: ctx.auth.user.id })
      .where(and(eq(boardReplies.id, id), isNull(boardReplies.removedAt)));
    await tx
      .update(boardTopics)
      .set({ replyCount: sql`greatest(${boardTopics.replyCount} - 1, 0)` })
      .where(eq(boardTopics.id, reply.topicId));
    await recordTrail(tx, ctx.actor, {
      type: TrailType.Delete,
      objectType: 'board_reply',
      objectId: id,
      oldValue: { topicId: reply.topicId, body: reply.body },
      newValue: { removed: true },
    });
  });
}
