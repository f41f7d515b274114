import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';
import { projects } from './projects.ts';

/**
 * Code types (/company/template/codeType, /manage/codeType): the categories codes belong to.
 * project_id null is the company's own list, which a project copies and may extend.
 */
export const codeTypes = pgTable(
  'code_types',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    projectId: integer('project_id').references(() => projects.id),
    code: text('code').notNull(),
    name: text('name').notNull(),
    nameEn: text('name_en'),
    description: text('description'),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('code_types_scope_code_uq').on(t.companyId, sql`coalesce(${t.projectId}, 0)`, sql`lower(${t.code})`),
  ],
);

/** The code dictionary (/company/template/encode, /manage/encode): codes of a type, e.g. document codes. */
export const codes = pgTable(
  'codes',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    projectId: integer('project_id').references(() => projects.id),
    typeId: integer('type_id').references(() => codeTypes.id),
    code: text('code').notNull(),
    name: text('name').notNull(),
    nameEn: text('name_en'),
    description: text('description'),
    sortOrder: integer('sort_order').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('codes_scope_code_uq').on(
      t.companyId,
      sql`coalesce(${t.projectId}, 0)`,
      sql`coalesce(${t.typeId}, 0)`,
      sql`lower(${t.code})`,
    ),
    index('codes_type_idx').on(t.typeId),
  ],
);

/** Tags a project puts on its documents (/manage/tag). */
export const tags = pgTable(
  'tags',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    name: text('name').notNull(),
    color: text('color').notNull().default('blue'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('tags_project_name_uq').on(t.projectId, sql`lower(${t.name})`)],
);
