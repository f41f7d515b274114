import { TMF_MODEL_STATES, type TmfLevel } from '@edoc/contract/tmf-model';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';
import { users } from './users.ts';

/**
 * Issue 27: TMF models, zones → sections → artifacts, as the TMF Reference Model is built. company_id null marks the
 * models edoc ships. A published model never changes: migration 0030's triggers refuse any insert, update or delete
 * of its zones, sections and artifacts and any change of its own row (but its based_on_id going null when the version
 * it was copied from is deleted), so a project's figures always refer to the content it was measured against.
 * Positions keep each level's order as the model gives it.
 */
export const tmfModels = pgTable(
  'tmf_models',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').references(() => companies.id),
    name: text('name').notNull(),
    version: integer('version').notNull().default(1),
    state: text('state', { enum: TMF_MODEL_STATES }).notNull().default('draft'),
    source: text('source'),
    /** The version this one was copied from (newVersion). */
    basedOnId: integer('based_on_id').references((): AnyPgColumn => tmfModels.id, { onDelete: 'set null' }),
    /** Null for the shipped models. */
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The shipped models (company null) are one namespace, each company's another.
    uniqueIndex('tmf_models_company_name_version_uq').on(
      sql`coalesce(${t.companyId}, 0)`,
      sql`lower(${t.name})`,
      t.version,
    ),
  ],
);

export const tmfZones = pgTable(
  'tmf_zones',
  {
    id: serial('id').primaryKey(),
    modelId: integer('model_id')
      .notNull()
      .references(() => tmfModels.id, { onDelete: 'cascade' }),
    number: text('number').notNull(),
    nameEn: text('name_en').notNull(),
    nameZh: text('name_zh'),
    position: integer('position').notNull(),
  },
  (t) => [uniqueIndex('tmf_zones_model_number_uq').on(t.modelId, t.number)],
);

export const tmfSections = pgTable(
  'tmf_sections',
  {
    id: serial('id').primaryKey(),
    modelId: integer('model_id')
      .notNull()
      .references(() => tmfModels.id, { onDelete: 'cascade' }),
    zoneId: integer('zone_id')
      .notNull()
      .references(() => tmfZones.id, { onDelete: 'cascade' }),
    number: text('number').notNull(),
    nameEn: text('name_en').notNull(),
    nameZh: text('name_zh'),
    position: integer('position').notNull(),
  },
  (t) => [
    uniqueIndex('tmf_sections_model_number_uq').on(t.modelId, t.number),
    index('tmf_sections_zone_idx').on(t.zoneId),
  ],
);

export const tmfArtifacts = pgTable(
  'tmf_artifacts',
  {
    id: serial('id').primaryKey(),
    modelId: integer('model_id')
      .notNull()
      .references(() => tmfModels.id, { onDelete: 'cascade' }),
    sectionId: integer('section_id')
      .notNull()
      .references(() => tmfSections.id, { onDelete: 'cascade' }),
    number: text('number').notNull(),
    nameEn: text('name_en').notNull(),
    nameZh: text('name_zh'),
    subArtifacts: text('sub_artifacts')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    levels: text('levels').array().$type<TmfLevel[]>().notNull(),
    core: boolean('core').notNull().default(false),
    ichRef: text('ich_ref'),
    dateLabel: text('date_label'),
    review: boolean('review').notNull().default(false),
    qc: boolean('qc').notNull().default(false),
    approval: boolean('approval').notNull().default(false),
    position: integer('position').notNull(),
  },
  (t) => [
    uniqueIndex('tmf_artifacts_model_number_uq').on(t.modelId, t.number),
    index('tmf_artifacts_section_idx').on(t.sectionId),
  ],
);
