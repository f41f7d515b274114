import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { noData } from '@edoc/contract/envelope';
import { noticeList, noticeSaved } from '@edoc/contract/notice';
import { changeLanguage } from '../../lib/i18n';
import { stopIdle } from '../../lib/idle-timer';
import { mockApi, reply } from '../../test/fetch-mock';
import { renderApp } from '../../test/render-app';
import { signIn } from '../../test/session';

const released = {
  id: 5,
  subject: 'Maintenance',
  contents: '<p>Tonight</p>',
  effectiveTime: '2025-01-02T08:00:00+08:00',
  status: 1,
  updatedAt: '2025-01-01T08:00:00+08:00',
  updatedBy: 'Ann',
};

afterEach(() => {
  vi.unstubAllGlobals();
  stopIdle();
});

describe('system notice page', () => {
  it('lists notices with paging parameters and undoes a release after confirmation', async () => {
    await changeLanguage('en-US');
    signIn('system');
    const fetchMock = mockApi({
      'GET /notice/system/list': () => reply(noticeList, { data: [released], total: 1 }),
      'POST /notice/system/release/undo/5/a': () => reply(noData, null),
    });
    renderApp('/system/notice');
    const table = await screen.findByRole('table');
    expect(await within(table).findByText('Maintenance')).toBeInTheDocument();
    expect(within(table).getByText('Released')).toBeInTheDocument();
    const listUrl = new URL(String(fetchMock.mock.calls.find(([u]) => String(u).includes('/list'))?.[0]), 'http://x');
    expect(Object.fromEntries(listUrl.searchParams)).toEqual({ pageNum: '1', pageSize: '10' });

    fireEvent.click(within(table).getByRole('button', { name: 'Undo release' }));
    expect(await screen.findByText('Withdraw this notice from the login page?')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([u]) => String(u).endsWith('/notice/system/release/undo/5/a'))).toBe(true),
    );
  });

  it('validates a new notice with the server texts and sends the effective time with its offset', async () => {
    await changeLanguage('en-US');
    signIn('system');
    const fetchMock = mockApi({
      'GET /notice/system/list': () => reply(noticeList, { data: [], total: 0 }),
      'POST /notice/system/update/a': () => reply(noticeSaved, { id: 6 }),
    });
    renderApp('/system/notice');
    fireEvent.click(await screen.findByRole('button', { name: /new notice/i }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Subject is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Announcement details cannot be empty')).toBeInTheDocument();

    fireEvent.change(within(dialog).getByLabelText('Subject'), { target: { value: 'Upgrade' } });
    fireEvent.change(within(dialog).getByLabelText('Contents'), { target: { value: '<p>Sunday</p>' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([u]) => String(u).endsWith('/update/a'))).toBe(true));
    const call = fetchMock.mock.calls.find(([u]) => String(u).endsWith('/update/a'));
    const body = JSON.parse(String(call?.[1]?.body)) as Record<string, unknown>;
    expect(body).toMatchObject({ subject: 'Upgrade', contents: '<p>Sunday</p>', release: true });
    expect(String(body.effectiveTime)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/);
    // The same confirmation as every save (issue 12, defect 7).
    expect(await screen.findByText('Saved')).toBeInTheDocument();
  });
});
