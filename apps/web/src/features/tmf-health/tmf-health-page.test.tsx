import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { RoleCode } from '@edoc/contract/enums';
import { siteRoutes } from '@edoc/contract/site-routes';
import { tmfHealthRoutes } from '@edoc/contract/tmf-health-routes';
import { changeLanguage } from '../../lib/i18n';
import { stopIdle } from '../../lib/idle-timer';
import { envelope, mockApi, serve } from '../../test/fetch-mock';
import { byId, clickOption, findById } from '../../test/queries';
import { renderApp } from '../../test/render-app';
import { enterProject } from '../../test/session';
import { summary } from '../../test/tmf-health-fixtures';
import { dialogTitled, posted } from '../../test/tmf-model-fixtures';

// jsdom draws no canvas: the trend is a list of its points.
vi.mock('@ant-design/plots', () => {
  const Chart = (props: { data: { label: string; value: number }[] }): ReactNode => (
    <div data-testid="plot">{props.data.length} points</div>
  );
  return { Bar: Chart, Column: Chart, Line: Chart, Pie: Chart };
});

// The lazy pages load before the first test, so its wait is for the answer, not for a cold transform on a busy machine.
beforeAll(() => Promise.all([import('../../app/layouts/area-layout'), import('./pages/tmf-health-page')]), 60_000);

afterEach(() => {
  vi.unstubAllGlobals();
  stopIdle();
});

const item = {
  id: 7,
  artifactNumber: '01.01.01',
  artifactName: 'Trial Master File Plan',
  level: 'trial' as const,
  countryCode: null,
  siteName: null,
  occurrence: 1,
  dueDate: '2026-10-01',
  state: 'expected' as const,
  overdue: true,
  documents: [],
};

const routes = (more = {}) => ({
  ...serve(siteRoutes.list, []),
  ...serve(tmfHealthRoutes.summary, summary),
  ...serve(tmfHealthRoutes.items, { items: [item], total: 1 }),
  ...more,
});

const queries = (fetchMock: ReturnType<typeof mockApi>, path: string) =>
  fetchMock.mock.calls
    .map(([u]) => new URL(String(u), 'http://localhost'))
    .filter((u) => u.pathname.endsWith(path))
    .map((u) => Object.fromEntries(u.searchParams));

