import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { exchangeExportRoutes } from '@edoc/contract/exchange-export-routes';
import { changeLanguage } from '../../lib/i18n';
import { stopIdle } from '../../lib/idle-timer';
import { mockApi, serve } from '../../test/fetch-mock';
import { byId, clickOption, findById } from '../../test/queries';
import { renderApp } from '../../test/render-app';
import { enterProject } from '../../test/session';
import { mockXhr, ok } from '../document/fake-xhr';
import { bulkAcceptBody, bulkRowsBody } from '@edoc/contract/bulk-import';
import { bulkImportRoutes } from '@edoc/contract/bulk-import-routes';
import { bulkOf, bulkRowOf, OPTIONS } from './test-fixtures';

beforeAll(
  () =>
    Promise.all([
      import('../../app/layouts/area-layout'),
      import('./pages/bulk-import-page'),
      import('./pages/bulk-detail-page'),
    ]),
  60_000,
);

afterEach(() => {
  vi.unstubAllGlobals();
  stopIdle();
});

/** The zip's input (0) or the spreadsheet's (1): read afresh each time, as antd renews an input once it is used. */
const fileInput = (n: 0 | 1) => document.querySelectorAll<HTMLInputElement>('input[type=file]')[n];

/** The bodies of the POSTs to a path, each checked against the contract's schema. */
const posted = (fetchMock: ReturnType<typeof mockApi>, end: string, schema: { parse: (v: unknown) => unknown }) =>
  fetchMock.mock.calls
    .filter(([u, init]) => init?.method === 'POST' && String(u).endsWith(end))
    .map(([, init]) => {
      const body = JSON.parse(String(init?.body ?? '{}')) as unknown;
      schema.parse(body);
      return body;
    });

