import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { wordList } from '@edoc/contract/document-edit';
import { noData } from '@edoc/contract/envelope';
import { changeLanguage } from '../../lib/i18n';
import { stopIdle } from '../../lib/idle-timer';
import { envelope, mockApi, reply } from '../../test/fetch-mock';
import { byId, findById } from '../../test/queries';
import { renderApp } from '../../test/render-app';
import { ALL_KEYS, base, callsTo, enterWorkspace, listOf, row } from '../../test/document-fixtures';

// The signed-in layout and the workspace load on first use: transformed once here, not inside the first test's wait
// (the panel composes more features' tabs, so the first load takes longer than a wait's second on a busy machine).
beforeAll(() => Promise.all([import('../../app/layouts/area-layout'), import('./pages/workspace-page')]), 60_000);

afterEach(() => {
  vi.unstubAllGlobals();
  stopIdle();
});

const WORDS = [
  { id: 1, userName: 'Pat', text: 'Checked the signatures', fileVersionId: null, createdtime: '2026-01-02T08:00:00Z' },
];
const routes = {
  ...base,
  'GET /file/words/2': () => reply(wordList, WORDS),
  'GET /file/version/find_all': () => envelope([]),
  'POST /file/delete/a': () => reply(noData, null),
};
const panelTitle = () => document.getElementById('document-panel-title')?.textContent;

