import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { editEnded, editExist, editSession, type EditExist, type EditSession } from '@edoc/contract/editing';
import { fileDetail, viewState, type FileDetail } from '@edoc/contract/viewer';
import { changeLanguage } from '../../lib/i18n';
import { stopIdle } from '../../lib/idle-timer';
import { mockApi, reply } from '../../test/fetch-mock';
import { byId, findById } from '../../test/queries';
import { renderApp } from '../../test/render-app';
import { signIn } from '../../test/session';

// Issue 15: the viewer's Edit menu and the lock bar.
const detail: FileDetail = {
  fileId: 7,
  name: 'Protocol',
  folderId: 3,
  status: 1,
  fileCode: null,
  version: {
    fileVersionId: 70,
    versionNo: 'V1.0',
    label: null,
    fileName: 'protocol.docx',
    extension: 'docx',
    size: 10,
    createdtime: '2026-01-01T08:00:00.000Z',
    current: true,
  },
  kind: 'office',
  abilities: ['viewDoc', 'editDoc'],
  canDownload: false,
  actions: [],
  lock: null,
  withheld: [],
  signing: { required: false, needsEmail: false },
  watermark: { name: 'Ann', email: 'ann@example.com', time: '2026-03-01T04:05:06.000Z' },
};
const holder = {
  userId: 5,
  userName: 'Ann Lee',
  mode: 'webdav' as const,
  startedAt: '2026-11-25T08:30:00.000Z',
  expiresAt: '2026-11-25T09:00:00.000Z',
};
const session: EditSession = {
  ...holder,
  fileId: 7,
  fileVersionId: 70,
  fileName: 'protocol.docx',
  uniqueSymbol: 's'.repeat(43),
  changed: true,
  webdavUrl: `http://edoc.example/dav/${'s'.repeat(43)}/protocol.docx`,
  officeUri: `ms-word:ofe|u|http://edoc.example/dav/${'s'.repeat(43)}/protocol.docx`,
  wopi: null,
};
const none: EditExist = {
  exists: false,
  mine: false,
  canEnd: false,
  browserEditor: false,
  holder: null,
  session: null,
};

function serve(status: () => EditExist) {
  return mockApi({
    'GET /file/7': () => reply(fileDetail, detail),
    'GET /minio/file/state/70': () => reply(viewState, { state: 'unsupported', kind: null }),
    'GET /file/ol/unique/exist/7': () => reply(editExist, status()),
    'POST /file/ol/start/a': () => reply(editSession, session),
    'DELETE /file/ol/revise/symbol/del/7': () =>
      reply(editEnded, { outcome: 'saved', fileVersionId: 71, versionNo: 'V1.1' }),
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  stopIdle();
});

describe('editing from the viewer', () => {
  it('starts in the desktop app, shows the WebDAV address and the Office link, and finishes as a new version', async () => {
    await changeLanguage('en-US');
    signIn();
    let current = none;
    const fetchMock = serve(() => current);
    renderApp('/view?fileId=7&fileVerId=70');
    fireEvent.click(await findById('edit-start'));
    current = { ...none, exists: true, mine: true, canEnd: true, holder, session };
    fireEvent.click(await screen.findByText('In the desktop app (Word, WPS, LibreOffice)'));
    expect(await findById('edit-webdav-url')).toHaveValue(session.webdavUrl);
    expect(byId('edit-open-office')).toHaveAttribute('href', session.officeUri);
    expect(byId('edit-mine')).toHaveTextContent('You are editing this document in the desktop app since');
    expect(document.getElementById('edit-start')).toBeNull();
    const start = fetchMock.mock.calls.find(
      ([u, init]) => String(u).endsWith('/file/ol/start/a') && init?.method === 'POST',
    );
    expect(JSON.parse(String(start![1]!.body))).toEqual({ fileId: 7, mode: 'webdav' });
    current = none;
    fireEvent.click(byId('edit-finish'));
    expect(await screen.findByText('Saved as version V1.1')).toBeInTheDocument();
    // The viewer moves on to the version the session made.
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/file/7?fileVersionId=71'))).toBe(true),
    );
  });

  it('shows who holds the lock, and lets an administrator end their session (Chinese)', async () => {
    await changeLanguage('zh-CN');
    signIn();
    let current: EditExist = { ...none, exists: true, canEnd: true, holder };
    const fetchMock = serve(() => current);
    renderApp('/view?fileId=7&fileVerId=70');
    expect(await findById('edit-locked')).toHaveTextContent('Ann Lee 自');
    expect(document.getElementById('edit-start')).toBeNull();
    fireEvent.click(byId('edit-end-other'));
    current = none;
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([u, init]) => String(u).includes('/file/ol/revise/symbol/del/7') && init?.method === 'DELETE',
        ),
      ).toBe(true),
    );
  });

  it('asks nothing about locks for a document that is not being edited (an inspector may not ask)', async () => {
    await changeLanguage('en-US');
    signIn();
    const archived = { ...detail, status: 6, abilities: ['viewDoc' as const] };
    const fetchMock = mockApi({
      'GET /file/7': () => reply(fileDetail, archived),
      'GET /minio/file/state/70': () => reply(viewState, { state: 'unsupported', kind: null }),
    });
    renderApp('/view?fileId=7&fileVerId=70');
    expect(await findById('viewer-version')).toHaveTextContent('V1.0');
    await new Promise((r) => setTimeout(r, 300));
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/file/ol/'))).toBe(false);
    expect(document.getElementById('edit-start')).toBeNull();
  });
});
