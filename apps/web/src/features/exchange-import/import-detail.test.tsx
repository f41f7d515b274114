import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { importDecideBody } from '@edoc/contract/exchange-import';
import { exchangeImportRoutes } from '@edoc/contract/exchange-import-routes';
import { siteRoutes } from '@edoc/contract/site-routes';
import { folderRoutes } from '@edoc/contract/folder-routes';
import { changeLanguage } from '../../lib/i18n';
import { stopIdle } from '../../lib/idle-timer';
import { mockApi, serve } from '../../test/fetch-mock';
import { byId, clickOption, findById } from '../../test/queries';
import { renderApp } from '../../test/render-app';
import { tree } from '../../test/document-fixtures';
import { importOf, importRowOf } from '../../test/exchange-import-fixtures';
import { enterProject } from '../../test/session';

beforeAll(() => Promise.all([import('../../app/layouts/area-layout'), import('./pages/import-detail-page')]), 60_000);

afterEach(() => {
  vi.unstubAllGlobals();
  stopIdle();
});

const SITES = [
  { siteId: 3, name: 'Peking', shortName: null, code: 'S01', countryId: 2, countryCode: 'CN', memberCount: 0 },
];
const problemRow = importRowOf(2, {
  conflict: 'exists',
  existingDocumentId: 40,
  target: { ...importRowOf(2).target, artifactId: null, folderId: null, folderName: null },
  source: { ...importRowOf(2).source, artifactNumber: '99.01.01' },
  problems: [
    {
      code: 'unknown_artifact',
      params: { number: '99.01.01' },
      blocking: true,
      message: 'The project has no artifact 99.01.01',
    },
  ],
});

/** The bodies of the decision calls, as sent; each one the contract's schema takes. */
const decisions = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls
    .filter(([u, init]) => init?.method === 'POST' && String(u).endsWith('/exchange/import/4/rows'))
    .map(([, init]) => {
      const body = JSON.parse(String(init?.body)) as unknown;
      importDecideBody.parse(body);
      return body;
    });
const rowQueries = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls
    .map(([u]) => new URL(String(u), 'http://x'))
    .filter((u) => u.pathname === '/edoc/exchange/import/4/rows')
    .map((u) => Object.fromEntries(u.searchParams));

function treeNode(title: string): HTMLElement {
  const found = [...document.querySelectorAll<HTMLElement>('.ant-select-tree-node-content-wrapper')].find(
    (el) => el.getAttribute('title') === title,
  );
  if (!found) throw new Error(`no folder ${title} in the picker`);
  return found;
}

