import { integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * The keys that sign downloaded PDFs (PAdES, DESIGN §7). In the database, not in DATA_DIR: every node must sign with
 * the same key, and nodes share only PostgreSQL and the file store. The private key is sealed (AES-256-GCM) under a
 * key derived from the trail key, which the database does not hold, so a database dump alone cannot sign. Rows are
 * never changed: installing a certificate adds one, and the newest signs; older ones stay as the record of which
 * key signed what when.
 */
export const signingKeys = pgTable('signing_keys', {
  id: serial('id').primaryKey(),
  /** base64 of iv (12) + tag (16) + ciphertext of the PKCS#8 PEM. */
  sealedKey: text('sealed_key').notNull(),
  /** The signing certificate first, then its issuers, PEM. */
  certChainPem: text('cert_chain_pem').notNull(),
  /** 'generated' (self-signed at first start) or 'installed' (the company's certificate). */
  source: text('source').notNull(),
  createdBy: integer('created_by').references(() => users.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
