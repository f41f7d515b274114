import { z } from 'zod';
import { pageFields } from './paging.ts';
import { calendarDate, idField, idParam, optionalIdParam, requiredText } from './fields.ts';
import type { TmfLevel } from './tmf-model.ts';

/**
 * Issue 27 part 4: expected documents. A model's artifact applies at levels (trial, country, site); a rule says when
 * a document of it is due at one level (relative to a milestone of the place, once or recurring). A project holds
 * one expected item per artifact × applicable place × occurrence; an item is expected until documents fulfil it
 * (filed) or a project administrator marks it not applicable with a reason. Overdue is not a state: an expected
 * item whose due date has passed.
 */
export const EXPECTED_ITEM_STATES = ['expected', 'filed', 'not_applicable'] as const;
export type ExpectedItemState = (typeof EXPECTED_ITEM_STATES)[number];

/** How often a rule expects a document from its anchor date on: once, or each period until the place closes. */
export const EXPECTED_RECURRENCES = ['once', 'monthly', 'quarterly', 'annually'] as const;
export type ExpectedRecurrence = (typeof EXPECTED_RECURRENCES)[number];

/** generated: made from the model's rules (regeneration keeps it in step); manual: added by a person. */
export const EXPECTED_ORIGINS = ['generated', 'manual'] as const;
export type ExpectedOrigin = (typeof EXPECTED_ORIGINS)[number];

/**
 * The levels, as tmf-model.ts's TMF_LEVELS (checked equal below): not imported from there, since the model's artifact
 * body takes expectedRule from here and a cycle of imports would leave one list undefined at load.
 */
const TMF_LEVELS = ['trial', 'country', 'site'] as const;
type SameLevels = [TmfLevel] extends [(typeof TMF_LEVELS)[number]]
  ? [(typeof TMF_LEVELS)[number]] extends [TmfLevel]
    ? true
    : never
  : never;
export const expectedLevelsMatch: SameLevels = true;

/** The list's state filter: overdue is an expected item past its due date, so it is a filter, never a stored state. */
export const EXPECTED_LIST_STATES = ['expected', 'overdue', 'filed', 'not_applicable'] as const;
export type ExpectedListState = (typeof EXPECTED_LIST_STATES)[number];

/** A rule's offset from its milestone's date: at most ten years either way. */
export const EXPECTED_OFFSET_MAX = 3650;

/**
 * When a document of an artifact is due at one of its levels: milestoneCode names a milestone type (shipped or the
 * company's) by code, since a model serves every company; null: no milestone, no due date.
 */
export const expectedRule = z.object({
  level: z.enum(TMF_LEVELS, 'invalid_value'),
  milestoneCode: z.string().trim().min(1, 'required').max(64, 'too_long').nullable(),
  offsetDays: z
    .number('required')
    .int('invalid_value')
    .min(-EXPECTED_OFFSET_MAX, 'invalid_value')
    .max(EXPECTED_OFFSET_MAX, 'invalid_value'),
  recurrence: z.enum(EXPECTED_RECURRENCES, 'invalid_value'),
});
export type ExpectedRule = z.infer<typeof expectedRule>;

/** A document that fulfils an item; status is the document's (DocStatus). */
export const expectedItemDocument = z.object({ id: z.number(), name: z.string(), status: z.number() });

export const expectedItem = z.object({
  id: z.number(),
  artifactId: z.number(),
  artifactNumber: z.string(),
  artifactNameEn: z.string(),
  artifactNameZh: z.string().nullable(),
  level: z.enum(TMF_LEVELS),
  countryId: z.number().nullable(),
  countryCode: z.string().nullable(),
  siteId: z.number().nullable(),
  siteName: z.string().nullable(),
  /** 1 for a rule that expects the document once; recurring rules count on. */
  occurrence: z.number(),
  /** yyyy-mm-dd; null while its milestone has no date (or its rule names none). */
  dueDate: z.string().nullable(),
  /** The milestone type its due date hangs on at that place; null without one. */
  milestoneTypeId: z.number().nullable(),
  state: z.enum(EXPECTED_ITEM_STATES),
  /** Expected and due before today. */
  overdue: z.boolean(),
  reason: z.string().nullable(),
  origin: z.enum(EXPECTED_ORIGINS),
  decidedByName: z.string().nullable(),
  /** ISO date-time. */
  decidedAt: z.string().nullable(),
  documents: z.array(expectedItemDocument),
});
export type ExpectedItem = z.infer<typeof expectedItem>;

/** A filter's id from the URL: absent or empty is no filter. */

/**
 * GET /manage/expected/list. q: the artifact's number or name contains it. Sorted by due date (nulls last) unless
 * sort says artifact (its number, then the place).
 */
export const expectedListQuery = z.object({
  state: z.enum(EXPECTED_LIST_STATES, 'invalid_value').optional(),
  level: z.enum(TMF_LEVELS, 'invalid_value').optional(),
  countryId: optionalIdParam,
  siteId: optionalIdParam,
  artifactId: optionalIdParam,
  q: z.string().trim().max(128, 'too_long').optional(),
  ...pageFields(100, 20),
  sort: z.enum(['due', 'artifact'], 'invalid_value').default('due'),
  order: z.enum(['asc', 'desc'], 'invalid_value').default('asc'),
});
export type ExpectedListQuery = z.infer<typeof expectedListQuery>;

/** counts: the items of each state under the same filter without its state (overdue ones are counted as expected too). */
export const expectedList = z.object({
  items: z.array(expectedItem),
  total: z.number(),
  counts: z.object({ expected: z.number(), overdue: z.number(), filed: z.number(), notApplicable: z.number() }),
});
export type ExpectedList = z.infer<typeof expectedList>;

/** POST /manage/expected/generate: items added, due dates changed, generated items no longer produced, left as they were. */
export const expectedGenerated = z.object({
  created: z.number(),
  updated: z.number(),
  removed: z.number(),
  kept: z.number(),
});
export type ExpectedGenerated = z.infer<typeof expectedGenerated>;

/**
 * POST /manage/expected/create: an item a person adds. countryId for a country-level one (a country of the project),
 * siteId for a site-level one (a site of the project); the level one of the artifact's.
 */
export const expectedCreateBody = z.object({
  artifactId: idField,
  level: z.enum(TMF_LEVELS, 'required'),
  countryId: idField.nullable().optional(),
  siteId: idField.nullable().optional(),
  dueDate: calendarDate.nullable().optional(),
});
export type ExpectedCreateBody = z.infer<typeof expectedCreateBody>;
export const expectedCreated = z.object({ id: z.number() });

export const expectedNotApplicableBody = z.object({ reason: requiredText(500) });
export type ExpectedNotApplicableBody = z.infer<typeof expectedNotApplicableBody>;

/** GET /expected/matches. */
export const expectedMatchesQuery = z.object({ documentId: idParam });
/** linked: the items the document fulfils; candidates: the open items of its artifact, level and place. */
export const expectedMatches = z.object({ linked: z.array(expectedItem), candidates: z.array(expectedItem) });
export type ExpectedMatches = z.infer<typeof expectedMatches>;

/** POST /expected/link and /expected/unlink. */
export const expectedLinkBody = z.object({ itemId: idField, documentId: idField });
export type ExpectedLinkBody = z.infer<typeof expectedLinkBody>;
