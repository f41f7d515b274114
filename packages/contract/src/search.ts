import { z } from 'zod';
import { calendarDate, ID_MAX } from './fields.ts';
import { COUNT_CAP } from './envelope.ts';

/**
 * Search inside documents (issue 13). What the user types is parsed here, once for both sides: the server builds
 * its index query from it and the web highlights the same words in the viewer.
 */

/** One thing to find: a word, or several words in this order ("quoted"). */
export interface SearchTerm {
  text: string;
  phrase: boolean;
}

/** All clauses must match; a clause matches when one of its terms does (a OR b); no excluded term may match. */
export interface ParsedQuery {
  clauses: SearchTerm[][];
  exclude: SearchTerm[];
}

const TOKEN = /(-?)"([^"]*)("|$)|(\S+)/g;

/**
 * The search box's language: words (each must be found), "a phrase", -word or -"a phrase" to leave out, and OR
 * between two terms for either. Case does not matter; OR must be written in capitals (a lower-case "or" is a word).
 */
export function parseQuery(input: string): ParsedQuery {
  const clauses: SearchTerm[][] = [];
  const exclude: SearchTerm[] = [];
  let or = false;
  for (const m of input.matchAll(TOKEN)) {
    const quoted = m[2] !== undefined;
    let text = (quoted ? m[2] : m[4]).trim();
    let negative = quoted && m[1] === '-';
    if (!quoted && text === 'OR') {
      or = clauses.length > 0;
      continue;
    }
    if (!quoted && text.startsWith('-') && text.length > 1) {
      negative = true;
      text = text.slice(1);
    }
    if (!text) continue;
    const term = { text, phrase: quoted && /\s/.test(text) };
    if (negative) exclude.push(term);
    else if (or) clauses[clauses.length - 1].push(term);
    else clauses.push([term]);
    or = false;
  }
  return { clauses, exclude };
}

/** The words a result is highlighted with: every term the query looks for (not the excluded ones). */
export const highlightTerms = (q: ParsedQuery): string[] => q.clauses.flat().map((t) => t.text);

/** A version's text as the search sees it (content_texts.state). */
export const TextState = { Waiting: 0, Extracting: 1, Done: 2, NoText: 3, Failed: 4, Unavailable: 5 } as const;
export type TextState = (typeof TextState)[keyof typeof TextState];

/** The filters that list documents by themselves when no words are given. */
export const SEARCH_FILTERS = [
  'folderId',
  'status',
  'type',
  'siteId',
  'creatorId',
  'tagId',
  'startDate',
  'endDate',
  'filedFrom',
  'filedTo',
  'taskUserId',
  'taskOverdue',
] as const;

const id = z.coerce.number('invalid_value').int('invalid_value').positive('invalid_value').max(ID_MAX, 'invalid_value');

/**
 * GET /file/search: the project's documents by words in their names, codes, tags, comments and content. Without
 * words, filters alone list the documents they match, newest first (a report's bar opens such a list, issue 14).
 */
export const searchQuery = z
  .object({
    q: z.string('required').trim().max(256, 'too_long').default(''),
    folderId: id.optional(),
    status: z.coerce
      .number('invalid_value')
      .int('invalid_value')
      .min(1, 'invalid_value')
      .max(9, 'invalid_value')
      .optional(),
    type: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z0-9]{1,10}$/, 'invalid_value')
      .optional(),
    siteId: id.optional(),
    creatorId: id.optional(),
    tagId: id.optional(),
    startDate: calendarDate.optional(),
    endDate: calendarDate.optional(),
    /** Filed (created) between these days of the project's calendar, both included. */
    filedFrom: calendarDate.optional(),
    filedTo: calendarDate.optional(),
    /** With an open task of this person (a bar of the open-tasks report, issue 14). */
    taskUserId: id.optional(),
    /** With an open task past its due day (true) or not past it (false), of taskUserId if given, on the project's calendar. */
    taskOverdue: z
      .enum(['true', '1', 'false', '0'], 'invalid_value')
      .optional()
      .transform((v) => (v === undefined ? undefined : v === 'true' || v === '1')),
    sort: z.enum(['relevance', 'date'], 'invalid_value').default('relevance'),
    pageNum: z.coerce
      .number('invalid_value')
      .int('invalid_value')
      .min(1, 'invalid_value')
      .max(1000, 'invalid_value')
      .default(1),
    pageSize: z.coerce
      .number('invalid_value')
      .int('invalid_value')
      .min(1, 'invalid_value')
      .max(100, 'invalid_value')
      .default(20),
  })
  .superRefine((v, ctx) => {
    if (v.startDate && v.endDate && v.startDate > v.endDate)
      ctx.addIssue({ code: 'custom', path: ['startDate'], message: 'start_after_end' });
    if (v.filedFrom && v.filedTo && v.filedFrom > v.filedTo)
      ctx.addIssue({ code: 'custom', path: ['filedFrom'], message: 'start_after_end' });
    if (!v.q && !SEARCH_FILTERS.some((key) => v[key] !== undefined))
      ctx.addIssue({ code: 'custom', path: ['q'], message: 'required' });
  });
export type SearchQuery = z.infer<typeof searchQuery>;

/** A piece of a snippet: the words found are marked, the rest is plain text (never HTML). */
export const snippetPart = z.object({ text: z.string(), hit: z.boolean() });
export type SnippetPart = z.infer<typeof snippetPart>;

export const searchHit = z.object({
  fileId: z.number(),
  fileVersionId: z.number(),
  name: z.string(),
  fileCode: z.string().nullable(),
  ichCode: z.string().nullable(),
  folderId: z.number().nullable(),
  folder: z.string().nullable(),
  folderEn: z.string().nullable(),
  status: z.number(),
  versionNo: z.string(),
  extension: z.string(),
  updatedtime: z.string(),
  /** Found in the name, file code, ICH code, a tag or a comment (besides or instead of the content). */
  inMeta: z.boolean(),
  /** The page the words are found best on (PDFs and Office files: of the rendition); null when not in the text. */
  page: z.number().nullable(),
  snippets: z.array(z.array(snippetPart)),
});
export type SearchHit = z.infer<typeof searchHit>;

/**
 * total is exact up to `SEARCH_COUNT_CAP`; `capped` says there are more (shown as "10,000+"). `ranked` is false when
 * the best match was asked but more documents match than the server ranks: they come newest first.
 */
export const searchAnswer = z.object({
  data: z.array(searchHit),
  total: z.number(),
  capped: z.boolean(),
  ranked: z.boolean(),
});
export type SearchAnswer = z.infer<typeof searchAnswer>;
export const SEARCH_COUNT_CAP = COUNT_CAP;

/** GET /file/duplicates: where the same content (by sha256) is already filed in the project (issue 13). */
export const duplicateQuery = z.object({
  sha256: z
    .string('required')
    .trim()
    .toLowerCase()
    .regex(/^[0-9a-f]{64}$/, 'invalid_value'),
});

/** A version of a live document holding that content, among those the caller may view. */
export const duplicateRow = z.object({
  fileId: z.number(),
  fileVersionId: z.number(),
  name: z.string(),
  versionNo: z.string(),
  current: z.boolean(),
  folderId: z.number().nullable(),
  folder: z.string().nullable(),
  folderEn: z.string().nullable(),
  ichCode: z.string().nullable(),
});
export type DuplicateRow = z.infer<typeof duplicateRow>;
export const duplicateList = z.array(duplicateRow);
