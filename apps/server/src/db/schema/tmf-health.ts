import { TMF_GROUP_BYS } from '@edoc/contract/tmf-health';
import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { projects } from './projects.ts';
import { users } from './users.ts';

/**
 * Issue 27 part 6: a member who asked for a project's TMF health dashboard by mail each week. The figures are
 * computed afresh for each mail through the member's own rights (as the dashboard is), in their language; the row
 * only says who, which project, how grouped, and when it last went out (so a worker that restarts sends none twice).
 */
export const tmfHealthMail = pgTable(
  'tmf_health_mail',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    groupBy: text('group_by', { enum: TMF_GROUP_BYS }).notNull().default('zone'),
    lastMailedAt: timestamp('last_mailed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.projectId] }), index('tmf_health_mail_due_idx').on(t.lastMailedAt)],
);
