import { bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** Opaque bearer tokens, stored as sha256 only; idle limits live here so any API node can enforce them. */
export const sessions = pgTable(
  'sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    lang: text('lang').notNull(),
    idleMinutes: integer('idle_minutes').notNull(),
    projectId: integer('project_id'),
    roleCode: text('role_code'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** How the session was opened: 'password' (with 'totp' when a second factor was asked) or 'sso' (issue 29). */
    authMethod: text('auth_method').notNull().default('password'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokeReason: text('revoke_reason'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);
