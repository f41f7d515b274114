import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';
import { projects } from './projects.ts';
import { users } from './users.ts';

/*
 * Issue 29 (docs/identity.md): how people and programs prove who they are — single sign-on by OpenID Connect, a
 * second factor, API tokens — and how edoc tells other systems what happened (webhooks). Secrets edoc must present
 * again (a provider's client secret, a webhook's signing key) are kept as given: the database is the trust boundary,
 * as it is for the trail's HMAC key. Secrets edoc only checks (tokens, recovery codes) are kept as sha256.
 */

/** Settings the system administrator keeps in the browser (key → JSON value), e.g. webhooks.allowPrivateTargets. */
export const systemSettings = pgTable('system_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedBy: integer('updated_by').references(() => users.id),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A company's sign-in policy: password sign-in on or off (off only when SSO is configured), and the second factor
 * required for everyone or for the listed role codes.
 */
export const companySignInPolicies = pgTable('company_sign_in_policies', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id),
  passwordSignIn: boolean('password_sign_in').notNull().default(true),
  totpRequired: boolean('totp_required').notNull().default(false),
  /** Role codes whose members must use a second factor even when the company does not require it of everyone. */
  totpRoles: jsonb('totp_roles').$type<string[]>().notNull().default([]),
  updatedBy: integer('updated_by').references(() => users.id),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One OpenID Connect provider per company, kept by the system administrator. */
export const ssoProviders = pgTable('sso_providers', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id')
    .notNull()
    .unique()
    .references(() => companies.id),
  /** What the login page's button says: "Sign in with {label}". */
  label: text('label').notNull(),
  issuer: text('issuer').notNull(),
  clientId: text('client_id').notNull(),
  clientSecret: text('client_secret').notNull(),
  /** E-mail domains (lower case) whose addresses the login page sends to this provider. */
  domains: jsonb('domains').$type<string[]>().notNull().default([]),
  emailClaim: text('email_claim').notNull().default('email'),
  nameClaim: text('name_claim').notNull().default('name'),
  groupsClaim: text('groups_claim').notNull().default('groups'),
  /** Create an account at first sign-in for an address of the company's domains. */
  jitAccounts: boolean('jit_accounts').notNull().default(false),
  enabled: boolean('enabled').notNull().default(true),
  /** The discovery document as last fetched (endpoints, jwks_uri), refreshed when older than a day. */
  discovery: jsonb('discovery'),
  discoveredAt: timestamp('discovered_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A group claim's value → a project and role, kept by the company administrator; applied at each SSO sign-in. */
export const ssoGroupRules = pgTable(
  'sso_group_rules',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    groupName: text('group_name').notNull(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    roleCode: text('role_code').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sso_group_rules_uq').on(t.companyId, t.groupName, t.projectId)],
);

/** Which provider subject is which edoc account (the subject, not the e-mail, is the identity). */
export const ssoIdentities = pgTable(
  'sso_identities',
  {
    providerId: integer('provider_id')
      .notNull()
      .references(() => ssoProviders.id),
    subject: text('subject').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.providerId, t.subject] }), index('sso_identities_user_idx').on(t.userId)],
);

/**
 * One authorization request in flight: state, nonce and PKCE verifier, used once (a replayed state finds usedAt set).
 * purpose 'sign' is the fresh authentication a Part 11 signature needs; its result (authTime) is what the signing
 * route checks, through proofHash, once.
 */
export const ssoRequests = pgTable(
  'sso_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    stateHash: text('state_hash').notNull().unique(),
    providerId: integer('provider_id')
      .notNull()
      .references(() => ssoProviders.id),
    purpose: text('purpose').notNull(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    /** For 'sign': the signed-in user who asked, and where the browser returns. */
    userId: integer('user_id').references(() => users.id),
    returnTo: text('return_to'),
    lang: text('lang').notNull().default('zh-CN'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** For 'sign', after the callback: the provider's auth_time and a one-use proof the signing route takes. */
    authTime: timestamp('auth_time', { withTimezone: true }),
    proofHash: text('proof_hash').unique(),
    proofUsedAt: timestamp('proof_used_at', { withTimezone: true }),
  },
  (t) => [index('sso_requests_expires_idx').on(t.expiresAt)],
);

/** A password account's TOTP (RFC 6238) secret; confirmedAt is set once the user has entered a first code. */
export const userTotp = pgTable('user_totp', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  /** Base32, as the authenticator app holds it. */
  secret: text('secret').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  /** The last time step accepted: a code is never accepted twice. */
  lastStep: bigint('last_step', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const totpRecoveryCodes = pgTable(
  'totp_recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('totp_recovery_codes_user_idx').on(t.userId)],
);

/**
 * The step between password and session when a second factor is needed: /login answers with this token, the
 * code is posted with it, once.
 */
export const totpChallenges = pgTable('totp_challenges', {
  tokenHash: text('token_hash').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id),
  lang: text('lang').notNull().default('zh-CN'),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/**
 * An API token: shown once, kept as sha256, limited by scopes and (optionally) projects, and always by its owner's
 * rights. A service account is a user with isServiceAccount, made by a company administrator.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    /** The first characters, shown in the list so a user can tell tokens apart. */
    prefix: text('prefix').notNull(),
    scopes: jsonb('scopes').$type<string[]>().notNull(),
    /** null: every project the owner is in. */
    projectIds: jsonb('project_ids').$type<number[] | null>(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    lastUsedIp: text('last_used_ip'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: integer('revoked_by').references(() => users.id),
  },
  (t) => [index('api_tokens_user_idx').on(t.userId)],
);

/** A subscription of a URL to events, for a project or (projectId null) a whole company. */
export const webhooks = pgTable(
  'webhooks',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    projectId: integer('project_id').references(() => projects.id),
    /** A company hook's projects (null: every project of the company); a project hook hears its own only. */
    projectIds: jsonb('project_ids').$type<number[]>(),
    url: text('url').notNull(),
    /** The HMAC-SHA256 key the receiver checks signatures with; shown once when made. */
    secret: text('secret').notNull(),
    events: jsonb('events').$type<string[]>().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** Set by the deliverer after repeated failures; the administrator resumes by hand. */
    pausedAt: timestamp('paused_at', { withTimezone: true }),
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhooks_company_idx').on(t.companyId, t.projectId)],
);

/** One event for one webhook: the payload as sent, each attempt's answer, and when to try again. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    webhookId: integer('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    /** The event's id, the same for a re-send, so a receiver can drop duplicates. */
    eventId: text('event_id').notNull(),
    event: text('event').notNull(),
    payload: jsonb('payload').notNull(),
    /** pending → delivered, or failed after the last retry; a re-send makes a new row. */
    state: text('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    responseStatus: integer('response_status'),
    /** The receiver's answer, cut to a few kB, or the network error. */
    responseBody: text('response_body'),
    error: text('error'),
    durationMs: integer('duration_ms'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    index('webhook_deliveries_hook_idx').on(t.webhookId, t.id),
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`state = 'pending'`),
  ],
);
