import { bigint, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { documents, documentVersions } from './documents.ts';
import { projects } from './projects.ts';
import { sessions } from './sessions.ts';
import { users } from './users.ts';

/**
 * An editing session (issue 15; SPEC §7 "unique symbol"): one user editing one document from one version, in the
 * browser (WOPI), in the desktop suite (WebDAV) or by check-out. While it is open it is the document's lock: at
 * most one open session per document (the partial unique index), so two people starting at once cannot both win.
 * Saves land in working_sha256 (a blob); the session's end turns them into one new version.
 */
export const editSessions = pgTable(
  'edit_sessions',
  {
    id: serial('id').primaryKey(),
    /** The unique symbol: random, the credential of the WebDAV address and of the editor's file fetch. */
    symbol: text('symbol').notNull(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id),
    versionId: integer('version_id')
      .notNull()
      .references(() => documentVersions.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /**
     * The sign-in session that started it: the symbol works only while that session does (issue 25: it outlived the
     * user's sign-out). Null for sessions from before it was kept.
     */
    signInSessionId: bigint('sign_in_session_id', { mode: 'number' }).references(() => sessions.id),
    /** wopi | webdav | checkout */
    mode: text('mode').notNull(),
    /** The lock an editor holds (WOPI X-WOPI-Lock, a WebDAV lock token); null while none is taken. */
    lockToken: text('lock_token'),
    workingSha256: text('working_sha256'),
    workingSize: bigint('working_size', { mode: 'number' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    /** Moved forward by every call of the editor; past it the lock is abandoned and another user may take it. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endedBy: integer('ended_by').references(() => users.id),
    /** saved | unchanged | cancelled | expired | ended_by_admin */
    outcome: text('outcome'),
    resultVersionId: integer('result_version_id').references(() => documentVersions.id),
  },
  (t) => [
    uniqueIndex('edit_sessions_symbol_uq').on(t.symbol),
    uniqueIndex('edit_sessions_open_uq')
      .on(t.documentId)
      .where(sql`${t.endedAt} is null`),
    index('edit_sessions_working_idx').on(t.workingSha256),
  ],
);
