import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { noData } from '@edoc/contract/envelope';
import { releaseList, releaseSaved, unreadReleases } from '@edoc/contract/release';
import { changeLanguage } from '../../lib/i18n';
import { stopIdle } from '../../lib/idle-timer';
import { envelope, mockApi, reply } from '../../test/fetch-mock';
import { renderApp } from '../../test/render-app';
import { signIn } from '../../test/session';

const r245 = {
  id: 7,
  version: '2.4.5',
  releasedOn: '2025-03-01',
  notesZh: '<p>修复</p>',
  notesEn: '<p>Fixes for <b>upload</b></p>',
  createdAt: '2025-03-01T08:00:00Z',
  createdBy: 'Ann',
};

afterEach(() => {
  vi.unstubAllGlobals();
  stopIdle();
});

const bodyOf = (fetchMock: ReturnType<typeof mockApi>, suffix: string) => {
  const call = fetchMock.mock.calls.find(([u]) => String(u).includes(suffix));
  return call ? (JSON.parse(String(call[1]?.body)) as Record<string, unknown>) : null;
};

describe('version upgrade page', () => {
  it('lists releases with paging and deletes one after confirmation', async () => {
    await changeLanguage('en-US');
    signIn('system');
    const fetchMock = mockApi({
      'GET /release/list': () => reply(releaseList, { data: [r245], total: 1 }),
      'GET /release/unread': () => reply(unreadReleases, { releases: [] }),
      'POST /release/delete/7/a': () => reply(noData, null),
    });
    renderApp('/system/version');
    const table = await screen.findByRole('table');
    expect(await within(table).findByText('2.4.5')).toBeInTheDocument();
    expect(within(table).getByText('Fixes for upload')).toBeInTheDocument();
    const listUrl = new URL(String(fetchMock.mock.calls.find(([u]) => String(u).includes('/list'))?.[0]), 'http://x');
    expect(Object.fromEntries(listUrl.searchParams)).toEqual({ pageNum: '1', pageSize: '10' });

    fireEvent.click(within(table).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(/Delete release 2\.4\.5\?/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([u]) => String(u).endsWith('/release/delete/7/a'))).toBe(true),
    );
  });

  it('checks the form with the contract texts and shows a duplicate version under the field', async () => {
    await changeLanguage('en-US');
    signIn('system');
    const fetchMock = mockApi({
      'GET /release/list': () => reply(releaseList, { data: [], total: 0 }),
      'GET /release/unread': () => reply(unreadReleases, { releases: [] }),
      'POST /release/save/a': () =>
        envelope(null, { status: 409, errorCode: 'release_version_exists', msg: 'The version number already exists' }),
    });
    renderApp('/system/version');
    expect(await screen.findByText('No release recorded yet')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /new release/i }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Version number'), { target: { value: 'v2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Version number is invalid')).toBeInTheDocument();
    expect(within(dialog).getByText('Notes (Chinese) is required')).toBeInTheDocument();

    fireEvent.change(within(dialog).getByLabelText('Version number'), { target: { value: '2.4.5' } });
    fireEvent.change(within(dialog).getByLabelText('Notes (Chinese)'), { target: { value: '修复' } });
    fireEvent.change(within(dialog).getByLabelText('Notes (English)'), { target: { value: 'Fixes' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The version number already exists')).toBeInTheDocument();
    expect(bodyOf(fetchMock, '/release/save/a')).toMatchObject({ version: '2.4.5', notesZh: '修复', notesEn: 'Fixes' });
    expect(String(bodyOf(fetchMock, '/release/save/a')?.releasedOn)).toMatch(/^\d{4}-\d\d-\d\d$/);

    // Saved: the dialog closes with the same confirmation as every save (issue 12, defect 7).
    mockApi({
      'GET /release/list': () => reply(releaseList, { data: [], total: 0 }),
      'GET /release/unread': () => reply(unreadReleases, { releases: [] }),
      'POST /release/save/a': () => reply(releaseSaved, { id: 3 }),
    });
    fireEvent.change(within(dialog).getByLabelText('Version number'), { target: { value: '2.4.6' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
  });
});

describe("what's new", () => {
  it('shows unread releases once in any area and acknowledges up to the newest shown', async () => {
    await changeLanguage('en-US');
    signIn('company');
    let unread = [
      { id: 9, version: '2.5.0', releasedOn: '2025-05-01', notes: '<p>New <b>reports</b></p>' },
      { id: 7, version: '2.4.5', releasedOn: '2025-03-01', notes: 'Fixes' },
    ];
    const fetchMock = mockApi({
      'GET /release/unread': () => reply(unreadReleases, { releases: unread }),
      'POST /release/read/a': () => {
        unread = [];
        return reply(noData, null);
      },
    });
    renderApp('/company/userCenter');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText("What's new")).toBeInTheDocument();
    expect(within(dialog).getByText('Version 2.5.0 (2025-05-01)')).toBeInTheDocument();
    expect(within(dialog).getByText('reports')).toBeInTheDocument();
    expect(within(dialog).getByText('Version 2.4.5 (2025-03-01)')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Got it' }));
    await waitFor(() => expect(bodyOf(fetchMock, '/release/read/a')).toEqual({ upTo: 9 }));
    await waitFor(() => expect(screen.queryByText('Version 2.5.0 (2025-05-01)')).not.toBeVisible());
  });

  it('shows nothing when every release has been read, also on the project picker', async () => {
    await changeLanguage('en-US');
    signIn('project');
    const fetchMock = mockApi({
      'GET /release/unread': () => reply(unreadReleases, { releases: [] }),
      'GET /common/study': () => envelope({ data: [], total: 0 }),
      'GET /common/company': () => envelope([]),
    });
    renderApp('/select');
    await waitFor(() => expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/release/unread'))).toBe(true));
    expect(screen.queryByText("What's new")).not.toBeInTheDocument();
  });
});
