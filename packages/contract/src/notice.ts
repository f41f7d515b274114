import { z } from 'zod';
import { requiredText } from './fields.ts';
import { NOTICE_MAX_BYTES } from './limits.ts';

export const noticeRelease = z.object({
  noticeStatus: z.number(),
  noticeContent: z.string(),
  id: z.number().nullable(),
  subject: z.string().nullable(),
});
export type NoticeRelease = z.infer<typeof noticeRelease>;

export const noticeItem = z.object({
  id: z.number(),
  subject: z.string(),
  contents: z.string(),
  effectiveTime: z.string(),
  status: z.number(),
  updatedAt: z.string(),
  updatedBy: z.string().nullable(),
});
export type NoticeItem = z.infer<typeof noticeItem>;

/** Announcement details: not empty, at most 4000 bytes (UTF-8) — SPEC §5. */
export const noticeContents = z
  .string('notice_empty')
  .trim()
  .min(1, 'notice_empty')
  .refine((v) => new TextEncoder().encode(v).length <= NOTICE_MAX_BYTES, 'notice_too_long');

export const noticeUpdateBody = z.object({
  id: z.number().int().positive().optional(),
  subject: requiredText(128),
  contents: noticeContents,
  effectiveTime: z.iso.datetime({ offset: true, error: 'invalid_value' }),
  release: z.boolean().default(true),
});
export type NoticeUpdateBody = z.infer<typeof noticeUpdateBody>;
