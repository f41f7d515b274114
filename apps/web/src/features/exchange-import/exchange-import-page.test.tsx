import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { exchangeImportRoutes } from '@edoc/contract/exchange-import-routes';
import { changeLanguage } from '../../lib/i18n';
import { stopIdle } from '../../lib/idle-timer';
import { mockApi, serve } from '../../test/fetch-mock';
import { byId, findById } from '../../test/queries';
import { renderApp } from '../../test/render-app';
import { importOf } from '../../test/exchange-import-fixtures';
import { enterProject } from '../../test/session';
import { mockXhr, ok, refused } from '../document/fake-xhr';

beforeAll(() => Promise.all([import('../../app/layouts/area-layout'), import('./pages/exchange-import-page')]), 60_000);

afterEach(() => {
  vi.unstubAllGlobals();
  stopIdle();
});

/** The list's query as each call sent it. */
const listQueries = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls
    .map(([u]) => new URL(String(u), 'http://x'))
    .filter((u) => u.pathname === '/edoc/exchange/import/list')
    .map((u) => Object.fromEntries(u.searchParams));

const fileInput = () => document.querySelector<HTMLInputElement>('input[type=file]')!;

describe('the EMS import page', () => {
  it('lists the imports with who, when, state and summary; a package opens its import', async () => {
    await changeLanguage('en-US');
    enterProject(undefined, { pageSize: 20 });
    const fetchMock = mockApi(
      serve(exchangeImportRoutes.list, {
        total: 2,
        rows: [importOf(4), importOf(3, { state: 'validating', progress: 40 })],
      }),
    );
    renderApp('/exchange/import');
    expect(await findById('exchange-import-open-4')).toHaveAttribute('href', '/exchange/import/4');
    expect(byId('exchange-import-open-4')).toHaveTextContent('cro-handover-4.zip');
    expect(byId('exchange-import-open-4').closest('tr')).toHaveTextContent('2 objects, 1 with problems, 1 conflicts');
    expect(byId('exchange-import-state-3')).toHaveTextContent('Checking');
    expect(screen.getByRole('progressbar', { name: 'Checking' })).toBeInTheDocument();
    expect(listQueries(fetchMock).at(-1)).toEqual({ page: '1', pageSize: '20' });
  });

  it('refuses a file that is not a zip, or too large, before sending a byte; a zip is sent and its import opens', async () => {
    await changeLanguage('en-US');
    enterProject(undefined, { pageSize: 20 });
    mockApi({
      ...serve(exchangeImportRoutes.list, { total: 0, rows: [] }),
      ...serve(exchangeImportRoutes.get, importOf(9, { state: 'validating', progress: 10 })),
    });
    const sent = mockXhr((request) =>
      (request.body.get('file') as File).name === 'fake.zip'
        ? refused(400, 'exchange_package_unreadable', 'The package is not a zip edoc can read')
        : ok(importOf(9, { state: 'uploaded', progress: 0 })),
    );
    const router = renderApp('/exchange/import');
    expect(await screen.findByText('No imports yet')).toBeInTheDocument();

    fireEvent.change(fileInput(), { target: { files: [new File(['x'], 'binder.pdf', { type: 'application/pdf' })] } });
    expect(await findById('exchange-import-upload-error')).toHaveTextContent('binder.pdf is not a .zip file');
    const huge = new File(['x'], 'huge.zip', { type: 'application/zip' });
    Object.defineProperty(huge, 'size', { value: 600 * 1024 * 1024 });
    fireEvent.change(fileInput(), { target: { files: [huge] } });
    await waitFor(() =>
      expect(byId('exchange-import-upload-error')).toHaveTextContent('huge.zip is larger than 512 MB'),
    );
    expect(sent).toHaveLength(0);
    // The server's own refusal (a .zip that is no zip) is said in the same place.
    fireEvent.change(fileInput(), { target: { files: [new File(['no'], 'fake.zip', { type: 'application/zip' })] } });
    await waitFor(() =>
      expect(byId('exchange-import-upload-error')).toHaveTextContent('The package is not a zip edoc can read'),
    );

    fireEvent.change(fileInput(), { target: { files: [new File(['PK'], 'tmf.zip', { type: 'application/zip' })] } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/exchange/import/9'));
    expect(sent).toHaveLength(2);
    expect(sent[1].url).toBe('/edoc/exchange/import');
    expect((sent[1].body.get('file') as File).name).toBe('tmf.zip');
    expect(await findById('exchange-import-running')).toHaveTextContent('Checking the package');
  });

  it('reads in Chinese; a member without the import permission sees the list only', async () => {
    await changeLanguage('zh-CN');
    enterProject('STAFF', { pageSize: 20, authorities: ['viewDoc'] });
    mockApi(serve(exchangeImportRoutes.list, { total: 0, rows: [] }));
    renderApp('/exchange/import?page=1&pageSize=20');
    expect(await screen.findByText('暂无导入')).toBeInTheDocument();
    expect(byId('exchange-import-no-right')).toHaveTextContent('导入需要');
    expect(document.getElementById('exchange-import-upload')).toBeNull();
  });
});
