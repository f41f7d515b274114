import { describe, expect, it } from 'vitest';
import { TrailType } from './enums.ts';
import { describeTrail } from './trail-format.ts';
import { describeTrailText, trailLineText, trailSideText } from './trail-text.ts';
import { trailEntry } from './trail.ts';

const row = (over: Partial<Parameters<typeof describeTrail>[0]>) => ({
  type: TrailType.Update,
  objectType: 'document',
  objectId: '2',
  version: null,
  oldValue: null,
  newValue: null,
  ...over,
});

describe('describeTrail', () => {
  const rename = row({ oldValue: { name: 'Protocol' }, newValue: { name: 'Protocol v2' } });

  it('names the object and labels a change in either language', () => {
    const en = describeTrail(rename, 'en-US');
    expect(en.object).toBe('Document «Protocol v2»');
    expect(en.lines.map(trailLineText)).toEqual(['Name: Protocol → Protocol v2']);
    const zh = describeTrail(rename, 'zh-CN');
    expect(zh.object).toBe('文档 «Protocol v2»');
    expect(zh.lines.map(trailLineText)).toEqual(['名称: Protocol → Protocol v2']);
  });

  it("names the object by the server's name of it today when its values carry none (issue 12: 'Document #41')", () => {
    const viewed = row({
      type: TrailType.View,
      newValue: { action: 'view', fileVersionId: 3, sha256: 'ab' },
      objectName: 'Protocol today',
    });
    expect(describeTrail(viewed, 'en-US').object).toBe('Document «Protocol today»');
    expect(describeTrail({ ...viewed, objectName: null }, 'en-US').object).toBe('Document #2');
    // The values' own name wins: it is the name the object had when the row was written.
    expect(describeTrail({ ...rename, objectName: 'Protocol today' }, 'en-US').object).toBe('Document «Protocol v2»');
  });

  it('says which version was uploaded, with its hash', () => {
    const created = row({
      type: TrailType.Create,
      version: 'V2.0',
      newValue: { name: 'P', folderId: 3, fileName: 'p.pdf', sha256: 'ab12', size: 9, versionNo: 'V2.0' },
    });
    expect(describeTrail(created, 'en-US').summary).toBe('Version V2.0 uploaded, sha256 ab12');
    expect(describeTrail(created, 'zh-CN').summary).toBe('上传版本 V2.0，sha256 ab12');
    expect(describeTrailText(created, 'en-US')).toContain('File name: p.pdf');
  });

  it('shows only the fields an update changed, and codes and booleans by their meaning', () => {
    const d = describeTrail(
      row({
        type: TrailType.UserChange,
        objectType: 'user',
        objectId: '7',
        oldValue: { email: 'a@x.io', userType: 2, enabled: true },
        newValue: { email: 'a@x.io', userType: 2, enabled: false },
      }),
      'en-US',
    );
    expect(d.object).toBe('User «a@x.io»');
    expect(d.lines.map(trailLineText)).toEqual(['Enabled: Yes → No']);
    const created = describeTrail(
      row({ type: TrailType.UserChange, objectType: 'user', newValue: { userType: 2 } }),
      'zh-CN',
    );
    expect(created.lines.map(trailLineText)).toEqual(['用户类型: 公司用户']);
  });

  it('gives each side of the change for the export columns', () => {
    const d = describeTrail(rename, 'en-US');
    expect(trailSideText(d, 'old')).toBe('Name: Protocol');
    expect(trailSideText(d, 'new')).toBe('Name: Protocol v2');
  });

  it('reads legacy and unknown rows by their keys, never failing', () => {
    const legacy = row({
      objectType: 'widget',
      objectId: '5',
      oldValue: 'raw',
      newValue: { zap: [1, 2], deep: { a: 1 } },
    });
    const en = describeTrail(legacy, 'en-US');
    expect(en.object).toBe('widget #5');
    expect(en.lines.map(trailLineText)).toEqual(['Value: raw', 'zap: 1, 2', 'deep: a: 1']);
    expect(describeTrail(legacy, 'zh-CN').lines[0]).toEqual({ key: 'value', label: '值', old: 'raw' });
    expect(describeTrail(row({ oldValue: [{ folderId: 1 }], newValue: 3 }), 'en-US').lines.map(trailLineText)).toEqual([
      'Value: (Folder: #1) → 3',
    ]);
    expect(describeTrail(row({ objectId: null }), 'en-US')).toMatchObject({ object: 'Document', lines: [] });
  });
});

