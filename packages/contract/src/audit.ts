import { z } from 'zod';

const day = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'invalid_value')
  .optional();

/** Filters of the operation trajectory (the project's trail): who, what kind, which document, which days. */
export const projectTrailQuery = z
  .object({
    userId: z.coerce.number().int().positive('invalid_value').optional(),
    type: z.coerce.number().int().min(1).max(999).optional(),
    fileId: z.coerce.number().int().positive('invalid_value').optional(),
    startDate: day,
    endDate: day,
    pageNum: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(500).default(20),
  })
  .superRefine((v, ctx) => {
    if (v.startDate && v.endDate && v.startDate > v.endDate)
      ctx.addIssue({ code: 'custom', path: ['startDate'], message: 'start_after_end' });
  });

export const trailExportQuery = z.object({ format: z.enum(['csv', 'xlsx']).default('csv') });

export const fileAuditQuery = z.object({ fileId: z.coerce.number('required').int().positive('invalid_value') });

/** One row of a trail as the web shows it. */
export interface TrailItem {
  id: number;
  at: string;
  actorId: number | null;
  actorName: string | null;
  type: number;
  objectType: string;
  objectId: string | null;
  version: string | null;
  oldValue: unknown;
  newValue: unknown;
  reason: string | null;
  ip: string | null;
}
