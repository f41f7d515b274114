import { z } from 'zod';
import { companyScopeQuery } from './company.ts';
import { pageOf } from './envelope.ts';
import { DOC_PERMISSION_KEYS, LIBRARY_PERMISSION_KEYS } from './enums.ts';
import { calendarDate, idParam, optionalText, requiredText, ID_MAX } from './fields.ts';
import { pageQuery, searchField } from './paging.ts';

const fileType = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9]{1,10}$/, 'invalid_value');

/** A zone the runtime knows (Intl), so the database's `at time zone` will too. */
function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const projectBody = z.object({
  code: requiredText(64),
  name: requiredText(128),
  phase: optionalText(32),
  description: optionalText(2000),
  idleMinutes: z.number('required').int('invalid_value').min(1, 'invalid_value').max(1440, 'invalid_value').default(30),
  pageSize: z.number().int('invalid_value').min(5, 'invalid_value').max(200, 'invalid_value').default(10),
  reviewOpen: z.boolean().default(true),
  qcOpen: z.boolean().default(true),
  approveOpen: z.boolean().default(true),
  libraryFolder: z.boolean().default(true),
  allowedFileTypes: z.array(fileType).max(100).default([]),
  versionConvention: optionalText(64),
  endDate: calendarDate.nullable().optional(),
  /** The IANA zone whose calendar decides the project's dates (activation on the effective date, expiry). */
  timeZone: z.string().trim().max(64, 'too_long').refine(isTimeZone, 'invalid_value').optional(),
  /** Days before a library document expires that its owner and the project administrators are told (0: never). */
  expiryNoticeDays: z.number().int('invalid_value').min(0, 'invalid_value').max(365, 'invalid_value').optional(),
  /** Applied when the project is created: a directory template, and a user-group template. */
  directoryTemplateId: z.number().int().positive().max(ID_MAX, 'invalid_value').optional(),
  /** A template of type 1, 3 or 4: its groups (and for 3/4 its folders, for 4 its bindings) are created too. */
  groupTemplateId: z.number().int().positive().max(ID_MAX, 'invalid_value').optional(),
});
export type ProjectBody = z.infer<typeof projectBody>;

export const projectItem = z.object({
  studyId: z.number(),
  code: z.string(),
  name: z.string(),
  phase: z.string().nullable(),
  description: z.string().nullable(),
  companyId: z.number(),
  companyName: z.string(),
  idleMinutes: z.number(),
  pageSize: z.number(),
  reviewOpen: z.boolean(),
  qcOpen: z.boolean(),
  approveOpen: z.boolean(),
  libraryFolder: z.boolean(),
  allowedFileTypes: z.array(z.string()),
  versionConvention: z.string(),
  endDate: z.string().nullable(),
  timeZone: z.string(),
  expiryNoticeDays: z.number(),
  closed: z.boolean(),
  memberCount: z.number(),
});
export type ProjectItem = z.infer<typeof projectItem>;

/** GET /project/list. */
export const projectList = pageOf(projectItem);
/** POST /project/create answer. */
export const projectCreated = z.object({ studyId: z.number() });
export type ProjectCreated = z.infer<typeof projectCreated>;

/** The directory templates a company may apply (defined with the templates; named here for the project pages). */
export { directoryTemplateItem, directoryTemplateList, type DirectoryTemplateItem } from './template.ts';

/** GET /common/study (project picker, SPEC §3 names). */
export const projectEntryItem = z.object({
  study_id: z.number(),
  study_name: z.string(),
  study_code: z.string(),
  company_id: z.number(),
  company_name: z.string(),
  taskNum: z.number(),
  mark: z.boolean(),
  idle_time: z.number(),
  study_page_size: z.number(),
  reviewOpen: z.boolean(),
  qcOpen: z.boolean(),
  approveOpen: z.boolean(),
  /** Closed by the company administrator: members may still enter and read, nothing changes (issue 11). */
  closed: z.boolean(),
  /** The caller is invited as an inspector here (not a member): a read-only view of the library until the end date. */
  inspector: z.boolean(),
});
export type ProjectEntryItem = z.infer<typeof projectEntryItem>;
export const projectEntryList = pageOf(projectEntryItem);