describe('the bulk import page', () => {
  it('lists the imports; a zip and a spreadsheet are sent together and the new import opens', async () => {
    await changeLanguage('en-US');
    enterProject(undefined, { pageSize: 20 });
    mockApi({
      ...serve(bulkImportRoutes.list, { total: 1, rows: [bulkOf(4, { summary: { ...bulkOf(4).summary, filed: 1 } })] }),
      ...serve(bulkImportRoutes.get, bulkOf(9, { state: 'validating', progress: 30 })),
    });
    const sent = mockXhr(() => ok(bulkOf(9, { state: 'uploaded', progress: 0 })));
    const router = renderApp('/exchange/bulk');
    expect(await findById('bulk-import-open-4')).toHaveAttribute('href', '/exchange/bulk/4');
    expect(byId('bulk-import-open-4').closest('tr')).toHaveTextContent('Pat');
    expect(byId('bulk-import-rules')).toHaveTextContent('metadata.xlsx');

    fireEvent.change(fileInput(0), { target: { files: [new File(['x'], 'binder.pdf', { type: 'application/pdf' })] } });
    expect(await findById('bulk-import-upload-error')).toHaveTextContent('binder.pdf is not a .zip file');
    expect(byId('bulk-import-send')).toBeDisabled();
    fireEvent.change(fileInput(0), {
      target: { files: [new File(['PK'], 'binder.zip', { type: 'application/zip' })] },
    });
    fireEvent.change(fileInput(1), { target: { files: [new File(['a,b'], 'metadata.csv', { type: 'text/csv' })] } });
    expect(await findById('bulk-import-sheet-name')).toHaveTextContent('metadata.csv');
    await waitFor(() => expect(byId('bulk-import-send')).toBeEnabled());
    fireEvent.click(byId('bulk-import-send'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/exchange/bulk/9'));
    expect(sent).toHaveLength(1);
    expect(sent[0].url).toBe('/edoc/exchange/bulk');
    expect((sent[0].body.get('file') as File).name).toBe('binder.zip');
    expect((sent[0].body.get('sheet') as File).name).toBe('metadata.csv');
    expect(await findById('bulk-import-running')).toHaveTextContent('Reading the files');
    expect(screen.getAllByRole('progressbar', { name: 'Reading' }).length).toBeGreaterThan(0);
  });

  it('reads in Chinese with an empty list; a member without the import permission sees the list only', async () => {
    await changeLanguage('zh-CN');
    enterProject('STAFF', { pageSize: 20, authorities: ['viewDoc'] });
    mockApi(serve(bulkImportRoutes.list, { total: 0, rows: [] }));
    renderApp('/exchange/bulk');
    expect(await screen.findByText('暂无批量导入')).toBeInTheDocument();
    expect(byId('bulk-import-no-right')).toHaveTextContent('导入需要');
    expect(document.getElementById('bulk-import-zip')).toBeNull();
  });
});

describe('a bulk import', () => {
  it('in preview: values with their source and confidence, a correction sent as the contract says, selected accepted, filing started', async () => {
    await changeLanguage('en-US');
    enterProject(undefined, { pageSize: 20 });
    let accepted = 0;
    const problemRow = bulkRowOf(2, {
      problems: [
        { code: 'unknown_site', params: {}, blocking: true, message: 'Site S99 (column site) is not in the project' },
      ],
    });
    const fetchMock = mockApi({
      ...serve(bulkImportRoutes.get, () => bulkOf(4, { summary: { ...bulkOf(4).summary, accepted } })),
      ...serve(bulkImportRoutes.rows, { total: 2, rows: [bulkRowOf(1), problemRow] }),
      ...serve(bulkImportRoutes.correct, () => {
        accepted = 2;
        return bulkOf(4);
      }),
      ...serve(bulkImportRoutes.accept, bulkOf(4, { state: 'filing', progress: 0 })),
      ...serve(exchangeExportRoutes.options, OPTIONS),
    });
    renderApp('/exchange/bulk/4');
    expect(await findById('bulk-summary-files')).toHaveTextContent('2');
    expect(await screen.findByText('Site S99 (column site) is not in the project')).toBeInTheDocument();
    expect((await screen.findAllByText('01.01.01 Trial Management Plan')).length).toBe(2);
    expect(byId('bulk-row-confidence-1')).toHaveTextContent('Low (32%)');
    expect(byId('bulk-row-confidence-1')).toHaveAttribute('tabindex', '0');
    expect(screen.getAllByText('from the spreadsheet').length).toBeGreaterThan(0);

    // Correct the second file: another artifact (searched among all of the model's), its site and version.
    fireEvent.click(byId('bulk-row-edit-2'));
    await screen.findByText('Values of binder/file-2.pdf');
    fireEvent.mouseDown(byId('bulk-edit-artifact'));
    await clickOption('05.03.01 Monitoring Visit Report');
    fireEvent.mouseDown(byId('bulk-edit-site'));
    await clickOption('S01 Peking');
    fireEvent.change(byId('bulk-edit-version'), { target: { value: 'V2.0' } });
    fireEvent.click(byId('bulk-edit-ok'));
    await waitFor(() => expect(posted(fetchMock, '/exchange/bulk/4/rows', bulkRowsBody)).toHaveLength(1));
    expect(posted(fetchMock, '/exchange/bulk/4/rows', bulkRowsBody)[0]).toEqual({
      rows: [
        {
          id: 2,
          decision: 'accept',
          artifactId: 23,
          level: 'trial',
          countryId: null,
          siteId: 3,
          documentDate: '2026-01-05',
          name: 'Plan 2',
          version: 'V2.0',
        },
      ],
    });

    // Select both and accept them.
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select binder/file-1.pdf' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select binder/file-2.pdf' }));
    fireEvent.click(byId('bulk-accept-selected'));
    await waitFor(() => expect(posted(fetchMock, '/exchange/bulk/4/rows', bulkRowsBody)).toHaveLength(2));
    expect(posted(fetchMock, '/exchange/bulk/4/rows', bulkRowsBody)[1]).toEqual({
      rows: [
        { id: 1, decision: 'accept' },
        { id: 2, decision: 'accept' },
      ],
    });

    // Start filing says how many, and asks first.
    await waitFor(() => expect(byId('bulk-start')).toBeEnabled());
    fireEvent.click(byId('bulk-start'));
    expect((await screen.findAllByText('File 2 files into this project?')).length).toBeGreaterThan(0);
    fireEvent.click(await findById('bulk-start-ok'));
    await waitFor(() => expect(posted(fetchMock, '/exchange/bulk/4/accept', bulkAcceptBody)).toHaveLength(1));
  });

  it('filters go to the server and into the address', async () => {
    await changeLanguage('en-US');
    enterProject(undefined, { pageSize: 20 });
    const fetchMock = mockApi({
      ...serve(bulkImportRoutes.get, bulkOf(4)),
      ...serve(bulkImportRoutes.rows, { total: 1, rows: [bulkRowOf(1)] }),
      ...serve(exchangeExportRoutes.options, OPTIONS),
    });
    const router = renderApp('/exchange/bulk/4');
    await findById('bulk-row-decision-1');
    fireEvent.click(screen.getByText('Low confidence', { selector: '.ant-segmented-item-label' }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls
          .map(([u]) => new URL(String(u), 'http://x'))
          .filter((u) => u.pathname === '/edoc/exchange/bulk/4/rows')
          .map((u) => Object.fromEntries(u.searchParams))
          .at(-1),
      ).toEqual({ lowConfidence: 'true', page: '1', pageSize: '20' }),
    );
    expect(router.state.location.search).toBe('?show=low&page=1&pageSize=20');
  });

  it('once done: the summary and links opening the filed documents, in Chinese', async () => {
    await changeLanguage('zh-CN');
    enterProject(undefined, { pageSize: 20 });
    mockApi({
      ...serve(
        bulkImportRoutes.get,
        bulkOf(4, {
          state: 'done',
          summary: { ...bulkOf(4).summary, accepted: 1, filed: 1, skipped: 1 },
          unmatched: [{ line: 4, file: 'missing.pdf' }],
        }),
      ),
      ...serve(bulkImportRoutes.rows, {
        total: 1,
        rows: [bulkRowOf(1, { decision: 'accept', state: 'filed', documentId: 77 })],
      }),
      ...serve(exchangeExportRoutes.options, OPTIONS),
    });
    renderApp('/exchange/bulk/4');
    expect(await screen.findByText('批量导入完成')).toBeInTheDocument();
    expect(byId('bulk-summary-filed')).toHaveTextContent('1');
    // The spreadsheet's line that named no file of the zip is said, with its line.
    expect(byId('bulk-import-unmatched')).toHaveTextContent('表格中有 1 行所指的文件不在压缩包中');
    expect(byId('bulk-import-unmatched')).toHaveTextContent('第 4 行：missing.pdf');
    expect(await findById('bulk-row-document-1')).toHaveAttribute('href', '/work?folder=12&doc=77');
    expect(document.getElementById('bulk-start')).toBeNull();
    expect(byId('bulk-import-back')).toHaveAttribute('href', '/exchange/bulk');
  });
});
