import { z } from 'zod';
import { idField } from './fields.ts';
import { pageFields } from './paging.ts';

/**
 * Webhooks (issue 29 part 5, docs/identity.md): the events a subscription may ask for. `ping` is the test event an
 * administrator sends by hand; it is not subscribed to.
 */
export const WEBHOOK_EVENTS = [
  'document.created',
  'document.status_changed',
  'document.signed',
  'document.archived',
  'task.created',
  'task.overdue',
  'expected.overdue',
  'exchange_import.finished',
] as const;
export const webhookEvent = z.enum(WEBHOOK_EVENTS);
export type WebhookEvent = z.infer<typeof webhookEvent> | 'ping';

/** What a receiver gets: no file contents, only what the hook's owner may see. */
export interface WebhookPayload {
  id: string;
  event: WebhookEvent;
  occurredAt: string;
  company: { id: number };
  project: { id: number } | null;
  object: { type: string; id: string } & Record<string, unknown>;
  actor: { id: number | null; name: string | null } | null;
}

/** A hook's URL: http(s), at most 2 000 characters; where it may point is the server's check (webhook-target.ts). */
export const webhookUrl = z
  .string('required')
  .trim()
  .min(1, 'required')
  .max(2000, 'too_long')
  .regex(/^https?:\/\/[^\s]+$/i, 'webhook_url_invalid');

const eventList = z
  .array(z.enum(WEBHOOK_EVENTS, 'invalid_value'))
  .min(1, 'required')
  .max(WEBHOOK_EVENTS.length, 'invalid_value');

/**
 * A company hook's projects: null or none given, every project of the company (new ones too); a project hook takes
 * none (it hears its own project).
 */
const hookProjects = z.array(idField).max(500, 'invalid_value').nullable().optional();

/** POST …/webhook: a new subscription; the system administrator names the company of a company hook. */
export const webhookCreateBody = z.object({
  url: webhookUrl,
  events: eventList,
  projectIds: hookProjects,
  companyId: idField.optional(),
});
export type WebhookCreateBody = z.infer<typeof webhookCreateBody>;

/** POST …/webhook/:id: the whole subscription as it should be (URL, events, switched on or off). */
export const webhookUpdateBody = z.object({
  url: webhookUrl,
  events: eventList,
  projectIds: hookProjects,
  enabled: z.boolean('required'),
});
export type WebhookUpdateBody = z.infer<typeof webhookUpdateBody>;

/** The answer to creating a hook or rotating its secret: the only time the secret is shown. */
export const webhookSecret = z.object({ id: z.number(), secret: z.string() });

export const webhookRow = z.object({
  id: z.number(),
  companyId: z.number(),
  projectId: z.number().nullable(),
  /** A company hook's projects, null for every one (a project hook: null). */
  projectIds: z.array(z.number()).nullable(),
  url: z.string(),
  events: z.array(z.string()),
  enabled: z.boolean(),
  pausedAt: z.string().nullable(),
  consecutiveFailures: z.number(),
  createdAt: z.string(),
  /** The newest delivery: its state and time, or null before the first. */
  lastDelivery: z.object({ state: z.string(), at: z.string(), responseStatus: z.number().nullable() }).nullable(),
});
export type WebhookRow = z.infer<typeof webhookRow>;
export const webhookList = z.object({ list: z.array(webhookRow) });

export const webhookDeliveryRow = z.object({
  id: z.number(),
  eventId: z.string(),
  event: z.string(),
  state: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
  /** The next try of a pending delivery. */
  nextAttemptAt: z.string().nullable(),
  responseStatus: z.number().nullable(),
  /** The receiver's answer, cut to a few hundred characters in the list. */
  responseExcerpt: z.string().nullable(),
  error: z.string().nullable(),
  durationMs: z.number().nullable(),
});
export type WebhookDeliveryRow = z.infer<typeof webhookDeliveryRow>;
export const webhookDeliveriesQuery = z.object({ ...pageFields(100, 20) });
export const webhookDeliveryPage = z.object({ list: z.array(webhookDeliveryRow), total: z.number() });

/** POST …/webhook/:id/resend: the delivery of that hook to send again (as a new delivery with the same event id). */
export const webhookResendBody = z.object({ deliveryId: idField });
export const webhookQueued = z.object({ deliveryId: z.number() });

/** The system setting (system administrator). */
export const webhookSettings = z.object({ allowPrivateTargets: z.boolean('required') });
