import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { documentCreated, fileList } from '@edoc/contract/document';
import { noData } from '@edoc/contract/envelope';
import { uploadAuth } from '@edoc/contract/folder';
import { changeLanguage } from '../../lib/i18n';
import { stopIdle } from '../../lib/idle-timer';
import { mockApi, reply } from '../../test/fetch-mock';
import { expandFolder } from '../../test/folder-tree';
import { byId, findById } from '../../test/queries';
import { renderApp, renderedClient } from '../../test/render-app';
import { base, callsTo, enterWorkspace, rows, tree, uploadAuthOf } from '../../test/document-fixtures';
import { mockXhr, ok, refused } from './fake-xhr';

async function setDate(id: string, value: string) {
  const input = byId(id) as HTMLInputElement;
  fireEvent.mouseDown(input);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
  fireEvent.blur(input);
}

afterEach(() => {
  vi.unstubAllGlobals();
  stopIdle();
});

describe('workspace file list', () => {
  it('lists the documents with their columns and shows only the actions the row allows', async () => {
    await changeLanguage('en-US');
    enterWorkspace();
    const fetchMock = mockApi(base);
    renderApp('/work');
    const table = await findById('document-table');
    expect(await within(table).findByText('Protocol')).toBeInTheDocument();
    expect(within(table).getByText('PRT-001')).toBeInTheDocument();
    // The folder column in the reader's language (issue 12, defect 4: Chinese names in the English table).
    expect(within(table).getAllByText('Signed protocol').length).toBeGreaterThan(0);
    expect(within(table).queryByText('已签署方案')).toBeNull();
    expect(within(table).getByText('Editing')).toBeInTheDocument();
    expect(within(table).getByText('Archived')).toBeInTheDocument();
    expect(table.querySelector('[data-file-kind="pdf"]')).not.toBeNull();
    expect(table.querySelector('[data-file-kind="word"]')).not.toBeNull();
    // The most used actions on the row, the rest in its "more" menu (issue 12), each as the row's keys allow.
    for (const action of ['download', 'new-version']) expect(byId(`document-row-1-${action}`)).toBeInTheDocument();
    fireEvent.click(byId('document-row-1-more'));
    for (const action of ['rename', 'move', 'versions', 'delete'])
      expect(await findById(`document-row-1-${action}`)).toBeInTheDocument();
    for (const action of ['download', 'new-version'])
      expect(document.getElementById(`document-row-2-${action}`)).toBeNull();
    fireEvent.click(byId('document-row-2-more'));
    expect(await findById('document-row-2-comments')).toBeInTheDocument();
    for (const action of ['rename', 'move', 'versions', 'delete'])
      expect(document.getElementById(`document-row-2-${action}`)).toBeNull();
    expect(byId('document-row-2-view')).toHaveAttribute('href', '/view?fileId=2&fileVerId=20');
    // All Files at first, the project's page size; a folder then narrows the list; a disabled folder is greyed.
    const first = new URL(String(callsTo(fetchMock, 'GET', '/folder/workspace/file/list')[0][0]), 'http://x');
    expect(first.searchParams.get('folderId')).toBeNull();
    expect(first.searchParams.get('pageSize')).toBe('20');
    // The tree shows its first level; a section opens to its folders, each with its code apart and its count.
    expect(document.getElementById('document-folder-12')).toBeNull();
    await expandFolder('document', 10);
    expect(await findById('document-folder-12')).toHaveAttribute('title', '8.2.2 Signed protocol');
    expect(byId('document-folder-12').querySelector('.folder-tree-code')).toHaveTextContent('8.2.2');
    expect(byId('document-folder-12').querySelector('.folder-tree-count')).toHaveTextContent('2');
    expect(byId('document-folder-13').closest('.ant-tree-treenode')).toHaveClass('ant-tree-treenode-disabled');
    fireEvent.click(byId('document-folder-12'));
    await waitFor(() =>
      expect(
        callsTo(fetchMock, 'GET', '/folder/workspace/file/list').some(
          ([u]) => new URL(String(u), 'http://x').searchParams.get('folderId') === '12',
        ),
      ).toBe(true),
    );
  });

  it('shows the status labels and the empty state in Chinese', async () => {
    await changeLanguage('zh-CN');
    enterWorkspace();
    mockApi({
      ...base,
      'GET /folder/workspace/file/list': (u) =>
        u.searchParams.get('name')
          ? reply(fileList, { data: [], total: 0, capped: false })
          : reply(fileList, { data: rows, total: 2, capped: false }),
    });
    renderApp('/work');
    const table = await findById('document-table');
    expect(await within(table).findByText('编辑中')).toBeInTheDocument();
    expect(within(table).getByText('已归档')).toBeInTheDocument();
    expect(within(table).getAllByText('已签署方案').length).toBeGreaterThan(0);
    fireEvent.change(byId('document-search'), { target: { value: 'nothing' } });
    fireEvent.keyDown(byId('document-search'), { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(await within(table).findByText('没有符合搜索条件的记录')).toBeInTheDocument();
  });

  it('says what to do next when a list is empty: choose a folder, drop files, or where My Documents come from', async () => {
    await changeLanguage('en-US');
    enterWorkspace();
    mockApi({
      ...base,
      'GET /folder/workspace/file/list': () => reply(fileList, { data: [], total: 0, capped: false }),
    });
    renderApp('/work');
    const table = await findById('document-table');
    expect(
      await within(table).findByText('No documents yet. Choose a folder on the left to upload into it.'),
    ).toBeInTheDocument();
    await expandFolder('document', 10);
    fireEvent.click(await findById('document-folder-12'));
    expect(
      await within(table).findByText('No documents in this folder yet. Drop files above, or use Create New Document.'),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByText('My Documents'));
    expect(
      await within(table).findByText(/documents you create, are assigned or act on appear here/),
    ).toBeInTheDocument();
  });

  it('asks before deleting a document, then sends it to the recycle bin', async () => {
    await changeLanguage('en-US');
    enterWorkspace();
    const fetchMock = mockApi({ ...base, 'POST /file/delete/a': () => reply(noData, null) });
    renderApp('/work');
    fireEvent.click(await findById('document-row-1-more'));
    fireEvent.click(await findById('document-row-1-delete'));
    expect((await screen.findAllByText('Delete Protocol?')).length).toBeGreaterThan(0);
    expect(callsTo(fetchMock, 'POST', '/file/delete/a')).toHaveLength(0);
    fireEvent.click(await findById('document-row-1-delete-ok'));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/file/delete/a')).toHaveLength(1));
    expect(JSON.parse(String(callsTo(fetchMock, 'POST', '/file/delete/a')[0][1]?.body))).toEqual({
      fileId: 1,
      deleteAllVersion: true,
    });
    expect(await screen.findByText('Protocol moved to the recycle bin')).toBeInTheDocument();
  });

  it('opens the same menu with a right click on the row', async () => {
    await changeLanguage('en-US');
    enterWorkspace();
    mockApi(base);
    renderApp('/work');
    const name = await within(await findById('document-table')).findByText('Protocol');
    fireEvent.contextMenu(name);
    expect(await findById('document-row-1-rename')).toBeInTheDocument();
    expect(byId('document-row-1-delete')).toBeInTheDocument();
  });
});

describe('creating documents', () => {
  it('keeps what was typed and chosen when the folder tree is fetched again', async () => {
    await changeLanguage('en-US');
    enterWorkspace();
    const fetchMock = mockApi(base);
    renderApp('/work');
    await expandFolder('document', 10);
    fireEvent.click(await findById('document-folder-12'));
    fireEvent.click(await findById('document-create'));
    const dialog = await screen.findByRole('dialog', { name: 'Create New Document' });
    fireEvent.change(within(dialog).getByLabelText('File name'), { target: { value: 'Kept' } });
    // The tree comes again with another count (someone filed a document): the same folder, a new object.
    const folder = tree.allFolderList[0].children[0];
    const count = folder.fileCount;
    folder.fileCount = count + 1;
    const before = callsTo(fetchMock, 'GET', '/folder/tree/0').length;
    await act(() => renderedClient.invalidateQueries());
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/folder/tree/0').length).toBeGreaterThan(before));
    // Let the new tree render.
    await act(() => new Promise((r) => setTimeout(r, 100)));
    folder.fileCount = count;
    expect(within(dialog).getByLabelText('File name')).toHaveValue('Kept');
  });

  it('checks the name and the dates before sending, then sends the fields first and the file last', async () => {
    await changeLanguage('en-US');
    enterWorkspace();
    mockApi(base);
    const sent = mockXhr(() => ok(documentCreated.parse({ fileId: 9, fileVersionId: 90 })));
    renderApp('/work');
    await expandFolder('document', 10);
    fireEvent.click(await findById('document-folder-12'));
    fireEvent.click(await findById('document-create'));
    const dialog = await screen.findByRole('dialog', { name: 'Create New Document' });
    expect(within(dialog).getByLabelText('ICH code')).toHaveValue('8.2.2');
    fireEvent.change(within(dialog).getByLabelText('File name'), { target: { value: 'Taken' } });
    expect(await within(dialog).findByText('Duplicate file name!')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('File name'), { target: { value: 'Signed protocol v2' } });
    await setDate('documentForm_expirationDate', '2026-04-01');
    await setDate('documentForm_effectiveDate', '2026-05-01');
    fireEvent.click(byId('document-form-ok'));
    expect(
      await within(dialog).findByText('The effective date cannot be after the expiration date!'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('File is required')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
    await setDate('documentForm_effectiveDate', '2026-03-01');
    // The document date is never after today: a later day is not taken (issue 27).
    await setDate('documentForm_documentDate', '2999-01-01');
    expect(byId('documentForm_documentDate')).toHaveValue('');
    await setDate('documentForm_documentDate', '2026-02-27');
    const input = dialog.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, {
      target: { files: [new File(['%PDF-1.4'], 'protocol.PDF', { type: 'application/pdf' })] },
    });
    expect(await within(dialog).findByText('protocol.PDF')).toBeInTheDocument();
    // Created for a colleague who may view the folder: it will wait for them to receive it.
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Create for (optional)' }));
    fireEvent.click(await screen.findByText('Li Lei (li.lei@example.com)'));
    fireEvent.click(byId('document-form-ok'));
    await waitFor(() => expect(sent).toHaveLength(1));
    const { url, headers, body } = sent[0];
    expect(url).toBe('/edoc/minio/file/save');
    expect(headers).toMatchObject({ Authorization: 'Bearer tok', 'Accept-Language': 'en-US' });
    const keys = [...body.keys()];
    expect(keys.at(-1)).toBe('file');
    expect(Object.fromEntries([...body.entries()].filter(([k]) => k !== 'file'))).toEqual({
      folderId: '12',
      name: 'Signed protocol v2',
      ichCode: '8.2.2',
      fileCode: '',
      versionNo: '',
      effectiveDate: '2026-03-01',
      expirationDate: '2026-04-01',
      documentDate: '2026-02-27',
      comment: '',
      central: 'true',
      tagIds: '',
      assigneeId: '7',
    });
    expect((body.get('file') as File).name).toBe('protocol.PDF');
    expect(await screen.findByText('Document Signed protocol v2 created')).toBeInTheDocument();
  });

  it('uploads dropped files one document each and shows why one failed (Chinese)', async () => {
    await changeLanguage('zh-CN');
    enterWorkspace();
    mockApi(base);
    const sent = mockXhr((s) =>
      s.body.get('name') === 'fake'
        ? refused(415, 'file_type_not_allowed', '不允许的文件类型')
        : ok(documentCreated.parse({ fileId: 9, fileVersionId: 90 })),
    );
    renderApp('/work');
    await expandFolder('document', 10);
    fireEvent.click(await findById('document-folder-12'));
    const drop = await findById('document-upload-drop');
    const input = drop.closest('.ant-upload-wrapper')!.querySelector('input[type=file]') as HTMLInputElement;
    const big = new File(['x'], 'big.docx');
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
    const files = [new File(['%PDF-1.4'], 'good.pdf'), new File(['MZ'], 'fake.pdf'), big, new File(['x'], 'a.exe')];
    fireEvent.change(input, { target: { files } });
    // Each refusal is a toast that closes by itself: wait for all at once, so a slow machine cannot miss one
    // that came and went while the test was still waiting for another.
    const expected = ['big.docx：文件过大', 'a.exe：不允许的文件类型', 'fake.pdf：不允许的文件类型', '已完成'];
    const shown = await Promise.all(expected.map((text) => screen.findByText(text)));
    expect(shown.map((element) => element.textContent)).toEqual(expected);
    expect(sent.map((s) => s.body.get('name'))).toEqual(['good', 'fake']);
    expect(sent[0].body.get('folderId')).toBe('12');
    // The failed file left the list; the good one stays, finished.
    expect(screen.queryByText('fake.pdf')).toBeNull();
    expect(screen.getByText('good.pdf')).toBeInTheDocument();
  });

  it('says what a folder takes before anything is sent, and why a folder takes nothing (GET /folder/upload/auth)', async () => {
    await changeLanguage('en-US');
    enterWorkspace();
    mockApi({
      ...base,
      'GET /folder/upload/auth': (u: URL) =>
        reply(uploadAuth, uploadAuthOf(Number(u.searchParams.get('folderId')), 'You do not have permission for this')),
    });
    renderApp('/work');
    await expandFolder('document', 10);
    fireEvent.click(await findById('document-folder-12'));
    expect(await findById('document-upload-refused')).toHaveTextContent(
      'You cannot upload here: You do not have permission for this',
    );
    expect(await findById('document-upload-rules')).toHaveTextContent(
      'Allowed types: pdf, docx. PDF up to 50 MB, Word, Excel and PowerPoint up to 10 MB, other files up to 512 MB.',
    );
    const input = byId('document-upload-rules').closest('.ant-upload-wrapper')!.querySelector('input[type=file]');
    expect(input).toBeDisabled();
  });
});
