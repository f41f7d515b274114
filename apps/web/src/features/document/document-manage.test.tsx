import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { documentEdited, recycledList, versionList } from '@edoc/contract/document-edit';
import { noData } from '@edoc/contract/envelope';
import { changeLanguage } from '../../lib/i18n';
import { stopIdle } from '../../lib/idle-timer';
import { mockApi, reply } from '../../test/fetch-mock';
import { byId, findById } from '../../test/queries';
import { renderApp } from '../../test/render-app';
import { base, callsTo, enterWorkspace } from '../../test/document-fixtures';
import { mockXhr, ok } from './fake-xhr';

afterEach(() => {
  vi.unstubAllGlobals();
  stopIdle();
});

describe('versions', () => {
  it('uploads a new version with the file last and lists, labels and deletes versions', async () => {
    await changeLanguage('en-US');
    enterWorkspace();
    const versions = [
      {
        fileVersionId: 11,
        versionNo: 'V1.1',
        label: null,
        fileName: 'p2.pdf',
        size: 2048,
        sha256: 'b',
        creator: 'Pat',
        createdtime: '2026-01-03T08:00:00Z',
        current: true,
        textState: 4,
        textReason: 'pdftotext could not read the file',
      },
      {
        fileVersionId: 10,
        versionNo: 'V1.0',
        label: 'draft',
        fileName: 'p1.pdf',
        size: 1024,
        sha256: 'a',
        creator: 'Pat',
        createdtime: '2026-01-01T08:00:00Z',
        current: false,
        textState: 2,
        textReason: null,
      },
    ];
    const fetchMock = mockApi({
      ...base,
      'GET /file/version/find_all': () => reply(versionList, versions),
      'POST /file/version/edit/a': () => reply(noData, null),
      'GET /file/version/delete/10/a': () => reply(noData, null),
    });
    const sent = mockXhr(() => ok(documentEdited.parse({ fileId: 1, versionNo: 'V1.1' })));
    renderApp('/work');
    fireEvent.click(await findById('document-row-1-new-version'));
    const dialog = (await screen.findByText('New version of Protocol')).closest('.ant-modal') as HTMLElement;
    fireEvent.click(byId('document-edit-ok'));
    expect(await within(dialog).findByText('File is required')).toBeInTheDocument();
    const input = dialog.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['%PDF-1.4 2'], 'p2.pdf')] } });
    fireEvent.click(byId('document-edit-ok'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].url).toBe('/edoc/minio/file/edit/a');
    expect([...sent[0].body.keys()]).toEqual(['fileId', 'file']);
    expect(await screen.findByText('Saved as version V1.1')).toBeInTheDocument();

    fireEvent.click(byId('document-row-1-more'));
    fireEvent.click(await findById('document-row-1-versions'));
    const table = await findById('document-versions');
    expect(await within(table).findByText('draft')).toBeInTheDocument();
    expect(within(table).getByText('Current')).toBeInTheDocument();
    // Each version says whether its text is searchable (issue 13).
    expect(byId('version-10-text')).toHaveTextContent('Searchable');
    expect(byId('version-11-text')).toHaveTextContent('Failed');
    fireEvent.click(byId('version-11-label'));
    fireEvent.change(byId('version-label-11'), { target: { value: 'signed' } });
    fireEvent.keyDown(byId('version-label-11'), { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() =>
      expect(JSON.parse(String(callsTo(fetchMock, 'POST', '/file/version/edit/a')[0]?.[1]?.body))).toEqual({
        fileVersionId: 11,
        label: 'signed',
      }),
    );
    fireEvent.click(byId('version-10-delete'));
    expect(await screen.findByText('Delete version V1.0?')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', '/file/version/delete/10/a')).toHaveLength(0);
    fireEvent.click(await findById('version-10-delete-ok'));
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/file/version/delete/10/a')).toHaveLength(1));
  });
});

