import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { documents, documentVersions } from './documents.ts';
import { folders, projects } from './projects.ts';
import { users } from './users.ts';

/**
 * One archived version of a document in the file library (issue 11). The document stays in its workspace folder;
 * the library shows its entries. An entry never changes content: a recall makes a new draft version, and the next
 * archive supersedes the old entry, which stays readable.
 */
export const libraryEntries = pgTable(
  'library_entries',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id),
    versionId: integer('version_id')
      .notNull()
      .references(() => documentVersions.id),
    /** The library folder it is filed in (the workspace folder in a project without a library tree). */
    folderId: integer('folder_id')
      .notNull()
      .references(() => folders.id),
    publishDate: date('publish_date').notNull(),
    /** The effective (start) date: until it comes the document waits to be activated (status 7). */
    effectiveDate: date('effective_date').notNull(),
    archivedBy: integer('archived_by')
      .notNull()
      .references(() => users.id),
    archivedAt: timestamp('archived_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set once, by the activation job or at archive time when the effective date has come. */
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    /** A later archive of the same document replaced this one (still readable, marked superseded). */
    supersededAt: timestamp('superseded_at', { withTimezone: true }),
    /** Marked obsolete (invalidDoc): struck through, filtered out by default, still readable. */
    invalid: boolean('invalid').notNull().default(false),
  },
  (t) => [
    index('library_entries_folder_idx').on(t.projectId, t.folderId),
    // At most one current entry per document.
    uniqueIndex('library_entries_current_uq')
      .on(t.documentId)
      .where(sql`${t.supersededAt} is null`),
    index('library_entries_waiting_idx')
      .on(t.effectiveDate)
      .where(sql`${t.activatedAt} is null`),
  ],
);

/** An application to delete an archived document (status 9), decided by the approver it names. */
export const deletionApplications = pgTable(
  'deletion_applications',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id),
    applicantId: integer('applicant_id')
      .notNull()
      .references(() => users.id),
    approverId: integer('approver_id')
      .notNull()
      .references(() => users.id),
    reason: text('reason').notNull(),
    /** SPEC §4 approval record status: 0 pending, 1 passed, 2 rejected. */
    state: smallint('state').notNull().default(0),
    comment: text('comment'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [index('deletion_applications_document_idx').on(t.documentId, t.state)],
);
