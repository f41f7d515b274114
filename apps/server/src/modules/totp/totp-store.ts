import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { Tx } from '../../db/client.ts';
import { companySignInPolicies, totpRecoveryCodes, userTotp } from '../../db/schema/identity.ts';
import { members, roles } from '../../db/schema/projects.ts';
import { sha256 } from '../../lib/crypto.ts';
import { matchStep, newRecoveryCodes, newSecret, normaliseRecoveryCode, otpauthUri } from './totp.ts';

/** The rows of one user's second factor: what the services of this module read and change. */
export type TotpRow = typeof userTotp.$inferSelect;

export async function totpOf(tx: Tx, userId: number, lock = false): Promise<TotpRow | undefined> {
  const q = tx.select().from(userTotp).where(eq(userTotp.userId, userId));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function recoveryCodesLeft(tx: Tx, userId: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(totpRecoveryCodes)
    .where(and(eq(totpRecoveryCodes.userId, userId), isNull(totpRecoveryCodes.usedAt)));
  return row.n;
}

/** The trail's picture of a user's factor (trail shape totpState). */
export async function stateOf(tx: Tx, userId: number) {
  const row = await totpOf(tx, userId);
  return { enrolled: !!row, confirmed: !!row?.confirmedAt, recoveryCodesLeft: await recoveryCodesLeft(tx, userId) };
}

/** Starts (or restarts, while unconfirmed) an enrolment: a new secret, its URI and QR code. */
export async function startEnrolment(tx: Tx, user: { id: number; email: string }) {
  const secret = newSecret();
  await tx
    .insert(userTotp)
    .values({ userId: user.id, secret })
    .onConflictDoUpdate({ target: userTotp.userId, set: { secret, confirmedAt: null, lastStep: null } });
  const uri = otpauthUri(secret, user.email);
  const qr = `data:image/svg+xml;base64,${Buffer.from(await QRCode.toString(uri, { type: 'svg', margin: 1 })).toString('base64')}`;
  return { secret, uri, qr };
}

/**
 * Checks a code against the row (locked by the caller) and, when right, keeps its step so it is never accepted
 * again. False for a wrong, malformed or replayed code.
 */
export async function acceptCode(tx: Tx, row: TotpRow, code: string): Promise<boolean> {
  const step = matchStep(row.secret, code.trim(), row.lastStep);
  if (step === null) return false;
  await tx.update(userTotp).set({ lastStep: step }).where(eq(userTotp.userId, row.userId));
  return true;
}

/** Uses one recovery code (each works once). */
export async function useRecoveryCode(tx: Tx, userId: number, code: string): Promise<boolean> {
  const used = await tx
    .update(totpRecoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(totpRecoveryCodes.userId, userId),
        eq(totpRecoveryCodes.codeHash, sha256(normaliseRecoveryCode(code))),
        isNull(totpRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: totpRecoveryCodes.id });
  return used.length > 0;
}

/** Replaces the user's recovery codes with ten new ones, kept as sha256; the plain codes are answered once. */
export async function renewRecoveryCodes(tx: Tx, userId: number): Promise<string[]> {
  const codes = newRecoveryCodes();
  await tx.delete(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, userId));
  await tx.insert(totpRecoveryCodes).values(codes.map((c) => ({ userId, codeHash: sha256(normaliseRecoveryCode(c)) })));
  return codes;
}

/** Removes the factor and its recovery codes (turned off, or reset by an administrator). */
export async function removeFactor(tx: Tx, userId: number): Promise<void> {
  await tx.delete(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, userId));
  await tx.delete(userTotp).where(eq(userTotp.userId, userId));
}

export async function policyOf(tx: Tx, companyId: number | null) {
  const [row] =
    companyId === null
      ? []
      : await tx.select().from(companySignInPolicies).where(eq(companySignInPolicies.companyId, companyId));
  return {
    totpRequired: row?.totpRequired ?? false,
    totpRoles: row?.totpRoles ?? [],
    passwordSignIn: row?.passwordSignIn ?? true,
  };
}

/** Whether the user's company asks a second factor of them: of everyone, or of a role they hold in some project. */
export async function factorRequired(tx: Tx, user: { id: number; companyId: number | null }): Promise<boolean> {
  const policy = await policyOf(tx, user.companyId);
  if (policy.totpRequired) return true;
  if (policy.totpRoles.length === 0) return false;
  const [held] = await tx
    .select({ n: count() })
    .from(members)
    .innerJoin(roles, eq(roles.id, members.roleId))
    .where(and(eq(members.userId, user.id), inArray(roles.code, policy.totpRoles)));
  return held.n > 0;
}
