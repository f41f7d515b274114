import { z } from 'zod';
import { requiredText } from './fields.ts';

/**
 * Issue 27 part 3: the countries a project runs in; each site belongs to one (or none yet). Country-level documents
 * and milestones hang on them. A country is named by its ISO 3166-1 alpha-2 code, unique in the project; only the
 * shape is checked (two letters), not the ISO list: a code ISO adds later (or a project's "XK") must not wait for us.
 */

/** Two letters, upper-cased before the check: "cn" is CN. */
export const countryCode = z
  .string('required')
  .trim()
  .min(1, 'required')
  .transform((s) => s.toUpperCase())
  .refine((s) => /^[A-Z]{2}$/.test(s), 'country_code_invalid');

export const countryBody = z.object({ code: countryCode, name: requiredText(100) });
export type CountryBody = z.infer<typeof countryBody>;

/** siteCount: the project's sites in the country (a country with sites cannot be deleted). */
export const countryItem = z.object({ id: z.number(), code: z.string(), name: z.string(), siteCount: z.number() });
export type CountryItem = z.infer<typeof countryItem>;

/** GET /manage/country/list: by code. */
export const countryList = z.array(countryItem);
export const countryCreated = z.object({ id: z.number() });
export type CountryCreated = z.infer<typeof countryCreated>;