describe('an EMS import', () => {
  it('in preview: the summary, the options, a corrected mapping and decisions sent as the contract says', async () => {
    await changeLanguage('en-US');
    enterProject(undefined, { pageSize: 20 });
    let accepted = 0;
    const fetchMock = mockApi({
      ...serve(exchangeImportRoutes.get, () => importOf(4, { summary: { ...importOf(4).summary, accepted } })),
      ...serve(exchangeImportRoutes.rows, (url) => {
        const rows = url.searchParams.get('problemOnly') === 'true' ? [problemRow] : [importRowOf(1), problemRow];
        return { total: rows.length, rows };
      }),
      ...serve(exchangeImportRoutes.decide, () => {
        accepted = 2;
        return importOf(4);
      }),
      ...serve(exchangeImportRoutes.accept, importOf(4, { state: 'filing', progress: 0 })),
      ...serve(siteRoutes.list, SITES),
      ...serve(folderRoutes.tree0, tree),
    });
    const router = renderApp('/exchange/import/4');
    expect(await findById('exchange-summary-objects')).toHaveTextContent('2');
    expect(byId('exchange-option-countries-what')).toHaveTextContent('Will create: DEU');
    expect(byId('exchange-option-sites-what')).toHaveTextContent('Will create: S09 Berlin Charité');
    expect(await screen.findByText('The project has no artifact 99.01.01')).toBeInTheDocument();
    expect(screen.getByText('Already in the project')).toBeInTheDocument();
    expect(screen.getByText('02.01.02 → 02.01.02 Protocol')).toBeInTheDocument();
    // The menu keeps EMS import lit on the import's own page.
    expect(document.querySelector('[data-menu-id="side-menu-/exchange/import"]')).toHaveClass('ant-menu-item-selected');

    // The filter goes to the server and into the address.
    fireEvent.click(within(byId('exchange-rows-filter')).getByText('With problems'));
    await waitFor(() =>
      expect(rowQueries(fetchMock).at(-1)).toEqual({ problemOnly: 'true', page: '1', pageSize: '20' }),
    );
    expect(router.state.location.search).toBe('?show=problems&page=1&pageSize=20');

    // The option is sent on its own.
    fireEvent.click(byId('exchange-option-sites'));
    await waitFor(() => expect(decisions(fetchMock)).toEqual([{ options: { createSites: true } }]));

    // Correct the blocked object's mapping: its artifact folder, site, date and name; saving accepts it.
    fireEvent.click(await findById('exchange-row-correct-2'));
    const dialog = (await screen.findByText('Where to file ABC-D2')).closest('.ant-modal') as HTMLElement;
    fireEvent.mouseDown(within(dialog).getAllByRole('combobox')[0]);
    await waitFor(() => treeNode('8.2.2 Signed protocol'));
    fireEvent.click(treeNode('8.2.2 Signed protocol'));
    fireEvent.mouseDown(byId('exchange-target-site'));
    await clickOption('S01 Peking');
    fireEvent.change(byId('exchange-target-name'), { target: { value: 'Protocol v2 (CRO)' } });
    fireEvent.click(byId('exchange-target-ok'));
    await waitFor(() => expect(decisions(fetchMock)).toHaveLength(2));
    expect(decisions(fetchMock)[1]).toEqual({
      rows: [
        {
          id: 2,
          decision: 'accept',
          target: { folderId: 12, countryId: null, siteId: 3, documentDate: '2026-01-05', name: 'Protocol v2 (CRO)' },
        },
      ],
    });

    // A decision per row (a conflict may become a new version), and for all.
    fireEvent.mouseDown(byId('exchange-row-decision-2'));
    await clickOption('New version');
    await waitFor(() => expect(decisions(fetchMock)[2]).toEqual({ rows: [{ id: 2, decision: 'new_version' }] }));
    fireEvent.click(byId('exchange-accept-all'));
    await waitFor(() => expect(decisions(fetchMock)[3]).toEqual({ all: 'accept' }));

    // Start import says how many objects will be filed, and asks first.
    await waitFor(() => expect(byId('exchange-start')).toBeEnabled());
    fireEvent.click(byId('exchange-start'));
    // (antd writes a confirmation's title twice: once for the screen reader)
    expect((await screen.findAllByText('File 2 objects into this project?')).length).toBeGreaterThan(0);
    fireEvent.click(await findById('exchange-start-ok'));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([u, init]) => init?.method === 'POST' && String(u).endsWith('/4/accept'))).toBe(
        true,
      ),
    );
  });

  it('selected rows are accepted together', async () => {
    await changeLanguage('en-US');
    enterProject(undefined, { pageSize: 20 });
    const fetchMock = mockApi({
      ...serve(exchangeImportRoutes.get, importOf(4)),
      ...serve(exchangeImportRoutes.rows, { total: 2, rows: [importRowOf(1), importRowOf(3)] }),
      ...serve(exchangeImportRoutes.decide, importOf(4)),
      ...serve(siteRoutes.list, SITES),
      ...serve(folderRoutes.tree0, tree),
    });
    renderApp('/exchange/import/4');
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select ABC-D1' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select ABC-D3' }));
    fireEvent.click(byId('exchange-accept-selected'));
    await waitFor(() =>
      expect(decisions(fetchMock)).toEqual([
        {
          rows: [
            { id: 1, decision: 'accept' },
            { id: 3, decision: 'accept' },
          ],
        },
      ]),
    );
  });

  it('says why a package failed, in Chinese', async () => {
    await changeLanguage('zh-CN');
    enterProject(undefined, { pageSize: 20 });
    mockApi(
      serve(
        exchangeImportRoutes.get,
        importOf(5, { state: 'failed', error: { code: 'x', message: 'exchange.xml 不符合 schema：第 3 行' } }),
      ),
    );
    renderApp('/exchange/import/5');
    expect(await findById('exchange-import-error')).toHaveTextContent('导入失败');
    expect(byId('exchange-import-error')).toHaveTextContent('exchange.xml 不符合 schema：第 3 行');
    expect(byId('exchange-import-back')).toHaveAttribute('href', '/exchange/import');
  });

  it('once done: the summary and links opening the filed documents', async () => {
    await changeLanguage('en-US');
    enterProject(undefined, { pageSize: 20 });
    mockApi({
      ...serve(
        exchangeImportRoutes.get,
        importOf(4, { state: 'done', summary: { ...importOf(4).summary, accepted: 1, filed: 1, skipped: 1 } }),
      ),
      ...serve(exchangeImportRoutes.rows, {
        total: 1,
        rows: [importRowOf(1, { decision: 'accept', state: 'filed', documentId: 77 })],
      }),
      ...serve(siteRoutes.list, SITES),
      ...serve(folderRoutes.tree0, tree),
    });
    renderApp('/exchange/import/4');
    expect(await screen.findByText('Import done')).toBeInTheDocument();
    expect(byId('exchange-summary-filed')).toHaveTextContent('1');
    expect(await findById('exchange-row-document-1')).toHaveAttribute('href', '/work?folder=12&doc=77');
    expect(document.getElementById('exchange-start')).toBeNull();
  });

  it('once filing ends, the rows read in preview give way to the filed ones with their links, and the tree is read again', async () => {
    await changeLanguage('en-US');
    enterProject(undefined, { pageSize: 20 });
    // The job: preview until accepted, filing for one look, then done; the rows are filed once done was answered.
    let state: 'preview' | 'filing' | 'done' = 'preview';
    let doneAnswered = false;
    const summary = { ...importOf(4).summary, accepted: 1 };
    const fetchMock = mockApi({
      ...serve(exchangeImportRoutes.get, () => {
        const now = state;
        if (now === 'filing') state = 'done';
        if (now === 'done') doneAnswered = true;
        return importOf(4, { state: now, summary });
      }),
      ...serve(exchangeImportRoutes.rows, () => ({
        total: 1,
        rows: [
          importRowOf(
            1,
            doneAnswered ? { decision: 'accept', state: 'filed', documentId: 77 } : { decision: 'accept' },
          ),
        ],
      })),
      ...serve(exchangeImportRoutes.accept, () => {
        state = 'filing';
        return importOf(4, { state: 'filing', progress: 0, summary });
      }),
      ...serve(siteRoutes.list, SITES),
      ...serve(folderRoutes.tree0, tree),
    });
    const treeReads = () =>
      fetchMock.mock.calls.filter(([u]) => new URL(String(u), 'http://x').pathname.endsWith(folderRoutes.tree0.path))
        .length;
    renderApp('/exchange/import/4');
    await findById('exchange-row-decision-1');
    await waitFor(() => expect(treeReads()).toBe(1));
    fireEvent.click(byId('exchange-start'));
    fireEvent.click(await findById('exchange-start-ok'));
    // The page looks again after 2 s while the job files.
    expect(await screen.findByText('Import done', {}, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(() => expect(byId('exchange-row-document-1')).toHaveAttribute('href', '/work?folder=12&doc=77'));
    // The folder tree (read for the target dialog) is read again: its counts now hold the filed documents.
    expect(treeReads()).toBe(2);
  });
});
