import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { ReportDefinition } from '@edoc/contract/custom-report';
import { projects } from './projects.ts';
import { users } from './users.ts';

/**
 * A custom report (issue 14): its definition (dataset, columns, filters, group-by, chart) as the contract's
 * schema, private to its owner or shared with the project, and optionally mailed weekly to chosen members.
 * It holds no figures: every run reads the rows afresh, through the runner's rights.
 */
export const customReports = pgTable(
  'custom_reports',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    shared: boolean('shared').notNull().default(false),
    definition: jsonb('definition').$type<ReportDefinition>().notNull(),
    /** Member user ids who receive it weekly (empty: not mailed); each gets what they themselves may see. */
    mailTo: integer('mail_to').array().notNull().default([]),
    lastMailedAt: timestamp('last_mailed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('custom_reports_project_idx').on(t.projectId, t.ownerId)],
);
