import { DocStatus } from '@edoc/contract/enums';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { errorMessage } from '@edoc/contract/errors';
import { folderTreeAnswer } from '@edoc/contract/folder';
import { libraryAnswer, libraryList, type LibraryRow } from '@edoc/contract/library';
import { FolderType } from '@edoc/contract/permissions';
import { changeLanguage } from '../../lib/i18n';
import { stopIdle } from '../../lib/idle-timer';
import { envelope, mockApi, reply } from '../../test/fetch-mock';
import { callsTo, enterWorkspace, node } from '../../test/document-fixtures';
import { byId, findById } from '../../test/queries';
import { renderApp } from '../../test/render-app';
import { libRow, libraryTree } from '../../test/library-fixtures';
import { bodyOf } from '../../test/workflow-fixtures';

// Issue 26 item 12: a library record moved to another library folder or renamed, from its row's menu.

/** The library tree with a folder the caller reads but may not file into (no moveDoc there). */
const tree = {
  ...libraryTree,
  allFolderList: [
    ...libraryTree.allFolderList,
    node(23, 0, '8.3', 'Library: during the trial', { type: FolderType.Library, libraryKeys: ['viewDoc'] }),
  ],
};

const rows: LibraryRow[] = [
  // Archived, every library key: move, rename and (the caller deletes somewhere) apply for deletion.
  libRow(1, 'Protocol'),
  // Waiting to be activated: moved and renamed as well, never applied for deletion.
  libRow(2, 'Brochure', {
    status: DocStatus.WaitingActivation,
    effective_date: '2099-05-01',
    abilities: ['viewDoc', 'moveDoc', 'renameDoc'],
  }),
  // Neither moveDoc nor renameDoc on its folder: applying for deletion only.
  libRow(3, 'Old SOP', { abilities: ['viewDoc', 'recallDoc'] }),
  // An earlier version: a record only, no actions.
  libRow(4, 'Protocol', { fileId: 10, fileVersionId: 90, version_no: 'V0.9', superseded: true }),
];

/** The library page over these rows, once they are shown. */
async function serve(extra: Parameters<typeof mockApi>[0] = {}, folders: typeof tree = tree) {
  enterWorkspace();
  const fetchMock = mockApi({
    'GET /folder/tree/0': () => reply(folderTreeAnswer, folders),
    'GET /folder/library/file/list': () => reply(libraryList, { data: rows, total: rows.length }),
    ...extra,
  });
  renderApp('/file');
  await within(await findById('library-table')).findByText('Brochure');
  return fetchMock;
}

const lists = (fetchMock: ReturnType<typeof mockApi>) => callsTo(fetchMock, 'GET', '/folder/library/file/list').length;
const sent = (fetchMock: ReturnType<typeof mockApi>, path: string, i = 0) =>
  bodyOf(callsTo(fetchMock, 'POST', path)[i]);

/** The row's menu opened: the ids of what it offers, in order. */
async function menuOf(entryId: number): Promise<string[]> {
  fireEvent.click(await findById(`library-row-${entryId}-menu`));
  const items = () => [...document.querySelectorAll(`.ant-dropdown [id^="library-row-${entryId}-"]`)];
  await waitFor(() => expect(items().length).toBeGreaterThan(0));
  return items().map((el) => el.id);
}

/** The dialog whose title is this text (antd gives every modal title the same id under test). */
const dialogTitled = async (title: string) => (await screen.findByText(title)).closest('.ant-modal') as HTMLElement;

/** A folder of the open tree picker, by the title it shows. */
function treeNode(title: string): HTMLElement {
  const found = [...document.querySelectorAll<HTMLElement>('.ant-select-tree-node-content-wrapper')].find(
    (el) => el.getAttribute('title') === title,
  );
  if (!found) throw new Error(`no folder ${title} in the picker`);
  return found;
}
const disabled = (title: string) =>
  treeNode(title).closest('.ant-select-tree-treenode')!.classList.contains('ant-select-tree-treenode-disabled');

afterEach(() => {
  vi.unstubAllGlobals();
  stopIdle();
});

describe("a library record's row menu", () => {
  it('offers moving and renaming exactly where the row allows them, apart from applying for deletion', async () => {
    await changeLanguage('en-US');
    await serve();
    expect(await menuOf(1)).toEqual(['library-row-1-move', 'library-row-1-rename', 'library-row-1-apply-delete']);
    expect(byId('library-row-1-move')).toHaveTextContent('Move');
    expect(byId('library-row-1-rename')).toHaveTextContent('Rename');
    expect(await menuOf(2)).toEqual(['library-row-2-move', 'library-row-2-rename']);
    expect(await menuOf(3)).toEqual(['library-row-3-apply-delete']);
    expect(document.getElementById('library-row-4-menu')).toBeNull();
  });

  it('offers no move in a project without a library tree: there is no library folder to move to', async () => {
    await changeLanguage('en-US');
    await serve({}, { ...libraryTree, libraryFolder: false });
    expect(await menuOf(2)).toEqual(['library-row-2-rename']);
  });
});

