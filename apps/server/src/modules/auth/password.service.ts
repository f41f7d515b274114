import { hash, verify } from '@node-rs/argon2';
import { PASSWORD_HISTORY } from '@edoc/contract/limits';
import { passwordProblem } from '@edoc/contract/password';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { sessions } from '../../db/schema/sessions.ts';
import { passwordHistory, users } from '../../db/schema/users.ts';
import { fail } from '../../lib/app-error.ts';

// argon2id with the library's defaults (19 MiB, 2 passes): OWASP's recommended minimum.
export const hashPassword = (password: string) => hash(password);
export const checkPassword = (stored: string, password: string) => verify(stored, password).catch(() => false);

/** Refuses a policy-breaking password or one of the user's last five (SPEC §8: same as a recent one). */
export async function assertNewPassword(tx: Tx, userId: number, newPassword: string): Promise<void> {
  const problem = passwordProblem(newPassword);
  if (problem) fail(problem);
  const recent = await tx
    .select({ hash: passwordHistory.passwordHash })
    .from(passwordHistory)
    .where(eq(passwordHistory.userId, userId))
    .orderBy(desc(passwordHistory.createdAt), desc(passwordHistory.id))
    .limit(PASSWORD_HISTORY);
  for (const row of recent) {
    if (await checkPassword(row.hash, newPassword)) fail('password_same_as_recent');
  }
}

/** Stores a new password, records it in the history, and ends every session of the user. */
export async function setPassword(
  tx: Tx,
  userId: number,
  newPassword: string,
  opts: { mustChange: boolean; revokeReason: string },
): Promise<void> {
  const passwordHash = await hashPassword(newPassword);
  await tx
    .update(users)
    .set({
      passwordHash,
      passwordChangedAt: new Date(),
      mustChangePassword: opts.mustChange,
      failedLogins: 0,
      lockedUntil: null,
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId));
  await tx.insert(passwordHistory).values({ userId, passwordHash });
  await tx
    .update(sessions)
    .set({ revokedAt: new Date(), revokeReason: opts.revokeReason })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
