import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CountryItem } from '@edoc/contract/country';
import { countryRoutes } from '@edoc/contract/country-routes';
import { expectedRoutes } from '@edoc/contract/expected-routes';
import type { SiteItem } from '@edoc/contract/site';
import { siteRoutes } from '@edoc/contract/site-routes';
import { tmfProjectRoutes } from '@edoc/contract/tmf-project-routes';
import { changeLanguage } from '../../lib/i18n';
import { stopIdle } from '../../lib/idle-timer';
import { mockApi, serve } from '../../test/fetch-mock';
import { byId, clickOption, findById } from '../../test/queries';
import { renderApp } from '../../test/render-app';
import { enterProject } from '../../test/session';
import { callsTo } from '../../test/document-fixtures';
import { expectedItems, expectedListOf, setupWithModel } from '../../test/expected-fixtures';
import { dialogTitled, posted } from '../../test/tmf-model-fixtures';

const countries: CountryItem[] = [{ id: 1, code: 'CN', name: 'China', siteCount: 1 }];
const sites: SiteItem[] = [
  { siteId: 31, name: 'Ruijin', shortName: null, code: 'S01', countryId: 1, countryCode: 'CN', memberCount: 0 },
];

const routes = (more = {}) => ({
  ...serve(tmfProjectRoutes.setup, setupWithModel),
  ...serve(countryRoutes.list, countries),
  ...serve(siteRoutes.list, sites),
  ...serve(expectedRoutes.list, expectedListOf(expectedItems)),
  ...more,
});

/** The query of each list call, as the server read it. */
const listQueries = (fetchMock: ReturnType<typeof mockApi>) =>
  callsTo(fetchMock, 'GET', '/manage/expected/list').map(([u]) =>
    Object.fromEntries(new URL(String(u), 'http://x').searchParams),
  );

async function pick(name: string, option: string) {
  fireEvent.mouseDown(await screen.findByRole('combobox', { name }));
  await clickOption(option);
}

afterEach(() => {
  vi.unstubAllGlobals();
  stopIdle();
});

