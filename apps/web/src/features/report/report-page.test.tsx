import { DocStatus } from '@edoc/contract/enums';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { companyReport, reportAnswer, type ReportAnswer } from '@edoc/contract/report';
import { changeLanguage } from '../../lib/i18n';
import { stopIdle } from '../../lib/idle-timer';
import { envelope, mockApi, reply } from '../../test/fetch-mock';
import { byId, findById } from '../../test/queries';
import { renderApp } from '../../test/render-app';
import { enterProject, signIn } from '../../test/session';

// jsdom draws no canvas: each chart is a list of buttons, one per point, clicked as G2 reports a bar's click.
vi.mock('@ant-design/plots', () => {
  type Point = { label: string; value: number; series?: string };
  const Chart = (props: { data: Point[]; onEvent?: (c: unknown, e: unknown) => void }): ReactNode => (
    <div data-testid="plot">
      {props.data.map((d, i) => (
        <button
          key={i}
          type="button"
          className="bar"
          onClick={() => props.onEvent?.(null, { type: 'click', data: { data: d } })}
        >
          {`${d.label}${d.series ? ` ${d.series}` : ''}: ${d.value}`}
        </button>
      ))}
    </div>
  );
  return { Bar: Chart, Column: Chart, Line: Chart, Pie: Chart };
});

afterEach(() => {
  vi.unstubAllGlobals();
  stopIdle();
});

const CATALOGUE = {
  'en-US': [
    {
      key: 'docsByStatus',
      title: 'Documents by status',
      family: 'documents',
      filters: ['dates', 'folder', 'site', 'status'],
    },
    {
      key: 'expiring',
      title: 'Documents expiring soon',
      family: 'timeliness',
      filters: ['days', 'folder', 'site', 'status'],
    },
    { key: 'userActivity', title: 'User activity', family: 'activity', filters: ['dates'] },
  ],
  'zh-CN': [
    { key: 'docsByStatus', title: '文档状态分布', family: 'documents', filters: ['dates', 'folder', 'site', 'status'] },
    { key: 'expiring', title: '即将到期文档', family: 'timeliness', filters: ['days', 'folder', 'site', 'status'] },
    { key: 'userActivity', title: '用户活动', family: 'activity', filters: ['dates'] },
  ],
};

const BY_STATUS: ReportAnswer = {
  title: 'Documents by status',
  chart: 'bar',
  timeZone: 'Asia/Shanghai',
  columns: [
    { title: 'Status', kind: 'text' },
    { title: 'Documents', kind: 'number' },
  ],
  points: [
    { label: 'Editing', value: 2, open: { status: DocStatus.Editing, filedFrom: '2026-02-01' } },
    { label: 'Archived', value: 1234, open: { status: DocStatus.Archived, filedFrom: '2026-02-01' } },
  ],
  rows: [
    { cells: ['Editing', 2], open: { status: DocStatus.Editing, filedFrom: '2026-02-01' } },
    { cells: ['Archived', 1234], open: { status: DocStatus.Archived, filedFrom: '2026-02-01' } },
  ],
};

function mockReports(lang: 'en-US' | 'zh-CN', answer: ReportAnswer = BY_STATUS) {
  return mockApi({
    'GET /report/system/list': () => envelope(CATALOGUE[lang]),
    'GET /report/system/data': () => reply(reportAnswer, answer),
    'GET /site/list': () => envelope([{ siteId: 4, code: 'S1', name: 'Peking Union' }]),
    'GET /folder/tree/0': () =>
      envelope({ allFolderList: [], permissionFolders: [], manage: true, libraryFolder: false }),
    'GET /file/search': () => envelope({ data: [], total: 0, capped: false, ranked: true }),
  });
}

const calls = (fetchMock: ReturnType<typeof mockApi>, path: string) =>
  fetchMock.mock.calls.map(([u]) => new URL(String(u), 'http://localhost')).filter((u) => u.pathname.endsWith(path));

