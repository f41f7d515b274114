import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { countries, folders, projects, sites } from './projects.ts';
import { tmfArtifacts } from './tmf-models.ts';
import { users } from './users.ts';

/**
 * A document of the trial master file (SPEC §3 "Document"): its metadata and lifecycle status (SPEC §4, 1–9).
 * The content lives in document_versions; current_version_id points at the newest live one.
 * deleted_at set = in the recycle bin (the folder it left is kept to restore it there).
 */
export const documents = pgTable(
  'documents',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    /** Null once the folder is deleted while the document sat in the recycle bin; restoring then asks where to. */
    folderId: integer('folder_id').references(() => folders.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    ichCode: text('ich_code'),
    fileCode: text('file_code'),
    versionConvention: text('version_convention'),
    status: smallint('status').notNull().default(1),
    /** Central (all sites) or a site document, visible only to members of that site (DESIGN §5). */
    central: boolean('central').notNull().default(true),
    siteId: integer('site_id').references(() => sites.id),
    /**
     * Issue 27: a country-level document's country (its level: site when site_id is set, else country when this is,
     * else trial). A country with documents is not deleted.
     */
    countryId: integer('country_id').references(() => countries.id),
    effectiveDate: date('effective_date'),
    expirationDate: date('expiration_date'),
    /**
     * Issue 27: the artifact it is filed under (its folder's, set on create and move: modules/tmf-project) and the
     * date that dates it (its artifact's dateLabel says which), from which timeliness counts.
     */
    artifactId: integer('artifact_id').references(() => tmfArtifacts.id),
    documentDate: date('document_date'),
    /**
     * Issue 28: an imported document's object id in its source (EMS OBJECTID) and that system's name: a second
     * import of the same object is a conflict (new version or skip), and an export writes the id back unchanged.
     */
    sourceObjectId: text('source_object_id'),
    sourceSystem: text('source_system'),
    comment: text('comment'),
    tagIds: integer('tag_ids')
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    currentVersionId: integer('current_version_id'),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    /** Whoever must act on it next (a document created for someone else waits for them: status 2). */
    assigneeId: integer('assignee_id').references(() => users.id),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: integer('deleted_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // 'Duplicate file name!': unique among the live documents of a folder, ignoring case.
    uniqueIndex('documents_folder_name_uq')
      .on(t.folderId, sql`lower(${t.name})`)
      .where(sql`${t.deletedAt} is null`),
    // Live documents only: a folder's count reads the index alone (issue 13: counting 10,000 rows of a large
    // folder fetched 10,000 table rows to check deleted_at, 35 ms); the recycle bin has its own.
    index('documents_live_folder_idx')
      .on(t.projectId, t.folderId, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('documents_deleted_idx')
      .on(t.projectId, t.deletedAt)
      .where(sql`${t.deletedAt} is not null`),
    index('documents_name_trgm').using('gin', sql`${t.name} gin_trgm_ops`),
    index('documents_code_trgm').using('gin', sql`${t.fileCode} gin_trgm_ops`),
    index('documents_ich_idx').on(t.projectId, t.ichCode),
    // A project's documents of one artifact (the TMF figures and drill-downs, issue 27).
    index('documents_artifact_idx').on(t.projectId, t.artifactId),
    // A member limited to sites counts their sites' TMF documents only (issue 27's benchmark: without it each of the
    // TMF health figures read all 1,000,000 documents for one site's, about 330 ms a query).
    index('documents_tmf_site_idx')
      .on(t.projectId, t.siteId)
      .where(sql`${t.deletedAt} is null and ${t.artifactId} is not null`),
    uniqueIndex('documents_source_object_uq')
      .on(t.projectId, t.sourceObjectId)
      .where(sql`${t.deletedAt} is null and ${t.sourceObjectId} is not null`),
    index('documents_creator_idx').on(t.projectId, t.createdBy),
    // My Documents asks for created by or assigned to me: both sides indexed, or the OR reads every document.
    index('documents_assignee_idx')
      .on(t.projectId, t.assigneeId)
      .where(sql`${t.assigneeId} is not null`),
    // Search finds content first (issue 13): from a version to the document whose current version it is.
    index('documents_current_version_idx').on(t.currentVersionId),
    // Newest first, the search's walk for a common word and the lists' default order, read in order, not sorted
    // (nulls first as ORDER BY ... DESC says, or the planner would not use it for that order). The folder is in it
    // too: a deep page skips its thousands of rows in the index alone, checking their folders there.
    // The list's other orders, each read in order forwards or backwards (the tie goes the same way, by id).
    ...(
      [
        ['name', 'name'],
        ['created', 'createdAt'],
        ['status', 'status'],
        ['code', 'fileCode'],
      ] as const
    ).map(([label, key]) =>
      index(`documents_${label}_order_idx`)
        .on(t.projectId, t[key], t.id, t.folderId)
        .where(sql`${t.deletedAt} is null`),
    ),
    index('documents_updated_idx')
      .on(t.projectId, t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst(), t.folderId)
      .where(sql`${t.deletedAt} is null`),
  ],
);

/** One uploaded content of a document. Never changed once written (DESIGN §7), except its label and deletion. */
export const documentVersions = pgTable(
  'document_versions',
  {
    id: serial('id').primaryKey(),
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id),
    versionNo: text('version_no').notNull(),
    label: text('label'),
    sha256: text('sha256').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    fileName: text('file_name').notNull(),
    extension: text('extension').notNull(),
    mimeType: text('mime_type').notNull(),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** How the content came (issue 15): null an upload, 'online' an editing session's saves, 'checkin' a check-in. */
    source: text('source'),
    /** Issue 28: an imported version's UNIQUEID in its source, so a resumed import never files it twice. */
    sourceUniqueId: text('source_unique_id'),
  },
  (t) => [index('document_versions_doc_idx').on(t.documentId, t.id), index('document_versions_sha_idx').on(t.sha256)],
);

/** Comments on a document ("words", SPEC §7 /file/words). */
export const documentWords = pgTable(
  'document_words',
  {
    id: serial('id').primaryKey(),
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id),
    versionId: integer('version_id').references(() => documentVersions.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    text: text('text').notNull(),
    /** The review request (document_routes) the comment is on, if any; checked against the document when written. */
    routeId: integer('route_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('document_words_doc_idx').on(t.documentId, t.id),
    // Search finds documents by their comments (issue 13): by a trigram index, not by reading every comment.
    index('document_words_text_trgm').using('gin', sql`${t.text} gin_trgm_ops`),
  ],
);

/** PDF renditions of Office files, made once per source content by LibreOffice (a job). */
export const renditions = pgTable('renditions', {
  sourceSha256: text('source_sha256').primaryKey(),
  /** 0 waiting, 1 converting, 2 done, 3 failed */
  state: smallint('state').notNull().default(0),
  pdfSha256: text('pdf_sha256'),
  error: text('error'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Download center tasks (SPEC §3): a named zip packed by a job. status 0 packing, 1 completed, 2 failed. */
export const downloadTasks = pgTable(
  'download_tasks',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    documentIds: integer('document_ids').array().notNull(),
    status: smallint('status').notNull().default(0),
    progress: integer('progress').notNull().default(0),
    sha256: text('sha256'),
    size: bigint('size', { mode: 'number' }),
    error: text('error'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** The language of the person who asked for it: the zip's folder names are in it (issue 26). */
    lang: text('lang').notNull().default('zh-CN'),
    /**
     * Issue 28: 'files' (the documents' current files and a manifest), 'ems' (an eTMF-EMS package) or 'inspection'
     * (the EMS package with the trail, its proof, the certificate and an offline verifier).
     */
    kind: text('kind').notNull().default('files'),
    /** ems / inspection: the selection asked for (artifact, level, country, site, milestone, status, dates). */
    selection: jsonb('selection'),
    /** ems / inspection: what was left out and why, and the counts, shown with the task. */
    report: jsonb('report'),
  },
  (t) => [index('download_tasks_project_idx').on(t.projectId, t.id)],
);

/**
 * A short-lived, single-use link to one file, bound to the session that asked for it. The browser fetches it by
 * itself (its download manager streams and resumes), so a large zip never passes through page memory. Only the
 * token's hash is kept, as for sessions.
 */
export const downloadTickets = pgTable('download_tickets', {
  tokenHash: text('token_hash').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id),
  /** The issuing session, which must still be live when the link is used (issue 9). */
  sessionId: bigint('session_id', { mode: 'number' }).notNull(),
  projectId: integer('project_id').notNull(),
  /** What the link names, so its use re-checks the rights: a document version, or a packed download task. */
  documentId: integer('document_id'),
  versionId: integer('version_id'),
  taskId: integer('task_id'),
  /** Set by the first fetch: the link is single-use (a resumed range of that download is allowed). */
  usedAt: timestamp('used_at', { withTimezone: true }),
  /**
   * Who claimed it: a hash of the client's address and user agent. The download manager sends no token, so a resumed
   * range is taken as the same download only from the same client; anyone else holding the link gets nothing.
   */
  claimedBy: text('claimed_by'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