describe('moving a library record', () => {
  it('offers the library folders the caller may file into but the one it is in, and moves it there', async () => {
    await changeLanguage('en-US');
    const fetchMock = await serve({
      'POST /folder/library/file/move/a': () => reply(libraryAnswer, { fileId: 10, status: DocStatus.Archived }),
    });
    await menuOf(1);
    fireEvent.click(byId('library-row-1-move'));
    const dialog = await dialogTitled('Move “Protocol” to another library folder');
    expect(
      within(dialog).getByText(
        'Filed in 8.2.2 Signed protocol now; only library folders where you have the Move right can be chosen.',
      ),
    ).toBeInTheDocument();
    // Nothing chosen: said so, nothing sent.
    fireEvent.click(byId('library-move-ok'));
    expect(await within(dialog).findByText('Library folder to move it to is required')).toBeInTheDocument();
    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    await waitFor(() => treeNode('8.2 Library: before the trial'));
    expect(disabled('8.2.2 Signed protocol')).toBe(true); // where it is
    expect(disabled('8.3 Library: during the trial')).toBe(true); // no moveDoc there
    expect(disabled('8.2.3 Closed shelf')).toBe(true); // a disabled folder
    expect(disabled('8.2 Library: before the trial')).toBe(false);
    fireEvent.click(treeNode('8.2 Library: before the trial'));
    const before = lists(fetchMock);
    fireEvent.click(byId('library-move-ok'));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/folder/library/file/move/a')).toHaveLength(1));
    expect(sent(fetchMock, '/folder/library/file/move/a')).toEqual({ fileId: 10, folderId: 20 });
    expect(await screen.findByText('“Protocol” was moved to 8.2 Library: before the trial')).toBeInTheDocument();
    // The list is asked again: the row shows where it is now.
    await waitFor(() => expect(lists(fetchMock)).toBeGreaterThan(before));
  });

  it("shows the server's refusal in the user's language and keeps the dialog open (Chinese)", async () => {
    await changeLanguage('zh-CN');
    const fetchMock = await serve({
      'POST /folder/library/file/move/a': () =>
        envelope(null, { status: 403, errorCode: 'forbidden', msg: errorMessage('forbidden', 'zh-CN') }),
    });
    await menuOf(1);
    expect(byId('library-row-1-move')).toHaveTextContent('移动');
    expect(byId('library-row-1-rename')).toHaveTextContent('重命名');
    fireEvent.click(byId('library-row-1-move'));
    const dialog = await dialogTitled('将“Protocol”移动到其他文件库目录');
    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    await waitFor(() => treeNode('8.2 Library: before the trial'));
    fireEvent.click(treeNode('8.2 Library: before the trial'));
    fireEvent.click(byId('library-move-ok'));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/folder/library/file/move/a')).toHaveLength(1));
    expect(await screen.findByText('没有权限')).toBeInTheDocument();
    expect(within(dialog).getByText('将“Protocol”移动到其他文件库目录')).toBeVisible();
  });

  it('closes on Cancel without a call, and gives the focus back to the row menu', async () => {
    await changeLanguage('en-US');
    const fetchMock = await serve();
    await menuOf(1);
    fireEvent.click(byId('library-row-1-move'));
    const dialog = await dialogTitled('Move “Protocol” to another library folder');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(document.activeElement).toBe(byId('library-row-1-menu')));
    expect(dialog.closest('.ant-modal-wrap')).not.toBeVisible();
    expect(callsTo(fetchMock, 'POST', '/folder/library/file/move/a')).toHaveLength(0);
  });
});

describe('renaming a library record', () => {
  it('starts from its name, checks it as the workspace does, and sends the new one', async () => {
    await changeLanguage('en-US');
    let answered = 0;
    const fetchMock = await serve({
      'POST /folder/library/file/rename/a': () =>
        ++answered === 1
          ? envelope(null, { status: 409, errorCode: 'duplicate_file_name', msg: 'Duplicate file name!' })
          : reply(libraryAnswer, { fileId: 10, status: DocStatus.Archived }),
    });
    await menuOf(1);
    fireEvent.click(byId('library-row-1-rename'));
    const dialog = await dialogTitled('Rename “Protocol”');
    const input = within(dialog).getByLabelText('File name');
    expect(input).toHaveValue('Protocol');
    fireEvent.change(input, { target: { value: '   ' } });
    expect(await within(dialog).findByText('File name is required')).toBeInTheDocument();
    fireEvent.change(input, { target: { value: 'Old SOP' } });
    fireEvent.click(byId('library-rename-ok'));
    // The server's refusal of the name, under the field.
    expect(await within(dialog).findByText('Duplicate file name!')).toBeInTheDocument();
    expect(sent(fetchMock, '/folder/library/file/rename/a')).toEqual({ fileId: 10, name: 'Old SOP' });
    fireEvent.change(input, { target: { value: ' Protocol v2 ' } });
    const before = lists(fetchMock);
    fireEvent.click(byId('library-rename-ok'));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/folder/library/file/rename/a')).toHaveLength(2));
    expect(sent(fetchMock, '/folder/library/file/rename/a', 1)).toEqual({ fileId: 10, name: 'Protocol v2' });
    expect(await screen.findByText('Renamed to “Protocol v2”')).toBeInTheDocument();
    await waitFor(() => expect(lists(fetchMock)).toBeGreaterThan(before));
  });

  it('says in Chinese when nothing changed, and Cancel gives the focus back to the row menu', async () => {
    await changeLanguage('zh-CN');
    const fetchMock = await serve({
      'POST /folder/library/file/rename/a': () =>
        envelope(null, { status: 400, errorCode: 'no_change', msg: errorMessage('no_change', 'zh-CN') }),
    });
    await menuOf(2);
    fireEvent.click(byId('library-row-2-rename'));
    const dialog = await dialogTitled('重命名“Brochure”');
    fireEvent.click(byId('library-rename-ok'));
    expect(await within(dialog).findByText('文档没有变化')).toBeInTheDocument();
    expect(sent(fetchMock, '/folder/library/file/rename/a')).toEqual({ fileId: 20, name: 'Brochure' });
    fireEvent.click(within(dialog).getByRole('button', { name: /取\s*消/ }));
    await waitFor(() => expect(document.activeElement).toBe(byId('library-row-2-menu')));
  });
});
