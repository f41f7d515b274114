import { templateRoutes } from '@edoc/contract/template-routes';
import { projectRoutes } from '@edoc/contract/project-routes';
import { TrailType } from '@edoc/contract/enums';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.ts';
import {
  createCompany,
  createCompanyAdmin,
  createProjectWorld,
  type ProjectWorld,
  signIn,
} from '../../test/factories.ts';
import { trailOf } from '../../test/records.ts';
import { client } from '../../test/requests.ts';

let ctx: TestContext;
let world: ProjectWorld;
let adminB: string;

beforeAll(async () => {
  ctx = await createTestContext();
  world = await createProjectWorld(ctx, 'T-1');
  const companyB = await createCompany(ctx.db);
  adminB = await signIn(ctx, (await createCompanyAdmin(ctx.db, companyB.id)).email);
});
afterAll(() => ctx.close());

const FOLDERS = [
  { name: '启动', nameEn: 'Start-up', ichCode: '8.2', children: [{ name: '方案', nameEn: 'Protocol' }] },
  { name: '结束', nameEn: 'Close-out' },
];

describe('company templates', () => {
  it('lists the shipped template beside the company own, which are created, changed and deleted with a trail', async () => {
    const api = client(ctx.app, world.admin.token);
    const created = await api.call(templateRoutes.create, {
      body: {
        name: 'Monitoring groups',
        type: 1,
        groups: [{ name: 'CRA', description: 'Monitors' }, { name: 'DM' }],
        folders: FOLDERS, // a type-1 template carries no folders: dropped
      },
    });
    expect(created.statusCode).toBe(200);
    const id = created.data.id;

    const list = (await api.call(templateRoutes.list)).data as Array<Record<string, unknown>>;
    expect(list[0]).toMatchObject({ shipped: true, type: 2, folderCount: 56 });
    expect(list.find((t) => t.id === id)).toMatchObject({ shipped: false, type: 1, folderCount: 0, groupCount: 2 });
    expect(((await api.call(templateRoutes.list, { query: { type: '2,3,4' } })).data as unknown[]).length).toBe(1);

    const detail = await api.call(templateRoutes.detail, { params: { id } });
    expect(detail.data).toMatchObject({ name: 'Monitoring groups', folders: [], bindings: [] });

    const updated = await api.call(templateRoutes.update, {
      params: { id },
      body: {
        name: 'Monitoring',
        type: 1,
        groups: [{ name: 'CRA' }],
      },
    });
    expect(updated.statusCode).toBe(200);
    expect((await api.call(templateRoutes.delete, { params: { id } })).statusCode).toBe(200);
    expect((await api.call(templateRoutes.detail, { params: { id } })).statusCode).toBe(404);

    const rows = await trailOf(ctx.db, 'template', id);
    expect(rows.map((r) => r.type)).toEqual([TrailType.Create, TrailType.Update, TrailType.Delete]);
    expect(rows[1].oldValue).toMatchObject({ name: 'Monitoring groups', groups: [{ name: 'CRA' }, { name: 'DM' }] });
    expect(rows[1].newValue).toMatchObject({ name: 'Monitoring', groups: [{ name: 'CRA' }] });
    expect(rows[2].oldValue).toMatchObject({ name: 'Monitoring' });
  });

  it('refuses a repeated name ignoring case, repeated groups or sibling folders, and bindings that do not resolve', async () => {
    const api = client(ctx.app, world.admin.token);
    expect(
      (await api.call(templateRoutes.create, { body: { name: 'Tree A', type: 2, folders: FOLDERS } })).statusCode,
    ).toBe(200);
    const again = await api.call(templateRoutes.create, { body: { name: 'tree a', type: 2, folders: FOLDERS } });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ errorCode: 'template_name_exists', msg: 'Template name already exists' });
    const shippedName = (await api.call(templateRoutes.list, { query: { type: 2 } })).data[0].name;
    expect((await api.call(templateRoutes.create, { body: { name: shippedName, type: 1 } })).errorCode).toBe(
      'template_name_exists',
    );

    const groups = await api.call(templateRoutes.create, {
      body: { name: 'G', type: 3, groups: [{ name: 'A' }, { name: 'a' }] },
    });
    expect(groups.json()).toMatchObject({ errorCode: 'group_name_exists', msg: 'User group name already exists' });
    const siblings = await api.call(templateRoutes.create, {
      body: {
        name: 'F',
        type: 2,
        folders: [{ name: 'X' }, { name: 'x' }],
      },
    });
    expect(siblings.json()).toMatchObject({ errorCode: 'folder_name_exists', msg: 'Folder name already exists' });

    const base = { name: 'B', type: 4, folders: FOLDERS, groups: [{ name: 'CRA' }] };
    const badGroup = await api.call(templateRoutes.create, {
      body: {
        ...base,
        bindings: [{ group: 'Nobody', folderPath: ['启动'], docKeys: ['viewDoc'] }],
      },
    });
    expect(badGroup.statusCode).toBe(400);
    expect(badGroup.msg).toBe('User group is invalid');
    const badPath = await api.call(templateRoutes.create, {
      body: {
        ...base,
        bindings: [{ group: 'CRA', folderPath: ['启动', 'Nowhere'], docKeys: ['viewDoc'] }],
      },
    });
    expect(badPath.msg).toBe('Folder path is invalid');
    const badKey = await api.post('/template/create', {
      ...base,
      bindings: [{ group: 'CRA', folderPath: ['启动'], docKeys: ['flyDoc'] }],
    });
    expect(badKey.statusCode).toBe(400);
    const missingName = await api.post('/template/create', { type: 2, folders: [{ name: '' }] });
    expect(missingName.json().msg).toBe('Name is required');
  });

  it('keeps the shipped templates read-only and another company out', async () => {
    const api = client(ctx.app, world.admin.token);
    const shipped = (await api.call(templateRoutes.list, { query: { type: 2 } })).data[0].id;
    const change = await api.call(templateRoutes.update, {
      params: { id: shipped },
      body: { name: 'Mine now', type: 2 },
    });
    expect(change.json()).toMatchObject({ errorCode: 'cannot_modify', msg: 'Cannot delete or modify' });
    expect((await api.call(templateRoutes.delete, { params: { id: shipped } })).statusCode).toBe(409);

    const own = (
      await api.call(templateRoutes.create, { body: { name: 'Private', type: 1, groups: [{ name: 'QA' }] } })
    ).data.id;
    const other = client(ctx.app, adminB);
    expect((await other.call(templateRoutes.detail, { params: { id: own } })).statusCode).toBe(404);
    expect((await other.call(templateRoutes.export, { params: { id: own } })).statusCode).toBe(404);
    expect(
      (await other.call(templateRoutes.update, { params: { id: own }, body: { name: 'Stolen', type: 1 } })).statusCode,
    ).toBe(404);
    expect((await other.call(templateRoutes.delete, { params: { id: own } })).statusCode).toBe(404);
    const names = ((await other.call(templateRoutes.list)).data as Array<{ name: string }>).map((t) => t.name);
    expect(names).not.toContain('Private');
    expect((await other.call(templateRoutes.detail, { params: { id: shipped } })).statusCode).toBe(200);
    // Project staff and project administrators do not manage company templates.
    expect((await client(ctx.app, world.pm.token).call(templateRoutes.list)).statusCode).toBe(403);
    expect(
      (await client(ctx.app, world.staff.token).call(templateRoutes.create, { body: { name: 'X', type: 1 } }))
        .statusCode,
    ).toBe(403);
  });

  it('answers in Chinese when the session is Chinese', async () => {
    const zh = await signIn(ctx, world.admin.email, undefined, 'zh-CN');
    const api = client(ctx.app, zh);
    await api.call(templateRoutes.create, { body: { name: '中文模板', type: 1, groups: [{ name: 'A' }] } });
    const again = await api.call(templateRoutes.create, { body: { name: '中文模板', type: 1 } });
    expect(again.msg).toBe('模板名称已存在');
  });
});

