import { z } from 'zod';
import { idField, optionalText, requiredText } from './fields.ts';

/** A site (centre) of the project: SPEC §3 name, short name, code; the code is unique in the project. */
export const siteBody = z.object({
  name: requiredText(128),
  shortName: optionalText(64),
  code: requiredText(64),
  /**
   * The country it is in (issue 27 part 3), a country of the project, or null: none. Absent: none on create,
   * unchanged on update (a form that knows no countries keeps the site's).
   */
  countryId: idField.nullable().optional(),
});
export type SiteBody = z.infer<typeof siteBody>;

export const siteItem = z.object({
  siteId: z.number(),
  name: z.string(),
  shortName: z.string().nullable(),
  code: z.string(),
  /** Its country (issue 27 part 3): id and ISO code, null while it has none. */
  countryId: z.number().nullable(),
  countryCode: z.string().nullable(),
  /** Members limited to this site. */
  memberCount: z.number(),
});
export type SiteItem = z.infer<typeof siteItem>;

export const siteList = z.array(siteItem);
export const siteCreated = z.object({ siteId: z.number() });
export type SiteCreated = z.infer<typeof siteCreated>;
