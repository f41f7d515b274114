import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { CountryItem } from '@edoc/contract/country';
import { countryRoutes } from '@edoc/contract/country-routes';
import { expectedRoutes } from '@edoc/contract/expected-routes';
import type { SiteItem } from '@edoc/contract/site';
import { siteRoutes } from '@edoc/contract/site-routes';
import { tmfHealthRoutes } from '@edoc/contract/tmf-health-routes';
import { tmfProjectRoutes } from '@edoc/contract/tmf-project-routes';
import { changeLanguage } from '../../lib/i18n';
import { stopIdle } from '../../lib/idle-timer';
import { mockApi, serve } from '../../test/fetch-mock';
import { findById } from '../../test/queries';
import { renderApp } from '../../test/render-app';
import { enterProject } from '../../test/session';
import { expectedItems, expectedListOf, setupWithModel } from '../../test/expected-fixtures';
import { summary } from '../../test/tmf-health-fixtures';

/* The "Export TMF index" menu (issue 27 part 7) on the TMF health page and the Expected documents page. */

// jsdom draws no canvas: the trend is a list of its points.
vi.mock('@ant-design/plots', () => {
  const Chart = (props: { data: unknown[] }): ReactNode => <div data-testid="plot">{props.data.length} points</div>;
  return { Bar: Chart, Column: Chart, Line: Chart, Pie: Chart };
});

beforeAll(
  () =>
    Promise.all([
      import('../../app/layouts/area-layout'),
      import('./pages/tmf-health-page'),
      import('../expected/pages/expected-page'),
    ]),
  60_000,
);

afterEach(() => {
  vi.unstubAllGlobals();
  stopIdle();
});

const countries: CountryItem[] = [{ id: 1, code: 'CN', name: 'China', siteCount: 1 }];
const sites: SiteItem[] = [
  { siteId: 31, name: 'Ruijin', shortName: null, code: 'S01', countryId: 1, countryCode: 'CN', memberCount: 0 },
];
const file = () => new Response(new Blob(['%PDF-1.7']), { headers: { 'Content-Type': 'application/pdf' } });

const routes = () => ({
  ...serve(tmfProjectRoutes.setup, setupWithModel),
  ...serve(countryRoutes.list, countries),
  ...serve(siteRoutes.list, sites),
  ...serve(expectedRoutes.list, expectedListOf(expectedItems)),
  ...serve(tmfHealthRoutes.summary, summary),
  ...serve(tmfHealthRoutes.mail, { subscribed: false, groupBy: null, lastMailedAt: null }),
  ...serve(tmfHealthRoutes.index, file),
});

/** The query of each index download, as the server read it. */
const indexCalls = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls
    .map(([u]) => new URL(String(u), 'http://localhost'))
    .filter((u) => u.pathname.endsWith('/tmf-health/index'))
    .map((u) => Object.fromEntries(u.searchParams));

describe('Export TMF index', () => {
  it('on the TMF health page: offers PDF and Excel and downloads with the page’s country and site', async () => {
    await changeLanguage('en-US');
    enterProject();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }));
    const fetchMock = mockApi(routes());
    renderApp('/tmf-health?groupBy=level&countryId=1&siteId=31');
    await findById('tmf-health-groups');
    const button = await findById('tmf-health-index');
    expect(button).toHaveTextContent('Export TMF index');
    fireEvent.mouseEnter(button);
    expect(await screen.findByText(/The TMF index for an inspection/)).toBeInTheDocument();
    fireEvent.click(button);
    expect(await screen.findByRole('menuitem', { name: 'PDF' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Excel' }));
    await waitFor(() => expect(indexCalls(fetchMock)).toEqual([{ countryId: '1', siteId: '31', format: 'xlsx' }]));
  });

  it('on the Expected documents page, in Chinese: downloads the PDF with the page’s filter', async () => {
    await changeLanguage('zh-CN');
    enterProject();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }));
    const fetchMock = mockApi(routes());
    renderApp('/manage/expected?countryId=1');
    const button = await findById('expected-index');
    expect(button).toHaveTextContent('导出 TMF 索引');
    fireEvent.click(button);
    expect(await screen.findByRole('menuitem', { name: 'Excel' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('menuitem', { name: 'PDF' }));
    await waitFor(() => expect(indexCalls(fetchMock)).toEqual([{ countryId: '1', format: 'pdf' }]));
  });
});
