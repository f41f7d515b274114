import { EXPECTED_ITEM_STATES, EXPECTED_ORIGINS, EXPECTED_RECURRENCES } from '@edoc/contract/expected';
import type { TmfLevel } from '@edoc/contract/tmf-model';
import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { documents } from './documents.ts';
import { countries, projects, sites } from './projects.ts';
import { tmfArtifacts, tmfModels } from './tmf-models.ts';
import { users } from './users.ts';

/**
 * Issue 27 part 4: when a document of an artifact is due at one of its levels. Part of the model, frozen with it
 * once published (migration 0033's trigger), except that edoc adds its shipped models' rules at start. The
 * milestone is named by its type's code, since a model (a shipped one too) serves every company and types are a
 * company's; offset_days counts from the milestone's date (negative: before it). An artifact level without a rule
 * expects one document with no due date.
 */
export const tmfExpectedRules = pgTable(
  'tmf_expected_rules',
  {
    id: serial('id').primaryKey(),
    modelId: integer('model_id')
      .notNull()
      .references(() => tmfModels.id, { onDelete: 'cascade' }),
    artifactId: integer('artifact_id')
      .notNull()
      .references(() => tmfArtifacts.id, { onDelete: 'cascade' }),
    level: text('level').$type<TmfLevel>().notNull(),
    milestoneCode: text('milestone_code'),
    offsetDays: integer('offset_days').notNull().default(0),
    recurrence: text('recurrence', { enum: EXPECTED_RECURRENCES }).notNull().default('once'),
  },
  (t) => [uniqueIndex('tmf_expected_rules_artifact_level_uq').on(t.artifactId, t.level)],
);

/**
 * One document the project's TMF should hold: an artifact at a place (the trial; a country; a site) and an
 * occurrence (1 for a rule that expects it once). Regeneration keys on (project, artifact, level, country, site,
 * occurrence) and leaves alone any row a person decided (decided_by set: added, marked not applicable, removed).
 * A removed item stays as a tombstone (removed_at) so regeneration does not bring it back; lists and figures skip it.
 */
export const expectedItems = pgTable(
  'expected_items',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    artifactId: integer('artifact_id')
      .notNull()
      .references(() => tmfArtifacts.id),
    level: text('level').$type<TmfLevel>().notNull(),
    // A country or site deleted takes its items with it (the service writes their trail rows first).
    countryId: integer('country_id').references(() => countries.id, { onDelete: 'cascade' }),
    siteId: integer('site_id').references(() => sites.id, { onDelete: 'cascade' }),
    occurrence: integer('occurrence').notNull().default(1),
    /** Null while the milestone it hangs on has no date (or its rule names none). */
    dueDate: date('due_date'),
    state: text('state', { enum: EXPECTED_ITEM_STATES }).notNull().default('expected'),
    /** Why it is not applicable (required then). */
    reason: text('reason'),
    origin: text('origin', { enum: EXPECTED_ORIGINS }).notNull().default('generated'),
    decidedBy: integer('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    /** When it became filed (its first fulfilling document linked): timeliness and the trend lines count from it. */
    filedAt: timestamp('filed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('expected_items_place_uq').on(
      t.projectId,
      t.artifactId,
      t.level,
      sql`coalesce(${t.countryId}, 0)`,
      sql`coalesce(${t.siteId}, 0)`,
      t.occurrence,
    ),
    // The worklists: a project's items by state and due date, and one site's.
    index('expected_items_state_idx').on(t.projectId, t.state, t.dueDate),
    index('expected_items_site_idx').on(t.siteId),
  ],
);

/** Which documents fulfil an item (one document may fulfil several occurrences' items only by a person's choice). */
export const expectedItemDocuments = pgTable(
  'expected_item_documents',
  {
    itemId: integer('item_id')
      .notNull()
      .references(() => expectedItems.id, { onDelete: 'cascade' }),
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id),
    linkedBy: integer('linked_by').references(() => users.id),
    linkedAt: timestamp('linked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.documentId] }), index('expected_item_documents_doc_idx').on(t.documentId)],
);
