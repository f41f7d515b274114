import { z } from 'zod';
import { pageOf } from './envelope.ts';
import { exportReportRow } from './exchange.ts';
import { requiredText, ID_MAX } from './fields.ts';
import { pageQuery } from './paging.ts';

/** The most documents one task may name directly (a folder task is bounded by the folder). */
export const DOWNLOAD_MAX_FILES = 1000;

/** download_tasks.status; "expired" is derived from expires_at (SPEC §3 Download task). */
export const DownloadStatus = { Packing: 0, Completed: 1, Failed: 2 } as const;
export type DownloadState = 'packing' | 'completed' | 'failed' | 'expired';

const positiveId = z
  .number('invalid_value')
  .int('invalid_value')
  .positive('invalid_value')
  .max(ID_MAX, 'invalid_value');

/** The task's name; the zip is saved as this name plus ".zip". */
export const downloadTaskName = requiredText(128);

/** A new task: the selected documents, every downloadable document below a folder, or both. */
export const downloadTaskBody = z
  .object({
    name: downloadTaskName,
    fileIds: z.array(positiveId, 'invalid_value').max(DOWNLOAD_MAX_FILES, 'too_long').optional(),
    folderId: positiveId.optional(),
  })
  .refine((b) => (b.fileIds?.length ?? 0) > 0 || b.folderId !== undefined, { message: 'required', path: ['fileIds'] });
export type DownloadTaskBody = z.infer<typeof downloadTaskBody>;

/** ?all=true: every task of the project (project administrators only, /manage/download). */
export const downloadTaskQuery = pageQuery.extend({
  all: z.enum(['true', 'false'], 'invalid_value').optional(),
});

export const downloadTaskRow = z.object({
  id: z.number(),
  name: z.string(),
  creatorId: z.number(),
  creator: z.string(),
  /** The affiliated documents: their count and the first few names (SPEC §3 "affiliated document"). */
  documentCount: z.number(),
  documentNames: z.array(z.string()),
  state: z.enum(['packing', 'completed', 'failed', 'expired']),
  progress: z.number(),
  size: z.number().nullable(),
  /** Why packing failed, in the request's language. */
  error: z.string().nullable(),
  createdtime: z.string(),
  finishedtime: z.string().nullable(),
  expirestime: z.string(),
  /** Issue 28: 'files' (the documents' current files), 'ems' or 'inspection' (exchange part 1), and an export's report. */
  kind: z.enum(['files', 'ems', 'inspection']),
  report: exportReportRow.nullable(),
});
export type DownloadTaskRow = z.infer<typeof downloadTaskRow>;
export const downloadTaskList = pageOf(downloadTaskRow);
export type DownloadTaskList = z.infer<typeof downloadTaskList>;

export const downloadTaskCreated = z.object({ id: z.number(), documentCount: z.number() });
export type DownloadTaskCreated = z.infer<typeof downloadTaskCreated>;

/** A link the browser may fetch by itself for a few minutes (no token header needed). */
export const ticketBody = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('document'),
    fileId: z.number('required').int().positive('invalid_value').max(ID_MAX, 'invalid_value'),
    fileVersionId: z.number().int().positive('invalid_value').max(ID_MAX, 'invalid_value').optional(),
  }),
  z.object({
    kind: z.literal('pack'),
    taskId: z.number('required').int().positive('invalid_value').max(ID_MAX, 'invalid_value'),
  }),
]);
export type TicketBody = z.infer<typeof ticketBody>;

export const TICKET_SECONDS = 300;

/** The link to fetch (under /edoc) and how long it works. */
/** GET /download/ticket/:token: the ticket's token as issued (URL-safe base64). */
export const ticketParams = z.object({ token: z.string().regex(/^[\w-]{20,100}$/, 'invalid_value') });
export const ticketIssued = z.object({ url: z.string(), expiresInSeconds: z.number() });
export type TicketIssued = z.infer<typeof ticketIssued>;