describe('trail entries', () => {
  it('accept the payloads the server writes and refuse an unknown pair', () => {
    const ok = trailEntry.safeParse({
      type: TrailType.Update,
      objectType: 'document',
      objectId: 2,
      oldValue: { name: 'A' },
      newValue: { name: 'B' },
    });
    expect(ok.success).toBe(true);
    expect(trailEntry.safeParse({ type: TrailType.Login, objectType: 'document' }).success).toBe(false);
  });
});

describe('a custom report in the trail (issue 26)', () => {
  it('reads its definition as a sentence, not as keys and dashes', () => {
    const definition = {
      dataset: 'documents',
      columns: ['name', 'status'],
      filters: [],
      groupBy: null,
      measure: { fn: 'count', field: null },
      chartType: 'bar',
      sort: null,
      limit: 200,
    };
    const created = row({
      type: TrailType.Create,
      objectType: 'custom_report',
      newValue: { name: 'R', shared: false, mailTo: [], definition },
    });
    const en = describeTrail(created, 'en-US').lines.find((l) => l.key === 'definition');
    expect(en?.label).toBe('Report definition');
    expect(en?.new).toMatch(/^Documents; columns .+; Count; Bar chart; up to 200 rows$/);
    expect(en?.new).not.toMatch(/sort|limit|—/);
    const zh = describeTrail(created, 'zh-CN').lines.find((l) => l.key === 'definition');
    expect(zh?.new).toMatch(/柱状图；最多 200 行$/);
  });
});

