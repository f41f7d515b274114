import { z } from 'zod';

/**
 * What each queue carries: `jobs.send(queue, payload)` accepts only this payload, and the worker reads the job
 * through the schema, so a sender and its handler cannot drift apart. A new queue names its payload here.
 */
export const JOB_PAYLOADS = {
  /** mail/mailer.ts: one message to deliver; attachments travel base64 (a job's data is JSON). */
  'mail.send': z.object({
    to: z.string(),
    subject: z.string(),
    text: z.string(),
    attachments: z.array(z.object({ filename: z.string(), contentType: z.string(), base64: z.string() })).optional(),
  }),
  /** convert/convert-job.ts: an office file to render as PDF, by content. */
  'convert-office': z.object({ sha256: z.string(), extension: z.string() }),
  /** modules/download/download-pack.ts: a download task to pack. */
  'download.pack': z.object({ taskId: z.number().int() }),
  /** modules/exchange (issue 28): an EMS import to validate and preview, then to file (resumable by row). */
  'exchange.preview': z.object({ importId: z.number().int() }),
  'exchange.file': z.object({ importId: z.number().int() }),
  /** modules/bulk-import (issue 28 part 3): a folder / zip without EMS to read and suggest for, then to file. */
  'bulk-import.preview': z.object({ importId: z.number().int() }),
  'bulk-import.file': z.object({ importId: z.number().int() }),
  /** modules/webhook (issue 29 part 5): one delivery to attempt; the job's retries are the backoff. */
  'webhook.deliver': z.object({ deliveryId: z.number().int() }),
} as const;

export type JobQueue = keyof typeof JOB_PAYLOADS;
export type JobPayload<Q extends JobQueue> = z.infer<(typeof JOB_PAYLOADS)[Q]>;