describe('expected documents page', () => {
  it('lists the items with their place, due date, state and documents, and the counts per state', async () => {
    await changeLanguage('en-US');
    enterProject();
    mockApi(routes());
    renderApp('/manage/expected');
    const table = await findById('expected-table');
    expect(await within(table).findAllByText("8.2.1 Investigator's Brochure")).toHaveLength(2);
    expect(within(table).getByText('Site · Ruijin')).toBeInTheDocument();
    expect(within(table).getByText('No. 2')).toBeInTheDocument();
    expect(byId('expected-overdue-1')).toHaveTextContent('Overdue');
    expect(byId('expected-state-2')).toHaveTextContent('Filed');
    expect(byId('expected-doc-2-501')).toHaveAttribute('href', '/work?doc=501');
    expect(within(table).getByText('No country submission in China')).toBeInTheDocument();
    // Only an expected item is marked N/A; a N/A one is reopened.
    expect(document.getElementById('expected-na-2')).toBeNull();
    expect(byId('expected-reopen-3')).toBeInTheDocument();
    const states = byId('expected-state');
    expect(within(states).getByText('Expected (4)')).toBeInTheDocument();
    expect(within(states).getByText('Overdue (1)')).toBeInTheDocument();
    expect(within(states).getByText('All (7)')).toBeInTheDocument();
  });

  it('puts filters, order and page in the address and asks the server for them; back undoes a filter', async () => {
    await changeLanguage('en-US');
    enterProject(undefined, { pageSize: 10 });
    const fetchMock = mockApi(routes());
    const router = renderApp('/manage/expected?state=overdue');
    await findById('expected-table');
    await waitFor(() => expect(listQueries(fetchMock).at(-1)).toMatchObject({ state: 'overdue', page: '1' }));
    await pick('Level', 'Site');
    await waitFor(() => expect(router.state.location.search).toBe('?state=overdue&level=site'));
    await pick('Site', 'S01 Ruijin');
    await waitFor(() => expect(listQueries(fetchMock).at(-1)).toMatchObject({ level: 'site', siteId: '31' }));
    const search = screen.getByRole('searchbox', { name: 'Artifact number or name' });
    fireEvent.change(search, { target: { value: 'protocol' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(listQueries(fetchMock).at(-1)).toMatchObject({ q: 'protocol' }));
    fireEvent.click(screen.getByText('All (7)'));
    await waitFor(() => expect(listQueries(fetchMock).at(-1)?.state).toBeUndefined());
    fireEvent.click(within(byId('expected-table')).getByText('Artifact'));
    await waitFor(() => expect(listQueries(fetchMock).at(-1)).toMatchObject({ sort: 'artifact', order: 'asc' }));
    await act(() => router.navigate(-1));
    await waitFor(() => expect(router.state.location.search).not.toContain('sort'));
  });

  it('needs a reason to mark an item not applicable, then sends it', async () => {
    await changeLanguage('en-US');
    enterProject();
    const fetchMock = mockApi(routes(serve(expectedRoutes.notApplicable, null)));
    renderApp('/manage/expected');
    fireEvent.click(await findById('expected-na-1'));
    const dialog = await dialogTitled('Mark not applicable');
    fireEvent.click(byId('expected-na-ok'));
    expect(await within(dialog).findByText(/Reason/, { selector: '.ant-form-item-explain-error' })).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/manage/expected/not-applicable/1')).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: ' Not run in this trial ' } });
    fireEvent.click(byId('expected-na-ok'));
    await waitFor(() =>
      expect(posted(fetchMock, '/manage/expected/not-applicable/1')).toEqual([{ reason: 'Not run in this trial' }]),
    );
  });

  it('reopens and removes after confirming, in Chinese', async () => {
    await changeLanguage('zh-CN');
    enterProject();
    const fetchMock = mockApi(routes({ ...serve(expectedRoutes.reopen, null), ...serve(expectedRoutes.remove, null) }));
    renderApp('/manage/expected');
    fireEvent.click(await findById('expected-reopen-3'));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/manage/expected/reopen/3')).toHaveLength(1));
    fireEvent.click(byId('expected-remove-2'));
    expect(await screen.findByText('从清单中移除 8.2.2 已签署的方案？')).toBeInTheDocument();
    fireEvent.click(await findById('expected-remove-ok-2'));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/manage/expected/remove/2')).toHaveLength(1));
    expect(await screen.findByText('8.2.2 已签署的方案 已移除')).toBeInTheDocument();
  });

  it('refreshes the list after a confirmation and says what changed', async () => {
    await changeLanguage('en-US');
    enterProject();
    const fetchMock = mockApi(routes(serve(expectedRoutes.generate, { created: 12, updated: 1, removed: 0, kept: 3 })));
    renderApp('/manage/expected');
    fireEvent.click(await findById('expected-refresh'));
    expect((await screen.findAllByText('Refresh the expected documents?')).length).toBeGreaterThan(0);
    fireEvent.click(await findById('expected-refresh-ok'));
    expect(await screen.findByText('List refreshed: 12 added, 1 updated, 0 dropped, 3 unchanged')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/manage/expected/generate')).toHaveLength(1);
  });

  it('adds an item at a site of an artifact of the model', async () => {
    await changeLanguage('en-US');
    enterProject();
    const fetchMock = mockApi(routes(serve(expectedRoutes.create, { id: 9 })));
    renderApp('/manage/expected');
    fireEvent.click(await findById('expected-add'));
    const dialog = await dialogTitled('Add expected document');
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Artifact' }));
    await clickOption('8.2.2 Signed protocol');
    const level = within(dialog).getByRole('combobox', { name: 'Level' });
    await waitFor(() => expect(level).not.toBeDisabled());
    fireEvent.mouseDown(level);
    await clickOption('Site');
    fireEvent.mouseDown(await within(dialog).findByRole('combobox', { name: 'Site' }));
    await clickOption('S01 Ruijin');
    fireEvent.click(byId('expected-add-ok'));
    await waitFor(() =>
      expect(posted(fetchMock, '/manage/expected/create')).toEqual([
        { artifactId: 72, level: 'site', siteId: 31, dueDate: null },
      ]),
    );
    expect(await screen.findByText('Expected document added')).toBeInTheDocument();
  });

  it('points to the TMF model page while the project has none', async () => {
    await changeLanguage('en-US');
    enterProject();
    mockApi(routes(serve(tmfProjectRoutes.setup, { model: null, artifacts: [], folders: [] })));
    renderApp('/manage/expected');
    expect(await findById('expected-choose-model')).toHaveAttribute('href', '/manage/tmf');
  });

  it('offers to build the list when there is none yet', async () => {
    await changeLanguage('en-US');
    enterProject();
    mockApi(
      routes(
        serve(expectedRoutes.list, {
          items: [],
          total: 0,
          counts: { expected: 0, overdue: 0, filed: 0, notApplicable: 0 },
        }),
      ),
    );
    renderApp('/manage/expected');
    expect(await findById('expected-refresh-empty')).toBeInTheDocument();
    expect(screen.getByText(/No expected documents yet/)).toBeInTheDocument();
  });
});
