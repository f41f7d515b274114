import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  customReportIdData,
  customReportItem,
  customReportList,
  customReportResult,
  reportRecipientList,
  type CustomReportItem,
} from '@edoc/contract/custom-report';
import { noData } from '@edoc/contract/envelope';
import type { ChartPoint } from '../../components/chart';
import { changeLanguage } from '../../lib/i18n';
import { stopIdle } from '../../lib/idle-timer';
import { mockApi, reply } from '../../test/fetch-mock';
import { findById } from '../../test/queries';
import { renderApp } from '../../test/render-app';
import { enterProject } from '../../test/session';

// The chart library does not draw in jsdom: the points it would draw are shown as text instead.
vi.mock('../../components/chart', () => ({
  ReportChart: ({ kind, data }: { kind: string; data: ChartPoint[] }) => (
    <div data-testid="report-chart" data-kind={kind}>
      {data.map((p) => `${p.label}=${p.value}`).join(';')}
    </div>
  ),
}));

afterEach(() => {
  vi.unstubAllGlobals();
  stopIdle();
});

const posted = (fetchMock: ReturnType<typeof mockApi>, path: string) =>
  fetchMock.mock.calls
    .filter(([u, init]) => init?.method === 'POST' && new URL(String(u), 'http://x').pathname === `/edoc${path}`)
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);

const report = (over: Partial<CustomReportItem>): CustomReportItem => ({
  id: 7,
  name: 'By status',
  shared: true,
  mailTo: [],
  definition: {
    dataset: 'documents',
    columns: ['name', 'status'],
    filters: [{ field: 'status', op: 'ne', value: 9 }],
    groupBy: 'status',
    measure: { fn: 'count', field: null },
    chartType: 'bar',
    sort: null,
    limit: 200,
  },
  ownerId: 5,
  ownerName: 'Pat',
  mine: true,
  canDelete: true,
  lastMailedAt: null,
  updatedAt: '2026-03-01T08:00:00Z',
  ...over,
});

const result = {
  columns: ['name', 'status'],
  rows: [
    ['Protocol', 6],
    ['Consent', 1],
  ],
  total: 2,
  capped: false,
  groups: [
    { key: 6, value: 1 },
    { key: 1, value: 1 },
  ],
  summary: 2,
};

describe('custom reports', () => {
  it('lists mine and the shared ones, runs one with the labels of the language, and asks before deleting', async () => {
    await changeLanguage('zh-CN');
    enterProject('STU_STAFF');
    const fetchMock = mockApi({
      'GET /report/custom/list': () =>
        reply(customReportList, [
          report({}),
          report({ id: 8, name: 'Team', mine: false, canDelete: false, ownerName: 'Lee' }),
        ]),
      'GET /report/custom/7': () => reply(customReportItem, report({})),
      'GET /report/custom/run/7': () => reply(customReportResult, result),
      'POST /report/custom/delete/7/a': () => reply(noData, null),
    });
    const router = renderApp('/report');
    expect(await screen.findByText('Team')).toBeInTheDocument();
    expect(screen.getByText('Lee')).toBeInTheDocument();
    // Only the owner edits; only the owner (or the administrator) deletes.
    expect(document.getElementById('custom-report-edit-8')).toBeNull();
    expect(document.getElementById('custom-report-delete-8')).toBeNull();

    fireEvent.click(await findById('custom-report-delete-7'));
    expect(await screen.findByText('确定删除报表“By status”吗？')).toBeInTheDocument();
    expect(posted(fetchMock, '/report/custom/delete/7/a')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(posted(fetchMock, '/report/custom/delete/7/a')).toHaveLength(1));

    fireEvent.click(await findById('custom-report-open-7'));
    await waitFor(() => expect(router.state.location.search).toBe('?id=7'));
    expect(await screen.findByTestId('report-chart')).toHaveTextContent('已归档=1;编辑中=1');
    expect(screen.getByText(/文档状态 不等于 删除审批中/)).toBeInTheDocument();
    const rows = await findById('custom-report-rows');
    expect(within(rows).getByText('Protocol')).toBeInTheDocument();
  });

  it('builds a report with a live preview, marks an incomplete filter, and saves it shared', async () => {
    await changeLanguage('en-US');
    enterProject('STU_STAFF');
    const fetchMock = mockApi({
      'POST /report/custom/run': () => reply(customReportResult, result),
      'GET /report/custom/recipients': () =>
        reply(reportRecipientList, [{ id: 9, name: 'Lee', email: 'lee@example.com' }]),
      'POST /report/custom/a': () => reply(customReportIdData, { id: 12 }),
      'GET /report/custom/12': () => reply(customReportItem, report({ id: 12, name: 'Status board' })),
      'GET /report/custom/run/12': () => reply(customReportResult, result),
    });
    const router = renderApp('/report?new=1');
    // Group by status, drawn as bars.
    fireEvent.mouseDown(await findById('custom-report-group-by'));
    fireEvent.click(await screen.findByTitle('Document status'));
    expect(await screen.findByTestId('report-chart')).toHaveTextContent('Archived=1;Editing=1');
    await waitFor(() =>
      expect(posted(fetchMock, '/report/custom/run').at(-1)?.definition).toMatchObject({ groupBy: 'status' }),
    );

    // A filter without its value yet: said under it, in the server's words, and nothing can be saved.
    fireEvent.click(await findById('custom-report-add-filter'));
    expect(await screen.findByText('The filter value of "Name" is not valid')).toBeInTheDocument();
    expect(await findById('custom-report-save')).toBeDisabled();
    fireEvent.change(await findById('custom-report-filter-value-0'), { target: { value: 'Proto' } });
    await waitFor(() => expect(document.getElementById('custom-report-save')).not.toBeDisabled());

    fireEvent.click(await findById('custom-report-save'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Report name' }), {
      target: { value: 'Status board' },
    });
    fireEvent.click(within(dialog).getByRole('switch'));
    fireEvent.click(await findById('custom-report-save-ok'));
    await waitFor(() => expect(posted(fetchMock, '/report/custom/a')).toHaveLength(1));
    expect(posted(fetchMock, '/report/custom/a')[0]).toMatchObject({
      name: 'Status board',
      shared: true,
      mailTo: [],
      definition: {
        dataset: 'documents',
        groupBy: 'status',
        chartType: 'bar',
        filters: [{ field: 'name', op: 'eq', value: 'Proto' }],
      },
    });
    await waitFor(() => expect(router.state.location.search).toBe('?id=12'));
    expect(await screen.findByText('Status board')).toBeInTheDocument();
  });
});