describe('recycle bin', () => {
  const recycled = [
    {
      fileId: 7,
      file_name: 'Old consent',
      folderId: 12,
      folder: '已签署方案',
      folderEn: 'Signed protocol',
      version_no: 'V1.0',
      deletedBy: 'Pat',
      deletedtime: '2026-02-01T08:00:00Z',
    },
    {
      fileId: 8,
      file_name: 'Orphan',
      folderId: null,
      folder: null,
      folderEn: null,
      version_no: 'V1.0',
      deletedBy: 'Pat',
      deletedtime: '2026-02-01T08:00:00Z',
    },
  ];

  it('restores to the old folder, asks for a folder when it is gone, and hides purge from staff', async () => {
    await changeLanguage('en-US');
    enterWorkspace('STU_STAFF');
    const fetchMock = mockApi({
      ...base,
      'GET /file/recycle/list': () => reply(recycledList, recycled),
      'POST /file/recycle/restore/7': () => reply(noData, null),
      'POST /file/recycle/restore/8': () => reply(noData, null),
    });
    renderApp('/work');
    fireEvent.click(await findById('recycle-bin'));
    expect(await screen.findByText('Signed protocol')).toBeInTheDocument();
    fireEvent.click(await findById('recycle-restore-7'));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/file/recycle/restore/7')).toHaveLength(1));
    expect(JSON.parse(String(callsTo(fetchMock, 'POST', '/file/recycle/restore/7')[0][1]?.body))).toEqual({});
    expect(await screen.findByText('Old consent restored')).toBeInTheDocument();
    expect(document.getElementById('recycle-purge-7')).toBeNull();
    expect(screen.getByText('(folder deleted)')).toBeInTheDocument();
    fireEvent.click(byId('recycle-restore-8'));
    // antd gives every modal title the same id under test, so the dialog is found by its title text.
    const dialog = (await screen.findByText('Restore Orphan to')).closest('.ant-modal') as HTMLElement;
    fireEvent.click(byId('recycle-restore-ok'));
    expect(await within(dialog).findByText('Target folder is required')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/file/recycle/restore/8')).toHaveLength(0);
  });

  it('lets a project administrator purge after a warning (Chinese)', async () => {
    await changeLanguage('zh-CN');
    enterWorkspace('STU_PM');
    const fetchMock = mockApi({
      ...base,
      'GET /file/recycle/list': () => reply(recycledList, recycled),
      'POST /file/recycle/purge/7': () => reply(noData, null),
    });
    renderApp('/work');
    fireEvent.click(await findById('recycle-bin'));
    fireEvent.click(await findById('recycle-purge-7'));
    expect(await screen.findByText('此操作无法撤销：文档及其所有版本将被永久删除。')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/file/recycle/purge/7')).toHaveLength(0);
    fireEvent.click(await findById('recycle-purge-7-ok'));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/file/recycle/purge/7')).toHaveLength(1));
    expect(await screen.findByText('Old consent 已彻底删除')).toBeInTheDocument();
  });
});

describe('editing the details', () => {
  it('sends the document date it is given (issue 27)', async () => {
    await changeLanguage('en-US');
    enterWorkspace();
    mockApi(base);
    const sent = mockXhr(() => ok(documentEdited.parse({ fileId: 1, versionNo: 'V1.0' })));
    renderApp('/work');
    fireEvent.click(await findById('document-row-1-more'));
    fireEvent.click(await findById('document-row-1-edit'));
    const dialog = (await screen.findByText('Edit details of Protocol')).closest('.ant-modal') as HTMLElement;
    const date = within(dialog).getByLabelText('Document date') as HTMLInputElement;
    expect(date).toHaveValue('');
    fireEvent.mouseDown(date);
    fireEvent.focus(date);
    fireEvent.change(date, { target: { value: '2026-02-27' } });
    fireEvent.keyDown(date, { key: 'Enter', code: 'Enter', keyCode: 13 });
    fireEvent.blur(date);
    fireEvent.click(byId('document-edit-ok'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].body.get('documentDate')).toBe('2026-02-27');
    expect(sent[0].body.get('effectiveDate')).toBe('2026-01-01');
  });
});
