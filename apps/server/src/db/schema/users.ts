import { boolean, index, integer, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Stored lower-cased; the service normalises before every look-up. */
    email: text('email').notNull().unique(),
    name: text('name').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    mobile: text('mobile'),
    phone: text('phone'),
    sex: text('sex', { enum: ['man', 'woman', 'secrecy'] }),
    country: text('country'),
    city: text('city'),
    userType: smallint('user_type').notNull(),
    companyId: integer('company_id').references(() => companies.id),
    isCompanyManager: boolean('is_company_manager').notNull().default(false),
    origin: smallint('origin').notNull().default(0),
    approvalStatus: smallint('approval_status').notNull().default(1),
    enabled: boolean('enabled').notNull().default(true),
    lang: text('lang').notNull().default('zh-CN'),
    passwordHash: text('password_hash').notNull(),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set for a new account or after an administrator's reset: login answers user_inactivated. */
    mustChangePassword: boolean('must_change_password').notNull().default(true),
    failedLogins: integer('failed_logins').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** Why an administrator rejected a registration (approval status 2). */
    approvalReason: text('approval_reason'),
    /** The handwritten signature image (column named before the noun was handwriting). */
    handwritingSha256: text('signature_sha256'),
    avatarSha256: text('avatar_sha256'),
    avatarType: text('avatar_type'),
    /** A company's account for a program (issue 29): signs in only by API token, never by password or SSO. */
    isServiceAccount: boolean('is_service_account').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('users_company_idx').on(t.companyId)],
);

export const passwordHistory = pgTable(
  'password_history',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    passwordHash: text('password_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('password_history_user_idx').on(t.userId, t.createdAt)],
);
