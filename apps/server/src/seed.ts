import { TrailType, UserType } from '@edoc/contract/enums';
import { eq } from 'drizzle-orm';
import type { Db } from './db/client.ts';
import { passwordHistory, users } from './db/schema/users.ts';
import { randomPassword } from './lib/crypto.ts';
import { hashPassword } from './modules/auth/password.service.ts';
import { recordTrail } from './trail/trail.service.ts';

/**
 * First start: creates the system administrator. The account must change its password at first sign-in,
 * so a printed or configured password never stays in use.
 */
export async function seedAdmin(
  db: Db,
  opts: { email: string; password?: string },
): Promise<{ email: string; password: string } | null> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.userType, UserType.System)).limit(1);
  if (existing) return null;
  const password = opts.password ?? randomPassword();
  const passwordHash = await hashPassword(password);
  const email = opts.email.trim().toLowerCase();
  await db.transaction(async (tx) => {
    const [admin] = await tx
      .insert(users)
      .values({
        email,
        name: 'System Administrator',
        userType: UserType.System,
        passwordHash,
        mustChangePassword: true,
      })
      .returning();
    await tx.insert(passwordHistory).values({ userId: admin.id, passwordHash });
    await recordTrail(
      tx,
      { actorId: null, actorName: 'system' },
      {
        type: TrailType.UserChange,
        objectType: 'user',
        objectId: admin.id,
        newValue: { email, userType: UserType.System },
        reason: 'first start',
      },
    );
  });
  return { email, password };
}
