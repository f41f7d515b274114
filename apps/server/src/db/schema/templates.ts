import { integer, jsonb, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';

/** A folder of a directory template, with its ICH code and both titles. */
export interface TemplateFolder {
  name: string;
  nameEn?: string;
  ichCode?: string;
  children?: TemplateFolder[];
}

/** A group's grant on a template folder, the folder named by its path of names from the root. */
export interface TemplateBinding {
  group: string;
  folderPath: string[];
  docKeys: string[];
  libraryKeys: string[];
  manageLevel: number;
}

/**
 * Templates of SPEC §3: 1 user group, 2 directory, 3 user + directory group without binding, 4 with binding.
 * company_id null marks the templates edoc ships (the ICH E6(R2) essential documents).
 */
export const templates = pgTable('templates', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id').references(() => companies.id),
  name: text('name').notNull(),
  type: smallint('type').notNull(),
  folders: jsonb('folders').$type<TemplateFolder[]>().notNull().default([]),
  groups: jsonb('groups').$type<Array<{ name: string; description?: string }>>().notNull().default([]),
  /** Type 4 only: grants of the template's groups on its folders, applied with them. */
  bindings: jsonb('bindings').$type<TemplateBinding[]>().notNull().default([]),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