describe('the document side panel', () => {
  it('opens from a shared link on its tab; back returns to the one before; closing drops it from the address', async () => {
    await changeLanguage('en-US');
    enterWorkspace();
    mockApi(routes);
    const router = renderApp('/work?doc=2&tab=comments');
    await waitFor(() => expect(panelTitle()).toBe('Brochure'));
    expect(await screen.findByText('Checked the signatures')).toBeInTheDocument();
    // A click on a row's name opens that document on the same tab, as a new step of the history.
    fireEvent.click(await findById('document-row-1-open'));
    await waitFor(() => expect(panelTitle()).toBe('Protocol'));
    expect(router.state.location.search).toBe('?doc=1&tab=comments');
    fireEvent.click(byId('document-panel-tab-details'));
    expect((await findById('document-detail-fileCode')).textContent).toBe('PRT-001');
    await act(() => router.navigate(-1));
    await waitFor(() => expect(router.state.location.search).toBe('?doc=1&tab=comments'));
    await act(() => router.navigate(-1));
    await waitFor(() => expect(panelTitle()).toBe('Brochure'));
    // The panel's actions carry their own ids: none repeats a row's.
    expect(document.querySelectorAll('#document-row-2-view')).toHaveLength(1);
    expect(byId('document-panel-view')).toHaveAttribute('href', '/view?fileId=2&fileVerId=20');
    fireEvent.click(document.querySelector('.document-panel .ant-drawer-close')!);
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('keeps the open folder in the address: a link opens it, back returns to the one before', async () => {
    await changeLanguage('en-US');
    enterWorkspace();
    const fetchMock = mockApi(routes);
    const router = renderApp('/work?folder=12');
    const folderOf = () =>
      new URL(String(callsTo(fetchMock, 'GET', '/folder/workspace/file/list').at(-1)![0]), 'http://x').searchParams.get(
        'folderId',
      );
    await waitFor(() => expect(folderOf()).toBe('12'));
    fireEvent.click(await findById('document-all-files'));
    await waitFor(() => expect(folderOf()).toBeNull());
    expect(router.state.location.search).toBe('');
    await act(() => router.navigate(-1));
    // (the list of folder 12 comes from the cache: the tree shows it chosen again)
    await waitFor(() =>
      expect(byId('document-folder-12').closest('.ant-tree-treenode')).toHaveClass('ant-tree-treenode-selected'),
    );
  });

  it('says so when the linked document is gone or not the caller’s to see (Chinese)', async () => {
    await changeLanguage('zh-CN');
    enterWorkspace();
    mockApi(routes);
    renderApp('/work?doc=99');
    expect(await findById('document-panel-missing')).toHaveTextContent('该文档已不存在，或您无权查看。');
  });

  it('is used from the keyboard: arrows move, Enter opens, the panel follows, Delete asks first', async () => {
    await changeLanguage('en-US');
    enterWorkspace();
    const fetchMock = mockApi(routes);
    const router = renderApp('/work');
    const table = await findById('document-table');
    await within(table).findByText('Protocol');
    const list = table.closest('.table-keys') as HTMLElement;
    list.focus();
    fireEvent.keyDown(list, { key: 'ArrowDown' });
    const rowsOf = () => [...table.querySelectorAll('tr.ant-table-row')];
    expect(rowsOf()[0]).toHaveClass('table-row-cursor');
    fireEvent.keyDown(list, { key: 'Enter' });
    await waitFor(() => expect(panelTitle()).toBe('Protocol'));
    fireEvent.keyDown(list, { key: 'ArrowDown' });
    await waitFor(() => expect(panelTitle()).toBe('Brochure'));
    fireEvent.keyDown(list, { key: 'Escape' });
    await waitFor(() => expect(router.state.location.search).toBe(''));
    fireEvent.keyDown(list, { key: 'Enter' });
    await waitFor(() => expect(panelTitle()).toBe('Brochure'));
    expect(rowsOf()[1]).toHaveClass('table-row-cursor');
    expect(rowsOf()[1]).toHaveClass('table-row-open');
    // Space selects the row under the cursor where the keys allow (Brochure: viewDoc only, so no).
    fireEvent.keyDown(list, { key: ' ' });
    expect(rowsOf()[1].querySelector('input[type=checkbox]')).not.toBeChecked();
    // Delete on a row without deleteDoc does nothing; on Protocol it names the document and waits for OK.
    fireEvent.keyDown(list, { key: 'Delete' });
    expect(screen.queryByText('Delete Brochure?')).toBeNull();
    fireEvent.keyDown(list, { key: 'ArrowUp' });
    fireEvent.keyDown(list, { key: ' ' });
    expect(rowsOf()[0].querySelector('input[type=checkbox]')).toBeChecked();
    fireEvent.keyDown(list, { key: 'Delete' });
    // (antd writes a confirmation's title twice: once for screen readers)
    expect((await screen.findAllByText('Delete Protocol?')).length).toBeGreaterThan(0);
    expect(callsTo(fetchMock, 'POST', '/file/delete/a')).toHaveLength(0);
    fireEvent.click(byId('document-row-1-delete-ok'));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/file/delete/a')).toHaveLength(1));
    // The deleted document's panel closes.
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('shows the artifact the document is filed under and its document date (issue 27)', async () => {
    await changeLanguage('en-US');
    enterWorkspace();
    const filed = row(1, 'Protocol', ALL_KEYS, { artifactId: 72, artifactNumber: '8.2.2', documentDate: '2026-02-27' });
    const bare = row(3, 'Loose note', ALL_KEYS, { ich_code: null, artifactId: 90, artifactNumber: '8.3.1' });
    mockApi({ ...routes, 'GET /folder/workspace/file/list': listOf([filed, bare]) });
    renderApp('/work?doc=1&tab=details');
    // The folder coded with the artifact's number stands for it: its name is the artifact's.
    await waitFor(() => expect(byId('document-detail-artifact')).toHaveTextContent('8.2.2 Signed protocol'));
    expect(byId('document-detail-documentDate')).toHaveTextContent('2026-02-27');
    expect(within(byId('document-details')).getByText('Document date')).toBeInTheDocument();
    fireEvent.click(await findById('document-row-3-open'));
    await waitFor(() => expect(panelTitle()).toBe('Loose note'));
    await waitFor(() => expect(byId('document-detail-artifact')).toHaveTextContent(/^8\.3\.1$/));
    expect(byId('document-detail-documentDate')).toHaveTextContent('—');
  });
});
