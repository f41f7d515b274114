import { date, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { projects } from './projects.ts';
import { users } from './users.ts';

/** Version upgrades (/system/version): what changed, shown once to each user as "what's new". */
export const releases = pgTable(
  'releases',
  {
    id: serial('id').primaryKey(),
    version: text('version').notNull(),
    releasedOn: date('released_on').notNull(),
    notesZh: text('notes_zh').notNull(),
    notesEn: text('notes_en').notNull(),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('releases_version_uq').on(t.version)],
);

/** The newest release each user has acknowledged, so "what's new" shows once. */
export const releaseReads = pgTable('release_reads', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  releaseId: integer('release_id')
    .notNull()
    .references(() => releases.id),
  readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Which task e-mails a user wants, per project (GET/POST /edoc/user/study_alert). */
export const projectAlerts = pgTable(
  'study_alerts',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    /** Task kinds to e-mail: receive, review, qc, approve, archive, deletion. */
    kinds: text('kinds').array().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.projectId] })],
);