describe('values by their meaning, not as stored (issue 26, item 3)', () => {
  const refs = {
    'user:4': 'Ann Lee',
    'user:9': '王芳',
    'role:2': 'STU_STAFF',
    'role:7': 'CRA',
    'roleCode:CRA': '临床监查员',
    'group:3': 'Monitors',
    'site:1': 'Beijing site',
    'folder:12': 'Protocol',
    'member:5': 'Ann Lee',
  };

  it('names a folder grant change: one line per grantee, by name, the rights and manage level by their labels', () => {
    const change = row({
      type: TrailType.PermissionChange,
      objectType: 'folder_grants',
      objectId: '12',
      oldValue: {
        folder: 'Protocol',
        grants: [
          { subjectType: 'user', subjectId: 4, docKeys: ['viewDoc'], libraryKeys: [], manageLevel: 0 },
          { subjectType: 'group', subjectId: 3, docKeys: ['viewDoc'], libraryKeys: [], manageLevel: 0 },
          { subjectType: 'user', subjectId: 9, docKeys: ['viewDoc'], libraryKeys: [], manageLevel: 0 },
        ],
      },
      newValue: {
        folder: 'Protocol',
        grants: [
          { subjectType: 'user', subjectId: 4, docKeys: ['downDoc', 'viewDoc'], libraryKeys: [], manageLevel: 2 },
          { subjectType: 'role', subjectId: 7, docKeys: ['viewDoc'], libraryKeys: ['viewDoc'], manageLevel: 0 },
          { subjectType: 'user', subjectId: 9, docKeys: ['viewDoc'], libraryKeys: [], manageLevel: 0 },
        ],
      },
      refs,
    });
    const en = describeTrail(change, 'en-US');
    expect(en.object).toBe('Folder rights «Protocol»');
    expect(en.lines.map(trailLineText)).toEqual([
      'Grants (User Ann Lee): Document rights View → Document rights View, Download; Manage level Manage',
      'Grants (User group Monitors): Document rights View',
      'Grants (Role 临床监查员): Document rights View; Library rights View',
    ]);
    // The group's grant was removed: only its old side (the page strikes it, the export has it in "Old value").
    expect(en.lines[1].old).toBe('Document rights View');
    expect(en.lines[1].new).toBeUndefined();
    expect(describeTrail(change, 'zh-CN').lines.map(trailLineText)).toEqual([
      '授权（用户 Ann Lee）: 文档权限 查看 → 文档权限 查看、下载；管理级别 管理',
      '授权（用户组 Monitors）: 文档权限 查看',
      '授权（角色 临床监查员）: 文档权限 查看；文件库权限 查看',
    ]);
  });

  it("names a member's role in the reader's language, its sites and groups, and the member by the user's name", () => {
    const added = row({
      type: TrailType.PermissionChange,
      objectType: 'member',
      objectId: '5',
      newValue: { userId: 4, email: 'ann@x.io', role: 'STU_STAFF', siteIds: [1] },
      refs,
    });
    const zh = describeTrail(added, 'zh-CN');
    expect(zh.object).toBe('成员 «Ann Lee»');
    expect(zh.lines.map(trailLineText)).toEqual([
      '邮箱: ann@x.io',
      '用户: Ann Lee',
      '角色: 普通用户',
      '中心: Beijing site',
    ]);
    const changed = row({
      type: TrailType.PermissionChange,
      objectType: 'member',
      objectId: '5',
      oldValue: { roleId: 2, siteIds: [1], groupIds: [3] },
      newValue: { roleId: 7, role: 'CRA', siteIds: [1], groupIds: [] },
      refs,
    });
    expect(describeTrail(changed, 'en-US').lines.map(trailLineText)).toEqual([
      'Role: Ordinary user → 临床监查员',
      'User groups: Monitors → —',
    ]);
    // Without the server's names (a role deleted since) the code still reads as a name where it can, else as an id.
    // The same form saved again: nothing to list, and the row says so.
    const again = describeTrail(
      { ...changed, oldValue: { roleId: 7, siteIds: [1] }, newValue: { roleId: 7, role: 'CRA', siteIds: [1] } },
      'zh-CN',
    );
    expect(again).toMatchObject({ summary: '未作任何修改', lines: [] });
    expect(describeTrail({ ...changed, refs: null }, 'en-US').lines.map(trailLineText)).toEqual([
      'Role: #2 → #7',
      'User groups: #3 → —',
      'Role: CRA',
    ]);
  });

  it('reads users by name, booleans as yes/no, instants in the reader zone, codes of an object by its meaning', () => {
    const group = row({
      type: TrailType.PermissionChange,
      objectType: 'group',
      oldValue: { name: 'G', description: null, memberIds: [4] },
      newValue: { name: 'G', description: null, memberIds: [4, 9, 11] },
      refs,
    });
    expect(describeTrailText(group, 'zh-CN')).toBe('成员: Ann Lee → Ann Lee、王芳、#11');
    const task = row({
      type: TrailType.Create,
      objectType: 'download_task',
      newValue: { name: 'Pack', documentIds: [], expiresAt: '2026-03-01T08:30:00.000Z', status: 0 },
    });
    expect(describeTrailText(task, 'en-US')).toContain('Expires at: 2026-03-01 08:30:00 UTC');
    expect(describeTrailText(task, 'en-US', { instant: (iso) => `local ${iso.slice(0, 10)}` })).toContain(
      'Expires at: local 2026-03-01',
    );
    expect(describeTrailText(task, 'zh-CN')).toContain('状态: 打包中');
    const notice = row({
      type: TrailType.NoticeChange,
      objectType: 'notice',
      oldValue: { status: 0 },
      newValue: { status: 1 },
    });
    expect(describeTrailText(notice, 'en-US')).toBe('Status: Draft → Released');
    const grantee = row({
      type: TrailType.Create,
      objectType: 'folder',
      newValue: { id: 12, projectId: 1, name: 'F', type: 1, parentId: null, grants: [] },
    });
    expect(describeTrail(grantee, 'zh-CN').lines.map(trailLineText)).toEqual([
      '名称: F',
      '类型: 文件库',
      '上级文件夹: —',
      '授权: —',
    ]);
  });
});
