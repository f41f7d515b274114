import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { webhookDeliveries, webhooks } from '../../db/schema/identity.ts';
import type { Jobs } from '../../jobs/jobs.ts';
import { postWebhook, type PostAnswer } from './webhook-post.ts';
import { signWebhook } from './webhook-sign.ts';
import { allowPrivateTargets } from './webhook-settings.ts';
import { resolveWebhookTarget, WebhookTargetError } from './webhook-target.ts';

/**
 * Delivery (issue 29 part 5). A delivery row is tried by the job `webhook.deliver`; a failed attempt sets its next
 * time from BACKOFF_MS and the round deliverDueWebhooks sends the job again then, so a retry's wait is in the row
 * (shown on the delivery log) and survives restarts. After the last retry the delivery is failed; after
 * PAUSE_AFTER failed deliveries in a row the hook is paused until an administrator resumes it.
 */
export const BACKOFF_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3600_000, 12 * 3600_000];
export const PAUSE_AFTER = 10;

const excerpt = (s: string | undefined) => (s === undefined ? null : s.slice(0, 4096));

/** Attempts one delivery now. Answers the delivery's state afterwards (or null when there was nothing to try). */
export async function deliverWebhook(db: Db, deliveryId: number, now = new Date()): Promise<string | null> {
  const [row] = await db
    .select({ delivery: webhookDeliveries, hook: webhooks })
    .from(webhookDeliveries)
    .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhookId))
    .where(eq(webhookDeliveries.id, deliveryId));
  // Deleted, already settled, or its hook switched off or paused: nothing to send (a resume sends the job again).
  if (!row || row.delivery.state !== 'pending' || !row.hook.enabled || row.hook.pausedAt) return null;
  const { delivery, hook } = row;
  const body = JSON.stringify(delivery.payload);
  let answer: PostAnswer;
  try {
    // Checked again at each attempt: the name may resolve elsewhere now, or the setting may have changed.
    const target = await resolveWebhookTarget(hook.url, await allowPrivateTargets(db));
    const t = Math.floor(now.getTime() / 1000);
    answer = await postWebhook(
      target,
      {
        'user-agent': 'edoc-webhook/1',
        'x-edoc-event': delivery.event,
        'x-edoc-delivery': delivery.eventId,
        'x-edoc-timestamp': String(t),
        'x-edoc-signature': signWebhook(hook.secret, body, t),
      },
      body,
    );
  } catch (err) {
    if (!(err instanceof WebhookTargetError)) throw err;
    answer = { error: `refused: ${err.message}`, durationMs: 0 };
  }
  const ok = answer.status !== undefined && answer.status >= 200 && answer.status < 300;
  const attempts = delivery.attempts + 1;
  const state = ok ? 'delivered' : attempts > BACKOFF_MS.length ? 'failed' : 'pending';
  await db.transaction(async (tx) => {
    await tx
      .update(webhookDeliveries)
      .set({
        state,
        attempts,
        responseStatus: answer.status ?? null,
        responseBody: excerpt(answer.body),
        error: ok ? null : (answer.error ?? `answered ${answer.status}`),
        durationMs: answer.durationMs,
        deliveredAt: ok ? now : null,
        nextAttemptAt: state === 'pending' ? new Date(now.getTime() + BACKOFF_MS[attempts - 1]) : now,
      })
      .where(eq(webhookDeliveries.id, delivery.id));
    if (ok) await tx.update(webhooks).set({ consecutiveFailures: 0 }).where(eq(webhooks.id, hook.id));
    else if (state === 'failed') {
      // The hook's count rises once per delivery given up on, not per attempt.
      const failures = sql`${webhooks.consecutiveFailures} + 1`;
      await tx
        .update(webhooks)
        .set({
          consecutiveFailures: failures,
          pausedAt: sql`CASE WHEN ${failures} >= ${PAUSE_AFTER} THEN ${now.toISOString()}::timestamptz ELSE paused_at END`,
        })
        .where(eq(webhooks.id, hook.id));
    }
  });
  return state;
}

/**
 * The periodic round: sends the job for every pending delivery that is due (first attempts and retries alike). Each
 * is claimed by moving its time two minutes on in the same statement, so a round that runs again before the job has
 * run (or another worker's round) does not send it twice; the attempt then sets the real next time.
 */
export async function deliverDueWebhooks(db: Db, jobs: Jobs): Promise<number> {
  const due = await db.execute<{ id: number }>(sql`
    UPDATE webhook_deliveries d SET next_attempt_at = now() + interval '2 minutes'
    WHERE d.id IN (
      SELECT d2.id FROM webhook_deliveries d2 JOIN webhooks w ON w.id = d2.webhook_id
      WHERE d2.state = 'pending' AND d2.next_attempt_at <= now() AND w.enabled AND w.paused_at IS NULL
      ORDER BY d2.next_attempt_at LIMIT 500 FOR UPDATE OF d2 SKIP LOCKED)
    RETURNING d.id::int AS id`);
  for (const d of due.rows) await jobs.send('webhook.deliver', { deliveryId: d.id }, { expireInSeconds: 60 });
  return due.rows.length;
}

/** The job handler registered in main.ts and test/context.ts. */
export const createDeliverHandler =
  (db: Db) =>
  async ({ deliveryId }: { deliveryId: number }): Promise<void> => {
    await deliverWebhook(db, deliveryId);
  };
