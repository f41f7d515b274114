import { z } from 'zod';
import { calendarDate, ID_MAX } from './fields.ts';
import { cappedPageOf } from './envelope.ts';

/** Filters of the operation trajectory (the project's trail): who, what kind, which document, which days. */
export const projectTrailQuery = z
  .object({
    userId: z.coerce.number().int().positive('invalid_value').max(ID_MAX, 'invalid_value').optional(),
    type: z.coerce.number().int().min(1).max(999).optional(),
    fileId: z.coerce.number().int().positive('invalid_value').max(ID_MAX, 'invalid_value').optional(),
    startDate: calendarDate.optional(),
    endDate: calendarDate.optional(),
    pageNum: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(500).default(20),
  })
  .superRefine((v, ctx) => {
    if (v.startDate && v.endDate && v.startDate > v.endDate)
      ctx.addIssue({ code: 'custom', path: ['startDate'], message: 'start_after_end' });
  });

export const trailExportQuery = z.object({ format: z.enum(['csv', 'xlsx']).default('csv') });
/** GET /audit/project/export: the list's filters and the file format. */
export const projectTrailExportQuery = projectTrailQuery.and(trailExportQuery);

export const fileAuditQuery = z.object({
  fileId: z.coerce.number('required').int().positive('invalid_value').max(ID_MAX, 'invalid_value'),
});

/**
 * One row of a trail as the web shows it. The values stay as stored (the chain hashes them); describeTrail
 * (trail-format.ts) reads them in the user's language.
 */
export const trailItem = z.object({
  id: z.number(),
  at: z.string(),
  actorId: z.number().nullable(),
  actorName: z.string().nullable(),
  type: z.number(),
  objectType: z.string(),
  objectId: z.string().nullable(),
  version: z.string().nullable(),
  oldValue: z.unknown(),
  newValue: z.unknown(),
  reason: z.string().nullable(),
  ip: z.string().nullable(),
  /** The object's name today (documents, folders), so a row whose values carry no name still names it (issue 12). */
  objectName: z.string().nullable(),
  /**
   * Names of what the values point to by id, keyed `kind:id` (trail-format.ts trailRefKeysOf): users, roles (a role
   * id gives its code, `roleCode:CODE` the role's name), groups, sites, folders, documents… (issue 26). One missing is
   * shown as "#id".
   */
  refs: z.record(z.string(), z.string()),
});
export type TrailItem = z.infer<typeof trailItem>;

/** GET /audit/find_file_audits: a document's trail, oldest first. */
export const fileTrail = z.array(trailItem);
/** GET /audit/project/list: a page of the project's trail, newest first. */
export const projectTrailPage = cappedPageOf(trailItem);
