import { bigserial, index, integer, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The operation trail: append-only (a trigger refuses UPDATE, DELETE and TRUNCATE) and hash-chained,
 * so an inspector can prove no row was changed or removed. Written only by modules/trail.
 */
export const trail = pgTable(
  'trail',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true, precision: 3 }).notNull(),
    actorId: integer('actor_id'),
    actorName: text('actor_name'),
    companyId: integer('company_id'),
    projectId: integer('project_id'),
    objectType: text('object_type').notNull(),
    objectId: text('object_id'),
    version: text('version'),
    type: smallint('type').notNull(),
    oldValue: jsonb('old_value'),
    newValue: jsonb('new_value'),
    reason: text('reason'),
    ip: text('ip'),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [
    index('trail_project_idx').on(t.projectId, t.id),
    index('trail_object_idx').on(t.objectType, t.objectId),
    index('trail_actor_idx').on(t.actorId, t.id),
  ],
);
