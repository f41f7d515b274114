import { documentRoutes } from '@edoc/contract/document-routes';
import { TrailType } from '@edoc/contract/enums';
import { totpRoutes } from '@edoc/contract/totp-routes';
import { Stage, STAGES } from '@edoc/contract/workflow';
import { workflowRoutes } from '@edoc/contract/workflow-routes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folderGrants, roles } from '../../db/schema/projects.ts';
import { companySignInPolicies } from '../../db/schema/identity.ts';
import { signatures } from '../../db/schema/workflow.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import {
  createProjectWorld,
  joinProject,
  PASSWORD,
  SAMPLE,
  type ProjectPerson,
  type ProjectWorld,
} from '../../test/factories.ts';
import { trailOf } from '../../test/records.ts';
import { client } from '../../test/requests.ts';
import { totpAt } from './totp.ts';

/* Signing with a second factor (issue 29 part 3, 21 CFR 11.200): a signer with a confirmed factor gives its code as
 * well as the password; a wrong code is a failed signing attempt; a batch asks once; a signer without one signs as
 * before. One project and one signing role for the file. */

let ctx: TestContext;
let world: ProjectWorld;
let signerRole: number;
beforeAll(async () => {
  ctx = await createTestContext();
  world = await createProjectWorld(ctx, 'TOTP-S');
  const keys = ['viewDoc', 'reviewDoc', 'qcDoc', 'approveDoc'];
  const [role] = await ctx.db
    .insert(roles)
    .values({ projectId: world.projectId, code: 'SIGNER', name: 'Signer', docKeys: keys })
    .returning();
  signerRole = role.id;
  await ctx.db.insert(folderGrants).values({
    folderId: world.folderByIch.get('8.2.2')!,
    subjectType: 'role',
    subjectId: role.id,
    docKeys: keys,
    manageLevel: 0,
  });
});
afterAll(() => ctx.close());

const at = (offsetSteps: number, secret: string) => totpAt(secret, Date.now() + offsetSteps * 30_000);
/** A code that is none of the three the server would accept now. */
const wrongFor = (secret: string) => {
  const right = new Set([at(-1, secret), at(0, secret), at(1, secret)]);
  return ['123456', '234567', '345678', '456789'].find((c) => !right.has(c))!;
};

/** A document in review with the signer as its only reviewer, signing required. */
async function inReview(signer: ProjectPerson): Promise<number> {
  const pm = client(ctx.app, world.pm.token);
  const saved = await pm.callUpload(documentRoutes.upload, {
    fields: { folderId: world.folderByIch.get('8.2.2')!, name: `Sign ${Math.random()}` },
    file: { name: 's.pdf', content: SAMPLE.pdf() },
  });
  const fileId = saved.data.fileId;
  const stages = STAGES.map((stage) => ({ stage, userIds: [signer.id], signatureRequired: stage === Stage.Review }));
  expect((await pm.call(workflowRoutes.send, { body: { fileId, stages } })).json()).toMatchObject({ status: true });
  return fileId;
}

/** A signer in the project who set up a factor in the user centre (the confirming code used the step before now). */
async function signerWithFactor() {
  const signer = await joinProject(ctx, world, signerRole);
  const api = client(ctx.app, signer.token, { lang: 'en-US' });
  const { secret } = (await api.call(totpRoutes.enrol, { body: { password: PASSWORD } })).data;
  expect((await api.call(totpRoutes.confirm, { body: { code: at(-1, secret) } })).statusCode).toBe(200);
  return { signer, api, secret };
}

const signature = (signer: ProjectPerson, totpCode?: string) => ({
  email: signer.email,
  password: PASSWORD,
  confirmed: true as const,
  ...(totpCode === undefined ? {} : { totpCode }),
});

