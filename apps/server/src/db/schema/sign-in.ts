import { bigserial, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** Login verification codes: issued by GET /captcha, used once, short-lived. */
export const captchas = pgTable('captchas', {
  id: uuid('id').primaryKey().defaultRandom(),
  codeHash: text('code_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/**
 * Forgotten-password codes sent by e-mail. An address nobody holds gets a row too (no user, a code never sent), so
 * /forget_password answers an unknown address exactly as a known one (issue 9: no account discovery).
 */
export const resetCodes = pgTable(
  'reset_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').references(() => users.id),
    /** The normalised address the code was asked for. */
    email: text('email').notNull().default(''),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('reset_codes_user_idx').on(t.userId, t.createdAt), index('reset_codes_email_idx').on(t.email, t.id)],
);

/**
 * The forced password change (new, reset or expired password): /login, having checked captcha and credentials,
 * answers with a short-lived token instead of a session; /user/modify_password takes that token, once.
 */
export const passwordChangeTokens = pgTable('password_change_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/**
 * Failed sign-ins and signings: by address (the per-address throttle) and by account and address (the lock is per
 * account and source, so nobody can lock the owner out from elsewhere; issue 9).
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ip: text('ip').notNull(),
    /** sha256 of the normalised e-mail tried, known or not, so an unknown account locks exactly like a real one. */
    account: text('account'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_failures_ip_idx').on(t.ip, t.at), index('login_failures_account_idx').on(t.account, t.at)],
);

/** Idempotency-Key replays: the first answer is kept and returned again. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    /** sha256 of what was asked (path, query, body): the same key with another request is refused, not replayed. */
    requestHash: text('request_hash'),
    statusCode: integer('status_code'),
    body: text('body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * While no answer is stored, until when the request running it holds the key (renewed as it runs). A key whose
     * lease ran out belongs to a request that died with its node: a retry takes it over and runs (issue 25).
     */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] })],
);
