import { TMF_TARGET_UNITS } from '@edoc/contract/tmf-health';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { companies } from './companies.ts';
import { tmfArtifacts, tmfModels } from './tmf-models.ts';
import { users } from './users.ts';

/** A clinical-trial project (study) of a company. */
/** The projects' folders_version numbers: never one number twice in a database, whatever was deleted or reset. */
export const foldersVersions = pgSequence('folders_version_seq');

export const projects = pgTable(
  'projects',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    code: text('code').notNull(),
    name: text('name').notNull(),
    phase: text('phase'),
    description: text('description'),
    idleMinutes: integer('idle_minutes').notNull().default(30),
    pageSize: integer('page_size').notNull().default(10),
    reviewOpen: boolean('review_open').notNull().default(true),
    qcOpen: boolean('qc_open').notNull().default(true),
    approveOpen: boolean('approve_open').notNull().default(true),
    /** A separate library folder tree (SPEC §3 libraryFolder). */
    libraryFolder: boolean('library_folder').notNull().default(true),
    allowedFileTypes: text('allowed_file_types')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    versionConvention: text('version_convention').notNull().default('V{major}.{minor}'),
    endDate: date('end_date'),
    /** IANA zone whose calendar decides the project's dates: a document activates on its effective date there. */
    timeZone: text('time_zone').notNull().default('UTC'),
    /** Days before a library document expires that its owner and the project administrators are e-mailed. */
    expiryNoticeDays: integer('expiry_notice_days').notNull().default(30),
    closed: boolean('closed').notNull().default(false),
    /** Issue 27 part 2: the published TMF model the project follows (none yet); a model in use is never deleted. */
    tmfModelId: integer('tmf_model_id').references(() => tmfModels.id),
    /**
     * Issue 27 part 6: the TMF timeliness target: a document is on time when filed within this many days of its
     * document date, counted as calendar days or working days (Monday to Friday; no holiday calendar).
     */
    tmfTargetDays: integer('tmf_target_days').notNull().default(30),
    tmfTargetUnit: text('tmf_target_unit', { enum: TMF_TARGET_UNITS }).notNull().default('calendar'),
    /**
     * Issue 30: a new number from foldersVersions at every change to the project's folders (a trigger of migration
     * 0042), so a server may keep the tree it read and trust it while the number is the same (db/folder-tree.ts).
     */
    foldersVersion: bigint('folders_version', { mode: 'number' })
      .notNull()
      .default(sql`nextval('folders_version_seq')`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('projects_company_code_uq').on(t.companyId, sql`lower(${t.code})`)],
);

/** Issue 27 part 3: a country the project runs in, by its ISO 3166-1 alpha-2 code (upper case), unique in the project. */
export const countries = pgTable(
  'countries',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    code: varchar('code', { length: 2 }).notNull(),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('countries_project_code_uq').on(t.projectId, t.code)],
);

export const sites = pgTable(
  'sites',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    name: text('name').notNull(),
    shortName: text('short_name'),
    code: text('code').notNull(),
    /** Issue 27 part 3: the country it is in (one of its project's); a country with sites is not deleted. */
    countryId: integer('country_id').references(() => countries.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sites_project_code_uq').on(t.projectId, sql`lower(${t.code})`)],
);

/** Project roles: built-in STU_PM / STU_STAFF per project plus custom ones; they hold the permission keys. */
export const roles = pgTable(
  'roles',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    code: text('code').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    builtin: boolean('builtin').notNull().default(false),
    docKeys: text('doc_keys')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    libraryKeys: text('library_keys')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('roles_project_code_uq').on(t.projectId, sql`lower(${t.code})`)],
);

export const members = pgTable(
  'project_members',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
    /** Sites the member works on; empty means central (all sites). */
    siteIds: integer('site_ids')
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('members_project_user_uq').on(t.projectId, t.userId), index('members_user_idx').on(t.userId)],
);

export const favourites = pgTable(
  'project_favourites',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.projectId] })],
);

export const groups = pgTable(
  'user_groups',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    name: text('name').notNull(),
    description: text('description'),
    memberIds: integer('member_user_ids')
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('groups_project_name_uq').on(t.projectId, sql`lower(${t.name})`)],
);

/** Folder trees of a project: type 0 work, 1 library. parent_id null is the root level (0 in the API). */
export const folders = pgTable(
  'folders',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    parentId: integer('parent_id'),
    type: smallint('type').notNull().default(0),
    name: text('name').notNull(),
    nameEn: text('name_en'),
    ichCode: text('ich_code'),
    sortOrder: integer('sort_order').notNull().default(0),
    /** The artifact of the project's TMF model this folder files under (issue 27; modules/tmf-project). */
    artifactId: integer('artifact_id').references(() => tmfArtifacts.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('folders_sibling_name_uq').on(
      t.projectId,
      t.type,
      sql`coalesce(${t.parentId}, 0)`,
      sql`lower(${t.name})`,
    ),
    index('folders_parent_idx').on(t.projectId, t.parentId),
  ],
);

/** A grant of keys on a folder (inherited by subfolders unless a lower grant overrides) to a role, group or user. */
export const folderGrants = pgTable(
  'folder_grants',
  {
    id: serial('id').primaryKey(),
    folderId: integer('folder_id')
      .notNull()
      .references(() => folders.id),
    subjectType: text('subject_type', { enum: ['role', 'group', 'user'] }).notNull(),
    subjectId: integer('subject_id').notNull(),
    docKeys: text('doc_keys')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    libraryKeys: text('library_keys')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    manageLevel: smallint('manage_level').notNull().default(0),
  },
  (t) => [uniqueIndex('folder_grants_subject_uq').on(t.folderId, t.subjectType, t.subjectId)],
);
