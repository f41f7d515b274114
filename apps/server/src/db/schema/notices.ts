import { integer, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const notices = pgTable('notices', {
  id: serial('id').primaryKey(),
  subject: text('subject').notNull(),
  /** Sanitised HTML: the server cleans it before storing, so every reader gets safe markup. */
  contents: text('contents').notNull(),
  effectiveTime: timestamp('effective_time', { withTimezone: true }).notNull(),
  status: smallint('status').notNull().default(0),
  createdBy: integer('created_by').references(() => users.id),
  updatedBy: integer('updated_by').references(() => users.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
