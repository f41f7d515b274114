import { TrailType } from '@edoc/contract/enums';
import type { ESignatureInput } from '@edoc/contract/workflow-requests';
import type { ESignatureMeaning } from '@edoc/contract/workflow';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { documentVersions } from '../../db/schema/documents.ts';
import { sessions } from '../../db/schema/sessions.ts';
import { users } from '../../db/schema/users.ts';
import { signatures } from '../../db/schema/workflow.ts';
import { AppError, fail } from '../../lib/app-error.ts';
import type { Deps } from '../../lib/deps.ts';
import type { ProjectContext } from '../../plugins/context.ts';
import { verifyCredentials } from '../auth/login.service.ts';
import { signingSecondFactor } from '../totp/totp-sign-in.ts';
import { signedWithSso } from '../sso/sso-sign.ts';
import { signedInSession } from '../../access/workflow-state.ts';
import { recordTrail } from '../../trail/trail.service.ts';
import { sessionIdOf } from '../../plugins/auth.ts';

/** A time zone the runtime knows (IANA), else the field is refused; none given is UTC. */
function timeZoneOf(input: ESignatureInput): string {
  const zone = input.timeZone || 'UTC';
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
  } catch {
    fail('invalid_value', { field: 'timeZone' });
  }
  return zone;
}

/**
 * 21 CFR 11.200(a): the signer proves who they are again. The first signing of a session needs the e-mail as well
 * as the password; later ones the password. Checked like a sign-in (verifyCredentials), before the transition's
 * transaction: a wrong password is trailed and counts towards the lock of this account from this source, and the
 * signing that reaches the lock also ends the session (11.300(d): someone else may be at the keyboard).
 */
export async function verifySigner(deps: Deps, ctx: ProjectContext, input: ESignatureInput) {
  const { user } = ctx.auth;
  // A Part 11 signature is a person's, in their own sign-in: an API token's call has no session and is refused.
  const sessionId = sessionIdOf(ctx.auth);
  if (!input.email && !(await signedInSession(deps.db, ctx))) fail('required', { field: 'email' });
  const emailOk = !input.email || input.email.trim().toLowerCase() === user.email.toLowerCase();
  // An SSO account proves itself by a fresh authentication at its provider instead (issue 29 part 2).
  if (await signedWithSso(deps, user.id, input)) return { timeZone: timeZoneOf(input) };
  try {
    // A confirmed second factor's code first (issue 29 part 3), so wrong codes add up towards the lock.
    await signingSecondFactor(deps, user, input.totpCode, ctx.client);
    // Another person's e-mail is a failed attempt on this account, as a wrong password is.
    await verifyCredentials(deps, {
      email: user.email,
      password: emailOk ? (input.password ?? '') : '',
      client: ctx.client,
    });
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    if (err.code === 'too_many_wrong_passwords') {
      await deps.db
        .update(sessions)
        .set({ revokedAt: new Date(), revokeReason: 'signing_locked' })
        .where(eq(sessions.id, sessionId));
    }
    // 401 would read as "signed out" to the web: a wrong signing password is a wrong password.
    if (err.code === 'wrong_credentials') fail('wrong_password');
    throw err;
  }
  return { timeZone: timeZoneOf(input) };
}

/**
 * Writes the signature row (append-only) and its trail row (type 7), binding user, printed name, meaning, UTC time,
 * the sha256 of the signed version's content and the signer's handwritten image at that moment.
 */
export async function signVersion(
  tx: Tx,
  ctx: ProjectContext,
  what: {
    doc: { id: number };
    version: typeof documentVersions.$inferSelect;
    /** The stage assignee signing; null for a signing outside a route (a certified copy, issue 28 part 4). */
    stageAssigneeId: number | null;
    meaning: ESignatureMeaning;
    signer: { timeZone: string };
  },
) {
  // The handwritten image as it is now goes with the signature: changing it later must not change past signatures.
  const [{ image }] = await tx
    .select({ image: users.handwritingSha256 })
    .from(users)
    .where(eq(users.id, ctx.auth.user.id));
  const [row] = await tx
    .insert(signatures)
    .values({
      projectId: ctx.projectId,
      documentId: what.doc.id,
      versionId: what.version.id,
      stageAssigneeId: what.stageAssigneeId,
      userId: ctx.auth.user.id,
      sessionId: sessionIdOf(ctx.auth),
      printedName: ctx.auth.user.name,
      meaning: what.meaning,
      contentSha256: what.version.sha256,
      timeZone: what.signer.timeZone,
      imageSha256: image ?? null,
    })
    .returning();
  await recordTrail(tx, ctx.actor, {
    type: TrailType.Sign,
    objectType: 'document',
    objectId: what.doc.id,
    version: what.version.versionNo,
    newValue: {
      meaning: row.meaning,
      signerName: row.printedName,
      contentSha256: row.contentSha256,
      signedAt: row.signedAt.toISOString(),
      timeZone: row.timeZone,
      versionNo: what.version.versionNo,
    },
  });
  return row;
}
