import { afterEach, describe, expect, it, vi } from 'vitest';
import dayjs from 'dayjs';
import { timeZoneLabel } from '../../lib/format';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { changeLanguage } from '../../lib/i18n';
import { stopIdle } from '../../lib/idle-timer';
import { projectTrailPage } from '@edoc/contract/trail-query';
import { envelope, mockApi, reply } from '../../test/fetch-mock';
import { byId, findById } from '../../test/queries';
import { renderApp } from '../../test/render-app';
import { enterProject } from '../../test/session';

const ROWS = [
  {
    id: 9,
    at: '2026-03-01T08:00:00.000Z',
    actorId: 7,
    actorName: 'Sam Staff',
    type: 2,
    objectType: 'document',
    objectId: '41',
    version: 'V1.0',
    oldValue: { name: '方案' },
    newValue: { name: '方案 v2' },
    reason: null,
    ip: '127.0.0.1',
    objectName: 'Protocol today',
    refs: {},
  },
];

afterEach(() => {
  vi.unstubAllGlobals();
  stopIdle();
});

describe('operation trajectory page', () => {
  it.each([
    ['en-US', 'Update', 'Document #41'],
    ['zh-CN', '修改', '文档 #41'],
  ] as const)('shows the rows with their type and values in %s, and filters by type', async (lang, type, object) => {
    await changeLanguage(lang);
    enterProject();
    const fetchMock = mockApi({
      'GET /audit/project/list': () => reply(projectTrailPage, { data: ROWS, total: 1 }),
      'GET /manage/member/list': () => envelope({ data: [], total: 0 }),
    });
    renderApp('/manage/report?tab=trail');
    expect(await screen.findByText(type)).toBeInTheDocument();
    expect(screen.getByText(object)).toBeInTheDocument();
    expect(screen.getByText('方案 v2')).toBeInTheDocument();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: lang === 'en-US' ? 'Type' : '类型' }));
    fireEvent.click(await screen.findByTitle(lang === 'en-US' ? 'Delete' : '删除'));
    await waitFor(() => {
      const urls = fetchMock.mock.calls.map(([u]) => String(u)).filter((u) => u.includes('/audit/project/list'));
      expect(urls.at(-1)).toContain('type=3');
    });
  });

  it.each([
    ['en-US', 'Name:', 'Document #41'],
    ['zh-CN', '名称:', '文档 #41'],
  ] as const)('labels the changed fields and names the object in %s', async (lang, label, object) => {
    await changeLanguage(lang);
    enterProject();
    mockApi({
      'GET /audit/project/list': () => reply(projectTrailPage, { data: ROWS, total: 1 }),
      'GET /manage/member/list': () => envelope({ data: [], total: 0 }),
    });
    renderApp('/manage/report?tab=trail');
    const table = await findById('trail-table');
    expect(await within(table).findByText(object)).toBeInTheDocument();
    expect(within(table).getByText('«方案 v2»')).toBeInTheDocument();
    const line = within(table).getByText(label).parentElement!;
    expect(line).toHaveTextContent(`${label} 方案 → 方案 v2`);
    // Times in the reader's zone to the second, the zone named in the header (issue 12, defect 4).
    expect(within(table).getByText(dayjs(ROWS[0].at).format('YYYY-MM-DD HH:mm:ss'))).toBeInTheDocument();
    expect(byId('trail-time-zone')).toHaveTextContent(timeZoneLabel());
    expect(table.textContent).not.toContain(ROWS[0].at);
  });

  it('exports the filtered trail as CSV', async () => {
    await changeLanguage('en-US');
    enterProject();
    const saved: string[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }));
    HTMLAnchorElement.prototype.click = function click(this: HTMLAnchorElement) {
      saved.push(this.download);
    };
    mockApi({
      'GET /audit/project/list': () => reply(projectTrailPage, { data: ROWS, total: 1 }),
      'GET /manage/member/list': () => envelope({ data: [], total: 0 }),
      'GET /audit/project/export': (url) => {
        expect(url.searchParams.get('format')).toBe('csv');
        return new Response('\uFEFFTime (UTC),User\r\n', { headers: { 'Content-Type': 'text/csv' } });
      },
    });
    renderApp('/manage/report?tab=trail');
    fireEvent.click(await findById('trail-export-csv'));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatch(/^trail-\d{4}-\d{2}-\d{2}\.csv$/);
  });

  // Issue 26, item 3: a grant's grantee was its id, "Grantee type: user", its manage level a number, a role its code.
  it.each([
    [
      'en-US',
      ['Grants (User Ann Lee):', 'Document rights View, Download; Manage level Manage'],
      ['Grants (Role Ordinary user):', 'Document rights View'],
      'Role: Ordinary user → 临床监查员',
    ],
    [
      'zh-CN',
      ['授权（用户 Ann Lee）:', '文档权限 查看、下载；管理级别 管理'],
      ['授权（角色 普通用户）:', '文档权限 查看'],
      '角色: 普通用户 → 临床监查员',
    ],
  ] as const)(
    'names a grant change and a member change in %s, by the names the server gave',
    async (lang, user, role, memberLine) => {
      await changeLanguage(lang);
      enterProject();
      const change = {
        ...ROWS[0],
        type: 108,
        objectType: 'folder_grants',
        objectId: '12',
        version: null,
        oldValue: { folder: 'Protocol', grants: [] },
        newValue: {
          folder: 'Protocol',
          grants: [
            { subjectType: 'user', subjectId: 4, docKeys: ['downDoc', 'viewDoc'], libraryKeys: [], manageLevel: 2 },
            { subjectType: 'role', subjectId: 2, docKeys: ['viewDoc'], libraryKeys: [], manageLevel: 0 },
          ],
        },
        objectName: 'Protocol',
        refs: { 'user:4': 'Ann Lee', 'role:2': 'STU_STAFF', 'folder:12': 'Protocol' },
      };
      const member = {
        ...ROWS[0],
        id: 10,
        type: 108,
        objectType: 'member',
        objectId: '5',
        version: null,
        oldValue: { roleId: 2, siteIds: [] },
        newValue: { roleId: 7, role: 'CRA', siteIds: [] },
        objectName: null,
        refs: { 'member:5': 'Ann Lee', 'role:2': 'STU_STAFF', 'role:7': 'CRA', 'roleCode:CRA': '临床监查员' },
      };
      mockApi({
        'GET /audit/project/list': () => reply(projectTrailPage, { data: [change, member], total: 2 }),
        'GET /manage/member/list': () => envelope({ data: [], total: 0 }),
      });
      renderApp('/manage/report?tab=trail');
      const table = await findById('trail-table');
      // One line per grantee: who by name, the rights and the manage level by their labels.
      for (const [label, rights] of [user, role])
        expect((await within(table).findByText(label)).parentElement).toHaveTextContent(`${label} ${rights}`);
      expect(within(table).getByText('«Ann Lee»')).toBeInTheDocument();
      expect(table).toHaveTextContent(memberLine);
      expect(table.textContent).not.toMatch(/STU_STAFF|\bCRA\b|: user|#4|#7/);
    },
  );
});
