import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { qualityIssueRoutes } from '@edoc/contract/quality-issue-routes';
import { changeLanguage } from '../../lib/i18n';
import { stopIdle } from '../../lib/idle-timer';
import { mockApi, serve } from '../../test/fetch-mock';
import { byId, clickOption, findById } from '../../test/queries';
import { renderApp } from '../../test/render-app';
import { issue } from '../../test/quality-issue-fixtures';
import { enterProject } from '../../test/session';

// The signed-in layout and the page load on first use: transformed once here, not inside the first test's wait.
beforeAll(() => Promise.all([import('../../app/layouts/area-layout'), import('./pages/quality-issues-page')]), 60_000);

afterEach(() => {
  vi.unstubAllGlobals();
  stopIdle();
});

/** The list's query as each call sent it. */
const queries = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls
    .map(([u]) => new URL(String(u), 'http://x'))
    .filter((u) => u.pathname === '/edoc/quality-issue/list')
    .map((u) => Object.fromEntries(u.searchParams));

describe('the quality issues page', () => {
  it('lists mine to fix first, then those I raised and all I may read, by state', async () => {
    await changeLanguage('en-US');
    enterProject(undefined, { pageSize: 20 });
    const fetchMock = mockApi(
      serve(qualityIssueRoutes.list, (url) => {
        const mine = url.searchParams.get('assignedToMe') === 'true';
        const items = mine ? [issue(1)] : [issue(2, { documentId: 4, documentName: 'Brochure', state: 'resolved' })];
        return { items, total: items.length, canRaise: false };
      }),
    );
    const router = renderApp('/quality-issues');
    expect(await findById('quality-open-1')).toHaveTextContent('Protocol');
    expect(byId('quality-open-1')).toHaveAttribute('href', '/work?doc=1&tab=quality');
    expect(screen.getByText('Missing signature')).toBeInTheDocument();
    expect(queries(fetchMock).at(-1)).toEqual({ assignedToMe: 'true', page: '1', pageSize: '20' });

    fireEvent.click(byId('quality-tab-raised'));
    expect(await findById('quality-open-2')).toHaveTextContent('Brochure');
    expect(queries(fetchMock).at(-1)).toEqual({ raisedByMe: 'true', page: '1', pageSize: '20' });
    expect(router.state.location.search).toBe('?view=raised');

    fireEvent.click(byId('quality-tab-all'));
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'State' }));
    await clickOption('Resolved');
    await waitFor(() => expect(queries(fetchMock).at(-1)).toEqual({ state: 'resolved', page: '1', pageSize: '20' }));
    expect(router.state.location.search).toBe('?view=all&state=resolved');
    // A row opens the document's panel on its quality issues.
    expect(await findById('quality-open-2')).toHaveAttribute('href', '/work?doc=4&tab=quality');
  });

  it('reads in Chinese, with the menu entry', async () => {
    await changeLanguage('zh-CN');
    enterProject(undefined, { pageSize: 20 });
    mockApi(serve(qualityIssueRoutes.list, { items: [], total: 0, canRaise: false }));
    renderApp('/quality-issues?view=all');
    expect(await screen.findByText('没有质量问题')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '我可查看的全部', selected: true })).toBeInTheDocument();
    expect(screen.getAllByText('质量问题').length).toBeGreaterThan(1);
  });
});