/** POST /common/study/mark/:id/a: whether the project is now a favourite. */
export const projectMarkData = z.object({ mark: z.boolean() });
export type ProjectMarkData = z.infer<typeof projectMarkData>;

/** GET /common/company: the companies this user may manage from the picker; empty for ordinary users. */
export const managedCompany = z.object({ company_id: z.number(), company_name: z.string() });
export type ManagedCompany = z.infer<typeof managedCompany>;
export const managedCompanyList = z.array(managedCompany);

/** POST /common/company/entry answer. */
export const companyEntryData = z.object({ roleCode: z.string(), companyId: z.number(), companyName: z.string() });
export type CompanyEntryData = z.infer<typeof companyEntryData>;

export const projectEntryBody = z.object({ studyId: idParam });
export const companyEntryBody = z.object({ companyId: idParam });

/** The picker asks for everything at once (SPEC §9: page size 1000). */
export const projectEntryListQuery = pageQuery.extend({
  pageSize: z.coerce
    .number('invalid_value')
    .int('invalid_value')
    .min(1, 'invalid_value')
    .max(1000, 'invalid_value')
    .default(1000),
  searchValue: searchField,
});

/** GET /project/list: a company's projects; the system administrator names the company. */
export const projectListQuery = pageQuery.extend({ searchValue: searchField, ...companyScopeQuery.shape });

/**
 * The caller's rights in the entered project as the server computes them (projectRightsOf in permissions.ts, from
 * the session it checks every request against): the web's guard, menus and filters read these and never derive
 * them from a role code, which a custom role may spell any way (issue 24).
 */
export const projectRights = z.object({
  /** Project administration: the built-in STU_PM role, or the company's administrator who is not a member. */
  fullAccess: z.boolean(),
  /** The project is closed: everything may be read, nothing changed; the keys below are the reading ones. */
  readOnly: z.boolean(),
  /** An inspector's visit (issue 11): the file library only; null for members and administrators. */
  inspector: z.object({ canDownload: z.boolean() }).nullable(),
  /** The most the caller may do anywhere in the project; folder grants say where. */
  docKeys: z.array(z.enum(DOC_PERMISSION_KEYS)),
  libraryKeys: z.array(z.enum(LIBRARY_PERMISSION_KEYS)),
});
export type ProjectRights = z.infer<typeof projectRights>;

/** POST /common/study/entry answer: what the picker stores in the session (SPEC §4). */
export const projectEntryData = z.object({
  roleCode: z.string(),
  libraryFolder: z.boolean(),
  studyId: z.number(),
  studyName: z.string(),
  idleTime: z.number(),
  pageSize: z.number(),
  reviewOpen: z.boolean(),
  qcOpen: z.boolean(),
  approveOpen: z.boolean(),
  allowedFileTypes: z.array(z.string()),
  authorities: z.array(z.string()),
  /** The project is closed: everything may be read, nothing changed (the web says so and offers no changes). */
  closed: z.boolean(),
  /** For an inspector (roleCode INSPECTOR): the last day of access and whether downloads were granted. */
  inspector: z.object({ endsOn: z.string(), canDownload: z.boolean() }).nullable(),
  rights: projectRights,
});
export type ProjectEntryData = z.infer<typeof projectEntryData>;

/**
 * POST /manage/study/update: what the project administrator may set. The code, end date and library-folder
 * flag stay with the company administrator (POST /project/update/:id).
 */
export const projectSettingsBody = projectBody.pick({
  name: true,
  phase: true,
  description: true,
  idleMinutes: true,
  pageSize: true,
  reviewOpen: true,
  qcOpen: true,
  approveOpen: true,
  allowedFileTypes: true,
  versionConvention: true,
  timeZone: true,
  expiryNoticeDays: true,
});
export type ProjectSettingsBody = z.infer<typeof projectSettingsBody>;