describe('System report (/manage/report, issue 14)', () => {
  it('opens on the System report tab with the report’s chart, table and filters from the address', async () => {
    await changeLanguage('en-US');
    enterProject();
    const fetchMock = mockReports('en-US');
    renderApp('/manage/report?report=docsByStatus&dateFrom=2026-02-01&status=1');
    expect(await screen.findByRole('tab', { name: 'System report' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('button', { name: 'Archived: 1234' })).toBeInTheDocument();
    const table = byId('report-table');
    expect(within(table).getByText('1,234')).toBeInTheDocument();
    expect(byId('report-title')).toHaveTextContent('Documents by status');
    expect(byId('report-zone')).toHaveTextContent('Asia/Shanghai');
    const asked = calls(fetchMock, '/report/system/data')[0]!;
    expect(Object.fromEntries(asked.searchParams)).toEqual({
      key: 'docsByStatus',
      dateFrom: '2026-02-01',
      status: '1',
    });
    // This report reads dates, folder, site and status; not the days.
    expect(document.getElementById('report-dates')).not.toBeNull();
    expect(document.getElementById('report-days')).toBeNull();
  });

  it('clicking a bar opens the document list with the bar’s filters, listed without words', async () => {
    await changeLanguage('en-US');
    enterProject();
    const fetchMock = mockReports('en-US');
    const router = renderApp('/manage/report');
    fireEvent.click(await screen.findByRole('button', { name: 'Editing: 2' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(router.state.location.search).toBe('?status=1&filedFrom=2026-02-01');
    await waitFor(() => expect(calls(fetchMock, '/file/search')).toHaveLength(1));
    const asked = calls(fetchMock, '/file/search')[0]!.searchParams;
    expect([asked.get('q'), asked.get('status'), asked.get('filedFrom')]).toEqual(['', '1', '2026-02-01']);
    expect(await findById('search-filed')).toHaveTextContent('Filed 2026-02-01 – …');
  });

  it('a row that stands for one document opens it in the workspace', async () => {
    await changeLanguage('en-US');
    enterProject();
    mockReports('en-US', {
      ...BY_STATUS,
      chart: 'bar',
      columns: [{ title: 'Document', kind: 'text' }],
      points: [],
      rows: [{ cells: ['Protocol'], open: { fileId: 42 } }],
    });
    const router = renderApp('/manage/report?report=expiring');
    fireEvent.click(await screen.findByText('Protocol'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/work'));
    expect(router.state.location.search).toBe('?doc=42');
  });

  it('choosing another report in the menu keeps it in the address; an empty report says so', async () => {
    await changeLanguage('zh-CN');
    enterProject();
    mockReports('zh-CN', { ...BY_STATUS, points: [], rows: [] });
    const router = renderApp('/manage/report');
    expect(await screen.findByRole('tab', { name: '系统报表' })).toBeInTheDocument();
    fireEvent.click(await screen.findByText('用户活动'));
    await waitFor(() => expect(router.state.location.search).toBe('?report=userActivity'));
    expect((await screen.findAllByText('当前筛选条件下没有数据')).length).toBeGreaterThan(0);
    // Activity reads the dates alone.
    expect(document.getElementById('report-status')).toBeNull();
    expect(document.getElementById('report-folder')).toBeNull();
  });

  it.each([
    ['en-US', ['Folder', 'Site', 'Status']],
    ['zh-CN', ['文件夹', '中心', '状态']],
  ] as const)(
    'in %s names its filters, and its chart has a caption, its figures as text and the table it draws (issue 31)',
    async (lang, filters) => {
      await changeLanguage(lang);
      enterProject();
      mockReports(lang);
      renderApp('/manage/report?report=docsByStatus');
      const chart = await screen.findByRole('img', { name: 'Documents by status' });
      expect(chart).toHaveAccessibleDescription('Editing: 2; Archived: 1,234');
      expect(chart).toHaveAttribute('aria-details', 'report-table');
      expect(byId('report-table')).toBeInTheDocument();
      const caption = lang === 'en-US' ? '(the figures are in the table below)' : '（数据见下表）';
      expect(screen.getByRole('figure', { name: `Documents by status${lang === 'en-US' ? ' ' : ''}${caption}` }));
      for (const name of filters) expect(screen.getByRole('combobox', { name })).toBeInTheDocument();
    },
  );

  it('keeps the operation trajectory as its own tab, in the address', async () => {
    await changeLanguage('en-US');
    enterProject();
    mockReports('en-US');
    const router = renderApp('/manage/report');
    fireEvent.click(await screen.findByRole('tab', { name: 'Operation trajectory' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=trail'));
  });
});

describe('Company report (/company/report)', () => {
  it.each([
    ['en-US', 'Open tasks', 'Total'],
    ['zh-CN', '待办任务', '合计'],
  ] as const)('shows a chart per measure and a row per project with totals in %s', async (lang, header, total) => {
    await changeLanguage(lang);
    signIn('company');
    const rows = [
      {
        projectId: 1,
        code: 'P-1',
        name: 'Alpha',
        documents: 5,
        openTasks: 4,
        overdueTasks: 2,
        members: 3,
        storageBytes: 6000,
      },
      {
        projectId: 2,
        code: 'P-2',
        name: 'Beta',
        documents: 1,
        openTasks: 0,
        overdueTasks: 0,
        members: 0,
        storageBytes: 4096,
      },
    ];
    const fetchMock = mockApi({ 'GET /company/report': () => reply(companyReport, rows) });
    renderApp('/company/report');
    const table = await findById('company-report-table');
    await waitFor(() => expect(within(table).getByText('Alpha')).toBeInTheDocument());
    expect(within(table).getByText(header)).toBeInTheDocument();
    const summary = within(table).getByText(total).closest('tr')!;
    expect(summary).toHaveTextContent('6'); // documents 5 + 1
    expect(screen.getAllByTestId('plot')).toHaveLength(5);
    expect(screen.getByRole('button', { name: 'P-1: 5' })).toBeInTheDocument();
    expect(calls(fetchMock, '/company/report')[0]!.searchParams.get('companyId')).toBe('3');
  });
});
