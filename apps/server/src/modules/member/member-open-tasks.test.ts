import { DocStatus } from '@edoc/contract/enums';
import { memberRoutes } from '@edoc/contract/member-routes';
import { documentRoutes } from '@edoc/contract/document-routes';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members, sites } from '../../db/schema/projects.ts';
import { tasks } from '../../db/schema/workflow.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { createProjectWorld, PASSWORD, SAMPLE, signIn, type ProjectWorld } from '../../test/factories.ts';
import { client } from '../../test/requests.ts';

let ctx: TestContext;
let world: ProjectWorld;
let other: ProjectWorld;

beforeAll(async () => {
  ctx = await createTestContext();
  world = await createProjectWorld(ctx, 'MT-1');
  other = await createProjectWorld(ctx, 'MT-2');
  await ctx.db.insert(sites).values([
    { projectId: world.projectId, name: 'Peking Union', code: 'S-02' },
    { projectId: world.projectId, name: 'Ruijin', code: 'S-01' },
  ]);
});
afterAll(() => ctx.close());

const admin = () => client(ctx.app, world.admin.token);

describe('the member dialog (issue 26 item 4)', () => {
  it("names the member's open tasks when a role change is refused: document, task and status", async () => {
    const saved = await client(ctx.app, world.pm.token).callUpload(documentRoutes.upload, {
      fields: { folderId: world.folderByIch.get('8.2.1')!, name: 'Site signature log' },
      file: { name: 'log.pdf', content: SAMPLE.pdf() },
    });
    const fileId = saved.data.fileId;
    const [task] = await ctx.db
      .insert(tasks)
      .values({ projectId: world.projectId, documentId: fileId, userId: world.staff.id, kind: 'review' })
      .returning();
    const [membership] = await ctx.db
      .select()
      .from(members)
      .where(and(eq(members.projectId, world.projectId), eq(members.userId, world.staff.id)));
    const body = { roleId: world.roleIds.STU_PM, siteIds: [] };
    const en = await admin().call(memberRoutes.update, {
      params: { id: world.projectId, memberId: membership.id },
      body,
    });
    expect(en.statusCode).toBe(409);
    expect(en.errorCode).toBe('user_has_tasks');
    expect(en.json().data).toEqual([
      { taskId: task.id, kind: 'review', fileId, fileName: 'Site signature log', status: DocStatus.Editing },
    ]);
    // A session in Chinese: its language wins over Accept-Language.
    const zhToken = await signIn(ctx, world.admin.email, PASSWORD, 'zh-CN');
    const zh = await client(ctx.app, zhToken).call(memberRoutes.update, {
      params: { id: world.projectId, memberId: membership.id },
      body,
    });
    expect(zh.msg).toBe('当前用户有以下任务未完成，不能修改角色和权限');
  });

  it("lists the chosen project's sites for the company administrator, and no other company's", async () => {
    const answer = await admin().call(memberRoutes.sites, { params: { id: world.projectId } });
    expect(answer.data.map((s) => s.code)).toEqual(['S-01', 'S-02']);
    const foreign = await client(ctx.app, other.admin.token).call(memberRoutes.sites, {
      params: { id: world.projectId },
    });
    expect(foreign.status).toBe(false);
    expect([403, 404]).toContain(foreign.statusCode);
  });
});
