import { QUALITY_ISSUE_CATEGORIES, QUALITY_ISSUE_STATES } from '@edoc/contract/quality-issue';
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { documents } from './documents.ts';
import { projects } from './projects.ts';
import { users } from './users.ts';

/**
 * Issue 27 part 5: a quality issue raised on a document (optionally on one version's page), assigned to someone
 * who fixes and resolves it; the raiser verifies, or an administrator waives it with a reason. Open and resolved
 * ones block archiving. Each step's who and when stay on the row; the trail has them too.
 */
export const qualityIssues = pgTable(
  'quality_issues',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id),
    /** The version number it was raised on, and optionally a page of it. */
    versionNo: integer('version_no'),
    page: integer('page'),
    category: text('category', { enum: QUALITY_ISSUE_CATEGORIES }).notNull(),
    comment: text('comment').notNull(),
    state: text('state', { enum: QUALITY_ISSUE_STATES }).notNull().default('open'),
    raisedBy: integer('raised_by')
      .notNull()
      .references(() => users.id),
    assigneeId: integer('assignee_id')
      .notNull()
      .references(() => users.id),
    resolution: text('resolution'),
    resolvedBy: integer('resolved_by').references(() => users.id),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    verifiedBy: integer('verified_by').references(() => users.id),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    waivedBy: integer('waived_by').references(() => users.id),
    waivedAt: timestamp('waived_at', { withTimezone: true }),
    waiveReason: text('waive_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('quality_issues_document_idx').on(t.documentId, t.state),
    index('quality_issues_project_idx').on(t.projectId, t.state),
    index('quality_issues_assignee_idx').on(t.assigneeId, t.state),
  ],
);
