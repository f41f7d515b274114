import {
  bigint,
  bigserial,
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
import { documents, documentVersions } from './documents.ts';
import { groups, projects, sites } from './projects.ts';
import { users } from './users.ts';

/**
 * One sending of a document (DESIGN §6 "send (route)"): the version sent, who sent it, and its stages in order.
 * state: 0 open, 1 done (every stage passed: status 8), 2 rejected, 3 withdrawn.
 */
export const documentRoutes = pgTable(
  'document_routes',
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
    senderId: integer('sender_id')
      .notNull()
      .references(() => users.id),
    state: smallint('state').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [index('document_routes_document_idx').on(t.documentId, t.id)],
);

/**
 * A stage of a route (request type 3 review, 4 QC, 5 approval). state (approval record status, SPEC §4):
 * 0 pending, 1 passed, 2 rejected; null until the route reaches it.
 */
export const routeStages = pgTable(
  'route_stages',
  {
    id: serial('id').primaryKey(),
    routeId: integer('route_id')
      .notNull()
      .references(() => documentRoutes.id),
    stage: smallint('stage').notNull(),
    allMustAct: boolean('all_must_act').notNull().default(false),
    signatureRequired: boolean('signature_required').notNull().default(false),
    dueDate: date('due_date'),
    state: smallint('state'),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('route_stages_route_stage_uq').on(t.routeId, t.stage)],
);

/**
 * One assignee of a stage and their decision: 0 pending, 1 passed, 2 rejected, 3 retracted (a pass taken back
 * while the stage waited for others; the assignee then acts again), 4 not needed (the stage closed first).
 */
export const stageAssignees = pgTable(
  'stage_assignees',
  {
    id: serial('id').primaryKey(),
    stageId: integer('stage_id')
      .notNull()
      .references(() => routeStages.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    decision: smallint('decision').notNull().default(0),
    comment: text('comment'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('stage_assignees_stage_user_uq').on(t.stageId, t.userId),
    index('stage_assignees_user_idx').on(t.userId, t.decision),
  ],
);

/**
 * An electronic signature (21 CFR 11.50/11.70): who, the printed name, the meaning, when (UTC, with the zone the
 * signer saw) and the sha256 of the signed content. Append-only like the trail (a trigger refuses UPDATE/DELETE).
 */
export const signatures = pgTable(
  'signatures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id),
    versionId: integer('version_id')
      .notNull()
      .references(() => documentVersions.id),
    stageAssigneeId: integer('stage_assignee_id').references(() => stageAssignees.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** The session signed in: its first signing needs the e-mail too (21 CFR 11.200(a)(1)(i)). */
    sessionId: bigint('session_id', { mode: 'number' }).notNull(),
    printedName: text('printed_name').notNull(),
    meaning: text('meaning').notNull(),
    contentSha256: text('content_sha256').notNull(),
    timeZone: text('time_zone').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The signer's handwritten signature image as it was at signing (the signature page shows it): a later change of
     * the image must not change what past signatures show. Null: none was set.
     */
    imageSha256: text('image_sha256'),
  },
  (t) => [index('signatures_version_idx').on(t.versionId, t.id)],
);

/**
 * Everyone's work (SPEC §4 task states): one row per person and thing to do, opened and closed in the same
 * transaction as the transition that causes it, so home lists, menu counts, reminders and hand-overs read rows.
 * kind: receive | edit | rejected | review | qc | approve | archive. state: 0 open, 1 done, 2 cancelled.
 */
export const tasks = pgTable(
  'tasks',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind').notNull(),
    state: smallint('state').notNull().default(0),
    senderId: integer('sender_id').references(() => users.id),
    stageAssigneeId: integer('stage_assignee_id').references(() => stageAssignees.id),
    dueDate: date('due_date'),
    /** What the person decided when the task closed (pass, reject, receive …), for the processed list. */
    outcome: text('outcome'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp('done_at', { withTimezone: true }),
    /** When the new-task e-mail was claimed (task-mail.ts): set once, so every task is announced at most once. */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    /** The day the due-tomorrow / overdue reminder went out, so the daily job sends each once. */
    remindedDueAt: date('reminded_due_at'),
    remindedOverdueAt: date('reminded_overdue_at'),
  },
  (t) => [
    index('tasks_user_open_idx').on(t.userId, t.state, t.projectId),
    index('tasks_document_idx').on(t.documentId, t.state),
  ],
);

/** Named presets of a route (DESIGN §6), at most 5 per site or group ('Template can be created Max 5!'). */
export const routePresets = pgTable(
  'route_templates',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    siteId: integer('site_id').references(() => sites.id),
    groupId: integer('group_id').references(() => groups.id),
    name: text('name').notNull(),
    /** The route as the contract's routeBody describes it (stages, assignees, flags, due days). */
    route: jsonb('route').notNull(),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('route_templates_project_idx').on(t.projectId)],
);
