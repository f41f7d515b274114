import { bigint, boolean, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { projects } from './projects.ts';
import { users } from './users.ts';

/**
 * The project's message board (issue 14): topics, their replies, files attached to either, who read what, and the
 * members a post mentions. Bodies are plain text (rendered escaped); removal keeps the row (and the trail row).
 */
export const boardTopics = pgTable(
  'board_topics',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    pinned: boolean('pinned').notNull().default(false),
    closed: boolean('closed').notNull().default(false),
    replyCount: integer('reply_count').notNull().default(0),
    /** The newest post (the topic or a reply): the list's order and the unread mark. */
    lastPostAt: timestamp('last_post_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    removedBy: integer('removed_by').references(() => users.id),
  },
  (t) => [index('board_topics_list_idx').on(t.projectId, t.pinned, t.lastPostAt)],
);

export const boardReplies = pgTable(
  'board_replies',
  {
    id: serial('id').primaryKey(),
    topicId: integer('topic_id')
      .notNull()
      .references(() => boardTopics.id),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    removedBy: integer('removed_by').references(() => users.id),
  },
  (t) => [index('board_replies_topic_idx').on(t.topicId, t.id)],
);

/** A file attached to a topic (replyId null) or to one of its replies; the content is a blob (sha256). */
export const boardAttachments = pgTable(
  'board_attachments',
  {
    id: serial('id').primaryKey(),
    topicId: integer('topic_id')
      .notNull()
      .references(() => boardTopics.id),
    replyId: integer('reply_id').references(() => boardReplies.id),
    fileName: text('file_name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    mimeType: text('mime_type').notNull(),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('board_attachments_topic_idx').on(t.topicId), index('board_attachments_sha_idx').on(t.sha256)],
);

/** When a member last opened a topic: a topic whose lastPostAt is newer is unread for them. */
export const boardReads = pgTable(
  'board_reads',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    topicId: integer('topic_id')
      .notNull()
      .references(() => boardTopics.id),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.topicId] })],
);

/** A member named with @ in a topic or reply: the in-app notice, read when the member opens it. */
export const boardMentions = pgTable(
  'board_mentions',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    topicId: integer('topic_id')
      .notNull()
      .references(() => boardTopics.id),
    replyId: integer('reply_id').references(() => boardReplies.id),
    byId: integer('by_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [index('board_mentions_user_idx').on(t.userId, t.projectId, t.readAt)],
);
