import { trailRoutes } from '@edoc/contract/trail-routes';
import { documentRoutes } from '@edoc/contract/document-routes';
import { folderRoutes } from '@edoc/contract/folder-routes';
import { manageMemberRoutes } from '@edoc/contract/member-routes';
import { projectEntryRoutes } from '@edoc/contract/project-routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trailEntry } from '@edoc/contract/trail';
import { eq } from 'drizzle-orm';
import { folderGrants, roles } from '../../db/schema/projects.ts';
import { trail } from '../../db/schema/trail.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { loadWorkbook } from '../../lib/excel.ts';
import { createProjectUser, createProjectWorld, joinProject, signIn, type ProjectWorld } from '../../test/factories.ts';
import { client } from '../../test/requests.ts';

let ctx: TestContext;
let world: ProjectWorld;
let folderId: number;
let author: { id: number; token: string };
let reader: { id: number; token: string };
let protocol: number;
let brochure: number;

const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n%%EOF\n`);

async function save(token: string, name: string) {
  const res = await client(ctx.app, token).callUpload(documentRoutes.upload, {
    fields: { folderId, name },
    file: { name: `${name}.pdf`, content: pdf(name) },
  });
  return res.data.fileId;
}

beforeAll(async () => {
  ctx = await createTestContext();
  world = await createProjectWorld(ctx, 'AUD-1');
  folderId = world.folderByIch.get('8.2.1')!;
  const grant = async (code: string, keys: string[]) => {
    const [role] = await ctx.db
      .insert(roles)
      .values({ projectId: world.projectId, code, name: code, docKeys: keys })
      .returning();
    await ctx.db.insert(folderGrants).values({ folderId, subjectType: 'role', subjectId: role.id, docKeys: keys });
    return role.id;
  };
  author = await joinProject(ctx, world, await grant('AUTHOR', ['viewDoc', 'createDoc', 'editDoc', 'viewTrailDoc']));
  reader = await joinProject(ctx, world, await grant('READER', ['viewDoc']));
  protocol = await save(author.token, 'Protocol');
  brochure = await save(world.pm.token, 'Brochure');
  await client(ctx.app, author.token).call(documentRoutes.rename, { body: { fileId: protocol, name: 'Protocol v2' } });
});

afterAll(async () => {
  await ctx.close();
});

describe("a document's trail", () => {
  it('lists its rows in order for viewTrailDoc, and refuses a reader without it', async () => {
    const res = await client(ctx.app, author.token).call(trailRoutes.fileTrail, { query: { fileId: protocol } });
    expect(res.data.map((r: { type: number }) => r.type)).toEqual([1, 2]);
    expect(res.data[1]).toMatchObject({ oldValue: { name: 'Protocol' }, newValue: { name: 'Protocol v2' } });
    expect(
      (await client(ctx.app, reader.token).call(trailRoutes.fileTrail, { query: { fileId: protocol } })).statusCode,
    ).toBe(403);
  });
});

describe('the operation trajectory', () => {
  it('filters by user, type and document, newest first; staff may not read it', async () => {
    const pm = client(ctx.app, world.pm.token);
    const byAuthor = (await pm.call(trailRoutes.list, { query: { userId: author.id, pageSize: 50 } })).data;
    expect(byAuthor.data.every((r) => r.actorId === author.id)).toBe(true);
    expect(byAuthor.data.map((r) => r.type)).toEqual([2, 1]);
    const creates = (await pm.call(trailRoutes.list, { query: { type: 1, pageSize: 50 } })).data;
    expect(creates.data.map((r) => Number(r.objectId))).toEqual([brochure, protocol]);
    const one = (await pm.call(trailRoutes.list, { query: { fileId: brochure } })).data;
    expect(one.total).toBe(1);
    // Each row names its document as it is called today (issue 12: rows without a name read "Document #41").
    expect(one.data[0].objectName).toBe('Brochure');
    expect((await client(ctx.app, author.token).call(trailRoutes.list)).statusCode).toBe(403);
  });

  it('takes whole days and refuses a start after the end', async () => {
    const pm = client(ctx.app, world.pm.token);
    const today = new Date().toISOString().slice(0, 10);
    expect(
      (await pm.call(trailRoutes.list, { query: { startDate: today, endDate: today } })).data.total,
    ).toBeGreaterThan(2);
    expect((await pm.call(trailRoutes.list, { query: { endDate: '2000-01-01' } })).data.total).toBe(0);
    const bad = await pm.call(trailRoutes.list, { query: { startDate: '2026-02-01', endDate: '2026-01-01' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.msg).toBe('Start time cannot be later than end time');
  });

  it('exports as CSV (BOM, header, one line per row, hashes) and as Excel', async () => {
    const csv = await client(ctx.app, world.pm.token).call(trailRoutes.export, {
      query: { format: 'csv', fileId: protocol },
    });
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Time (UTC),User,Type,Object,Object id,Version,Old value,New value,Reason,IP,Type code,Object type code,Hash',
    );
    expect(lines).toHaveLength(3);
    expect(lines[2]).toMatch(/,Update,Document «Protocol v2»,\d+,/);
    expect(lines[2]).toMatch(/,2,document,[0-9a-f]{64}$/);
    expect(lines[2]).toMatch(/[0-9a-f]{64}$/);
    const xlsx = await client(ctx.app, world.pm.token).call(trailRoutes.export, { query: { format: 'xlsx' } });
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect(xlsx.headers['content-disposition']).toMatch(/\.xlsx/);
  });
});

describe('typed trail entries', () => {
  it('exports the values labelled in the reader language, a rename as its old and new name', async () => {
    const csv = await client(ctx.app, world.pm.token).call(trailRoutes.export, {
      query: { format: 'csv', fileId: protocol },
    });
    const body = csv.body.replace(/^\uFEFF/, '');
    expect(body).toContain(',"Name: Protocol\n');
    for (const line of [
      /\nSHA-256: [0-9a-f]{64}\n/,
      /\nSize \(bytes\): \d+\n/,
      /\nFile name: Protocol\.pdf\n/,
      /\nVersion: V/,
    ])
      expect(body).toMatch(line);
    expect(body).toMatch(/,Update,Document «Protocol v2»,\d+,,Name: Protocol,Name: Protocol v2,/);
  });

  it('every row the documents wrote matches its (trail type, object type) schema', async () => {
    const rows = await ctx.db.select().from(trail).where(eq(trail.projectId, world.projectId));
    expect(rows.length).toBeGreaterThan(2);
    for (const r of rows) expect(trailEntry.safeParse(r).error).toBeUndefined();
  });
});

describe('workspace views', () => {
  it('My Documents: created by me; Recent Operation: what I last acted on, newest first', async () => {
    const list = async (token: string, view: 'all' | 'mine' | 'recent') =>
      (await client(ctx.app, token).call(documentRoutes.list, { query: { view } }))
        .json()
        .data.data.map((r: { fileId: number }) => r.fileId);
    expect(await list(author.token, 'mine')).toEqual([protocol]);
    expect(await list(world.pm.token, 'mine')).toEqual([brochure]);
    expect(await list(author.token, 'recent')).toEqual([protocol]);
    await client(ctx.app, world.pm.token).call(documentRoutes.rename, {
      body: { fileId: protocol, name: 'Protocol v3' },
    });
    expect(await list(world.pm.token, 'recent')).toEqual([protocol, brochure]);
    expect(await list(reader.token, 'recent')).toEqual([]);
  });
});

describe('values named, not as stored (issue 26, item 3)', () => {
  it("names a member's role, a grant's grantee and its rights in the reader's language, in the page and the export", async () => {
    const pm = client(ctx.app, world.pm.token);
    const [cra] = await ctx.db
      .insert(roles)
      .values({ projectId: world.projectId, code: 'CRA', name: '临床监查员', docKeys: ['viewDoc'] })
      .returning();
    const user = await createProjectUser(ctx.db, world.companyId, { name: '王芳' });
    const added = await pm.call(manageMemberRoutes.add, {
      body: { userId: user.id, roleId: world.roleIds.STU_STAFF, siteIds: [] },
    });
    expect(added.statusCode).toBe(200);
    const memberId = added.data.memberId;
    await pm.call(manageMemberRoutes.update, { params: { id: memberId }, body: { roleId: cra.id, siteIds: [] } });
    const saved = await pm.call(folderRoutes.saveGrants, {
      params: { folderId },
      body: {
        grants: [
          { subjectType: 'user', subjectId: user.id, docKeys: ['viewDoc', 'downDoc'], manageLevel: 2 },
          { subjectType: 'role', subjectId: world.roleIds.STU_STAFF, docKeys: ['viewDoc'] },
        ],
      },
    });
    expect(saved.statusCode).toBe(200);

    // The page: each row with the names of what it points to, in one answer.
    const page = (await pm.call(trailRoutes.list, { query: { type: 108, pageSize: 20 } })).data.data;
    const grantRow = page.find((r) => r.objectType === 'folder_grants')!;
    expect(grantRow.refs).toMatchObject({
      [`user:${user.id}`]: '王芳',
      [`role:${world.roleIds.STU_STAFF}`]: 'STU_STAFF',
      [`folder:${folderId}`]: expect.any(String),
    });
    const memberRow = page.find((r) => r.objectType === 'member' && r.oldValue !== null)!;
    expect(memberRow.refs).toMatchObject({
      [`member:${memberId}`]: '王芳',
      [`role:${cra.id}`]: 'CRA',
      'roleCode:CRA': '临床监查员',
    });

    // The Chinese Excel export: the role's Chinese name, the grantee's name, the labels of the codes.
    const zhToken = await signIn(ctx, world.pm.email, undefined, 'zh-CN');
    await client(ctx.app, zhToken).call(projectEntryRoutes.enter, { body: { studyId: world.projectId } });
    const xlsx = await client(ctx.app, zhToken).call(trailRoutes.export, { query: { format: 'xlsx', type: 108 } });
    const sheet = (await loadWorkbook(xlsx.rawPayload)).worksheets[0];
    const rows = sheet
      .getSheetValues()
      .flatMap((v) => (Array.isArray(v) ? [v.slice(1).map((c) => String(c ?? ''))] : []));
    expect(rows[0].slice(2, 8)).toEqual(['类型', '对象', '对象编号', '版本', '原值', '新值']);
    const of = (objectType: string) => rows.filter((r) => r[11] === objectType);
    const [add, change] = of('member');
    expect(add[2]).toBe('权限变更');
    expect(add[3]).toBe('成员 «王芳»');
    expect(add[7]).toContain('角色: 普通用户');
    expect(add[7]).toContain('用户: 王芳');
    expect(change[6]).toBe('角色: 普通用户');
    expect(change[7]).toBe('角色: 临床监查员');
    const [grants] = of('folder_grants');
    expect(grants[7].split('\n')).toEqual(
      expect.arrayContaining([
        '授权（用户 王芳）: 文档权限 查看、下载；管理级别 管理',
        '授权（角色 普通用户）: 文档权限 查看',
      ]),
    );
    for (const r of rows.slice(1)) expect(r.slice(2, 8).join('\n')).not.toMatch(/STU_STAFF|STU_PM|\bCRA\b|: user\b/);
  });
});
