import { UserType } from '@edoc/contract/enums';
import type { Db } from '../apps/server/src/db/client.ts';
import { users } from '../apps/server/src/db/schema/users.ts';
import { hashPassword } from '../apps/server/src/modules/auth/password.service.ts';

let seq = 0;

/** A user who can sign in at once, for loads that need a token. */
export async function createUser(db: Db, over: Partial<typeof users.$inferInsert> = {}) {
  const email = `bench-${Date.now()}-${++seq}@example.com`;
  const password = 'Bench-pass1';
  const [user] = await db
    .insert(users)
    .values({
      email,
      name: 'Bench',
      userType: UserType.System,
      mustChangePassword: false,
      passwordHash: await hashPassword(password),
      ...over,
    })
    .returning();
  return { id: user.id, email, password };
}
