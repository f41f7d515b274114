import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { noData } from '@edoc/contract/envelope';
import { UserType } from '@edoc/contract/enums';
import { registrationList } from '@edoc/contract/registration';
import { changeLanguage } from '../../lib/i18n';
import { stopIdle } from '../../lib/idle-timer';
import { mockApi, reply } from '../../test/fetch-mock';
import { findById } from '../../test/queries';
import { renderApp } from '../../test/render-app';
import { signIn } from '../../test/session';

const applicant = {
  userId: 21,
  email: 'eve@example.com',
  userName: 'Eve External',
  userType: UserType.Project,
  companyId: 3,
  companyName: 'Acme',
  isCompanyManager: false,
  enabled: true,
  origin: 1,
  approvalStatus: 0,
  mobile: null,
  createdAt: '2025-03-01T09:00:00+08:00',
  approvalReason: null,
  decidedAt: null,
};

function decisions(fetchMock: ReturnType<typeof mockApi>) {
  return fetchMock.mock.calls
    .filter(([u]) => String(u).endsWith('/edoc/company/approve/21/a'))
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
}

function server() {
  return mockApi({
    'GET /company/approve/list': (url) =>
      reply(
        registrationList,
        url.searchParams.get('status') === '2'
          ? { data: [{ ...applicant, approvalStatus: 2, approvalReason: 'Unknown person' }], total: 1 }
          : { data: [applicant], total: 1 },
      ),
    'POST /company/approve/21/a': () => reply(noData, null),
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  stopIdle();
});

describe('user approval page', () => {
  it.each([
    { lang: 'en-US' as const, reject: 'Reject', required: 'Reason is required' },
    { lang: 'zh-CN' as const, reject: /拒\s*绝/, required: '请输入原因' },
  ])('will not reject without a reason ($lang)', async ({ lang, reject, required }) => {
    await changeLanguage(lang);
    signIn('company');
    const fetchMock = server();
    renderApp('/company/approve');
    fireEvent.click(await findById('approve-reject-21'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: reject }));
    expect(await within(dialog).findByText(required)).toBeInTheDocument();
    // Blanks are no reason either.
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: reject }));
    await waitFor(() => expect(within(dialog).getByText(required)).toBeInTheDocument());
    expect(decisions(fetchMock)).toEqual([]);

    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: ' Not one of ours ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: reject }));
    await waitFor(() => expect(decisions(fetchMock)).toEqual([{ pass: false, reason: 'Not one of ours' }]));
  });

  it('approves with one click and shows the rejected tab with its reasons', async () => {
    await changeLanguage('en-US');
    signIn('company');
    const fetchMock = server();
    const router = renderApp('/company/approve');
    expect(await screen.findByText('Eve External')).toBeInTheDocument();
    fireEvent.click(await findById('approve-pass-21'));
    await waitFor(() => expect(decisions(fetchMock)).toEqual([{ pass: true }]));
    expect(await screen.findByText('Eve External may now sign in')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('tab', { name: 'Rejected' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=2'));
    expect(await screen.findByText('Unknown person')).toBeInTheDocument();
    expect(document.getElementById('approve-reject-21')).toBeNull();
  });
});
