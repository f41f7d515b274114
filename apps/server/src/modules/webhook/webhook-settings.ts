import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { systemSettings } from '../../db/schema/identity.ts';

/** The system setting that lets webhooks reach private addresses (a lab, or a receiver inside the same network). */
export const ALLOW_PRIVATE_KEY = 'webhooks.allowPrivateTargets';

export async function allowPrivateTargets(db: Db): Promise<boolean> {
  const [row] = await db.select().from(systemSettings).where(eq(systemSettings.key, ALLOW_PRIVATE_KEY));
  return row?.value === true;
}

export async function setAllowPrivateTargets(db: Db, allow: boolean, userId: number | null): Promise<void> {
  await db
    .insert(systemSettings)
    .values({ key: ALLOW_PRIVATE_KEY, value: allow, updatedBy: userId })
    .onConflictDoUpdate({
      target: systemSettings.key,
      set: { value: allow, updatedBy: userId, updatedAt: new Date() },
    });
}
