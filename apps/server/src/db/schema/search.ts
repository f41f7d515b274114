import { TextState } from '@edoc/contract/search';
import { sql } from 'drizzle-orm';
import { customType, index, integer, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/** PostgreSQL's tsvector, written as its text form built by the application (modules/search/lexemes.ts). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * The text inside a stored file, by content (issue 13): extracted once per sha256 however many versions share it.
 * state: 0 waiting, 1 extracting, 2 done, 3 no text in it, 4 failed (reason says why), 5 not possible here (reason
 * names the missing program). A waiting row is taken by the worker's extraction loop once next_at has come.
 */
export const contentTexts = pgTable(
  'content_texts',
  {
    sha256: text('sha256').primaryKey(),
    extension: text('extension').notNull(),
    state: smallint('state').notNull().default(0),
    reason: text('reason'),
    pages: integer('pages').notNull().default(0),
    chars: integer('chars').notNull().default(0),
    /**
     * The lexemes of the whole text (all pages), what a search matches a document by (GIN): words in a phrase stand
     * next to each other across pages too. Null until extracted.
     */
    tsv: tsvector('tsv'),
    /** OCR read the pages (scanned PDF or image). */
    ocr: smallint('ocr').notNull().default(0),
    attempts: smallint('attempts').notNull().default(0),
    nextAt: timestamp('next_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('content_texts_waiting_idx')
      .on(t.nextAt)
      // Written into the migration as text by drizzle-kit: the number inline, not a bind parameter.
      .where(sql`state = ${sql.raw(String(TextState.Waiting))}`),
    index('content_texts_tsv_idx').using('gin', t.tsv),
  ],
);

/**
 * One page of extracted text (page 1 for files without pages) and its lexemes: which page of a found document the
 * words are on, and its snippets. Read by content only (the search finds documents through content_texts.tsv).
 */
export const contentPages = pgTable(
  'content_pages',
  {
    sha256: text('sha256')
      .notNull()
      .references(() => contentTexts.sha256, { onDelete: 'cascade' }),
    page: integer('page').notNull(),
    body: text('body').notNull(),
    tsv: tsvector('tsv').notNull(),
  },
  (t) => [primaryKey({ columns: [t.sha256, t.page] })],
);
