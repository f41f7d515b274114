import { TrailType } from '@edoc/contract/enums';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { systemSettings } from '../../db/schema/identity.ts';
import { recordTrail, type TrailActor } from '../../trail/trail.service.ts';

/** The system setting that lets webhooks reach private addresses (a lab, or a receiver inside the same network). */
export const ALLOW_PRIVATE_KEY = 'webhooks.allowPrivateTargets';

export async function allowPrivateTargets(db: Tx): Promise<boolean> {
  const [row] = await db.select().from(systemSettings).where(eq(systemSettings.key, ALLOW_PRIVATE_KEY));
  return row?.value === true;
}

export async function setAllowPrivateTargets(db: Tx, allow: boolean, userId: number | null): Promise<void> {
  await db
    .insert(systemSettings)
    .values({ key: ALLOW_PRIVATE_KEY, value: allow, updatedBy: userId })
    .onConflictDoUpdate({
      target: systemSettings.key,
      set: { value: allow, updatedBy: userId, updatedAt: new Date() },
    });
}

/** POST /system/webhook-settings: the system administrator's change, with its trail row in the same transaction. */
export async function saveWebhookSettings(db: Db, actor: TrailActor, allow: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    // The row locked first, so two saves at once each record the value they replaced.
    await tx.select().from(systemSettings).where(eq(systemSettings.key, ALLOW_PRIVATE_KEY)).for('update');
    const before = await allowPrivateTargets(tx);
    if (before === allow) return;
    await setAllowPrivateTargets(tx, allow, actor.actorId);
    await recordTrail(tx, actor, {
      type: TrailType.SettingsChange,
      objectType: 'webhook_settings',
      objectId: null,
      oldValue: { allowPrivateTargets: before },
      newValue: { allowPrivateTargets: allow },
    });
  });
}
