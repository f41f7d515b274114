import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { qualityIssueRoutes } from '@edoc/contract/quality-issue-routes';
import { fileDetail, viewState, type FileDetail } from '@edoc/contract/viewer';
import { recipientList } from '@edoc/contract/workflow-requests';
import { changeLanguage } from '../../lib/i18n';
import { stopIdle } from '../../lib/idle-timer';
import { mockApi, reply, serve } from '../../test/fetch-mock';
import { byId, clickOption, findById } from '../../test/queries';
import { renderApp } from '../../test/render-app';
import { enterProject } from '../../test/session';
import { dialogTitled, posted } from '../../test/tmf-model-fixtures';

// jsdom cannot draw pdf.js canvases: the engine is replaced by a fake document of three pages.
const engine = vi.hoisted(() => ({ openPdf: vi.fn() }));
vi.mock('../viewer/pdf-engine', () => ({ openPdf: engine.openPdf }));

const detail: FileDetail = {
  fileId: 7,
  name: 'Protocol',
  folderId: 3,
  status: 1,
  fileCode: 'PRT-001',
  version: {
    fileVersionId: 70,
    versionNo: 'V2.0',
    label: null,
    fileName: 'protocol.pdf',
    extension: 'pdf',
    size: 1234,
    createdtime: '2026-01-01T08:00:00.000Z',
    current: true,
  },
  kind: 'pdf',
  abilities: ['viewDoc', 'qcDoc'],
  canDownload: false,
  actions: [],
  lock: null,
  withheld: [],
  signing: { required: false, needsEmail: false },
  watermark: { name: 'Pat', email: 'pat@example.com', time: '2026-03-01T04:05:06.000Z' },
};

function viewer(canRaise: boolean) {
  engine.openPdf.mockResolvedValue({
    numPages: 3,
    pageSize: async () => ({ width: 600, height: 800 }),
    render: () => ({ done: Promise.resolve(), cancel: () => undefined }),
    pageText: async () => '',
    pageRuns: async () => [],
    destroy: () => undefined,
  });
  return mockApi({
    'GET /file/7': () => reply(fileDetail, detail),
    'GET /minio/file/state/70': () => reply(viewState, { state: 'ready', kind: 'pdf' }),
    'GET /folder/recipients': () => reply(recipientList, [{ id: 8, name: 'Han Mei', email: 'han.mei@example.com' }]),
    ...serve(qualityIssueRoutes.list, { items: [], total: 0, canRaise }),
    ...serve(qualityIssueRoutes.create, { id: 3 }),
  });
}

// The viewer's modules (its PDF view loads apart) are transformed once here, not inside the first test's wait.
beforeAll(() => Promise.all([import('../viewer/pages/view-page'), import('../viewer/components/pdf-view')]), 60_000);

afterEach(() => {
  vi.unstubAllGlobals();
  stopIdle();
  engine.openPdf.mockReset();
});

describe('raising an issue from the viewer', () => {
  it('fills in the page being read and the version shown', async () => {
    await changeLanguage('en-US');
    enterProject();
    const fetchMock = viewer(true);
    renderApp('/view?fileId=7&fileVerId=70&page=2');
    await waitFor(() => expect((byId('viewer-page-input') as HTMLInputElement).value).toBe('2'));
    fireEvent.click(await findById('viewer-raise-issue'));
    const dialog = await dialogTitled('Raise a quality issue');
    expect(within(dialog).getByRole('spinbutton', { name: 'Page' })).toHaveValue('2');
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Category' }));
    await clickOption('Illegible');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Comment' }), { target: { value: 'Blurred scan' } });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Assignee' }));
    await clickOption('Han Mei (han.mei@example.com)');
    fireEvent.click(byId('quality-raise-ok'));
    await waitFor(() =>
      expect(posted(fetchMock, '/quality-issue/create')).toEqual([
        { documentId: 7, category: 'illegible', comment: 'Blurred scan', assigneeId: 8, versionNo: 'V2.0', page: 2 },
      ]),
    );
    expect(await screen.findByText('Quality issue raised')).toBeInTheDocument();
  });

  it('is not offered to one who may not raise issues on the document', async () => {
    await changeLanguage('en-US');
    enterProject();
    const fetchMock = viewer(false);
    renderApp('/view?fileId=7&fileVerId=70');
    await findById('viewer-page-3');
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/quality-issue/list?documentId=7'))).toBe(true),
    );
    expect(document.getElementById('viewer-raise-issue')).toBeNull();
  });
});
