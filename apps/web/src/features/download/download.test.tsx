import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { downloadTaskCreated, downloadTaskList, type DownloadTaskRow } from '@edoc/contract/download';
import { noData } from '@edoc/contract/envelope';
import { AppProviders } from '../../app/providers';
import { changeLanguage } from '../../lib/i18n';
import { stopIdle } from '../../lib/idle-timer';
import { createQueryClient } from '../../lib/query-client';
import { mockApi, reply } from '../../test/fetch-mock';
import { byId, findById } from '../../test/queries';
import { renderApp } from '../../test/render-app';
import { POLL_MS } from './api';
import { DownloadTasks } from './components/download-tasks';
import { PackDialog } from './components/pack-dialog';
import { enterProject } from '../../test/session';

function task(over: Partial<DownloadTaskRow> = {}): DownloadTaskRow {
  return {
    id: 1,
    name: 'Archive 2026',
    creatorId: 5,
    creator: 'Pat',
    documentCount: 5,
    documentNames: ['Protocol', 'Report A', 'Report B'],
    state: 'completed',
    progress: 100,
    size: 2048,
    error: null,
    createdtime: '2026-03-01T08:00:00Z',
    finishedtime: '2026-03-01T08:01:00Z',
    expirestime: '2026-03-08T08:00:00Z',
    kind: 'files',
    report: null,
    ...over,
  };
}

const calls = (fetchMock: ReturnType<typeof mockApi>, method: string, path: string) =>
  fetchMock.mock.calls.filter(
    ([u, init]) => (init?.method ?? 'GET') === method && new URL(String(u), 'http://x').pathname === `/edoc${path}`,
  );

function renderAlone(node: React.ReactNode) {
  render(<AppProviders client={createQueryClient()}>{node}</AppProviders>);
}

afterEach(() => {
  vi.unstubAllGlobals();
  stopIdle();
});

describe('download center', () => {
  it("lists the project's tasks for an administrator at /manage/download, with an empty state", async () => {
    await changeLanguage('en-US');
    enterProject();
    const fetchMock = mockApi({
      'GET /download/task/list': () =>
        reply(downloadTaskList, {
          data: [
            task(),
            task({ id: 2, name: 'Broken', state: 'failed', error: 'File content is missing: gone.pdf', size: null }),
            task({ id: 3, name: 'Hand-over to the sponsor', kind: 'ems' }),
          ],
          total: 3,
        }),
    });
    renderApp('/manage/download');
    expect(await screen.findByText('Archive 2026')).toBeInTheDocument();
    expect(screen.getAllByText('Protocol, Report A, Report B and others (5 in all)')[0]).toBeInTheDocument();
    expect((await findById('download-state-1')).textContent).toBe('Completed');
    expect(screen.getByText('File content is missing: gone.pdf')).toBeInTheDocument();
    // The time column says what it holds (it was titled with the pack toast's text).
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toContain('Created');
    expect(document.getElementById('download-file-1')).not.toBeNull();
    expect(document.getElementById('download-file-2')).toBeNull();
    // An export says which package it is, under its name; a plain pack has no tag.
    expect(byId('download-kind-3')).toHaveTextContent('EMS package');
    expect(screen.getByText('Hand-over to the sponsor')).toBeInTheDocument();
    expect(document.getElementById('download-kind-1')).toBeNull();
    const [url] = calls(fetchMock, 'GET', '/download/task/list')[0];
    expect(new URL(String(url), 'http://x').searchParams.get('all')).toBe('true');

    mockApi({ 'GET /download/task/list': () => reply(downloadTaskList, { data: [], total: 0 }) });
    renderAlone(<DownloadTasks mine />);
    expect(await screen.findByText(/No download tasks yet/)).toBeInTheDocument();
  });

  it('asks again every 2 s while a task is packing and stops once it is completed', async () => {
    await changeLanguage('en-US');
    enterProject();
    let answer = 0;
    const fetchMock = mockApi({
      'GET /download/task/list': () => {
        answer++;
        const row = answer === 1 ? task({ state: 'packing', progress: 40, size: null }) : task();
        return reply(downloadTaskList, { data: [row], total: 1 });
      },
    });
    renderAlone(<DownloadTasks mine />);
    expect((await findById('download-state-1')).textContent).toBe('Packing');
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
    await waitFor(() => expect(document.getElementById('download-state-1')!.textContent).toBe('Completed'), {
      timeout: POLL_MS + 2000,
    });
    const asked = calls(fetchMock, 'GET', '/download/task/list').length;
    expect(asked).toBe(2);
    await new Promise((r) => setTimeout(r, POLL_MS + 500));
    expect(calls(fetchMock, 'GET', '/download/task/list')).toHaveLength(asked);
  }, 15_000);

  it('asks for a task name before packing the selected files', async () => {
    await changeLanguage('en-US');
    enterProject();
    const fetchMock = mockApi({
      'POST /download/task/create': () => reply(downloadTaskCreated, { id: 7, documentCount: 2 }),
    });
    const onClose = vi.fn();
    renderAlone(<PackDialog open fileIds={[3, 4]} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(await findById('download-pack-ok'));
    expect(await within(dialog).findByText('Task name is required')).toBeInTheDocument();
    expect(calls(fetchMock, 'POST', '/download/task/create')).toHaveLength(0);
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Task name' }), { target: { value: ' 归档 ' } });
    fireEvent.click(await findById('download-pack-ok'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await screen.findByText('Download task created')).toBeInTheDocument();
    const [[, init]] = calls(fetchMock, 'POST', '/download/task/create');
    expect(JSON.parse(String(init?.body))).toEqual({ name: '归档', fileIds: [3, 4] });
  });

  it('confirms before deleting a task, in Chinese', async () => {
    await changeLanguage('zh-CN');
    enterProject();
    const fetchMock = mockApi({
      'GET /download/task/list': () => reply(downloadTaskList, { data: [task()], total: 1 }),
      'POST /download/task/delete/1': () => reply(noData, null),
    });
    renderAlone(<DownloadTasks mine />);
    fireEvent.click(await findById('download-delete-1'));
    expect(await screen.findByText('确定删除下载任务“Archive 2026”吗？')).toBeInTheDocument();
    expect(calls(fetchMock, 'POST', '/download/task/delete/1')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(calls(fetchMock, 'POST', '/download/task/delete/1')).toHaveLength(1));
  });
});
