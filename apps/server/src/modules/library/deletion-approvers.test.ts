import { DocStatus } from '@edoc/contract/enums';
import { libraryRoutes } from '@edoc/contract/library-routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folderGrants, members, roles } from '../../db/schema/projects.ts';
import { createProjectUser, joinProject, PASSWORD, signIn, type ProjectPerson } from '../../test/factories.ts';
import { createLibraryWorld, type LibraryWorld } from '../../test/library-world.ts';
import { client } from '../../test/requests.ts';

let L: LibraryWorld;
let deleter: ProjectPerson;
let grantOnly: ProjectPerson;
let fileId: number;
let deleterRole: number;

/** A role with these keys, granted on the workspace folder with the grant's own keys. */
async function personWith(code: string, roleKeys: string[], grantKeys: string[]) {
  const [role] = await L.ctx.db
    .insert(roles)
    .values({ projectId: L.world.projectId, code, name: code, docKeys: roleKeys })
    .returning();
  await L.ctx.db
    .insert(folderGrants)
    .values({ folderId: L.folder, subjectType: 'role', subjectId: role.id, docKeys: grantKeys });
  if (code === 'DELETER') deleterRole = role.id;
  return joinProject(L.ctx, L.world, role.id);
}

beforeAll(async () => {
  L = await createLibraryWorld('DA-1');
  deleter = await personWith('DELETER', ['viewDoc', 'deleteDoc'], ['viewDoc', 'deleteDoc']);
  // The folder grant names deleteDoc, the role does not: the key is the role's AND the folder's, so no.
  grantOnly = await personWith('GRANT_ONLY', ['viewDoc'], ['viewDoc', 'deleteDoc']);
  fileId = await L.processedDocument();
  const archived = await L.as(L.world.pm).call(libraryRoutes.archive, { body: { fileId } });
  expect(archived.data).toMatchObject({ status: DocStatus.Archived });
});
afterAll(() => L.ctx.close());

describe('deletion approver candidates (issue 26 item 13)', () => {
  it('offers exactly those the application accepts, and says why each other member is not offered', async () => {
    const answer = (await L.as(L.world.pm).call(libraryRoutes.deletionApprovers, { params: { id: fileId } })).data;
    expect(answer.approvers.map((p) => p.id).sort()).toEqual([L.pm2.id, deleter.id].sort());
    const why = Object.fromEntries(answer.others.map((p) => [p.id, p.reason]));
    expect(why).toEqual({
      [L.world.pm.id]: 'self',
      [L.world.staff.id]: 'right',
      [grantOnly.id]: 'right',
    });
    // One rule: every other is refused by the application, which then changes nothing.
    for (const other of answer.others) {
      const res = await L.as(L.world.pm).call(libraryRoutes.applyDelete, {
        body: { fileId, approverId: other.id, reason: 'Filed twice' },
      });
      expect(res.errorCode, other.email).toBe('deletion_approver_invalid');
    }
    expect(await L.statusOf(fileId)).toBe(DocStatus.Archived);
    const applied = await L.as(L.world.pm).call(libraryRoutes.applyDelete, {
      body: { fileId, approverId: deleter.id, reason: 'Filed twice' },
    });
    expect(applied.status, applied.msg).toBe(true);
    expect(await L.statusOf(fileId)).toBe(DocStatus.DeletionInApproval);
  });

  it('answers only someone who may apply, in their language', async () => {
    const other = await L.processedDocument();
    await L.as(L.world.pm).call(libraryRoutes.archive, { body: { fileId: other } });
    // A session in Chinese: its language wins over Accept-Language.
    const zhToken = await signIn(L.ctx, grantOnly.email, PASSWORD, 'zh-CN');
    await client(L.ctx.app, zhToken).post('/common/study/entry', { studyId: L.world.projectId });
    // Sees the document, may not delete it: not one who applies.
    const staff = await client(L.ctx.app, zhToken).call(libraryRoutes.deletionApprovers, { params: { id: other } });
    expect(staff.statusCode).toBe(403);
    expect(staff.msg).toBe('没有权限');
    // Not archived: nothing to apply for.
    const draft = await L.processedDocument();
    const early = await L.as(L.world.pm).call(libraryRoutes.deletionApprovers, { params: { id: draft } });
    expect(early.statusCode).toBe(409);
  });

  it('never offers or accepts a service account, which never signs, even in a role that may delete', async () => {
    const bot = await createProjectUser(L.ctx.db, L.world.companyId, { isServiceAccount: true, name: 'EDC bridge' });
    await L.ctx.db.insert(members).values({ projectId: L.world.projectId, userId: bot.id, roleId: deleterRole });
    const other = await L.processedDocument();
    await L.as(L.world.pm).call(libraryRoutes.archive, { body: { fileId: other } });
    const answer = (await L.as(L.world.pm).call(libraryRoutes.deletionApprovers, { params: { id: other } })).data;
    expect(answer.approvers.map((p) => p.id)).toContain(deleter.id);
    expect([...answer.approvers, ...answer.others].map((p) => p.id)).not.toContain(bot.id);
    const res = await L.as(L.world.pm).call(libraryRoutes.applyDelete, {
      body: { fileId: other, approverId: bot.id, reason: 'Filed twice' },
    });
    expect(res.errorCode).toBe('deletion_approver_invalid');
    expect(await L.statusOf(other)).toBe(DocStatus.Archived);
  });
});
