import { DocStatus } from '@edoc/contract/enums';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { folderTreeAnswer } from '@edoc/contract/folder';
import { deleteApplied, deletionApprovers, libraryAnswer, libraryList } from '@edoc/contract/library';
import { fileDetail } from '@edoc/contract/viewer';
import { changeLanguage } from '../../lib/i18n';
import { stopIdle } from '../../lib/idle-timer';
import { mockApi, reply } from '../../test/fetch-mock';
import { expandFolder } from '../../test/folder-tree';
import { byId, findById } from '../../test/queries';
import { renderApp } from '../../test/render-app';
import { callsTo, enterWorkspace } from '../../test/document-fixtures';
import { libraryTree, libRows, obsoleteRow } from '../../test/library-fixtures';

const listParams = (fetchMock: ReturnType<typeof mockApi>) =>
  callsTo(fetchMock, 'GET', '/folder/library/file/list').map(([u]) => new URL(String(u), 'http://x').searchParams);

const base = {
  'GET /folder/tree/0': () => reply(folderTreeAnswer, libraryTree),
  'GET /folder/library/file/list': (u: URL) =>
    reply(libraryList, {
      data: u.searchParams.get('showInvalid') === 'true' ? [...libRows, obsoleteRow] : libRows,
      total: 4,
    }),
};

const detail = {
  fileId: 10,
  name: 'Protocol',
  folderId: 10,
  status: DocStatus.Archived,
  fileCode: 'PRT-001',
  version: {
    fileVersionId: 100,
    versionNo: 'V1.0',
    label: null,
    fileName: 'protocol.pdf',
    extension: 'pdf',
    size: 1000,
    createdtime: '2026-01-01T08:00:00Z',
    current: true,
  },
  kind: 'pdf' as const,
  abilities: ['viewDoc' as const, 'deleteDoc' as const],
  canDownload: false,
  actions: ['applyDelete' as const],
  lock: null,
  withheld: [],
  signing: { required: false, needsEmail: false },
  watermark: { name: 'Pat', email: 'pat@example.com', time: '2026-01-01T08:00:00Z' },
};

afterEach(() => {
  vi.unstubAllGlobals();
  stopIdle();
});

