import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { documents, documentVersions } from './documents.ts';
import { projects } from './projects.ts';
import { users } from './users.ts';
import { signatures } from './workflow.ts';

/*
 * Issue 28 (docs/exchange.md): what comes into a project from outside — an eTMF-EMS package or a folder / zip
 * without it — and the facts of the source system it brings, kept apart from edoc's own signatures and trail.
 */

/**
 * One import: the package (a stored blob, or a path under the server's import folder for very large ones), its
 * validation and preview, then the filing of the rows the user accepted. state: uploaded → validating → preview →
 * filing → done, or failed (error says why) / cancelled. kind 'ems' reads exchange.xml; 'bulk' files plus an
 * optional spreadsheet, with suggestions.
 */
export const exchangeImports = pgTable(
  'exchange_imports',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind').notNull(),
    state: text('state').notNull().default('uploaded'),
    packageName: text('package_name').notNull(),
    /** The uploaded zip in the blob store; null when the package is a server path. */
    packageSha256: text('package_sha256'),
    packageSize: bigint('package_size', { mode: 'number' }),
    /** A zip or folder under IMPORT_DIR, named by the system administrator. */
    serverPath: text('server_path'),
    /** EMS: the BATCH's TRANSFERSOURCEID / STUDYID, shown as the source on every imported fact. */
    sourceSystem: text('source_system'),
    studyId: text('study_id'),
    /** What the user chose for the whole import (e.g. create missing countries / sites). */
    options: jsonb('options').notNull().default({}),
    /** Counts for the list: objects, accepted, filed, failed, problems. */
    summary: jsonb('summary').notNull().default({}),
    progress: integer('progress').notNull().default(0),
    /** A contract error code with params, as JSON (as download_tasks.error). */
    error: text('error'),
    lang: text('lang').notNull().default('zh-CN'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('exchange_imports_project_idx').on(t.projectId, t.id)],
);

/**
 * One object of an import's preview: what the package says (source), where edoc will file it (target, which the
 * user may correct), its problems and conflict, the user's decision, and the filing's state (resumable by row:
 * a row filed is never filed twice).
 */
export const exchangeImportRows = pgTable(
  'exchange_import_rows',
  {
    id: serial('id').primaryKey(),
    importId: integer('import_id')
      .notNull()
      .references(() => exchangeImports.id, { onDelete: 'cascade' }),
    rowNo: integer('row_no').notNull(),
    /** EMS OBJECTID, or the file's path inside a bulk package. */
    objectId: text('object_id').notNull(),
    title: text('title').notNull(),
    source: jsonb('source').notNull().default({}),
    target: jsonb('target').notNull().default({}),
    /** Bulk import: suggested values with their confidence and why. */
    suggestions: jsonb('suggestions'),
    problems: jsonb('problems').notNull().default([]),
    /** 'none', or 'exists' (a live document of the project has this object id). */
    conflict: text('conflict').notNull().default('none'),
    /** null undecided; accept; skip; new_version (an existing object gets the package's versions). */
    decision: text('decision'),
    state: text('state').notNull().default('pending'),
    documentId: integer('document_id').references(() => documents.id),
    error: text('error'),
  },
  (t) => [uniqueIndex('exchange_import_rows_uq').on(t.importId, t.rowNo)],
);

/**
 * A signature the source system recorded on an imported version: a fact of that system, never an edoc signature
 * (shown as "signed in <source>, not in edoc").
 */
export const sourceSignatures = pgTable(
  'source_signatures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id),
    versionId: integer('version_id').references(() => documentVersions.id),
    importId: integer('import_id')
      .notNull()
      .references(() => exchangeImports.id),
    sourceSystem: text('source_system').notNull(),
    methodology: text('methodology'),
    userOid: text('user_oid'),
    name: text('name'),
    reason: text('reason'),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('source_signatures_doc_idx').on(t.documentId, t.id)],
);

/** An audit record of the source system on an imported object, kept beside (never inside) edoc's trail. */
export const sourceAuditRecords = pgTable(
  'source_audit_records',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id),
    versionId: integer('version_id').references(() => documentVersions.id),
    importId: integer('import_id')
      .notNull()
      .references(() => exchangeImports.id),
    sourceSystem: text('source_system').notNull(),
    auditId: text('audit_id'),
    at: timestamp('at', { withTimezone: true }),
    userRef: text('user_ref'),
    entryType: text('entry_type'),
    event: text('event'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('source_audit_records_doc_idx').on(t.documentId, t.at, t.id)],
);

/**
 * A certified copy (issue 28 part 4, ICH E6 R3): a version verified page by page to carry the same information as
 * its paper original, certified by an e-signature of meaning "certified copy" over the content's hash.
 */
export const certifiedCopies = pgTable(
  'certified_copies',
  {
    versionId: integer('version_id')
      .primaryKey()
      .references(() => documentVersions.id),
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    signatureId: bigint('signature_id', { mode: 'number' })
      .notNull()
      .references(() => signatures.id),
    certifiedBy: integer('certified_by')
      .notNull()
      .references(() => users.id),
    certifiedAt: timestamp('certified_at', { withTimezone: true }).notNull().defaultNow(),
    sha256: text('sha256').notNull(),
    /** The pages the certifier checked (all of the version's). */
    pages: integer('pages').notNull(),
  },
  (t) => [index('certified_copies_doc_idx').on(t.documentId)],
);
