import { workflowRoutes } from '@edoc/contract/workflow-routes';
import { userRoutes } from '@edoc/contract/user-routes';
import { projectEntryRoutes } from '@edoc/contract/project-routes';
import { documentRoutes } from '@edoc/contract/document-routes';
import { authRoutes } from '@edoc/contract/auth-routes';
import { Stage, STAGES } from '@edoc/contract/workflow';
import { TrailType } from '@edoc/contract/enums';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folderGrants, roles } from '../../db/schema/projects.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { createProjectWorld, joinProject, PASSWORD, SAMPLE, type ProjectWorld } from '../../test/factories.ts';
import { trailOf, waitForMail } from '../../test/records.ts';
import { client } from '../../test/requests.ts';

let ctx: TestContext;
let world: ProjectWorld;
beforeAll(async () => {
  ctx = await createTestContext();
  world = await createProjectWorld(ctx, 'WF-L');
});
afterAll(() => ctx.close());

describe('wrong signing passwords (issue 10: they count toward lockout)', () => {
  it('are trailed, shut this source out after five, end the session and tell the owner', async () => {
    const folder = world.folderByIch.get('8.2.2')!;
    const keys = ['viewDoc', 'reviewDoc', 'qcDoc', 'approveDoc'];
    const [role] = await ctx.db
      .insert(roles)
      .values({ projectId: world.projectId, code: 'SIGNER', name: 'Signer', docKeys: keys })
      .returning();
    await ctx.db
      .insert(folderGrants)
      .values({ folderId: folder, subjectType: 'role', subjectId: role.id, docKeys: keys, manageLevel: 0 });
    const signer = await joinProject(ctx, world, role.id);
    const pm = client(ctx.app, world.pm.token);
    const saved = await pm.callUpload(documentRoutes.upload, {
      fields: { folderId: folder, name: 'Lock' },
      file: { name: 'l.pdf', content: SAMPLE.pdf() },
    });
    const fileId = saved.data.fileId;
    const stages = STAGES.map((stage) => ({ stage, userIds: [signer.id], signatureRequired: stage === Stage.Review }));
    expect((await pm.call(workflowRoutes.send, { body: { fileId, stages } })).json()).toMatchObject({ status: true });

    const me = client(ctx.app, signer.token);
    const sign = (password: string) =>
      me.call(workflowRoutes.decide, {
        params: { id: fileId },
        body: { pass: true, signature: { email: signer.email, password, confirmed: true } },
      });
    for (let i = 0; i < 4; i++) expect((await sign('Wrong-pass1')).errorCode).toBe('wrong_password');
    const fifth = await sign('Wrong-pass1');
    expect(fifth.statusCode).toBe(423);
    expect(fifth.errorCode).toBe('too_many_wrong_passwords');
    // Someone else may be at the keyboard: the session is over, and this source may not sign in for the hour.
    expect((await me.call(userRoutes.info)).statusCode).toBe(401);
    expect(
      (await client(ctx.app).call(authRoutes.login, { body: { email: signer.email, password: PASSWORD } })).statusCode,
    ).toBe(423);
    const failures = (await trailOf(ctx.db, 'user', signer.id)).filter((r) => r.type === TrailType.LoginFailure);
    expect(failures).toHaveLength(5);
    expect(await waitForMail(ctx, signer.email)).toContain('127.0.0.1');
    // From elsewhere the owner signs in and signs.
    const elsewhere = client(ctx.app, null, { remoteAddress: '198.51.100.30' });
    const again = await elsewhere.call(authRoutes.login, { body: { email: signer.email, password: PASSWORD } });
    expect(again.statusCode).toBe(200);
    const token = again.data.token;
    const owner = client(ctx.app, token, { remoteAddress: '198.51.100.30' });
    await owner.call(projectEntryRoutes.enter, { body: { studyId: world.projectId } });
    const signed = await owner.call(workflowRoutes.decide, {
      params: { id: fileId },
      body: {
        pass: true,
        signature: { email: signer.email, password: PASSWORD, confirmed: true },
      },
    });
    expect(signed.json()).toMatchObject({ status: true });
  });
});