describe('file library', () => {
  it('lists the archived documents with their columns and marks, obsolete ones only when asked', async () => {
    await changeLanguage('en-US');
    enterWorkspace();
    const fetchMock = mockApi(base);
    renderApp('/file');
    const table = await findById('library-table');
    expect(await within(table).findByText('Brochure')).toBeInTheDocument();
    for (const header of ['Name', 'File code', 'Version', 'Effective', 'Expires', 'Archived'])
      expect(within(table).getAllByText(header).length).toBeGreaterThan(0);
    expect(within(table).getByText('PRT-001')).toBeInTheDocument();
    expect(byId('library-row-1-status').textContent).toBe('Archived');
    // The same coloured tag as the workspace list and the viewer (issue 26, item 16).
    expect(byId('library-row-1-status').className).toMatch(/ant-tag-green/);
    expect(byId('library-row-2-status').textContent).toBe('Waiting to be activated (2099-05-01)');
    expect(byId('library-row-3-expired')).toHaveClass('ant-typography-danger');
    expect(byId('library-row-3-expired').textContent).toBe('2020-01-01');
    // A certified copy carries its tag here as in the workspace list (issue 28 part 4).
    expect(byId('library-row-3-certified')).toHaveTextContent('Certified copy');
    expect(document.getElementById('library-row-1-certified')).toBeNull();
    expect(within(table).getByText('Earlier version')).toBeInTheDocument();
    expect(table.querySelector('[data-file-kind="word"]')).not.toBeNull();
    // The name opens the archived version in the viewer, in a new tab.
    expect(byId('library-row-4-name')).toHaveAttribute('href', '/view?fileId=10&fileVerId=90');
    expect(byId('library-row-1-name')).toHaveAttribute('target', '_blank');
    // Actions by the row's library keys and status; an earlier version has none. Applying for deletion is the last
    // item of the row's menu, as deleting is in the workspace's.
    expect(byId('library-row-1-recall')).toBeInTheDocument();
    expect(document.getElementById('library-row-1-apply-delete')).toBeNull();
    fireEvent.click(byId('library-row-1-menu'));
    expect(await findById('library-row-1-apply-delete')).toBeInTheDocument();
    expect(document.getElementById('library-row-2-recall')).toBeNull();
    expect(document.getElementById('library-row-2-menu')).toBeNull();
    expect(document.getElementById('library-row-4-menu')).toBeNull();
    expect(document.getElementById('library-row-2-invalid')).toBeNull();
    expect(document.getElementById('library-row-4-recall')).toBeNull();
    // The library tree with counts; a folder without rights is greyed with 0.
    await expandFolder('library', 20);
    expect(await findById('library-folder-21')).toHaveAttribute('title', '8.2.2 Signed protocol');
    expect(byId('library-folder-22').closest('.ant-tree-treenode')).toHaveClass('ant-tree-treenode-disabled');
    expect(byId('library-folder-22').querySelector('.folder-tree-count')).toHaveTextContent(/^0$/);
    expect(document.getElementById('library-folder-10')).toBeNull();

    // Obsolete and earlier versions are left out by default; the switches ask for them.
    expect(listParams(fetchMock)[0].get('showInvalid')).toBeNull();
    expect(listParams(fetchMock)[0].get('showSuperseded')).toBeNull();
    expect(screen.queryByText('Withdrawn plan')).toBeNull();
    // Each switch is named by the text beside it (issue 31).
    fireEvent.click(screen.getByRole('switch', { name: 'Show obsolete' }));
    const struck = await findById('library-row-5-name');
    expect(struck).toHaveStyle({ textDecoration: 'line-through' });
    expect(within(table).getByText('Obsolete')).toBeInTheDocument();
    expect(listParams(fetchMock).at(-1)!.get('showInvalid')).toBe('true');
    fireEvent.click(screen.getByRole('switch', { name: 'Show earlier versions' }));
    await waitFor(() => expect(listParams(fetchMock).at(-1)!.get('showSuperseded')).toBe('true'));
    // A folder narrows the list.
    fireEvent.click(byId('library-folder-21'));
    await waitFor(() => expect(listParams(fetchMock).at(-1)!.get('folderId')).toBe('21'));
  });

  // Issue 26, item 7: at 1440×900 the columns were wider than the room beside the tree, the dates wrapped and the last
  // one was cut under the sticky actions. Below 1600 pixels the ICH code, publish date and creator go under the name.
  it.each([
    ['en-US', ['Name', 'File code', 'Version', 'Status', 'Effective', 'Expires', 'Archived', 'Actions'], 'Published'],
    ['zh-CN', ['文件名称', '文件编号', '版本号', '状态', '生效日期', '失效日期', '归档时间', '操作'], '发布'],
  ] as const)(
    'fits beside the tree at 1440 pixels in %s, the rest under the name',
    async (lang, headers, published) => {
      await changeLanguage(lang);
      enterWorkspace();
      mockApi(base);
      renderApp('/file');
      const table = await findById('library-table');
      await within(table).findByText('Brochure');
      const shown = within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent?.trim())
        .filter(Boolean);
      expect(shown).toEqual(headers);
      const widths = [...table.querySelectorAll<HTMLElement>('colgroup col')].map(
        (c) => parseFloat(c.style.width) || 0,
      );
      // The folder tree (250) and the page around it leave about 880 pixels at 1440.
      expect(widths.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(880);
      expect(byId('library-row-1-more')).toHaveTextContent(
        `8.2.2 · ${lang === 'en-US' ? 'Published 2026-01-02' : '2026-01-02 发布'} · Pat`,
      );
      expect(byId('library-row-1-more')).toHaveTextContent(published);
      expect(byId('library-row-1-name')).toHaveAttribute('title', 'Protocol');
      // Only the actions stay in place while the table scrolls.
      expect(table.querySelectorAll('th.ant-table-cell-fix-left')).toHaveLength(0);
    },
  );

  it('shows the ICH code, publish date and creator in their own columns on a wider screen', async () => {
    await changeLanguage('en-US');
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: true,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }));
    enterWorkspace();
    mockApi(base);
    renderApp('/file');
    const table = await findById('library-table');
    await within(table).findByText('Brochure');
    for (const header of ['ICH code', 'Published', 'Creator'])
      expect(within(table).getByRole('columnheader', { name: header })).toBeInTheDocument();
    expect(document.getElementById('library-row-1-more')).toBeNull();
  });

  it("shows each archived version's first page beside its name, and the type icon where there is none", async () => {
    await changeLanguage('en-US');
    enterWorkspace();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:page', revokeObjectURL: () => {} }));
    const fetchMock = mockApi({
      ...base,
      // Only the first row's version has a picture; the others answer as a format without pages would.
      'GET /folder/library/file/picture': (u) =>
        u.searchParams.get('fileVersionId') === '100'
          ? new Response(new Blob(['png']), { headers: { 'Content-Type': 'image/png' } })
          : new Response('{}', { status: 415 }),
    });
    renderApp('/file');
    const thumb = await findById('library-row-1-thumb');
    expect(thumb).toHaveAttribute('src', 'blob:page');
    expect(thumb).toHaveAttribute('alt', 'First page of Protocol');
    expect(document.getElementById('library-row-3-thumb')).toBeNull();
    expect(callsTo(fetchMock, 'GET', '/folder/library/file/picture').length).toBeGreaterThan(1);
  });

  it('shows the marks and the empty state in Chinese', async () => {
    await changeLanguage('zh-CN');
    enterWorkspace();
    mockApi({
      ...base,
      'GET /folder/library/file/list': (u) =>
        u.searchParams.get('name')
          ? reply(libraryList, { data: [], total: 0 })
          : reply(libraryList, { data: [...libRows, obsoleteRow], total: 5 }),
    });
    renderApp('/file');
    const table = await findById('library-table');
    expect(await within(table).findByText('已作废')).toBeInTheDocument();
    expect(within(table).getByText('历史版本')).toBeInTheDocument();
    expect(byId('library-row-1-status').textContent).toBe('已归档');
    expect(byId('library-row-2-status').textContent).toBe('待生效（2099-05-01）');
    expect(within(table).getAllByText('生效日期').length).toBeGreaterThan(0);
    expect(screen.getByRole('switch', { name: '显示作废文件' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: '显示历史版本' })).toBeInTheDocument();
    fireEvent.change(byId('library-search'), { target: { value: 'nothing' } });
    fireEvent.keyDown(byId('library-search'), { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(await within(table).findByText('没有符合搜索条件的记录')).toBeInTheDocument();
  });

  it('asks before recalling, then recalls on the server', async () => {
    await changeLanguage('en-US');
    enterWorkspace();
    const fetchMock = mockApi({
      ...base,
      'GET /file/recall': () => reply(libraryAnswer, { fileId: 10, status: DocStatus.Editing }),
      'POST /folder/file/invalid': () => reply(libraryAnswer, { fileId: 30, status: DocStatus.Archived }),
    });
    renderApp('/file');
    fireEvent.click(await findById('library-row-1-recall'));
    expect(await screen.findByText('Recall “Protocol”?')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', '/file/recall')).toHaveLength(0);
    fireEvent.click(byId('library-row-1-recall-ok'));
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/file/recall')).toHaveLength(1));
    const [url] = callsTo(fetchMock, 'GET', '/file/recall')[0];
    expect(new URL(String(url), 'http://x').searchParams.get('fileId')).toBe('10');
    expect(await screen.findByText('“Protocol” was recalled to the workspace')).toBeInTheDocument();

    fireEvent.click(byId('library-row-3-invalid'));
    fireEvent.click(await findById('library-row-3-invalid-ok'));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/folder/file/invalid')).toHaveLength(1));
    const [[, init]] = callsTo(fetchMock, 'POST', '/folder/file/invalid');
    expect(JSON.parse(String(init?.body))).toEqual({ fileId: 30, fileInvalid: true });
  });

  it('applies for deletion with a reason and an approver among those who may approve it', async () => {
    await changeLanguage('en-US');
    enterWorkspace();
    const fetchMock = mockApi({
      ...base,
      'GET /file/10': () => reply(fileDetail, detail),
      'GET /file/delete/approvers/10': () =>
        reply(deletionApprovers, { approvers: [{ id: 7, name: 'Li Lei', email: 'li.lei@example.com' }], others: [] }),
      'POST /file/delete/apply': () =>
        reply(deleteApplied, { fileId: 10, status: DocStatus.DeletionInApproval, applyId: 4 }),
    });
    renderApp('/file');
    fireEvent.click(await findById('library-row-1-menu'));
    fireEvent.click(await findById('library-row-1-apply-delete'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Apply to delete “Protocol”')).toBeInTheDocument();
    fireEvent.click(byId('library-apply-ok'));
    expect(await within(dialog).findByText('Reason for deletion is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Approver is required')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/file/delete/apply')).toHaveLength(0);
    // The approvers are asked of the server, by the rule it checks the application with, once the dialog opens.
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/file/delete/approvers/10')).toHaveLength(1));
    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    fireEvent.click(await screen.findByText('Li Lei (li.lei@example.com)'));
    fireEvent.change(byId('library-apply-reason'), { target: { value: '  Filed twice ' } });
    fireEvent.click(byId('library-apply-ok'));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/file/delete/apply')).toHaveLength(1));
    const [[, init]] = callsTo(fetchMock, 'POST', '/file/delete/apply');
    expect(JSON.parse(String(init?.body))).toEqual({ fileId: 10, approverId: 7, reason: 'Filed twice' });
  });
});
