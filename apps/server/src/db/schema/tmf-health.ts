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

/**
 * Issue 27's benchmark: the TMF health figures of documents, QC stages and quality issues, pre-summed so that the
 * dashboard of a project of 1,000,000 documents reads some tens of thousands of cells instead of every document.
 * Each cell is on one of two axes: an artifact's (artifactId set, siteId and countryId 0) or a place's (artifactId 0,
 * the document's own siteId and countryId, 0 for none), so a figure grouped by zone, section or artifact sums the
 * first and one grouped by level, country or site the second (modules/tmf-health/tmf-health-cells.ts says which
 * scope each answers). Kept by statement-level triggers on documents, route_stages and quality_issues in the
 * transaction of each change (migration 0040, which states each family's k, k2, n and m); never written by the app.
 */
export const tmfCells = pgTable(
  'tmf_cells',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    artifactId: integer('artifact_id').notNull(),
    siteId: integer('site_id').notNull(),
    countryId: integer('country_id').notNull(),
    family: text('family', {
      enum: [
        'days',
        'filed_week',
        'qc',
        'qc_first',
        'qc_week',
        'issues',
        'items',
        'item_c',
        'item_f',
        'item_d',
        'item_df',
      ],
    }).notNull(),
    k: integer('k').notNull(),
    k2: integer('k2').notNull(),
    tag: text('tag').notNull(),
    n: integer('n').notNull(),
    m: integer('m').notNull(),
  },
  (t) => [
    primaryKey({
      columns: [t.projectId, t.family, t.artifactId, t.siteId, t.countryId, t.k, t.k2, t.tag],
    }),
  ],
);
