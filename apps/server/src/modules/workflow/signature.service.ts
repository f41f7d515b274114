import { TrailType } from '@edoc/contract/enums';
import type { SignatureInput } from '@edoc/contract/flow';
import type { SignatureMeaning } from '@edoc/contract/workflow';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { documentVersions } from '../../db/schema/documents.ts';
import { users } from '../../db/schema/users.ts';
import { signatures } from '../../db/schema/workflow.ts';
import { fail } from '../../lib/app-error.ts';
import type { Deps } from '../../lib/deps.ts';
import type { ProjectContext } from '../../plugins/context.ts';
import { checkPassword } from '../auth/password.service.ts';
import { recordTrail, type TrailActor } from '../trail/trail.service.ts';

/** A time zone the runtime knows (IANA), else the field is refused; none given is UTC. */
function timeZoneOf(input: SignatureInput): string {
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
 * as the password; later ones the password. Checked before the transition's transaction, so a wrong password is
 * recorded (trail type 102) even though the transition changes nothing.
 */
export async function verifySigner(deps: Deps, ctx: ProjectContext, input: SignatureInput, actor: TrailActor) {
  const [user] = await deps.db.select().from(users).where(eq(users.id, ctx.auth.user.id));
  const [earlier] = await deps.db
    .select({ id: signatures.id })
    .from(signatures)
    .where(and(eq(signatures.userId, user.id), eq(signatures.sessionId, ctx.auth.session.id)))
    .limit(1);
  if (!earlier && !input.email) fail('required', { field: 'email' });
  const emailOk = !input.email || input.email.toLowerCase() === user.email.toLowerCase();
  if (!emailOk || !(await checkPassword(user.passwordHash, input.password))) {
    await recordTrail(deps.db, actor, {
      type: TrailType.LoginFailure,
      objectType: 'user',
      objectId: user.id,
      newValue: { email: user.email },
    });
    fail('wrong_password');
  }
  return { timeZone: timeZoneOf(input) };
}

/**
 * Writes the signature row (append-only) and its trail row (type 7), binding user, printed name, meaning, UTC time
 * and the sha256 of the signed version's content.
 */
export async function signVersion(
  tx: Tx,
  ctx: ProjectContext,
  what: {
    doc: { id: number };
    version: typeof documentVersions.$inferSelect;
    stageAssigneeId: number;
    meaning: SignatureMeaning;
  },
  signer: { timeZone: string },
  actor: TrailActor,
) {
  const [row] = await tx
    .insert(signatures)
    .values({
      projectId: ctx.projectId,
      documentId: what.doc.id,
      versionId: what.version.id,
      stageAssigneeId: what.stageAssigneeId,
      userId: ctx.auth.user.id,
      sessionId: ctx.auth.session.id,
      printedName: ctx.auth.user.name,
      meaning: what.meaning,
      contentSha256: what.version.sha256,
      timeZone: signer.timeZone,
    })
    .returning();
  await recordTrail(tx, actor, {
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
}