describe('TMF health page', () => {
  it('shows the figures of the answer on its cards, in the reader’s locale', async () => {
    await changeLanguage('en-US');
    enterProject();
    mockApi(routes());
    renderApp('/tmf-health');
    const completeness = await findById('tmf-card-completeness-box');
    expect(within(completeness).getByText('75%')).toBeInTheDocument();
    expect(within(completeness).getByText('6 of 8 expected documents filed')).toBeInTheDocument();
    expect(within(completeness).getByText('Due by today: 80% (4 of 5)')).toBeInTheDocument();
    expect(byId('tmf-card-overdue')).toHaveTextContent('1');
    const timeliness = byId('tmf-card-timeliness-box');
    expect(within(timeliness).getByText('90%')).toBeInTheDocument();
    expect(within(timeliness).getByText('Filed within the target of 30 calendar days')).toBeInTheDocument();
    expect(byId('tmf-card-late')).toHaveTextContent('1 filed late');
    const quality = byId('tmf-card-quality-box');
    expect(within(quality).getByText('25%')).toBeInTheDocument();
    expect(within(quality).getByText('50%')).toBeInTheDocument();
    expect(byId('tmf-card-issues')).toHaveTextContent('2 open issues');
    expect(byId('tmf-card-issues-wrong_date')).toHaveTextContent('Wrong date 1');
    expect(document.getElementById('tmf-card-issues-illegible')).toBeNull();
    // The groups' table, and the trend's table that is the chart's text alternative.
    expect(within(byId('tmf-health-groups')).getByText('01 Trial Management')).toBeInTheDocument();
    expect(within(byId('tmf-health-trend')).getByText('2026-11-22')).toBeInTheDocument();
    expect(
      await screen.findByRole('img', { name: 'Weekly trend in percent; the table below holds the same figures' }),
    ).toHaveAttribute('aria-details', 'tmf-health-trend');
  });

  it('formats percentages the Chinese way and names the cards in Chinese', async () => {
    await changeLanguage('zh-CN');
    enterProject();
    mockApi(routes());
    renderApp('/tmf-health');
    const completeness = await findById('tmf-card-completeness-box');
    expect(within(completeness).getByText('完整性')).toBeInTheDocument();
    expect(within(completeness).getByText('75%')).toBeInTheDocument();
    expect(screen.getByText('在目标 30 个自然日内归档')).toBeInTheDocument();
  });

  it('refetches with the chosen grouping and keeps it in the address', async () => {
    await changeLanguage('en-US');
    enterProject();
    const fetchMock = mockApi(routes());
    const router = renderApp('/tmf-health');
    await findById('tmf-health-groups');
    expect(queries(fetchMock, '/tmf-health/summary')[0]).toEqual({ groupBy: 'zone' });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Group by' }));
    await clickOption('Site');
    await waitFor(() => expect(queries(fetchMock, '/tmf-health/summary').at(-1)).toEqual({ groupBy: 'site' }));
    expect(router.state.location.search).toContain('groupBy=site');
    // Back shows the grouping before.
    await router.navigate(-1);
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Group by' }).closest('.ant-select')).toHaveTextContent('Zone'),
    );
  });

  it('narrows the figures to a country, then to one of its sites', async () => {
    await changeLanguage('en-US');
    enterProject(RoleCode.ProjectStaff);
    const sites = [
      { siteId: 31, name: 'Ruijin', shortName: null, code: 'S01', countryId: 1, countryCode: 'CN', memberCount: 0 },
      { siteId: 32, name: 'Charité', shortName: null, code: 'S02', countryId: 2, countryCode: 'DE', memberCount: 0 },
    ];
    const fetchMock = mockApi(routes(serve(siteRoutes.list, sites)));
    const router = renderApp('/tmf-health?groupBy=section');
    await findById('tmf-health-groups');
    // A member who does not administer the project picks among the countries of its sites.
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Country' }));
    await clickOption('CN China');
    await waitFor(() =>
      expect(queries(fetchMock, '/tmf-health/summary').at(-1)).toEqual({ groupBy: 'section', countryId: '1' }),
    );
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Site' }));
    // Only the chosen country's sites.
    const offered = () => [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent);
    await waitFor(() => expect(offered()).toContain('S01 Ruijin'));
    expect(offered()).not.toContain('S02 Charité');
    await clickOption('S01 Ruijin');
    await waitFor(() =>
      expect(queries(fetchMock, '/tmf-health/summary').at(-1)).toEqual({
        groupBy: 'section',
        countryId: '1',
        siteId: '31',
      }),
    );
    expect(router.state.location.search).toBe('?groupBy=section&countryId=1&siteId=31');
  });

  it('opens the list behind a card’s figure and behind a group’s figure', async () => {
    await changeLanguage('en-US');
    enterProject();
    const fetchMock = mockApi(routes());
    const router = renderApp('/tmf-health');
    fireEvent.click(await findById('tmf-card-overdue'));
    const drawer = await screen.findByRole('dialog', { name: 'Overdue documents' });
    expect(await within(drawer).findByText('01.01.01 Trial Master File Plan')).toBeInTheDocument();
    expect(queries(fetchMock, '/tmf-health/items').at(-1)).toMatchObject({ list: 'overdue', groupBy: 'zone' });
    expect(router.state.location.search).toContain('drill=overdue');
    fireEvent.click(within(drawer).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.search).not.toContain('drill='));

    fireEvent.click(byId('tmf-group-1-open'));
    await screen.findByRole('dialog', { name: 'Missing documents · 01 Trial Management' });
    await waitFor(() =>
      expect(queries(fetchMock, '/tmf-health/items').at(-1)).toMatchObject({ list: 'missing', key: '1' }),
    );
  });

  it('lets the project administrator set the target, checking the days first', async () => {
    await changeLanguage('en-US');
    enterProject();
    const fetchMock = mockApi(routes(serve(tmfHealthRoutes.target, null)));
    renderApp('/tmf-health');
    fireEvent.click(await findById('tmf-target-open'));
    const dialog = await dialogTitled('Timeliness target');
    const days = within(dialog).getByRole('spinbutton', { name: 'Days' });
    fireEvent.change(days, { target: { value: '400' } });
    fireEvent.click(byId('tmf-target-ok'));
    expect(await within(dialog).findByText(/Days/, { selector: '.ant-form-item-explain-error' })).toBeInTheDocument();
    expect(posted(fetchMock, '/manage/tmf/target')).toEqual([]);
    fireEvent.change(days, { target: { value: '10' } });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Working days' }));
    fireEvent.click(byId('tmf-target-ok'));
    await waitFor(() => expect(posted(fetchMock, '/manage/tmf/target')).toEqual([{ days: 10, unit: 'working' }]));
  });

  it('offers no target to a member who does not administer the project', async () => {
    await changeLanguage('en-US');
    enterProject(RoleCode.ProjectStaff);
    mockApi(routes());
    renderApp('/tmf-health');
    await findById('tmf-card-overdue');
    expect(document.getElementById('tmf-target-open')).toBeNull();
  });

  it('says the project has no model, and where an administrator chooses one', async () => {
    await changeLanguage('en-US');
    enterProject();
    const noModel = () =>
      envelope(null, { status: 409, errorCode: 'tmf_model_none', msg: 'The project has no TMF model' });
    mockApi(routes(serve(tmfHealthRoutes.summary, noModel)));
    renderApp('/tmf-health');
    expect(await screen.findByText(/The project has no TMF model yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Choose the project's TMF model" }).getAttribute('href')).toMatch(
      /\/manage\/tmf$/,
    );
  });
});

describe('TMF health drill-downs', () => {
  const issue = {
    id: 4,
    documentId: 90,
    documentName: 'Protocol v2.pdf',
    category: 'wrong_date' as const,
    state: 'open' as const,
    assigneeName: 'Lee',
    createdAt: '2026-11-20T08:00:00.000Z',
  };

  it('lists the issues of a category from the quality card, each opening its document', async () => {
    await changeLanguage('en-US');
    enterProject();
    const fetchMock = mockApi(routes(serve(tmfHealthRoutes.issues, { items: [issue], total: 1 })));
    const router = renderApp('/tmf-health');
    fireEvent.click(await findById('tmf-card-issues-wrong_date'));
    const drawer = await screen.findByRole('dialog', { name: 'Quality issues' });
    const link = await within(drawer).findByRole('link', { name: 'Protocol v2.pdf' });
    expect(link.getAttribute('href')).toMatch(/\/work\?doc=90$/);
    expect(queries(fetchMock, '/tmf-health/issues').at(-1)).toMatchObject({ category: 'wrong_date' });
    fireEvent.mouseDown(within(drawer).getByRole('combobox', { name: 'Category' }));
    await clickOption('Missing signature');
    await waitFor(() =>
      expect(queries(fetchMock, '/tmf-health/issues').at(-1)).toMatchObject({ category: 'missing_signature' }),
    );
    expect(router.state.location.search).toContain('category=missing_signature');
  });
});