describe('templates applied when a project is created', () => {
  it('creates the groups of a type-1 template beside the directory template', async () => {
    const api = client(ctx.app, world.admin.token);
    const groupTemplateId = (
      await api.call(templateRoutes.create, {
        body: {
          name: 'Study team',
          type: 1,
          groups: [{ name: 'CRA' }, { name: 'PM office' }],
        },
      })
    ).data.id;
    const created = await api.call(projectRoutes.create, {
      body: { code: 'GT-1', name: 'With groups', groupTemplateId },
    });
    expect(created.statusCode).toBe(200);
    const studyId = created.data.studyId;
    const { rows } = await ctx.deps.db.$client.query(
      'select name from user_groups where project_id = $1 order by name',
      [studyId],
    );
    expect(rows.map((r: { name: string }) => r.name)).toEqual(['CRA', 'PM office']);
    const [project] = await trailOf(ctx.db, 'project', studyId);
    expect(project.newValue).toMatchObject({ groupTemplate: 'Study team', groupsCreated: 2, foldersCreated: 0 });
  });

  it('creates folders, groups and the bound grants of a type-4 template', async () => {
    const api = client(ctx.app, world.admin.token);
    const id = (
      await api.call(templateRoutes.create, {
        body: {
          name: 'Bound',
          type: 4,
          folders: FOLDERS,
          groups: [{ name: 'CRA' }],
          bindings: [{ group: 'cra', folderPath: ['启动', '方案'], docKeys: ['viewDoc', 'createDoc'], manageLevel: 1 }],
        },
      })
    ).data.id;
    const studyId = (
      await api.call(projectRoutes.create, { body: { code: 'GT-4', name: 'Bound', groupTemplateId: id } })
    ).json().data.studyId;
    const { rows } = await ctx.deps.db.$client.query(
      `select f.name, g.name as grp, fg.doc_keys, fg.manage_level from folder_grants fg
         join folders f on f.id = fg.folder_id join user_groups g on g.id = fg.subject_id
        where fg.subject_type = 'group' and f.project_id = $1`,
      [studyId],
    );
    expect(rows).toEqual([{ name: '方案', grp: 'CRA', doc_keys: ['viewDoc', 'createDoc'], manage_level: 1 }]);
    const folderCount = await ctx.deps.db.$client.query('select count(*)::int n from folders where project_id = $1', [
      studyId,
    ]);
    expect(folderCount.rows[0].n).toBe(3);
  });

  it('refuses two templates that both bring folders, a directory template as group template, and foreign ones', async () => {
    const api = client(ctx.app, world.admin.token);
    const shipped = (await api.call(templateRoutes.list, { query: { type: 2 } })).data[0].id;
    const unbound = (
      await api.call(templateRoutes.create, {
        body: { name: 'Unbound', type: 3, folders: FOLDERS, groups: [{ name: 'X' }] },
      })
    ).data.id;
    const both = await api.call(projectRoutes.create, {
      body: {
        code: 'GT-X',
        name: 'x',
        directoryTemplateId: shipped,
        groupTemplateId: unbound,
      },
    });
    expect(both.statusCode).toBe(400);
    expect(both.msg).toBe('User group template is invalid');
    const dirAsGroup = await api.call(projectRoutes.create, {
      body: { code: 'GT-Y', name: 'y', groupTemplateId: shipped },
    });
    expect(dirAsGroup.statusCode).toBe(404);
    const foreign = (
      await client(ctx.app, adminB).call(templateRoutes.create, {
        body: { name: 'B groups', type: 1, groups: [{ name: 'B' }] },
      })
    ).data.id;
    expect(
      (await api.call(projectRoutes.create, { body: { code: 'GT-Z', name: 'z', groupTemplateId: foreign } }))
        .statusCode,
    ).toBe(404);
    expect((await api.call(projectRoutes.list, { query: { searchValue: 'GT-' } })).data.total).toBe(2);
  });
});
