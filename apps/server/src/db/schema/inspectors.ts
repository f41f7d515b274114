import { boolean, date, index, integer, pgTable, serial, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { projects } from './projects.ts';
import { users } from './users.ts';

/**
 * An inspector's or auditor's access to one project's library (issue 11). Not a membership: the inspector appears
 * in no member list, picker or workflow, holds no folder grant, and reads only valid archived documents. The range
 * is of calendar days in the project's time zone; re-inviting the same person changes this row.
 */
export const inspectorGrants = pgTable(
  'inspector_grants',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    startsOn: date('starts_on').notNull(),
    endsOn: date('ends_on').notNull(),
    canDownload: boolean('can_download').notNull().default(false),
    invitedBy: integer('invited_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Ended early by a project administrator. */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('inspector_grants_project_user_uq').on(t.projectId, t.userId),
    index('inspector_grants_user_idx').on(t.userId),
  ],
);
