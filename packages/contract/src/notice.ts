import { z } from 'zod';
import { pageOf } from './envelope.ts';
import { calendarDateTime, requiredText, ID_MAX } from './fields.ts';
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
export const noticeList = pageOf(noticeItem);
export type NoticeList = z.infer<typeof noticeList>;

/** Announcement details: not empty, at most 4000 bytes (UTF-8) — SPEC §5. */
export const noticeContents = z
  .string('notice_empty')
  .trim()
  .min(1, 'notice_empty')
  .refine((v) => new TextEncoder().encode(v).length <= NOTICE_MAX_BYTES, 'notice_too_long');

export const noticeUpdateBody = z.object({
  id: z.number().int().positive().max(ID_MAX, 'invalid_value').optional(),
  subject: requiredText(128),
  contents: noticeContents,
  effectiveTime: calendarDateTime,
  release: z.boolean().default(true),
});
export type NoticeUpdateBody = z.infer<typeof noticeUpdateBody>;

/** POST /notice/system/update/a answers the notice's id (new or edited). */
export const noticeSaved = z.object({ id: z.number() });
export type NoticeSaved = z.infer<typeof noticeSaved>;
