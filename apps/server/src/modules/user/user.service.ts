import { TrailType, UserType, type Lang } from '@edoc/contract/enums';
import type { UserInfo, UserInfoModifyBody } from '@edoc/contract/user';
import { eq } from 'drizzle-orm';
import type { Readable } from 'node:stream';
import { sessions } from '../../db/schema/sessions.ts';
import { users } from '../../db/schema/users.ts';
import { fail } from '../../lib/app-error.ts';
import type { Deps } from '../../lib/deps.ts';
import { sessionIdOf, type AuthContext } from '../../plugins/auth.ts';
import type { CallerContext } from '../../plugins/context.ts';
import { recordTrail } from '../../trail/trail.service.ts';
import { lockBlob } from '../../storage/blob-sweep.ts';

type UserRow = typeof users.$inferSelect;

async function loadUser(deps: Deps, userId: number): Promise<UserRow> {
  const [user] = await deps.db.select().from(users).where(eq(users.id, userId));
  if (!user) fail('user_not_exist');
  return user;
}

/**
 * GET /user/info, the page-load call of every screen: answered from the profile the session look-up read with the
 * caller (issue 16: one query per request, not two). After a change, pass the context read again (authenticateSession).
 */
export function userInfoOf(auth: AuthContext): UserInfo {
  const { user, session, profile } = auth;
  if (!profile) fail('user_not_exist');
  return {
    userId: user.id,
    email: user.email,
    userName: user.name,
    firstName: profile.firstName,
    lastName: profile.lastName,
    mobile: profile.mobile,
    phone: profile.phone,
    sex: profile.sex,
    country: profile.country,
    city: profile.city,
    userType: user.userType,
    companyId: user.companyId,
    companyName: profile.companyName,
    roleCode: session.roleCode,
    avatarUrl: profile.avatarSha256 ? `/edoc/user/avatar/${user.id}?v=${profile.avatarSha256.slice(0, 8)}` : null,
    hasSignature: profile.handwritingSha256 !== null,
    lang: session.lang,
    passwordChangedAt: profile.passwordChangedAt.toISOString(),
  };
}

const profileOf = (u: UserRow) => ({
  userName: u.name,
  firstName: u.firstName,
  lastName: u.lastName,
  mobile: u.mobile,
  phone: u.phone,
  sex: u.sex,
  country: u.country,
  city: u.city,
});

/** Changes the caller's own profile; the trail keeps the fields before and after. */
export async function modifyUserInfo(deps: Deps, ctx: CallerContext, input: UserInfoModifyBody): Promise<void> {
  const userId = ctx.auth.user.id;
  await deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!before) fail('user_not_exist');
    const [after] = await tx
      .update(users)
      .set({
        name: input.userName,
        firstName: input.firstName ?? null,
        lastName: input.lastName ?? null,
        mobile: input.mobile ?? null,
        phone: input.phone ?? null,
        sex: input.sex ?? null,
        country: input.country ?? null,
        city: input.city ?? null,
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId))
      .returning();
    await recordTrail(tx, ctx.actor, {
      type: TrailType.ProfileChange,
      objectType: 'user',
      objectId: userId,
      oldValue: profileOf(before),
      newValue: profileOf(after),
    });
  });
}

/** Image types an avatar may have, told by their first bytes rather than by the name the browser sent. */
export function imageTypeOf(head: Buffer): string | null {
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (head.subarray(0, 6).toString('latin1') === 'GIF87a' || head.subarray(0, 6).toString('latin1') === 'GIF89a')
    return 'image/gif';
  if (head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP')
    return 'image/webp';
  return null;
}

export async function setAvatar(deps: Deps, ctx: CallerContext, blob: { sha256: string; type: string }) {
  const userId = ctx.auth.user.id;
  await deps.db.transaction(async (tx) => {
    await lockBlob(tx, blob.sha256);
    const [before] = await tx.select({ sha: users.avatarSha256 }).from(users).where(eq(users.id, userId));
    await tx
      .update(users)
      .set({ avatarSha256: blob.sha256, avatarType: blob.type, updatedAt: new Date() })
      .where(eq(users.id, userId));
    await recordTrail(tx, ctx.actor, {
      type: TrailType.ProfileChange,
      objectType: 'user',
      objectId: userId,
      oldValue: { avatarSha256: before?.sha ?? null },
      newValue: { avatarSha256: blob.sha256 },
    });
  });
}

/** A user may see their own avatar, those of their company, and a system administrator every one. */
export async function readAvatar(
  deps: Deps,
  auth: AuthContext,
  userId: number,
): Promise<{ stream: Readable; type: string }> {
  const user = await loadUser(deps, userId);
  const allowed =
    auth.user.userType === UserType.System ||
    user.id === auth.user.id ||
    (user.companyId !== null && user.companyId === auth.user.companyId);
  if (!allowed) fail('forbidden');
  if (!user.avatarSha256 || !user.avatarType) fail('not_found');
  return { stream: await deps.blobs.get(user.avatarSha256), type: user.avatarType };
}

export async function setSessionLang(deps: Deps, auth: AuthContext, lang: Lang): Promise<void> {
  await deps.db.update(sessions).set({ lang }).where(eq(sessions.id, sessionIdOf(auth)));
  await deps.db.update(users).set({ lang }).where(eq(users.id, auth.user.id));
}
