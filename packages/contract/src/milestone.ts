import { z } from 'zod';
import { calendarDate, idField, requiredText } from './fields.ts';
import { isPastOrToday } from './tmf-project.ts';

/**
 * Issue 27 part 3: milestones, dated events of the trial, of a country or of a site, each with a planned and an
 * actual date. Their types are shipped with edoc (company null) and may later be a company's own; a type has one
 * level. The project's grid holds each trial-level type once, each country-level type once per country of the
 * project and each site-level type once per site (part 4's expected documents are due relative to them).
 */
export const MILESTONE_LEVELS = ['trial', 'country', 'site'] as const;
export type MilestoneLevel = (typeof MILESTONE_LEVELS)[number];

export const milestoneType = z.object({
  id: z.number(),
  code: z.string(),
  nameEn: z.string(),
  nameZh: z.string(),
  level: z.enum(MILESTONE_LEVELS),
  position: z.number(),
});
export type MilestoneType = z.infer<typeof milestoneType>;

/** One cell of the grid: a type at one place (countryId for a country-level type, siteId for a site-level one). */
export const milestoneRow = z.object({
  typeId: z.number(),
  level: z.enum(MILESTONE_LEVELS),
  countryId: z.number().nullable(),
  siteId: z.number().nullable(),
  /** yyyy-mm-dd, or null while not set. */
  planned: z.string().nullable(),
  actual: z.string().nullable(),
  /** When a person last saved it (ISO date-time); null: never saved. */
  updatedAt: z.string().nullable(),
});
export type MilestoneRow = z.infer<typeof milestoneRow>;

/**
 * GET /manage/milestone/list: the types by position, and the full grid: trial rows first, then per country (by code),
 * then per site (by code), each in the types' order.
 */
export const milestoneList = z.object({ types: z.array(milestoneType), rows: z.array(milestoneRow) });
export type MilestoneList = z.infer<typeof milestoneList>;

/** An actual date is a day that has come (the document date's rule: not after the latest today anywhere). */
const actualDate = calendarDate.refine((d) => isPastOrToday(d), 'not_in_future');

/**
 * POST /manage/milestone/save: sets one cell's dates (null clears one). The place must fit the type's level: a
 * country-level type needs countryId (a country of the project), a site-level type siteId (a site of the project),
 * a trial-level type neither; else 400 naming the field.
 */
export const milestoneSaveBody = z.object({
  typeId: idField,
  countryId: idField.nullable().optional(),
  siteId: idField.nullable().optional(),
  planned: calendarDate.nullable(),
  actual: actualDate.nullable(),
});
export type MilestoneSaveBody = z.infer<typeof milestoneSaveBody>;

/** The type's name in the reader's language. */
export const milestoneTypeName = (t: { nameEn: string; nameZh: string }, lang: string) =>
  lang === 'en-US' ? t.nameEn : t.nameZh;

/**
 * A company's own milestone type (the company administrator's, under /milestone-type/*): a code of lower-case
 * letters, digits and underscores, unique in the company and not one a shipped type uses; projects of the company
 * list it with the shipped ones, by position. Its level cannot change once a project has dated it.
 */
export const milestoneTypeBody = z.object({
  code: z
    .string('required')
    .trim()
    .min(1, 'required')
    .max(64, 'too_long')
    .refine((s) => /^[a-z][a-z0-9_]*$/.test(s), 'invalid_value'),
  nameEn: requiredText(128),
  nameZh: requiredText(128),
  level: z.enum(MILESTONE_LEVELS, 'required'),
  position: z.number('required').int('invalid_value').min(0, 'invalid_value').max(10_000, 'invalid_value'),
});
export type MilestoneTypeBody = z.infer<typeof milestoneTypeBody>;

/** GET /milestone-type/list: the shipped types (company false) and the company's, by position. */
export const milestoneTypeItem = milestoneType.extend({ company: z.boolean() });
export type MilestoneTypeItem = z.infer<typeof milestoneTypeItem>;
export const milestoneTypeList = z.array(milestoneTypeItem);
export const milestoneTypeCreated = z.object({ id: z.number() });
