import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { companyList, companyUserPage } from '@edoc/contract/company';
import { importResult } from '@edoc/contract/excel';
import { unreadReleases } from '@edoc/contract/release';
import { changeLanguage } from '../../lib/i18n';
import { stopIdle } from '../../lib/idle-timer';
import { mockApi, reply } from '../../test/fetch-mock';
import { findById } from '../../test/queries';
import { renderApp } from '../../test/render-app';
import { signIn } from '../../test/session';

const objectUrls = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
afterEach(() => {
  vi.unstubAllGlobals();
  URL.createObjectURL = objectUrls.create;
  URL.revokeObjectURL = objectUrls.revoke;
  stopIdle();
});

const refused = (errors: unknown[]) =>
  new Response(
    JSON.stringify({
      status: false,
      msg: 'The import file has errors; nothing was imported',
      data: { errors },
      errorCode: 'import_invalid',
    }),
    { status: 400, headers: { 'Content-Type': 'application/json' } },
  );

describe('company user import', () => {
  it('downloads the template, lists every wrong cell of a refused file, and refreshes the list after an import', async () => {
    await changeLanguage('en-US');
    signIn('company', { companyId: 1 });
    URL.createObjectURL = vi.fn(() => 'blob:sample');
    URL.revokeObjectURL = vi.fn();
    let attempt = 0;
    const fetchMock = mockApi({
      'GET /company/users': () => reply(companyUserPage, { data: [], total: 0 }),
      'GET /release/unread': () => reply(unreadReleases, { releases: [] }),
      'GET /company/user/import/sample': () => new Response(new Blob(['xlsx']), { status: 200 }),
      'POST /company/user/import': () =>
        ++attempt === 1
          ? refused([
              { row: 3, column: 'Name', message: 'Name is required' },
              { row: 5, column: 'E-mail', message: 'E-mail appears more than once in the file' },
            ])
          : reply(importResult, { imported: 2 }),
    });
    renderApp('/company/user');
    fireEvent.click(await findById('company-user-import'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Import company users')).toBeInTheDocument();

    fireEvent.click(await findById('company-user-import-sample'));
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/company/user/import/sample'))).toBe(true);

    const input = dialog.querySelector<HTMLInputElement>('input[type=file]')!;
    fireEvent.change(input, { target: { files: [new File(['PK'], 'users.xlsx')] } });
    fireEvent.click(await findById('company-user-import-ok'));
    const errors = await findById('company-user-import-errors');
    expect(within(errors).getByText('Name is required')).toBeInTheDocument();
    expect(within(errors).getByText('E-mail appears more than once in the file')).toBeInTheDocument();
    expect(within(errors).getByText('5')).toBeInTheDocument();
    expect(within(dialog).getByText('The import file has errors; nothing was imported')).toBeInTheDocument();
    const sent = fetchMock.mock.calls.find(
      ([u, init]) => String(u).endsWith('/company/user/import') && init?.method === 'POST',
    );
    expect(((sent?.[1]?.body as FormData).get('file') as File).name).toBe('users.xlsx');

    const listCalls = () => fetchMock.mock.calls.filter(([u]) => String(u).includes('/company/users')).length;
    const before = listCalls();
    fireEvent.click(await findById('company-user-import-ok'));
    await waitFor(() => expect(listCalls()).toBeGreaterThan(before));
    await waitFor(() => expect(screen.queryByText('Import company users')).not.toBeInTheDocument());
  });

  it('names the company for a system administrator', async () => {
    await changeLanguage('en-US');
    signIn('system');
    const fetchMock = mockApi({
      'GET /company/users': () => reply(companyUserPage, { data: [], total: 0 }),
      'GET /company/list': () =>
        reply(companyList, {
          data: [
            {
              companyId: 4,
              companyName: 'Acme',
              description: null,
              enabled: true,
              projectCount: 0,
              userCount: 0,
              createdAt: '2025-01-01T00:00:00Z',
            },
          ],
          total: 1,
        }),
      'GET /release/unread': () => reply(unreadReleases, { releases: [] }),
      'POST /company/user/import': () => reply(importResult, { imported: 1 }),
    });
    renderApp('/system/company/user?companyId=4');
    fireEvent.click(await findById('company-user-import'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(dialog.querySelector<HTMLInputElement>('input[type=file]')!, {
      target: { files: [new File(['PK'], 'users.xlsx')] },
    });
    fireEvent.click(await findById('company-user-import-ok'));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([u]) => String(u).endsWith('/company/user/import?companyId=4'))).toBe(true),
    );
  });
});