describe('signing with a second factor', () => {
  it('asks for the code, refuses and counts a wrong one, accepts the right one', async () => {
    const { signer, api, secret } = await signerWithFactor();
    const fileId = await inReview(signer);
    const sign = (totpCode?: string) =>
      api.call(workflowRoutes.decide, {
        params: { id: fileId },
        body: { pass: true, signature: signature(signer, totpCode) },
      });

    const none = await sign();
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ errorCode: 'required', msg: 'Authenticator code is required' });

    const wrong = await sign(wrongFor(secret));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.errorCode).toBe('totp_code_wrong');
    const failures = (await trailOf(ctx.db, 'user', signer.id)).filter((r) => r.type === TrailType.LoginFailure);
    expect(failures.map((r) => r.reason)).toEqual(['totp_code_wrong']);
    expect(await ctx.db.select().from(signatures).where(eq(signatures.userId, signer.id))).toHaveLength(0);

    const ok = await sign(at(0, secret));
    expect(ok.json()).toMatchObject({ status: true });
    const rows = await ctx.db.select().from(signatures).where(eq(signatures.userId, signer.id));
    expect(rows).toHaveLength(1);
  });

  it('locks the signer out after five wrong codes, ending the session', async () => {
    const { signer, api, secret } = await signerWithFactor();
    const fileId = await inReview(signer);
    const answers: Array<string | null> = [];
    for (let i = 0; i < 5; i++) {
      const res = await api.call(workflowRoutes.decide, {
        params: { id: fileId },
        body: { pass: true, signature: signature(signer, wrongFor(secret)) },
      });
      answers.push(res.errorCode);
    }
    expect(answers).toEqual([...Array(4).fill('totp_code_wrong'), 'too_many_wrong_passwords']);
    expect((await api.call(totpRoutes.status)).statusCode).toBe(401);
  });

  it('asks once for a batch', async () => {
    const { signer, api, secret } = await signerWithFactor();
    const ids = [await inReview(signer), await inReview(signer)];
    const refused = await api.call(workflowRoutes.batch, {
      body: { action: 'pass', fileIds: ids, signature: signature(signer) },
    });
    expect(refused.errorCode).toBe('required');
    const passed = await api.call(workflowRoutes.batch, {
      body: { action: 'pass', fileIds: ids, signature: signature(signer, at(1, secret)) },
    });
    expect(passed.data.results.map((r: { ok: boolean }) => r.ok)).toEqual([true, true]);
    expect(await ctx.db.select().from(signatures).where(eq(signatures.userId, signer.id))).toHaveLength(2);
  });

  it('lets a signer without a factor sign with the password alone, as before', async () => {
    const signer = await joinProject(ctx, world, signerRole);
    const fileId = await inReview(signer);
    const signed = await client(ctx.app, signer.token).call(workflowRoutes.decide, {
      params: { id: fileId },
      body: { pass: true, signature: signature(signer) },
    });
    expect(signed.json()).toMatchObject({ status: true });
  });

  it('refuses a signer the policy has since asked a factor of and who has none, until they set one up', async () => {
    const signer = await joinProject(ctx, world, signerRole);
    const fileId = await inReview(signer);
    // The policy changes after the signer signed in: their session had no second step.
    await ctx.db
      .insert(companySignInPolicies)
      .values({ companyId: world.companyId, totpRequired: false, totpRoles: ['SIGNER'] })
      .onConflictDoUpdate({ target: companySignInPolicies.companyId, set: { totpRoles: ['SIGNER'] } });
    try {
      const api = client(ctx.app, signer.token, { lang: 'en-US' });
      const refused = await api.call(workflowRoutes.decide, {
        params: { id: fileId },
        body: { pass: true, signature: signature(signer) },
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.errorCode).toBe('totp_required_to_sign');
      expect(await ctx.db.select().from(signatures).where(eq(signatures.userId, signer.id))).toEqual([]);
      // Set up in the user centre, the code signs.
      const { secret } = (await api.call(totpRoutes.enrol, { body: { password: PASSWORD } })).data;
      expect((await api.call(totpRoutes.confirm, { body: { code: at(-1, secret) } })).statusCode).toBe(200);
      const signed = await api.call(workflowRoutes.decide, {
        params: { id: fileId },
        body: { pass: true, signature: signature(signer, at(0, secret)) },
      });
      expect(signed.json()).toMatchObject({ status: true });
    } finally {
      await ctx.db.delete(companySignInPolicies).where(eq(companySignInPolicies.companyId, world.companyId));
    }
  });
});
