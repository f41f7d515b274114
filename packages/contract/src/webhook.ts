import { z } from 'zod';

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
