import type { MilestoneLevel } from '@edoc/contract/milestone';
import { MILESTONE_LEVELS } from '@edoc/contract/milestone';
import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';
import { countries, projects, sites } from './projects.ts';
import { users } from './users.ts';

/**
 * Issue 27 part 3: the kinds of milestone (protocol approved, site activated…), each of one level. company_id null
 * marks those edoc ships (ensureShippedMilestoneTypes); a company's own come later. Codes are one namespace for the
 * shipped types and one per company: the unique index reads a null company as 0, as tmf_models' does.
 */
export const milestoneTypes = pgTable(
  'milestone_types',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').references(() => companies.id),
    code: text('code').notNull(),
    nameEn: text('name_en').notNull(),
    nameZh: text('name_zh').notNull(),
    level: text('level', { enum: MILESTONE_LEVELS }).$type<MilestoneLevel>().notNull(),
    position: integer('position').notNull(),
  },
  (t) => [uniqueIndex('milestone_types_company_code_uq').on(sql`coalesce(${t.companyId}, 0)`, t.code)],
);

/**
 * A project's milestone at one place: the trial (country and site null), a country, or a site, as its type's level
 * says (the service keeps them in step). One row per place: the unique index reads a null place as 0. A row exists
 * once a person saved it; the grid shows the others empty.
 */
export const milestones = pgTable(
  'milestones',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    typeId: integer('type_id')
      .notNull()
      .references(() => milestoneTypes.id),
    // A country or site deleted takes its milestones with it: they date nothing any more.
    countryId: integer('country_id').references(() => countries.id, { onDelete: 'cascade' }),
    siteId: integer('site_id').references(() => sites.id, { onDelete: 'cascade' }),
    planned: date('planned'),
    actual: date('actual'),
    updatedBy: integer('updated_by')
      .notNull()
      .references(() => users.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('milestones_place_uq').on(
      t.projectId,
      t.typeId,
      sql`coalesce(${t.countryId}, 0)`,
      sql`coalesce(${t.siteId}, 0)`,
    ),
    index('milestones_site_idx').on(t.siteId),
  ],
);
